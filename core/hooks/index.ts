/**
 * Universal hooks: write a hook once (stopline.json, or keep it in Claude / Codex / Hermes
 * config) and run it on every host. A door hands the answer path (core/answer/answer.ts) the hooks of
 * one event as a port (personHooksPort), which dispatches them; the answer path folds the result
 * with the guard's (foldGuardWithHooks) and the door renders that one Answer.
 */
export type { Diagnostic, Dialect } from './types';
export { hasHooks } from './dispatch';
export { personHooksPort } from './person';
export { loadHooksConfigFromSystem } from './load';
export { formatDiagnostics } from './diagnostics';
export { resolveEventName } from './dialects';
export { listen, type ListenHandler } from './listen';
export { inputFromPayload } from './serve';
