/**
 * The command-hook runner shared by every host that runs stopline as a process per event
 * (Claude Code, Codex, and the CLI's guard bridge): read stdin within bounds, parse one JSON
 * object, map it with the host adapter, let the core decide, render, and answer exactly once.
 *
 * Rules it keeps for every host:
 * - stdout carries nothing but the adapter's rendered host output (logs go to stderr);
 * - every error is caught and answered by the fail mode: open (the default) prints nothing on
 *   stdout and one stderr line; closed denies with a GUARD_UNAVAILABLE stamp;
 * - an event the registry does not know, or one the guard ignores, prints nothing and exits 0;
 * - the start-up path reads stdin, loads the config and the session state and decides; the
 *   person's own hooks (universal hooks) run only when some are configured for the event.
 */
import { answer, guardGate } from '../../core/answer';
import type { CoreApi, PersonHooks } from '../../core/answer';
import { handleEvent, failOutcome } from '../../core/controller';
import { inputFromPayload, loadHooksConfigFromSystem } from '../../core/hooks';
import type { ControlEvent } from '../../core/protocol';
import type { Outcome } from '../../core/outcome';
import { stampOf } from '../../core/outcome';
import { isLockBusy } from '../../core/state/lock';
import { SILENT, eventEntry } from './adapter';
import { autostartDashboard } from './dashboard';
import type { CommandHookAdapter, HookEnv, MappedEvent, NativeEvent, Rendered } from './adapter';
import { HookInputError, parseHookPayload } from './payload';
import type { HookPayload } from './payload';

export type { CoreApi } from '../../core/answer';
import { readBoundedStdin, type ByteStream, type StdinLimits, type StdinResult } from './stdin';

const REAL_CORE: CoreApi = { handleEvent, failOutcome };

export interface HookContext {
  env: HookEnv;
  /** the hook process's working directory (used when the payload has no cwd) */
  cwd: string;
  now?: () => number;
  core?: CoreApi;
  /** the resident evaluator's first attempt at this event: session lock waits yield (core/controller.ts) */
  yieldLockWaitsSince?: number;
  /** the hook command's arguments (after the script), for an adapter whose event is named there */
  args?: readonly string[];
}

export interface RunOptions extends HookContext, StdinLimits {
  stdin: ByteStream;
}

/** The stopline error that reaches stderr: its message, without a stack trace. */
function describe(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}

function withDiagnostics(rendered: Rendered, label: string, lines: readonly string[] | undefined): Rendered {
  if (!lines || lines.length === 0) return rendered;
  // A Codex deny reads its reason from stderr, so the stamp must stay the whole of stderr there.
  if (rendered.exitCode === 2) return rendered;
  // core lines start with `stopline:`; name the artifact instead so a log says which host spoke
  const extra = lines.map((l) => `${label}: ${l.replace(/^stopline:\s*/, '')}\n`).join('');
  return { ...rendered, stderr: rendered.stderr + extra };
}

/**
 * The person's own hooks for this canonical event (universal hooks), as the adapter describes
 * them. Events without a canonical name, or without a project folder, run none.
 */
function personHooks(adapter: CommandHookAdapter, native: NativeEvent, event: ControlEvent | undefined, payload: HookPayload, ctx: HookContext): PersonHooks | undefined {
  const support = adapter.userHooks;
  const canonical = eventEntry(adapter.registry, native.name)?.canonical;
  if (!support || !canonical) return undefined;
  if (!event && !support.whereGuardIgnores) return undefined;
  const shaped = support.shape ? support.shape(payload, event, ctx.cwd) : payload;
  const projectDir = support.projectDir(shaped, ctx.env, ctx.cwd) ?? event?.cwd;
  if (!projectDir) return undefined;
  const canonicalInput = event ? support.canonicalInput?.(payload, event) : undefined;
  const action = event?.action;
  const skipDialects = support.dialect ? [support.dialect] : [];
  return {
    config: () => loadHooksConfigFromSystem(projectDir, { env: ctx.env, skipDialects }),
    input: {
      ...inputFromPayload(canonical, shaped, event?.host.family ?? 'guard', native.name),
      projectDir,
      ...(action?.canonicalName ? { canonicalToolName: action.canonicalName } : {}),
      ...(canonicalInput ? { canonicalInput } : {}),
    },
    skipDialects,
    env: ctx.env,
  };
}

/**
 * The failure answer: the core says what the fail mode is (it reads STOPLINE_FAIL_OPEN and the
 * config) and gives the one diagnostic line; the adapter renders it for the event when the
 * event is known. If even that fails, fail open: a guard that cannot read its own config
 * cannot know that the person asked for fail closed.
 *
 * Fail closed denies actions. On every other event the GUARD_UNAVAILABLE stamp is delivered as
 * context where the host takes it (the model and the person learn that every action will be
 * denied until the guard works again) and never blocks: a blocked prompt would hide the
 * reason from a headless run, and a blocked Stop would keep the turn going in a loop.
 */
function failureAnswer(adapter: CommandHookAdapter, err: unknown, native: NativeEvent | null, ctx: HookContext): Rendered {
  const core = ctx.core ?? REAL_CORE;
  let outcome: Outcome;
  try {
    outcome = core.failOutcome(err, { env: ctx.env, cwd: ctx.cwd, now: ctx.now });
  } catch (again) {
    return { stdout: '', stderr: `${adapter.label}: ${describe(err)}; fail mode unknown (${describe(again)}), failing open\n`, exitCode: 0 };
  }
  const lines = outcome.diagnostics && outcome.diagnostics.length ? outcome.diagnostics : [`${describe(err)}; failing ${outcome.kind === 'deny' ? 'closed' : 'open'}`];
  if (outcome.kind !== 'deny' && outcome.kind !== 'ask') return withDiagnostics(SILENT, adapter.label, lines);
  const message = stampOf(outcome);
  try {
    let rendered: Rendered;
    if (!native) rendered = adapter.renderUnidentifiedDeny(message);
    else rendered = adapter.render(guardGate({ ...outcome, kind: 'deny', message }, eventEntry(adapter.registry, native.name)?.control ?? null), native);
    return withDiagnostics(rendered, adapter.label, lines);
  } catch (renderErr) {
    return { stdout: '', stderr: `${adapter.label}: ${describe(err)}; the deny could not be rendered (${describe(renderErr)}), failing open\n`, exitCode: 0 };
  }
}

/**
 * The fail mode's answer for a payload that was read but could not be decided (the resident
 * evaluator took it and did not answer in time), rendered for its event when the payload names
 * one the registry knows. Never throws.
 */
export function failWith(adapter: CommandHookAdapter, err: unknown, stdinText: string, ctx: HookContext): Rendered {
  let native: NativeEvent | null = null;
  try {
    const parsed = parseHookPayload(stdinText);
    const name = (adapter.nameEvent ? adapter.nameEvent(parsed, ctx.args ?? []) : parsed).hook_event_name;
    if (typeof name === 'string' && eventEntry(adapter.registry, name)) native = { name };
  } catch {
    // not even the event is known: the unidentified form
  }
  return failureAnswer(adapter, err, native, ctx);
}

/**
 * Decide one hook invocation from its complete stdin text. Never throws, except the
 * LockBusyError a context with `yieldLockWaitsSince` asks for: nothing of the event has run then
 * (the person's hooks come after the guard), so its caller answers by deciding it again.
 */
export async function answerHook(adapter: CommandHookAdapter, text: string, ctx: HookContext): Promise<Rendered> {
  const core = ctx.core ?? REAL_CORE;
  let native: NativeEvent | null = null;
  try {
    const parsed = parseHookPayload(text);
    const payload = adapter.nameEvent ? adapter.nameEvent(parsed, ctx.args ?? []) : parsed;
    const name = payload.hook_event_name;
    if (typeof name !== 'string' || name === '') throw new HookInputError('hook_event_name: required, missing or empty');
    native = { name };
    const mapped = adapter.toControlEvent(payload, ctx.env);
    if (mapped.kind !== 'event') {
      // an event the guard ignores: only the person's hooks, where this door runs them there
      const hooks = mapped.kind === 'ignored' ? personHooks(adapter, mapped.native, undefined, payload, ctx) : undefined;
      if (!hooks) return { stdout: '', stderr: '', exitCode: 0 };
      const outcome = await answer(null, { env: ctx.env, cwd: ctx.cwd, blockable: eventEntry(adapter.registry, mapped.native.name)?.blockable ?? true, hooks });
      return withDiagnostics(adapter.render(outcome, mapped.native), adapter.label, outcome.diagnostics);
    }
    const event: ControlEvent = mapped.event;
    if (event.kind === 'session.start') autostartDashboard({ env: ctx.env });
    const hooks = personHooks(adapter, mapped.native, event, payload, ctx);
    const outcome = await answer(event, {
      env: ctx.env,
      cwd: event.cwd ?? ctx.cwd,
      canAsk: adapter.canAsk(event),
      denyResponse: adapter.denyResponse,
      ...(ctx.now ? { now: ctx.now } : {}),
      ...(ctx.yieldLockWaitsSince !== undefined ? { yieldLockWaitsSince: ctx.yieldLockWaitsSince } : {}),
      ...(adapter.tree ? { tree: adapter.tree } : {}),
      blockable: eventEntry(adapter.registry, mapped.native.name)?.blockable ?? true,
      ...(hooks ? { hooks } : {}),
      handleEvent: core.handleEvent,
    });
    return withDiagnostics(adapter.render(outcome, mapped.native), adapter.label, outcome.diagnostics);
  } catch (err) {
    if (isLockBusy(err)) throw err;
    return failureAnswer(adapter, err, native, ctx);
  }
}

/** Answer what reading stdin gave: the payload, or the fail mode when it could not be read. Never throws (but see answerHook). */
export function answerInput(adapter: CommandHookAdapter, input: StdinResult, ctx: HookContext): Promise<Rendered> {
  if (!input.ok) return Promise.resolve(failureAnswer(adapter, new HookInputError(input.message), null, ctx));
  return answerHook(adapter, input.text, ctx);
}

/** Read stdin within bounds, then answer. Never throws. */
export async function runCommandHook(adapter: CommandHookAdapter, opts: RunOptions): Promise<Rendered> {
  return answerInput(adapter, await readBoundedStdin(opts.stdin, { maxBytes: opts.maxBytes, timeoutMs: opts.timeoutMs }), opts);
}
