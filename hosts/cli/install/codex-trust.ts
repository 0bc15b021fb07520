/**
 * The one place the installer asks for Codex's per-hook trust entries. Codex runs a
 * user hook only when `config.toml` holds
 *   [hooks.state."<abs hooks.json>:<event_snake>:<group>:<handler>"]
 *   trusted_hash = "sha256:<hex>"
 * for exactly that handler; otherwise it skips the hook without a word.
 *
 * INTERIM: `hosts/codex/trust.ts` (another engineer) will own this computation. Until it
 * lands, this file carries a minimal version of the documented rule
 * (/work/shared/hosts/codex.md §5): sha256 of the compact, key-sorted JSON
 * {"event_name", "matcher" (omitted when absent or ignored by the event), "hooks":[handler]}
 * with the handler's effective timeout. Replace the body of `trustEntriesFor` with a call
 * to trust.ts; nothing else in the installer computes hashes.
 */
import { createHash } from 'node:crypto';
import type { HookGroup } from './hook-groups';
import type { TrustEntry } from './toml-trust';

export interface PlacedGroup {
  event: string;
  groupIndex: number;
  group: HookGroup;
}

const MATCHER_IGNORED = new Set(['UserPromptSubmit', 'Stop', 'Interrupt']);
const SHORT_TIMEOUT = new Set(['SessionEnd', 'Interrupt']);

function snakeCase(event: string): string {
  return event.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

function effectiveTimeout(event: string, timeout: number | undefined): number {
  if (SHORT_TIMEOUT.has(event)) return timeout === undefined ? 1 : Math.min(3, Math.max(1, timeout));
  return Math.max(1, timeout ?? 600);
}

function sortedJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(sortedJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined && x !== null);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, x]) => `${JSON.stringify(k)}:${sortedJson(x)}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/** Trust entries for the handlers of the given groups, as they sit in `hooksJsonPath`. */
export function trustEntriesFor(hooksJsonPath: string, placed: readonly PlacedGroup[]): TrustEntry[] {
  return placed.flatMap(({ event, groupIndex, group }) =>
    group.hooks.map((handler, handlerIndex) => {
      const label = snakeCase(event);
      const identity = {
        event_name: label,
        matcher: MATCHER_IGNORED.has(event) ? undefined : group.matcher,
        hooks: [{ type: 'command', command: handler.command, timeout: effectiveTimeout(event, handler.timeout), async: false }],
      };
      const hash = createHash('sha256').update(sortedJson(identity)).digest('hex');
      return { key: `${hooksJsonPath}:${label}:${groupIndex}:${handlerIndex}`, trustedHash: `sha256:${hash}` };
    }),
  );
}

/** The trust key of one handler (used to rename entries when a group moves). */
export function trustKey(hooksJsonPath: string, event: string, groupIndex: number, handlerIndex: number): string {
  return `${hooksJsonPath}:${snakeCase(event)}:${groupIndex}:${handlerIndex}`;
}
