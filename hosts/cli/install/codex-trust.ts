/**
 * The one place the installer asks for Codex's per-hook trust entries. Codex runs a user
 * hook only when `config.toml` holds
 *   [hooks.state."<abs hooks.json>:<event_snake>:<group>:<handler>"]
 *   trusted_hash = "sha256:<hex>"
 * for exactly that handler; otherwise it skips the hook without a word. The computation
 * and the TOML rendering belong to codex-hook-trust.ts; this file only picks stopline's
 * own handlers out of the result and names keys for handlers that moved.
 */
import { CODEX_HOOK_EVENTS, codexEventLabel, codexHookTrustEntries, renderCodexHookTrustToml, type CodexHookEvent, type TrustEntry } from './codex-hook-trust';

interface GroupPosition {
  event: string;
  groupIndex: number;
}

/**
 * Trust entries for the handlers of the groups at `positions` in the parsed hooks.json
 * (`hooksJsonPath` = the path as Codex names it). Computed over the whole file, as Codex
 * does, so the indices are the ones Codex sees.
 */
export function trustEntriesFor(hooksJsonPath: string, hooksFile: unknown, positions: readonly GroupPosition[]): TrustEntry[] {
  const wanted = new Set(positions.map((p) => `${p.event}\u0000${p.groupIndex}`));
  return codexHookTrustEntries(hooksJsonPath, hooksFile)
    .filter((e) => wanted.has(`${e.event}\u0000${e.groupIndex}`))
    .map((e) => ({ key: e.key, trustedHash: e.trustedHash }));
}

function isCodexEvent(event: string): event is CodexHookEvent {
  return (CODEX_HOOK_EVENTS as readonly string[]).includes(event);
}

/** The trust key of one handler position (used to carry trust along when a group moves). */
export function trustKey(hooksJsonPath: string, event: string, groupIndex: number, handlerIndex: number): string | undefined {
  if (!isCodexEvent(event)) return undefined; // Codex ignores the event, so it has no trust entry
  return `${hooksJsonPath}:${codexEventLabel(event)}:${groupIndex}:${handlerIndex}`;
}

/** `[hooks.state."…"]\ntrusted_hash = "…"\n` for each entry, blank line between tables. */
export function renderTrustTables(entries: readonly TrustEntry[]): string {
  // the renderer reads only key and trustedHash; the other fields fill its entry type
  return renderCodexHookTrustToml(entries.map((e) => ({ ...e, event: 'PreToolUse', groupIndex: 0, handlerIndex: 0 })));
}

/** The header line Codex's renderer writes for `key`. */
export function renderTrustHeader(key: string): string {
  return renderTrustTables([{ key, trustedHash: '' }]).split('\n')[0]!;
}
