/**
 * The data folder's owner check (core/state/datadir-check.ts) for the Claude Code mod: `$.fs`
 * tells no owner or mode and the mod's process has no uid, so there is nothing to compare and
 * the check is skipped, as the core skips it wherever the runtime gives no owner. The mod's build
 * resolves the core's check to this module.
 */
export function checkDataDir(_dataDir: string, _uid?: number | null, _opts?: { tighten?: boolean }): string | null {
  return null;
}
