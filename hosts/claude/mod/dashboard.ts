/**
 * The dashboard's start (hosts/shared/dashboard.ts) for the Claude Code mod: the dashboard would
 * need a process that outlives a hook, and a mod starts none, so a session's start never starts
 * one here (the door also sets STOPLINE_NO_DASHBOARD). The mod's build resolves the shared module
 * to this one.
 */
export function autostartDashboard(_opts: { env: Record<string, string | undefined> }): 'skipped' {
  return 'skipped';
}
