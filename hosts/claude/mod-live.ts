/**
 * Which of the two Claude Code doors decides: exactly one per event.
 *
 * When the plugin's mod (hosts/claude/mod/) is loaded, its first hook sets STOPLINE_CLAUDE_MOD
 * to Claude Code's process id (CLAUDE_PID) with `$.env.set`, and every command hook Claude Code
 * starts afterwards inherits it. A stopline command hook that sees the variable equal to its own
 * CLAUDE_PID stays silent: the mod in the same process has decided. When the mod does not load
 * (policy `allowManagedModsOnly`, a Claude Code without mods, a refused module) the variable is
 * never set and the command hook decides as before. A nested `claude` started from a Bash tool
 * inherits the variable but has a CLAUDE_PID of its own, so it is not fooled.
 *
 * The test is done twice, both before any stopline code runs: in the hook's shell command
 * (CLAUDE_MOD_SHELL_GUARD, so no runtime starts at all) and first thing in the hook script
 * (the `silentWhen` of hosts/claude/main.ts) for a command written some other way.
 */

/**
 * The variable the mod sets (the mod spells it literally: Claude Code reads env names from its source).
 * @keep MOD_LIVE_VAR the variable the mod sets to Claude's pid: the tests set it to check that the command
 *   hook stands aside while the mod decides
 */
export const MOD_LIVE_VAR = 'STOPLINE_CLAUDE_MOD';

/** True when the mod of this Claude Code process decides, so the command hook must stay silent. */
export function modDecides(env: Readonly<Record<string, string | undefined>>): boolean {
  const pid = env.CLAUDE_PID;
  return pid !== undefined && pid !== '' && env[MOD_LIVE_VAR] === pid;
}

/** The same test in sh, put in front of the plugin's hook command. */
export const CLAUDE_MOD_SHELL_GUARD = `[ -n "$CLAUDE_PID" ] && [ "$${MOD_LIVE_VAR}" = "$CLAUDE_PID" ] && exit 0; `;
