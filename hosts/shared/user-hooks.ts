/**
 * The person's own hooks (universal hooks, core/hooks), run by a command-hook artifact next
 * to the built-in guard. The host already runs hooks written in its own dialect, so the
 * artifact skips that dialect: the Claude artifact never runs imported Claude hooks, the
 * Codex artifact never runs imported Codex hooks.
 *
 * Cost when nobody configured hooks: one stat per file the hooks loader consulted (it keeps
 * its parse while those files are unchanged, which matters in the resident evaluator, where
 * this runs on every tool call; an edited file is read again on the next call) and one map
 * lookup. Nothing is spawned.
 */
import type { CanonicalEvent } from '../../core/canonical';
import { dispatchHooks, foldGuardWithHooks, hasHooks, inputFromPayload, loadHooksConfigFromSystem } from '../../core/hooks';
import type { CombinedOutcome, Dialect, DispatchInput } from '../../core/hooks';
import type { Outcome } from '../../core/outcome';
import type { ControlEvent } from '../../core/protocol';
import type { HookEnv } from './adapter';
import type { HookPayload } from './payload';

export interface UserHooksInput {
  canonical: CanonicalEvent;
  /** the host's dialect, which the host itself already runs */
  dialect: Dialect;
  nativeName: string;
  payload: HookPayload;
  event: ControlEvent;
  /** the project folder (Claude's CLAUDE_PROJECT_DIR; the session cwd on Codex) */
  projectDir: string;
  /** the tool input in Claude's field names (command, file_path, content, ...) */
  canonicalInput?: Record<string, unknown>;
}

/**
 * Run the person's hooks for this event, if any, and fold them with the guard's outcome (a
 * guard deny always stands). Returns the guard outcome unchanged when no hook is configured.
 * Never throws: a broken hook config is a diagnostic, and the guard's answer stands.
 */
export async function runUserHooks(input: UserHooksInput, guard: Outcome, env: HookEnv): Promise<Outcome | CombinedOutcome> {
  const diagnostics: string[] = [];
  try {
    const config = loadHooksConfigFromSystem(input.projectDir, { env, skipDialects: [input.dialect] });
    if (!hasHooks(config, input.canonical)) return guard;
    for (const d of config.diagnostics) if (d.level === 'error') diagnostics.push(`hooks: ${d.message}`);
    const action = input.event.action;
    const dispatch: DispatchInput = {
      ...inputFromPayload(input.canonical, input.payload, input.event.host.family, input.nativeName),
      projectDir: input.projectDir,
      ...(action?.canonicalName ? { canonicalToolName: action.canonicalName } : {}),
      ...(input.canonicalInput ? { canonicalInput: input.canonicalInput } : {}),
    };
    const result = await dispatchHooks(config, dispatch, { env, skipDialects: [input.dialect], log: (line) => diagnostics.push(line) });
    const combined = foldGuardWithHooks(guard, result);
    return diagnostics.length ? { ...combined, diagnostics: [...(combined.diagnostics ?? []), ...diagnostics] } : combined;
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return { ...guard, diagnostics: [...(guard.diagnostics ?? []), `user hooks not run: ${why}`] };
  }
}
