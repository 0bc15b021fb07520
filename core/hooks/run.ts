/**
 * The half of universal hooks that runs them: dispatch, the command and http runners, output
 * decoding, folding with the guard. A command-hook artifact needs it only when the person has
 * a hook for the event at hand, so the build evaluates this module lazily (build/lazy.mjs,
 * LAZY_MODULES); loading the config and `hasHooks` stay on the start-up path. Functions only.
 */
export { dispatchHooks } from './dispatch';
export { foldGuardWithHooks } from './fold';
export { inputFromPayload } from './serve';
