/**
 * The build of the decision code a hook script carries: the build replaces the token with a
 * hash of that code (build/bundle.mjs), so a hook talks only to an evaluator running the same
 * code. Unbundled (tests, a source checkout) it stays the token.
 */
export const EVALUATOR_BUILD: string = '__STOPLINE_EVALUATOR_BUILD__';
