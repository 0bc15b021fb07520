/** Reading a hook artifact's answer the way its host does, for the robustness suites. */
import type { Rendered } from '../../hosts/shared/adapter';
import { FOLDER_ROWS } from '../hosts/harness/folder-rows';
import type { HostTestRows } from '../hosts/harness/host-rows';

type Json = Record<string, unknown>;

/**
 * Whether the host reads this answer as "do not run it". `host`: the artifact's host, whose test
 * rows say how it reads an answer when it has stops of its own (test/hosts/<host>/rows.ts).
 */
export function isDeny(r: Rendered, host?: string): boolean {
  if (r.exitCode === 2) return true;
  if (r.stdout === '') return false;
  const j = JSON.parse(r.stdout) as Json;
  const hso = (j.hookSpecificOutput ?? {}) as Json;
  const own = host !== undefined && Object.hasOwn(FOLDER_ROWS, host) ? (FOLDER_ROWS[host as keyof typeof FOLDER_ROWS] as HostTestRows).commandHook : undefined;
  // a top-level decision "deny" (one host reads it only at exit 0)
  return hso.permissionDecision === 'deny' || j.decision === 'block' || j.decision === 'deny' || j.action === 'block' || j.cancel === true || own?.decision(r).decision === 'deny';
}

/**
 * What is wrong with one answer of a hook artifact, as its host would read it. `inputErrorExit`:
 * the CLI guard bridge under fail open answers an input it cannot read with exit 1 and its
 * accepted forms on stderr (under fail closed it blocks with exit 2, read like any deny).
 */
export function answerProblems(label: string, r: Rendered, opts: { inputErrorExit?: number } = {}): string[] {
  const p: string[] = [];
  if (opts.inputErrorExit !== undefined && r.exitCode === opts.inputErrorExit) {
    if (r.stdout !== '') p.push('stdout on an input error');
    if (!r.stderr.startsWith(`${label}: `)) p.push('the input error does not start with the artifact name');
    return p;
  }
  if (r.exitCode !== 0 && r.exitCode !== 2) p.push(`exit ${r.exitCode}`);
  if (r.stdout !== '') {
    try {
      const j = JSON.parse(r.stdout) as unknown;
      if (!j || typeof j !== 'object' || Array.isArray(j)) p.push('stdout is JSON but not an object');
    } catch {
      p.push(`stdout is not JSON: ${JSON.stringify(r.stdout.slice(0, 120))}`);
    }
  }
  if (/\n\s+at .+:\d+:\d+/.test(r.stderr)) p.push('a stack trace on stderr');
  for (const line of r.stderr.split('\n').filter(Boolean)) {
    // the Codex deny puts the stamp on stderr; every other line names the artifact
    if (r.exitCode !== 2 && !line.startsWith(label) && !line.startsWith('stopline')) p.push(`stderr line without the artifact's name: ${JSON.stringify(line.slice(0, 120))}`);
  }
  return p;
}

