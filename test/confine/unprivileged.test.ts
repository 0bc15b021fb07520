/**
 * The same sandbox for a person who is not root (most people): bubblewrap then makes a user
 * namespace, and the confined command runs with no capability at all. Run where this suite runs
 * as root with setpriv at hand (CI): the fixture is handed to `nobody`, and the confined command
 * runs as `nobody`. Elsewhere it is skipped with the reason.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { confineCommand } from '../../core/confine/confine';
import { probeSandbox } from '../../core/confine/probe';
import { freshContract } from '../../core/contract/types';
import { REPO, dropWorld, makeWorld } from './world';

const NOBODY = 65534;
const canDrop = process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v setpriv'], { stdio: 'ignore' }).status === 0;

/** Whether every folder from / down to `dir` lets others pass through (nobody must reach the fixture). */
function othersCanReach(dir: string): boolean {
  for (let d = dir; ; d = dirname(d)) {
    if ((statSync(d).mode & 0o001) === 0) return false;
    if (dirname(d) === d) return true;
  }
}

/**
 * A base nobody can reach: the repository's .tmp/ when its folders let others through, else a
 * folder of its own under /var/lib (a clone in a 0700 folder, as `mktemp -d` makes); neither is a
 * temp folder, which the sandbox would leave writable.
 */
function reachableBase(): { base: string; drop: () => void } {
  const inRepo = join(REPO, '.tmp');
  mkdirSync(inRepo, { recursive: true });
  if (othersCanReach(inRepo)) return { base: inRepo, drop: () => {} };
  const own = mkdtempSync('/var/lib/stopline-unprivileged-');
  chmodSync(own, 0o711);
  return { base: own, drop: () => rmSync(own, { recursive: true, force: true }) };
}

function chownTree(p: string): void {
  chownSync(p, NOBODY, NOBODY);
  if (statSync(p).isDirectory()) for (const n of readdirSync(p)) chownTree(join(p, n));
}

describe('an unprivileged user', () => {
  it.skipIf(!canDrop)('writes the files= entry, not the file beside it, nor HOME, with no capability (needs root and setpriv to become nobody)', () => {
    const place = reachableBase();
    const w = makeWorld(place.base);
    try {
      chownTree(w.root);
      const probe = probeSandbox(w.env);
      if (!probe.ok) throw new Error(probe.why);
      const contract = { ...freshContract(), mode: 'change' as const, level: 'guard' as const, files: ['src/allowed.ts'], source: 'directive' as const, revision: 1 };
      const script = [
        "const fs = require('fs');",
        "const t = (p) => { try { fs.writeFileSync(p, 'X'); return 'written'; } catch (e) { return e.code; } };",
        "console.log('allowed', t('src/allowed.ts'));",
        "console.log('other', t('src/other.ts'));",
        `console.log('home', t(${JSON.stringify(join(w.home, 'canary.txt'))}));`,
        "console.log('caps', fs.readFileSync('/proc/self/status', 'utf8').match(/CapEff:\\s*(\\w+)/)[1]);",
        "console.log('uid', process.getuid());",
      ].join(' ');
      const r = confineCommand({
        command: `node -e ${JSON.stringify(script)}`,
        contract,
        project: w.proj,
        env: w.env,
        home: w.home,
        uid: NOBODY,
        protectedPaths: [],
        now: Date.now(),
        configOn: true,
        // the sandbox as nobody will start it: no root, so no capability handling
        sandbox: { ...probe, tools: { ...probe.tools, root: false } },
      });
      if (!r.ok) throw new Error(r.why);
      const run = spawnSync('setpriv', [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', 'bash', '-c', r.command], { cwd: w.proj, env: w.env as NodeJS.ProcessEnv, encoding: 'utf8' });
      expect(run.stderr).not.toMatch(/^bwrap:/m);
      expect(run.stdout).toContain('allowed written');
      expect(run.stdout).toContain('other EROFS');
      expect(run.stdout).toContain('home EROFS');
      expect(run.stdout).toContain('caps 0000000000000000');
      expect(run.stdout).toContain(`uid ${NOBODY}`);
      expect(readFileSync(join(w.proj, 'src', 'other.ts'), 'utf8')).toBe('other\n');
    } finally {
      dropWorld(w);
      place.drop();
    }
  });
});
