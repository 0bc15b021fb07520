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
import { handleEvent, failOutcome } from '../../core/controller';
import type { ControlEvent } from '../../core/protocol';
import type { Outcome } from '../../core/outcome';
import { SILENT, eventEntry } from './adapter';
import { autostartDashboard } from './dashboard';
import type { CommandHookAdapter, HookEnv, MappedEvent, NativeEvent, Rendered } from './adapter';
import { HookInputError, parseHookPayload } from './payload';
import type { HookPayload } from './payload';
import { readBoundedStdin, type ByteStream, type StdinLimits } from './stdin';
import { runUserHooks } from './user-hooks';

/** The two core entry points the runner needs (injectable so tests can make the core fail). */
export interface CoreApi {
  handleEvent(event: unknown, opts: { env: HookEnv; cwd?: string; canAsk?: boolean; denyResponse?: string; now?: () => number }): Outcome;
  failOutcome(error: unknown, opts: { env: HookEnv; cwd?: string; now?: () => number }): Outcome;
}

const REAL_CORE: CoreApi = { handleEvent, failOutcome };

export interface HookContext {
  env: HookEnv;
  /** the hook process's working directory (used when the payload has no cwd) */
  cwd: string;
  now?: () => number;
  core?: CoreApi;
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
 * The person's own hooks for this canonical event (universal hooks), folded with the guard's
 * outcome; a guard deny always stands. Events without a canonical name run none.
 */
async function withUserHooks(adapter: CommandHookAdapter, mapped: MappedEvent & { kind: 'event' }, payload: HookPayload, outcome: Outcome, env: HookEnv): Promise<Outcome> {
  const support = adapter.userHooks;
  const canonical = eventEntry(adapter.registry, mapped.native.name)?.canonical;
  if (!support || !canonical) return outcome;
  const projectDir = support.projectDir(payload, env) ?? mapped.event.cwd;
  if (!projectDir) return outcome;
  const canonicalInput = support.canonicalInput?.(payload, mapped.event);
  return runUserHooks(
    { canonical, dialect: support.dialect, nativeName: mapped.native.name, payload, event: mapped.event, projectDir, ...(canonicalInput ? { canonicalInput } : {}) },
    outcome,
    env,
  );
}

/**
 * The guard denies only before a tool. A deny from the core on any other event can only be
 * its fail-closed answer (GUARD_UNAVAILABLE): it is delivered as context (for the model) and
 * notice (for the person) instead of blocking, for the reasons given at failureAnswer.
 */
function gateOnly(outcome: Outcome, event: ControlEvent): Outcome {
  if ((outcome.kind !== 'deny' && outcome.kind !== 'ask') || event.kind === 'action.before') return outcome;
  const message = outcome.message ?? 'STOP / CONTROL\nReason: GUARD_UNAVAILABLE';
  return { ...outcome, kind: 'context', message, notice: message };
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
  const message = outcome.message ?? 'STOP / CONTROL\nReason: GUARD_UNAVAILABLE';
  try {
    let rendered: Rendered;
    if (!native) rendered = adapter.renderUnidentifiedDeny(message);
    else if (eventEntry(adapter.registry, native.name)?.control === 'action.before') rendered = adapter.render({ ...outcome, kind: 'deny', message }, native);
    else rendered = adapter.render({ ...outcome, kind: 'context', message, notice: message }, native);
    return withDiagnostics(rendered, adapter.label, lines);
  } catch (renderErr) {
    return { stdout: '', stderr: `${adapter.label}: ${describe(err)}; the deny could not be rendered (${describe(renderErr)}), failing open\n`, exitCode: 0 };
  }
}

/** Decide one hook invocation from its complete stdin text. Never throws. */
export async function answerHook(adapter: CommandHookAdapter, text: string, ctx: HookContext): Promise<Rendered> {
  const core = ctx.core ?? REAL_CORE;
  let native: NativeEvent | null = null;
  try {
    const payload = parseHookPayload(text);
    const name = payload.hook_event_name;
    if (typeof name !== 'string' || name === '') throw new HookInputError('hook_event_name: required, missing or empty');
    native = { name };
    const mapped = adapter.toControlEvent(payload, ctx.env);
    if (mapped.kind !== 'event') return { stdout: '', stderr: '', exitCode: 0 };
    const event: ControlEvent = mapped.event;
    if (event.kind === 'session.start') autostartDashboard({ env: ctx.env });
    const decided = core.handleEvent(event, {
      env: ctx.env,
      cwd: event.cwd ?? ctx.cwd,
      canAsk: adapter.canAsk(event),
      denyResponse: adapter.denyResponse,
      now: ctx.now,
    });
    const outcome = await withUserHooks(adapter, mapped, payload, gateOnly(decided, event), ctx.env);
    return withDiagnostics(adapter.render(outcome, mapped.native), adapter.label, outcome.diagnostics);
  } catch (err) {
    return failureAnswer(adapter, err, native, ctx);
  }
}

/** Read stdin within bounds, then answer. Never throws. */
export async function runCommandHook(adapter: CommandHookAdapter, opts: RunOptions): Promise<Rendered> {
  const input = await readBoundedStdin(opts.stdin, { maxBytes: opts.maxBytes, timeoutMs: opts.timeoutMs });
  if (!input.ok) return failureAnswer(adapter, new HookInputError(input.message), null, opts);
  return answerHook(adapter, input.text, opts);
}
