/**
 * The one answer path every door takes (command hooks, the guard bridge, the in-process
 * plugins): one event in, one Outcome out, never throws.
 *
 *   1. the guard: handleEvent (analysis was done by the adapter's table; decision, evidence, stamp)
 *   2. the guard's blockability rule: the guard blocks only before a tool (see guardGate)
 *   3. the person's own hooks (core/hooks), when some are configured for the event
 *   4. the fold: a guard deny always stands; a hook's deny or ask where the event cannot block
 *      is downgraded by the fold itself (core/hooks/fold.ts)
 *   5. the host row's blockability: on a row that cannot block, whatever still says deny is context
 *   6. where it came from (guard or the person's hook) and the notice level, from the reason's kind
 *
 * Adapters translate their host's input into the ControlEvent and the hooks' DispatchInput, and
 * render the Outcome; they never re-decide.
 */
import { handleEvent } from './controller';
import type { HandleOptions } from './controller';
import { dispatchHooks, foldGuardWithHooks, hasHooks } from './hooks';
import type { Dialect, DispatchInput, HooksConfig } from './hooks';
import type { Outcome } from './outcome';
import type { ControlEvent } from './protocol';
import { guardGate, settleAnswer } from './answer-rules';
import type { Answer } from './answer-rules';

export { guardGate } from './answer-rules';
export type { Answer, CoreApi } from './answer-rules';

/** The person's hooks for this one event, as the door found them. */
export interface PersonHooks {
  /** the config in force (a hook process loads it per call; a long-lived plugin keeps its parse) */
  config(): HooksConfig;
  /** the load-error lines to report with this answer; default: every error of the config */
  loadErrors?(config: HooksConfig): string[];
  /** what the hooks receive (the adapter's translation of the host's payload) */
  input: DispatchInput;
  /** dialects the host runs itself, which stopline therefore skips */
  skipDialects?: readonly Dialect[];
  env: Readonly<Record<string, string | undefined>>;
  signal?: AbortSignal;
}

/** What a door can do on this event, and where the person's hooks are. */
export interface AnswerCaps extends HandleOptions {
  /**
   * The host row's `blockable` column: false when a block on this event does not stop the host
   * (Hermes pre_llm_call), so a deny that survives the fold is context there. Absent: the host's
   * renderer knows the event's forms.
   */
  blockable?: boolean;
  /** absent: the guard alone answers */
  hooks?: PersonHooks;
  /** the guard's entry (tests make it fail through this) */
  handleEvent?: (event: unknown, opts: HandleOptions) => Outcome;
}

function withLines<T extends Outcome>(o: T, lines: readonly string[]): T {
  if (!lines.length) return o;
  return { ...o, diagnostics: [...(o.diagnostics ?? []), ...lines] };
}

/**
 * Run the person's hooks and fold them with the guard's answer. Never throws: a broken config or
 * a failing hook is a diagnostic line, and the guard's answer stands.
 */
export async function withPersonHooks(guard: Outcome, hooks: PersonHooks): Promise<Answer> {
  const lines: string[] = [];
  try {
    const config = hooks.config();
    if (!hasHooks(config, hooks.input.event)) return withLines(guard, hooks.loadErrors ? hooks.loadErrors(config) : []);
    lines.push(...(hooks.loadErrors ? hooks.loadErrors(config) : config.diagnostics.filter((d) => d.level === 'error').map((d) => `hooks: ${d.message}`)));
    const result = await dispatchHooks(config, hooks.input, {
      env: { ...hooks.env },
      ...(hooks.skipDialects ? { skipDialects: [...hooks.skipDialects] } : {}),
      log: (line) => lines.push(line),
      ...(hooks.signal ? { signal: hooks.signal } : {}),
    });
    return withLines(foldGuardWithHooks(guard, result), lines);
  } catch (err) {
    lines.push(`user hooks not run: ${err instanceof Error ? err.message : String(err)}`);
    return withLines(guard, lines);
  }
}

/**
 * Answer one event: the guard (when there is an event for it; null for events only the person's
 * hooks see), its gate, the person's hooks and their fold, the row's gate. Never throws.
 */
export async function answer(event: ControlEvent | null, caps: AnswerCaps): Promise<Answer> {
  const decide = caps.handleEvent ?? handleEvent;
  const guard: Outcome = event ? guardGate(decide(event, caps), event.kind) : { kind: 'none' };
  const folded = caps.hooks ? await withPersonHooks(guard, caps.hooks) : guard;
  return settleAnswer(folded, guard, caps.blockable);
}
