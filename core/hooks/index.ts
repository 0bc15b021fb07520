/**
 * Universal hooks: write a hook once (stopline.json, or keep it in Claude / Codex / Hermes
 * config) and run it on every host. A door hands the answer path (core/answer/answer.ts) the hooks of
 * one event as a port (personHooksPort), which dispatches them; the answer path folds the result
 * with the guard's (foldGuardWithHooks) and the door renders that one Answer.
 */
export type {
  CommandHandler,
  CompiledMatcher,
  Decision,
  Diagnostic,
  Dialect,
  DispatchInput,
  DispatchOptions,
  FoldedResult,
  HookGroup,
  HookHandler,
  HookResponse,
  HookRun,
  HooksConfig,
  HttpHandler,
  OnError,
  RunOutcome,
} from './types';
export { DIALECTS } from './types';
export { dispatchHooks, hasHooks, matcherSubjects, selectHooks } from './dispatch';
export { foldGuardWithHooks, foldHookResponses, noHooksResult } from './fold';
export { loadErrorLines, personHooksPort, type PersonHooks } from './person';
export {
  EMPTY_CONFIG,
  IMPORT_NAMES,
  buildConfig,
  defaultConfigPaths,
  dialectFromFileName,
  hostFilesFor,
  loadHooksConfig,
  loadHooksConfigFromSystem,
  nodeReadFile,
  type LoadOptions,
} from './load';
export { formatDiagnostic, formatDiagnostics, type ValidateSummary } from './diagnostics';
export { compileMatcher } from './matcher';
export { lookupSpelling, resolveEventName, spellingsOf } from './dialects';
export { buildPayload } from './payload';
export { decodeClaudeOutput, decodeHermesOutput, decodeRun, type RawRun } from './decode';
export { listen, MAX_LINE_BYTES, type ListenDispatchRequest, type ListenHandler, type ListenOptions } from './listen';
export { createHooksListenHandler, inputFromPayload, type HooksHandlerOptions } from './serve';
