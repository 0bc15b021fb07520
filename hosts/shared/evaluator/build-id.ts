/**
 * The build of the decision code a hook script carries: the build replaces the tokens with
 * hashes of that code (build/two-part.mjs), so a hook talks only to an evaluator running the same
 * code and loads only a copy of the code that hashes to it. Unbundled (tests, a source checkout)
 * they stay the tokens.
 */

/** A short hash of the second part: names the evaluator's socket and the cached copy. */
export const EVALUATOR_BUILD: string = '__STOPLINE_EVALUATOR_BUILD__';

/**
 * The whole SHA-256 of the second part, hex. The cached copy in the evaluator folder and the
 * second part inflated from the script are loaded only when they hash to this (load.ts): the
 * folder is the user's, so anything the user's processes run can write there.
 */
export const EVALUATOR_DIGEST: string = '__STOPLINE_EVALUATOR_DIGEST__';
