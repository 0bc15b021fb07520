/**
 * The command-hook runner shared by every door that answers one payload at a time (the hook
 * scripts of every command-hook host and their resident evaluator, the Claude Code mod, the
 * `stopline guard` bridge and `listen`, Hermes's shim and shell hooks): parse one JSON object,
 * map it with the host adapter, answer it on the one answer path (core/answer/answer.ts), render, and
 * answer exactly once.
 *
 * Rules it keeps for every host:
 * - stdout carries nothing but the adapter's rendered host output (logs go to stderr, each line
 *   under the adapter's label);
 * - every error is caught and answered by the fail mode (core/answer/answer.ts `failAnswer`): open (the
 *   default) prints nothing on stdout and one stderr line; closed denies with a GUARD_UNAVAILABLE
 *   stamp;
 * - an event the registry does not know, or one the guard ignores, prints nothing and exits 0;
 * - the person's own hooks (universal hooks) run only when some are configured for the event.
 */
import { answer, errorMessage, failAnswer, labelLines } from '../../core/answer/answer';
import type { Answer, AnswerPlace, CoreApi, HooksPort, ToolCall } from '../../core/answer/answer';
import { handleEvent, failOutcome } from '../../core/answer/controller';
import { inputFromPayload, loadHooksConfigFromSystem, personHooksPort } from '../../core/hooks';
import type { ControlEvent } from '../../core/protocol';
import { stampOf } from '../../core/answer/outcome';
import { isLockBusy } from '../../core/state/store';
import { SILENT, eventEntry } from './adapter';
import { autostartDashboard } from './dashboard';
import type { CommandHookAdapter, HookEnv, MappedEvent, Rendered, RowEvent } from './adapter';
import { HookInputError, parseHookPayload } from './payload';
import type { HookPayload } from './payload';
import type { StdinResult } from './stdin';

export type { CoreApi } from '../../core/answer/answer';

/** The core on Node: the guard's decision and the fail mode (core/answer/controller.ts). */
export const NODE_CORE: CoreApi = { handleEvent, failOutcome };

export interface HookContext {
  env: HookEnv;
  /** the hook process's working directory (used when the payload has no cwd) */
  cwd: string;
  now?: () => number;
  core?: CoreApi;
  /** the resident evaluator's first attempt at this event: session lock waits yield (core/answer/controller.ts) */
  yieldLockWaitsSince?: number;
  /** the hook command's arguments (after the script), for an adapter whose event is named there */
  args?: readonly string[];
}

/**
 * What one hook call comes to, before it is rendered:
 * - silent: an event the registry does not know, or one the guard ignores with no hooks to run;
 * - answer: the answer for a known event, with its row (and the tool call of a tool event);
 * - failed: the fail mode's answer to an error, for the event when it was known (`at`).
 */
export type HookDecision =
  | { kind: 'silent'; mapped?: MappedEvent }
  | { kind: 'answer'; at: RowEvent; answer: Answer; mapped: MappedEvent }
  | { kind: 'failed'; at: RowEvent | null; answer: Answer; error: unknown };

/**
 * The person's own hooks for this canonical event (universal hooks), as the adapter describes
 * them. Events without a canonical name, or without a project folder, run none.
 */
function personHooks(adapter: CommandHookAdapter, mapped: Exclude<MappedEvent, { kind: 'unknown' }>, payload: HookPayload, ctx: HookContext): HooksPort | undefined {
  const support = adapter.userHooks;
  const canonical = mapped.row.canonical;
  const event = mapped.kind === 'event' ? mapped.event : undefined;
  if (!support || !canonical) return undefined;
  if (!event && !support.whereGuardIgnores) return undefined;
  const shaped = support.shape ? support.shape(payload, event, ctx.cwd) : payload;
  const projectDir = support.projectDir(shaped, ctx.env, ctx.cwd) ?? event?.cwd;
  if (!projectDir) return undefined;
  const canonicalInput = event ? support.canonicalInput?.(payload, event) : undefined;
  const action = event?.action;
  const skipDialects = support.dialect ? [support.dialect] : [];
  return personHooksPort({
    config: () => loadHooksConfigFromSystem(projectDir, { env: ctx.env, skipDialects }),
    input: {
      ...inputFromPayload(canonical, shaped, event?.host.family ?? 'guard', mapped.native.name),
      projectDir,
      ...(action?.canonicalName ? { canonicalToolName: action.canonicalName } : {}),
      ...(canonicalInput ? { canonicalInput } : {}),
    },
    skipDialects,
    env: ctx.env,
  });
}

/** The place of one answer: the guard's options, the row, the tool call (as far as this door can hand a rewrite on). */
function placeOf(adapter: CommandHookAdapter, mapped: Extract<MappedEvent, { kind: 'event' }>, ctx: HookContext): AnswerPlace {
  const event = mapped.event;
  const call = mapped.call && adapter.rewrites !== undefined ? { ...mapped.call, canRewrite: adapter.rewrites && takesCommand(mapped.call) } : mapped.call;
  return {
    env: ctx.env,
    cwd: event.cwd ?? ctx.cwd,
    canAsk: adapter.canAsk(event),
    denyResponse: adapter.denyResponse,
    ...(ctx.now ? { now: ctx.now } : {}),
    ...(ctx.yieldLockWaitsSince !== undefined ? { yieldLockWaitsSince: ctx.yieldLockWaitsSince } : {}),
    ...(adapter.tree ? { tree: adapter.tree } : {}),
    ...(mapped.hostPrompts ? { hostPrompts: mapped.hostPrompts } : {}),
    row: mapped.row,
    ...(call ? { call } : {}),
  };
}

/** A call whose command can be put in place: a tool with a command field, its input an object. */
function takesCommand(call: ToolCall): boolean {
  return call.commandField !== undefined && typeof call.input === 'object' && call.input !== null && !Array.isArray(call.input);
}

/** The fail mode's answer, for the event when it is known. */
function failed(adapter: CommandHookAdapter, err: unknown, at: RowEvent | null, ctx: HookContext): HookDecision {
  const core = ctx.core ?? NODE_CORE;
  return { kind: 'failed', at, answer: failAnswer(core, err, { env: ctx.env, cwd: ctx.cwd, ...(ctx.now ? { now: ctx.now } : {}) }, at?.row ?? null), error: err };
}

/** The event a payload names, with its row, when the registry knows it. */
function knownEvent(adapter: CommandHookAdapter, payload: HookPayload, ctx: HookContext): RowEvent | null {
  const named = adapter.nameEvent ? adapter.nameEvent(payload, ctx.args ?? []) : payload;
  const name = named.hook_event_name;
  const row = typeof name === 'string' ? eventEntry(adapter.registry, name) : undefined;
  return row && typeof name === 'string' ? { name, row, ...toolOf(named) } : null;
}

/** The tool a payload names, for the renderers whose deny form depends on it. */
function toolOf(payload: HookPayload): { tool?: string } {
  return typeof payload.tool_name === 'string' && payload.tool_name !== '' ? { tool: payload.tool_name } : {};
}

/**
 * Decide one hook invocation from its complete stdin text. Never throws, except the
 * LockBusyError a context with `yieldLockWaitsSince` asks for: nothing of the event has run then
 * (the person's hooks come after the guard), so its caller answers by deciding it again.
 */
export async function decideHook(adapter: CommandHookAdapter, text: string, ctx: HookContext): Promise<HookDecision> {
  let parsed: HookPayload;
  try {
    parsed = parseHookPayload(text);
  } catch (err) {
    return failed(adapter, err, null, ctx);
  }
  return decidePayload(adapter, parsed, ctx);
}

/**
 * Decide one hook invocation from its payload as an object, for a door that receives the
 * host's event already parsed (the Claude Code mod): the same path as decideHook past the
 * parse. Never throws (but see decideHook).
 */
export async function decidePayload(adapter: CommandHookAdapter, parsed: HookPayload, ctx: HookContext): Promise<HookDecision> {
  const core = ctx.core ?? NODE_CORE;
  let at: RowEvent | null = null;
  try {
    const payload = adapter.nameEvent ? adapter.nameEvent(parsed, ctx.args ?? []) : parsed;
    const name = payload.hook_event_name;
    if (typeof name !== 'string' || name === '') throw new HookInputError('hook_event_name: required, missing or empty');
    const row = eventEntry(adapter.registry, name);
    at = row ? { name, row, ...toolOf(payload) } : null;
    const mapped = adapter.toControlEvent(payload, ctx.env);
    if (mapped.kind === 'unknown') return { kind: 'silent', mapped };
    at = { name: mapped.native.name, row: mapped.row, ...toolOf(payload) };
    if (mapped.kind === 'ignored') {
      // an event the guard ignores: only the person's hooks, where this door runs them there
      const hooks = personHooks(adapter, mapped, payload, ctx);
      if (!hooks) return { kind: 'silent', mapped };
      const out = await answer(null, { env: ctx.env, cwd: ctx.cwd, row: mapped.row }, { core, hooks });
      return { kind: 'answer', at, answer: out, mapped };
    }
    const event: ControlEvent = mapped.event;
    if (event.kind === 'session.start') autostartDashboard({ env: ctx.env });
    const hooks = personHooks(adapter, mapped, payload, ctx);
    const out = await answer(event, placeOf(adapter, mapped, ctx), { core, ...(hooks ? { hooks } : {}) });
    return { kind: 'answer', at, answer: out, mapped };
  } catch (err) {
    if (isLockBusy(err)) throw err;
    return failed(adapter, err, at, ctx);
  }
}

function withLines(rendered: Rendered, lines: readonly string[]): Rendered {
  if (!lines.length) return rendered;
  // A Codex deny reads its reason from stderr, so the stamp must stay the whole of stderr there.
  if (rendered.exitCode === 2) return rendered;
  return { ...rendered, stderr: rendered.stderr + lines.map((l) => `${l}\n`).join('') };
}

/** The one output of a hook call: the rendered answer, its diagnostic lines under the adapter's label. */
export function renderDecision(adapter: CommandHookAdapter, d: HookDecision): Rendered {
  if (d.kind === 'silent') return SILENT;
  const lines = labelLines(adapter.label, d.answer.diagnostics);
  if (d.kind === 'answer') return withLines(adapter.render(d.answer, d.at), lines);
  // fail open: nothing but the line; fail closed: a deny before a tool, context elsewhere, or
  // the unidentified deny when the event is not known
  if (d.answer.kind === 'none') return withLines(SILENT, lines);
  try {
    return withLines(d.at ? adapter.render(d.answer, d.at) : adapter.renderUnidentifiedDeny(stampOf(d.answer)), lines);
  } catch (renderErr) {
    return { stdout: '', stderr: `${adapter.label}: ${errorMessage(d.error)}; the deny could not be rendered (${errorMessage(renderErr)}), failing open\n`, exitCode: 0 };
  }
}

/** Decide and render one hook invocation from its complete stdin text. Never throws (but see decideHook). */
export async function answerHook(adapter: CommandHookAdapter, text: string, ctx: HookContext): Promise<Rendered> {
  return renderDecision(adapter, await decideHook(adapter, text, ctx));
}

/**
 * The fail mode's answer for a payload that was read but could not be decided (the resident
 * evaluator took it and did not answer in time), rendered for its event when the payload names
 * one the registry knows. Never throws.
 */
export function failWith(adapter: CommandHookAdapter, err: unknown, stdinText: string, ctx: HookContext): Rendered {
  let at: RowEvent | null = null;
  try {
    at = knownEvent(adapter, parseHookPayload(stdinText), ctx);
  } catch {
    // not even the event is known: the unidentified form
  }
  return renderDecision(adapter, failed(adapter, err, at, ctx));
}

/** Answer what reading stdin gave: the payload, or the fail mode when it could not be read. Never throws (but see answerHook). */
export function answerInput(adapter: CommandHookAdapter, input: StdinResult, ctx: HookContext): Promise<Rendered> {
  if (!input.ok) return Promise.resolve(renderDecision(adapter, failed(adapter, new HookInputError(input.message), null, ctx)));
  return answerHook(adapter, input.text, ctx);
}
