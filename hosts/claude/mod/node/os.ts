/**
 * node:os for the Claude Code mod. The core asks for the host name only to stamp its lock
 * files, which stay in the mod's memory; the home folder comes from the environment the door
 * reads with `$.env.get`.
 */
export function hostname(): string {
  return 'claude-code-mod';
}

export function homedir(): string {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.HOME ?? '';
}

export function tmpdir(): string {
  return '/tmp';
}

export const EOL = '\n';

export default { hostname, homedir, tmpdir, EOL };
