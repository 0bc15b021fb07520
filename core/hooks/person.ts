/**
 * The person's own hooks of one event as the answer path's hooks port (core/answer/answer.ts
 * `HooksPort`), on Node: the config as the door found it, dispatched, the responses folded. A
 * hook process loads the config per call; a long-lived plugin keeps its parse (./in-process.ts).
 */
import type { HooksPort } from '../answer/answer';
import { dispatchHooks, hasHooks } from './dispatch';
import type { Dialect, DispatchInput, HooksConfig } from './types';

/** The person's hooks for this one event, as the door found them. */
export interface PersonHooks {
  /** the config in force */
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

/** Every load error of a config, one line each. */
export function loadErrorLines(config: HooksConfig): string[] {
  return config.diagnostics.filter((d) => d.level === 'error').map((d) => `hooks: ${d.message}`);
}

/**
 * Run the person's hooks for the event and fold their responses. Never throws: a broken config
 * or a failing hook is a line, and the guard's answer then stands alone.
 */
export function personHooksPort(hooks: PersonHooks): HooksPort {
  return async () => {
    const lines: string[] = [];
    try {
      const config = hooks.config();
      lines.push(...(hooks.loadErrors ? hooks.loadErrors(config) : loadErrorLines(config)));
      if (!hasHooks(config, hooks.input.event)) return { result: null, lines };
      const result = await dispatchHooks(config, hooks.input, {
        env: { ...hooks.env },
        ...(hooks.skipDialects ? { skipDialects: [...hooks.skipDialects] } : {}),
        log: (line) => lines.push(line),
        ...(hooks.signal ? { signal: hooks.signal } : {}),
      });
      return { result, lines };
    } catch (err) {
      lines.push(`user hooks not run: ${err instanceof Error ? err.message : String(err)}`);
      return { result: null, lines };
    }
  };
}
