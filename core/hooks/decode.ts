/**
 * The response contract: what one hook's exit code and output mean, one reader per answer form a
 * host's hook-file row names (core/registry/types.ts AnswerForm; each host's facts behind its
 * form are in docs/hosts/<host>.md). http bodies are always read as `exit-code-and-json` output.
 *
 * exit-code-and-json (stopline's own hooks too):
 *   exit 0 + JSON object -> structured fields (decision approve|block, reason, continue,
 *     stopReason, systemMessage, additionalContext, hookSpecificOutput.{permissionDecision
 *     allow|deny|ask, permissionDecisionReason, additionalContext, updatedInput});
 *   exit 0 + other text  -> context, only on contextFromStdout events;
 *   exit 2               -> deny, stderr is the reason;
 *   anything else        -> infrastructure failure (the hook's onError decides).
 * exit-code-and-json-permission-only: as above, but before a tool only
 *   hookSpecificOutput.permissionDecision counts.
 *
 * flat-permission-fail-closed: exit 0 + stdout per decodeFlatPermissionOutput (not JSON: nothing);
 *   exit 2 -> deny with a fixed text (stderr is dropped); any other exit, or a command that cannot
 *   start, denies before a tool (the host fails closed there) and is a failure elsewhere.
 *
 * A rewritten command before a tool is read where the form's hosts read one (verified on each):
 * `hookSpecificOutput.updatedInput.command` (exit-code-and-json and its permission-only variant),
 * `hookSpecificOutput.tool_input.command` (json-any-exit-else-text), top-level
 * `modifiedArgs.command` (flat-permission-fail-closed), `hook_specific_output.tool_input.command`
 * (exit-zero-json-strict); the other forms rewrite nothing.
 *
 * action-json: stdout is read whatever the exit code; `{"action":"block", "message"}` /
 *   `{"decision":"block","reason"}` deny before a tool, `{"action": "continue","message"}` keeps a
 *   turn going at its stop, `{"context"}` adds context; exit 2 denies before a tool; non-JSON
 *   stdout, a timeout or a spawn failure is an infrastructure failure (`fail_closed` makes it block).
 *
 * json-any-exit-else-text: the answer is trimmed stdout, or stderr when stdout is empty; a JSON
 *   object counts whatever the exit code (`decision` deny|block|allow|ask, `reason`, `continue`,
 *   `stopReason`, `systemMessage`, hookSpecificOutput.additionalContext; not
 *   hookSpecificOutput.permissionDecision); other text with exit 2 or more denies with the text as
 *   reason, with exit 0 it is a system message, with exit 1 a failure; no text allows.
 *
 * stderr-on-2-else-json: on exit 2 stderr is the answer (a JSON object, or plain text that is the
 *   deny reason; empty allows); otherwise trimmed stdout, or stderr when stdout is empty. A JSON
 *   object counts whatever the exit code, read as the hook contract plus a top-level `decision`
 *   deny|ask|allow (no rewrite); other text with exit 0 is context where the event takes it (a
 *   system message elsewhere), text that starts with `{` but does not parse is ignored, and any
 *   other exit code is a failure.
 *
 * deny-only: one answer on every event, a deny: exit 2 with the reason on stderr, or exit 0 with
 *   `hookSpecificOutput.permissionDecision: "deny"` and its permissionDecisionReason. Everything
 *   else passes; other text is nothing; any other exit is a failure.
 *
 * decision-any-case: stdout that is a JSON object is read whatever the exit code: `decision`
 *   allow|deny (any case) with `reason`, and `continue: false`, which blocks like a deny; exit 2
 *   blocks too. A block's reason is `reason`, else stderr, else "Blocked by hook".
 *   `additionalContext` is not read. Any other exit without a block, a timeout or a crash is a
 *   failure; a `decision` that is not a string fails the hook.
 *
 * exit-zero-json-strict: exit 0 with a JSON object: top-level `decision: "deny"` with `reason`,
 *   `hook_specific_output.tool_input` (its `command` before a tool is the rewrite),
 *   `hook_specific_output.additional_context`; empty stdout is nothing. Any other exit (exit 2
 *   included), stdout that is not a JSON object, a timeout or a crash is a failure, which the
 *   table's fail-closed key turns into a deny.
 */
import { CANONICAL, type CanonicalEvent } from '../canonical';
import { DIALECT_LABEL, isAliasSpelling, rulesOf } from './dialects';
import type { Dialect, HookResponse } from './types';
import { isRecord } from '../check';

export type RawRun =
  | { kind: 'exit'; code: number | null; signal?: string | null; stdout: string; stderr: string }
  | { kind: 'http'; status: number; body: string }
  | { kind: 'timeout'; afterMs: number }
  | { kind: 'aborted' }
  | { kind: 'spawn-error'; message: string }
  | { kind: 'request-error'; message: string };

export type Decoded =
  | { ok: true; response: HookResponse; exitCode?: number; note?: string }
  | { ok: false; error: string; exitCode?: number };

export function emptyResponse(): HookResponse {
  return { decision: 'none', stop: false, contexts: [], messages: [] };
}

/** A deny; the reason is left out when there is none. */
function denied(reason?: string): HookResponse {
  const r = emptyResponse();
  r.decision = 'deny';
  if (reason) r.reason = reason;
  return r;
}

function isPermission(v: unknown): v is 'allow' | 'deny' | 'ask' {
  return v === 'allow' || v === 'deny' || v === 'ask';
}

function exitFailed(code: number): Decoded {
  return { ok: false, error: `exit ${code}`, exitCode: code };
}

function text(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

/** `{command}` of an input object a hook put in place of the tool's (only the command is taken). */
function rewriteOf(input: unknown, event: CanonicalEvent): { command: string } | undefined {
  if (event !== 'tool:before' || !isRecord(input)) return undefined;
  return typeof input.command === 'string' && input.command.trim() !== '' ? { command: input.command } : undefined;
}

function parseObject(s: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(s);
    return isRecord(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** Hook-contract output of a successful run (stdout on exit 0, or a 2xx http body). */
function decodeContractOutput(out: string, event: CanonicalEvent): HookResponse {
  const r = emptyResponse();
  const trimmed = out.trim();
  if (trimmed === '') return r;
  const obj = trimmed.startsWith('{') ? parseObject(trimmed) : undefined;
  if (!obj) {
    // plain text (including text that only looks like JSON): context where the event takes it
    if (CANONICAL[event].contextFromStdout) r.contexts.push(trimmed);
    return r;
  }
  if (obj.decision === 'block') {
    r.decision = 'deny';
    r.reason = text(obj.reason);
  } else if (obj.decision === 'approve') {
    r.decision = 'allow';
    r.reason = text(obj.reason);
  }
  const ctx = text(obj.additionalContext);
  if (ctx) r.contexts.push(ctx);
  const hso = obj.hookSpecificOutput;
  if (isRecord(hso)) {
    const pd = hso.permissionDecision;
    if (isPermission(pd)) {
      r.decision = pd;
      r.reason = text(hso.permissionDecisionReason) ?? r.reason;
    }
    const hctx = text(hso.additionalContext);
    if (hctx) r.contexts.push(hctx);
    const rewrite = rewriteOf(hso.updatedInput, event);
    if (rewrite) r.rewrite = rewrite;
  }
  return withStopAndMessage(obj, r);
}

/** `action-json` stdout; undefined when it is not a JSON object. */
function decodeActionOutput(out: string, event: CanonicalEvent): HookResponse | undefined {
  const r = emptyResponse();
  const trimmed = out.trim();
  if (trimmed === '') return r;
  const obj = parseObject(trimmed);
  if (!obj) return undefined;
  if (event === 'tool:before') {
    if (obj.action === 'block') {
      r.decision = 'deny';
      r.reason = text(obj.message) ?? 'Blocked by shell hook.';
    } else if (obj.decision === 'block') {
      r.decision = 'deny';
      r.reason = text(obj.reason) ?? 'Blocked by shell hook.';
    }
  } else if (event === 'turn:stop') {
    // at a turn's stop: "continue" / "block" with a message keep the turn going
    const msg = obj.action === 'continue' || obj.action === 'block' ? text(obj.message) : obj.decision === 'block' ? text(obj.reason) : undefined;
    if (msg) {
      r.decision = 'deny';
      r.reason = msg;
    }
  }
  const ctx = obj.context;
  if (ctx !== undefined && ctx !== null && ctx !== false && ctx !== '') r.contexts.push(typeof ctx === 'string' ? ctx : JSON.stringify(ctx));
  return r;
}

/** An answer object with a top-level `decision`; `nested` also reads hookSpecificOutput.permissionDecision (and then no rewrite). */
function decodeAnswerObject(obj: Record<string, unknown>, nested: boolean, event: CanonicalEvent): HookResponse {
  const r = emptyResponse();
  const d = obj.decision;
  if (d === 'deny' || d === 'block') r.decision = 'deny';
  else if (d === 'allow' || d === 'approve') r.decision = 'allow';
  else if (d === 'ask') r.decision = 'ask';
  if (r.decision !== 'none') r.reason = text(obj.reason);
  const hso = obj.hookSpecificOutput;
  if (isRecord(hso)) {
    const pd = hso.permissionDecision;
    if (nested && isPermission(pd)) {
      r.decision = pd;
      r.reason = text(hso.permissionDecisionReason) ?? text(obj.reason);
    }
    const hctx = text(hso.additionalContext);
    if (hctx) r.contexts.push(hctx);
    // the top-level form's host runs a hook's tool_input in place of the model's; the nested form's reads no rewrite
    const rewrite = nested ? undefined : rewriteOf(hso.tool_input, event);
    if (rewrite) r.rewrite = rewrite;
  }
  return withStopAndMessage(obj, r);
}

/** A JSON object, also when it arrives as a JSON string holding one (a host that parses twice). */
function answerObject(s: string): Record<string, unknown> | undefined {
  try {
    let v: unknown = JSON.parse(s);
    if (typeof v === 'string') v = JSON.parse(v);
    return isRecord(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

function decodeJsonAnyExit(event: CanonicalEvent, code: number, stdout: string, stderr: string): Decoded {
  const out = stdout.trim() !== '' ? stdout.trim() : stderr.trim();
  if (out === '') return { ok: true, response: emptyResponse(), exitCode: code };
  const obj = answerObject(out);
  if (obj) return { ok: true, response: decodeAnswerObject(obj, false, event), exitCode: code };
  if (code >= 2) return { ok: true, response: denied(out), exitCode: code };
  if (code === 1) return exitFailed(code);
  const r = emptyResponse();
  r.messages.push(out);
  return { ok: true, response: r, exitCode: code };
}

function decodeStderrOn2(event: CanonicalEvent, code: number, stdout: string, stderr: string): Decoded {
  const out = code === 2 ? stderr.trim() : stdout.trim() !== '' ? stdout.trim() : stderr.trim();
  const obj = out.startsWith('{') ? answerObject(out) : undefined;
  if (obj) return { ok: true, response: decodeAnswerObject(obj, true, event), exitCode: code };
  if (code === 2) return { ok: true, response: out !== '' ? denied(out) : emptyResponse(), exitCode: code };
  if (code !== 0) return exitFailed(code);
  const r = emptyResponse();
  if (out !== '' && !out.startsWith('{')) {
    if (CANONICAL[event].contextFromStdout) r.contexts.push(out);
    else r.messages.push(out);
  }
  return { ok: true, response: r, exitCode: code };
}

/** Only a deny is read (exit 2, or hookSpecificOutput.permissionDecision "deny"). */
function decodeDenyOnly(code: number, stdout: string, stderr: string): Decoded {
  if (code === 2) return { ok: true, response: denied(text(stderr)?.trim()), exitCode: code };
  if (code !== 0) return exitFailed(code);
  const trimmed = stdout.trim();
  const obj = trimmed.startsWith('{') ? parseObject(trimmed) : undefined;
  const hso = obj?.hookSpecificOutput;
  const deny = isRecord(hso) && hso.permissionDecision === 'deny';
  return { ok: true, response: deny ? denied(text(hso.permissionDecisionReason)) : emptyResponse(), exitCode: code };
}

/** `decision-any-case`: see the header. */
function decodeDecisionAnyCase(code: number, stdout: string, stderr: string): Decoded {
  const r = emptyResponse();
  const obj = stdout.trim() !== '' ? parseObject(stdout.trim()) : undefined;
  let blocked = code === 2;
  if (obj) {
    if (obj.decision !== undefined && typeof obj.decision !== 'string') return { ok: false, error: 'decision is not a string', exitCode: code };
    const d = typeof obj.decision === 'string' ? obj.decision.toLowerCase() : undefined;
    if (d === 'deny') blocked = true;
    else if (d === 'allow' && !blocked) r.decision = 'allow';
    if ('continue' in obj && !obj.continue) blocked = true;
  }
  if (blocked) {
    const reason = obj && obj.reason !== null && obj.reason !== undefined ? (typeof obj.reason === 'string' ? obj.reason : JSON.stringify(obj.reason)) : undefined;
    return { ok: true, response: denied(reason || stderr.trim() || 'Blocked by hook'), exitCode: code };
  }
  if (code !== 0) return exitFailed(code);
  return { ok: true, response: r, exitCode: code };
}

/** A JSON object on exit 0 is the answer; anything else is a failure (see the header). */
function decodeExitZeroStrict(event: CanonicalEvent, code: number, stdout: string): Decoded {
  if (code !== 0) return exitFailed(code);
  const trimmed = stdout.trim();
  if (trimmed === '') return { ok: true, response: emptyResponse(), exitCode: code };
  const obj = parseObject(trimmed);
  if (!obj) return { ok: false, error: 'stdout is not a JSON object', exitCode: code };
  const r = obj.decision === 'deny' ? denied(text(obj.reason)) : emptyResponse();
  const hso = obj.hook_specific_output;
  if (isRecord(hso)) {
    const rewrite = rewriteOf(hso.tool_input, event);
    if (rewrite) r.rewrite = rewrite;
    const ctx = text(hso.additional_context);
    if (ctx) r.contexts.push(ctx);
  }
  return { ok: true, response: r, exitCode: code };
}

function signalError(signal: string | null | undefined): string {
  return signal ? `killed by ${signal}` : 'exited without a status';
}

/**
 * `flat-permission-fail-closed` stdout. Under the host's own keys only the top-level fields
 * count: `permissionDecision` allow|deny|ask with `permissionDecisionReason`, `additionalContext`;
 * hookSpecificOutput and `decision` are ignored there. Under its aliases (`nested`) the nested
 * contract's fields count as well. Output that is not a JSON object lets the tool run.
 * @keep decodeFlatPermissionOutput a flat permission answer read with and without the nested contract's
 *   keys: the tests check both readings
 */
export function decodeFlatPermissionOutput(out: string, event: CanonicalEvent, nested: boolean): HookResponse {
  const trimmed = out.trim();
  const r = nested ? decodeContractOutput(trimmed.startsWith('{') ? trimmed : '', event) : emptyResponse();
  // the host runs `modifiedArgs` in place of the call's arguments (verified); updatedInput is not its answer
  delete r.rewrite;
  const obj = trimmed.startsWith('{') ? parseObject(trimmed) : undefined;
  if (!obj) return r;
  const rewrite = rewriteOf(obj.modifiedArgs, event);
  if (rewrite) r.rewrite = rewrite;
  const pd = obj.permissionDecision;
  if (isPermission(pd)) {
    r.decision = pd;
    r.reason = text(obj.permissionDecisionReason) ?? r.reason;
  }
  const ctx = text(obj.additionalContext);
  if (ctx && !r.contexts.includes(ctx)) r.contexts.push(ctx);
  return r;
}

/**
 * `exit-code-and-json-permission-only` stdout: the contract's fields, except that before a tool
 * only hookSpecificOutput.permissionDecision decides (`decision: "block"` and a top-level
 * permissionDecision are ignored there).
 * @keep decodePermissionOnlyOutput a permission-only answer: the tests check which fields it takes
 */
export function decodePermissionOnlyOutput(out: string, event: CanonicalEvent): HookResponse {
  const r = decodeContractOutput(out, event);
  if (event !== 'tool:before') return r;
  const obj = out.trim().startsWith('{') ? parseObject(out.trim()) : undefined;
  const hso = obj?.hookSpecificOutput;
  const pd = isRecord(hso) ? hso.permissionDecision : undefined;
  if (!isPermission(pd)) {
    r.decision = 'none';
    delete r.reason;
  }
  return r;
}

/** The fail-closed host's own words for a hook that failed before a tool: the call is denied. */
const HOOK_ERRORED = 'hook errored';

function failClosedRun(event: CanonicalEvent, raw: Extract<RawRun, { kind: 'exit' }>, nested: boolean, label: string): Decoded {
  const code = raw.code;
  if (code === null) return { ok: false, error: signalError(raw.signal) };
  if (code === 0) return { ok: true, response: decodeFlatPermissionOutput(raw.stdout, event, nested), exitCode: 0 };
  // exit 2 denies with a fixed text: the host drops stderr
  if (code === 2) return { ok: true, response: denied('hook exited with code 2'), exitCode: 2 };
  // a crash (or a command not found) denies the tool call; elsewhere it is a failure
  if (event === 'tool:before') return { ok: true, response: denied(HOOK_ERRORED), exitCode: code, note: `exit ${code} (${label} denies the call)` };
  return exitFailed(code);
}

export function decodeRun(dialect: Dialect, event: CanonicalEvent, raw: RawRun, spelling?: string): Decoded {
  const form = rulesOf(dialect).answer;
  if (form === 'flat-permission-fail-closed' && event === 'tool:before' && raw.kind === 'spawn-error') {
    return { ok: true, response: denied(HOOK_ERRORED), note: `spawn failed: ${raw.message} (${DIALECT_LABEL[dialect]} denies the call)` };
  }
  switch (raw.kind) {
    case 'timeout':
      return { ok: false, error: `timed out after ${raw.afterMs} ms` };
    case 'aborted':
      return { ok: false, error: 'aborted by the host' };
    case 'spawn-error':
      return { ok: false, error: `spawn failed: ${raw.message}` };
    case 'request-error':
      return { ok: false, error: `request failed: ${raw.message}` };
    case 'http':
      if (raw.status < 200 || raw.status > 299) return { ok: false, error: `HTTP ${raw.status}` };
      return { ok: true, response: decodeContractOutput(raw.body, event) };
    case 'exit':
      break;
  }
  const code = raw.code;
  if (code === null) return { ok: false, error: signalError(raw.signal) };
  switch (form) {
    case 'json-any-exit-else-text':
      return decodeJsonAnyExit(event, code, raw.stdout, raw.stderr);
    case 'stderr-on-2-else-json':
      return decodeStderrOn2(event, code, raw.stdout, raw.stderr);
    case 'action-json':
      return decodeActionRun(event, code, raw.stdout, raw.stderr);
    case 'flat-permission-fail-closed':
      return failClosedRun(event, raw, spelling !== undefined && isAliasSpelling(dialect, spelling), DIALECT_LABEL[dialect]);
    case 'deny-only':
      return decodeDenyOnly(code, raw.stdout, raw.stderr);
    case 'exit-zero-json-strict':
      return decodeExitZeroStrict(event, code, raw.stdout);
    case 'decision-any-case':
      return decodeDecisionAnyCase(code, raw.stdout, raw.stderr);
    case 'exit-code-and-json':
    case 'exit-code-and-json-permission-only':
      break;
  }
  if (code === 0) return { ok: true, response: form === 'exit-code-and-json-permission-only' ? decodePermissionOnlyOutput(raw.stdout, event) : decodeContractOutput(raw.stdout, event), exitCode: 0 };
  if (code === 2) return { ok: true, response: denied(text(raw.stderr)?.trim()), exitCode: 2 };
  return exitFailed(code);
}

/** `action-json`: stdout whatever the exit code; exit 2 denies before a tool. */
function decodeActionRun(event: CanonicalEvent, code: number, stdout: string, stderr: string): Decoded {
  const r = decodeActionOutput(stdout, event);
  if (code === 2 && event === 'tool:before' && r?.decision !== 'deny') {
    const denied = r ?? emptyResponse();
    denied.decision = 'deny';
    denied.reason = text(stderr)?.trim() ?? 'Blocked by shell hook.';
    return { ok: true, response: denied, exitCode: code };
  }
  if (!r) return { ok: false, error: 'stdout is not a JSON object', exitCode: code };
  // the host logs a non-zero exit and still uses the output
  return code === 0 ? { ok: true, response: r, exitCode: code } : { ok: true, response: r, exitCode: code, note: `exit ${code}` };
}

/** The fields every contract answer may carry beside its decision: stop the agent, a message for the person. */
function withStopAndMessage(obj: Record<string, unknown>, r: HookResponse): HookResponse {
  if (obj.continue === false) {
    r.stop = true;
    r.stopReason = text(obj.stopReason);
  }
  const msg = text(obj.systemMessage);
  if (msg) r.messages.push(msg);
  return r;
}
