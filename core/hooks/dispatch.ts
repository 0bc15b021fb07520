/**
 * dispatchHooks: run every hook configured for one event and fold the answers.
 *
 * Selection: the event's groups (config order) minus skipped dialects, minus groups
 * written under the other spelling of a two-spelling event (PostToolUse vs
 * PostToolUseFailure), minus groups whose matcher accepts neither the host's tool name
 * nor the canonical one. Identical handlers selected twice for the same dialect and
 * spelling run once. All selected handlers start at once; the fold uses config order.
 *
 * With no hooks for the event it returns at once and does no other work.
 */
import { resolve as resolvePath } from 'node:path';
import { CANONICAL } from '../canonical';
import { decodeRun, emptyResponse, type Decoded, type RawRun } from './decode';
import { rulesOf, spellingsOf } from './dialects';
import { foldHookResponses, noHooksResult } from './fold';
import { buildPayload, encodePayload, hostVars } from './payload';
import { runCommand } from './run-command';
import { runHttp } from './run-http';
import type { DispatchInput, DispatchOptions, FoldedResult, HookGroup, HookHandler, HookResponse, HookRun, HooksConfig, RunOutcome } from './types';
import { isRecord } from '../check';

export function hasHooks(config: HooksConfig, event: DispatchInput['event']): boolean {
  const g = config.byEvent[event];
  return g !== undefined && g.length > 0;
}

/** What a group's matcher is compared against for this event. */
function matcherSubjects(input: DispatchInput): string[] {
  const out: string[] = [];
  const add = (v: string | undefined): void => {
    if (typeof v === 'string' && v !== '' && !out.includes(v)) out.push(v);
  };
  switch (CANONICAL[input.event].subject) {
    case 'tool': {
      add(input.toolName);
      const c = input.canonicalToolName;
      if (typeof c === 'string') add(c);
      else c?.forEach(add);
      break;
    }
    case 'source':
      add(input.source);
      break;
    case 'reason':
      add(input.reason);
      break;
    case 'agent_type':
      add(input.agentType);
      break;
    case null:
      break;
  }
  return out;
}

const FAILURE_SPELLING = /Failure$/;

/**
 * A dialect's two spellings of one event that split success from failure (PostToolUse /
 * PostToolUseFailure, in whichever case the dialect writes them) are mutually exclusive;
 * everything else always applies. Whether the
 * tool failed comes from the host's own spelling when it is one of this dialect's, else from
 * `toolFailed`; when neither says, every group runs.
 */
function spellingApplies(group: HookGroup, input: DispatchInput): boolean {
  if (group.event !== 'tool:after') return true;
  const spellings = spellingsOf(group.dialect, group.event);
  // two spellings of one event that do not split success from failure (a file read in snake_case too) both apply
  if (!spellings.some((s) => FAILURE_SPELLING.test(s))) return true;
  let failed: boolean | undefined;
  if (input.dialectEventName !== undefined && spellings.includes(input.dialectEventName)) failed = FAILURE_SPELLING.test(input.dialectEventName);
  else if (input.toolFailed !== undefined) failed = input.toolFailed;
  return failed === undefined || FAILURE_SPELLING.test(group.spelling) === failed;
}

/** The shell command of a tool call, for a group's command filter (the dialect's `handler.commandFilter`). */
function commandOf(input: DispatchInput): string | undefined {
  const fromCanonical = input.canonicalInput?.command;
  if (typeof fromCanonical === 'string') return fromCanonical;
  const raw = input.rawInput;
  const cmd = isRecord(raw) ? raw.command : undefined;
  return typeof cmd === 'string' ? cmd : undefined;
}

interface SelectedHook {
  group: HookGroup;
  handler: HookHandler;
}

/** @keep selectHooks which of the person's hooks a call selects: the tests check the failed-tool filter on it */
export function selectHooks(config: HooksConfig, input: DispatchInput, skipDialects?: DispatchOptions['skipDialects']): SelectedHook[] {
  const groups = config.byEvent[input.event];
  if (!groups || groups.length === 0) return [];
  const subjects = matcherSubjects(input);
  const seen = new Set<string>();
  const out: SelectedHook[] = [];
  for (const group of groups) {
    if (skipDialects?.includes(group.dialect)) continue;
    if (!spellingApplies(group, input)) continue;
    if (!group.matcher.test(group.subject === 'prompt' ? (input.prompt !== undefined ? [input.prompt] : []) : subjects)) continue;
    if (group.commandRegex) {
      const command = commandOf(input);
      if (command === undefined || !group.commandRegex.test(command)) continue;
    }
    for (const handler of group.hooks) {
      const what = handler.type === 'command' ? `${handler.command}\u0000${(handler.args ?? []).join('\u0000')}` : handler.url;
      const key = `${group.dialect}\u0000${group.spelling}\u0000${handler.type}\u0000${what}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ group, handler });
    }
  }
  return out;
}

function hookEnv(base: Readonly<Record<string, string | undefined>>, input: DispatchInput, extra?: Record<string, string>, fromPayload?: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(base)) if (typeof v === 'string') env[k] = v;
  if (fromPayload) Object.assign(env, fromPayload);
  if (extra) Object.assign(env, extra);
  // a value the host already exports is kept
  if (!env.CLAUDE_PROJECT_DIR) env.CLAUDE_PROJECT_DIR = input.projectDir ?? input.cwd;
  return env;
}

/**
 * A `payloadVars` dialect's host hands a hook every top-level string, number and boolean field of its payload as
 * an environment variable too (`tool_name`, `session_id`, `cwd`, ...).
 */
function payloadVars(body: string): Record<string, string> {
  const out: Record<string, string> = {};
  try {
    const v: unknown = JSON.parse(body);
    if (isRecord(v)) {
      for (const [k, x] of Object.entries(v)) if (typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean') out[k] = String(x);
    }
  } catch {
    // the payload is always JSON; nothing to add otherwise
  }
  return out;
}

function outcomeOf(r: HookResponse): RunOutcome {
  if (r.decision === 'deny' || r.decision === 'ask') return r.decision;
  if (r.rewrite) return 'rewrite';
  if (r.decision !== 'none') return r.decision;
  if (r.stop) return 'stop';
  if (r.contexts.length > 0 || r.messages.length > 0) return 'context';
  return 'none';
}

const defaultLog = (line: string): void => {
  process.stderr.write(line.endsWith('\n') ? line : line + '\n');
};

/** Apply the hook's onError policy to an infrastructure failure. */
function failureResponse(handler: HookHandler, decoded: Extract<Decoded, { ok: false }>, log: (l: string) => void): HookResponse {
  const r = emptyResponse();
  if (handler.onError === 'block') {
    log(`stopline hooks: ${handler.id} failed (${decoded.error}); blocking (onError: block)`);
    r.decision = 'deny';
    r.reason = `hook ${handler.id} failed: ${decoded.error}`;
  } else if (handler.onError === 'warn') {
    log(`stopline hooks: ${handler.id} failed (${decoded.error}); continuing`);
  }
  return r;
}

export async function dispatchHooks(config: HooksConfig, input: DispatchInput, opts: DispatchOptions = {}): Promise<FoldedResult> {
  // fast path: nothing configured for this event
  const groups = config.byEvent[input.event];
  if (!groups || groups.length === 0) return noHooksResult();
  const selected = selectHooks(config, input, opts.skipDialects);
  if (selected.length === 0) return noHooksResult();

  const now = opts.now ?? Date.now;
  const sink = opts.log ?? defaultLog;
  const log = (line: string): void => {
    try {
      sink(line);
    } catch {
      // a closed stderr must not turn a hook result into a crash
    }
  };
  const baseEnv = opts.env ?? process.env;
  const payloads = new Map<string, string>();
  const payloadFor = (group: HookGroup): string => {
    const key = `${group.dialect}\u0000${group.spelling}`;
    let p = payloads.get(key);
    if (p === undefined) {
      p = encodePayload(buildPayload(group.dialect, group.spelling, input));
      payloads.set(key, p);
    }
    return p;
  };

  const runOne = async ({ group, handler }: SelectedHook): Promise<{ response: HookResponse; run: HookRun }> => {
    const started = now();
    const body = payloadFor(group);
    let raw: RawRun;
    try {
      raw =
        handler.type === 'command'
          ? await runCommand({
              command: handler.command,
              ...(handler.args ? { args: handler.args } : {}),
              shell: handler.shell,
              cwd: handler.cwd !== undefined ? resolvePath(input.projectDir ?? input.cwd, handler.cwd) : input.cwd,
              env: hookEnv(baseEnv, input, handler.env, rulesOf(group.dialect).payloadVars ? payloadVars(body) : hostVars(group.dialect, input)),
              stdin: body + '\n',
              timeoutMs: handler.timeoutMs,
              ...(opts.signal ? { signal: opts.signal } : {}),
            })
          : await runHttp({
              url: handler.url,
              ...(handler.headers ? { headers: handler.headers } : {}),
              ...(handler.allowedEnvVars ? { allowedEnvVars: handler.allowedEnvVars } : {}),
              env: baseEnv,
              body,
              timeoutMs: handler.timeoutMs,
              ...(opts.signal ? { signal: opts.signal } : {}),
            });
    } catch (err) {
      raw = { kind: 'spawn-error', message: err instanceof Error ? err.message : String(err) };
    }
    const decoded = decodeRun(group.dialect, group.event, raw, group.spelling);
    const durationMs = Math.max(0, now() - started);
    const run: HookRun = { hookId: handler.id, dialect: group.dialect, durationMs, outcome: 'none' };
    if (decoded.exitCode !== undefined) run.exitCode = decoded.exitCode;
    if (!decoded.ok) {
      run.outcome = 'error';
      run.error = decoded.error;
      return { response: failureResponse(handler, decoded, log), run };
    }
    if (decoded.note) log(`stopline hooks: ${handler.id}: ${decoded.note} (output used)`);
    run.outcome = outcomeOf(decoded.response);
    return { response: decoded.response, run };
  };

  const results = await Promise.all(selected.map(runOne));
  return foldHookResponses(input.event, results);
}
