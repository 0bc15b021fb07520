/**
 * node:module for the Claude Code mod: nothing can be loaded at run time inside Claude Code,
 * so the core's lazily loaded built-ins (child_process for the person's hooks and the
 * dashboard, crypto for Hermes lineage) fail when asked for. The mod runs the person's hooks
 * through `$.process.run` instead (hosts/claude/mod/runners.ts) and starts no dashboard.
 */
export function createRequire(_from: string): (name: string) => never {
  return (name: string) => {
    const e = new Error(`${name} is not available inside a Claude Code mod`) as Error & { code: string };
    e.code = 'ERR_NOT_AVAILABLE_IN_MOD';
    throw e;
  };
}

export default { createRequire };
