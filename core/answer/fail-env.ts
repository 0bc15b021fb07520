/**
 * The fail mode the environment forces, on its own: no config, no file access, nothing imported.
 * The hook script's small first part reads it when even the decision code cannot run
 * (hosts/shared/hook-entry.ts); core/answer/failmode.ts puts it first in the full precedence.
 */

/** STOPLINE_FAIL_OPEN=1|0 (open|closed), then STOPLINE_FAIL_MODE=open|closed; undefined when neither is set and understood. */
export function envFailMode(env: Readonly<Record<string, string | undefined>>): 'open' | 'closed' | undefined {
  const v = env.STOPLINE_FAIL_OPEN?.trim();
  if (v === '1') return 'open';
  if (v === '0') return 'closed';
  const m = env.STOPLINE_FAIL_MODE?.trim().toLowerCase();
  if (m === 'open' || m === 'closed') return m;
  return undefined;
}
