/**
 * Doctor's look at the resident evaluator's folder (hosts/shared/evaluator/where.ts): the
 * sockets and the copies of the hook scripts' decision code. A copy is named by its build, the
 * first 16 hex digits of the SHA-256 of the code, so a copy that does not hash to its own name
 * was changed after the hook wrote it. A hook checks the copy against its digest before every
 * load and writes it again when it differs; doctor says so, and the fix removes the folder, which
 * also ends every evaluator listening there (each leaves when its socket is gone), so the next
 * event starts one from a checked copy. Read only.
 */
import { createHash } from 'node:crypto';
import { lstatSync, readFileSync, readdirSync } from 'node:fs';
import { evaluatorDir } from '../../shared/evaluator/where';
import { check } from './report';
import type { Check, HostReport } from './report';

/** `<artifact>-<build>.mjs`: the cached decision code of one artifact and build. */
const COPY = /^([a-z]+)-([0-9a-f]{16})\.mjs$/;

/** The evaluator folders a hook of this user may use: the one this environment names, and /tmp's. */
function evaluatorFolders(env: Readonly<Record<string, string | undefined>>, uid: number | null): string[] {
  if (uid === null) return [];
  const named = evaluatorDir(env, uid);
  // with no environment the folder is where.ts's default under /tmp
  return [...new Set([named, evaluatorDir({}, uid)].filter((d): d is string => d !== null))];
}

function folderChecks(dir: string, uid: number): Check[] | null {
  let st;
  try {
    st = lstatSync(dir);
  } catch {
    return null;
  }
  if (st.isSymbolicLink() || !st.isDirectory() || st.uid !== uid || (st.mode & 0o077) !== 0) {
    return [check('folder', 'warn', `not a private folder of yours (a link, another owner, or open to others): hooks use no evaluator and no cached code there`, `rm -rf ${dir}`)];
  }
  const changed: string[] = [];
  let copies = 0;
  for (const name of readdirSync(dir).sort()) {
    const m = COPY.exec(name);
    if (!m) continue;
    copies++;
    let text: string;
    try {
      text = readFileSync(`${dir}/${name}`, 'utf8');
    } catch {
      changed.push(name);
      continue;
    }
    if (!createHash('sha256').update(text).digest('hex').startsWith(m[2]!)) changed.push(name);
  }
  if (changed.length) {
    return [
      check(
        'decision-code',
        'fail',
        `${changed.length} cached decision code cop${changed.length === 1 ? 'y does' : 'ies do'} not hash to ${changed.length === 1 ? 'its' : 'their'} build: changed after a hook wrote ${changed.length === 1 ? 'it' : 'them'} (${changed.slice(0, 3).join(', ')}); hooks check the copy before loading it and write it again, so this is a sign of tampering`,
        `rm -rf ${dir} (evaluators there exit, the next event starts one from a checked copy)`,
      ),
    ];
  }
  return [check('decision-code', 'pass', `${copies} cached decision code cop${copies === 1 ? 'y' : 'ies'}, each hashes to its build`)];
}

/** One report per evaluator folder that exists. */
export function evaluatorReports(env: Readonly<Record<string, string | undefined>>, uid: number | null = typeof process.getuid === 'function' ? process.getuid() : null): HostReport[] {
  if (uid === null) return [];
  const out: HostReport[] = [];
  for (const dir of evaluatorFolders(env, uid)) {
    const checks = folderChecks(dir, uid);
    if (checks) out.push({ host: 'evaluator', scope: dir, checks });
  }
  return out;
}
