/**
 * Every path an install writes is one an armed contract protects. The real planners run
 * (`stopline install <host>` in-process, the shipped dist) into throwaway homes, once with every
 * host at its default place and once with every variable that moves a host's folder set, for
 * each scope a host supports; every file or folder the run created or changed must be denied to
 * a plain Write under an `open` contract with GUARD_SELF_PROTECTION, judged with the table the
 * hook builds from the same environment (core/paths/self-paths.ts). A planner that starts writing
 * somewhere new fails here until the table covers it.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decide } from '../../core/contract/decide';
import { freshContract } from '../../core/contract/types';
import type { Action } from '../../core/protocol';
import { selfPaths } from '../../core/paths/self-paths';
import { resolveDataDir } from '../../core/state/datadir';
import { HOSTS } from '../../hosts/cli/install/locations';
import { PLANNERS } from '../../hosts/cli/install/command';
import { cleanupTempDirs, isBackup, makeHome, snapshot, stopline, type Entry, type Home } from '../cli/install/helpers';
import { DIST } from '../hosts/shared/real-host';

afterAll(cleanupTempDirs);

const OPEN = { ...freshContract(), mode: 'open' as const, level: 'guard' as const };

/** The home's environment with every host at its default place, or with every host moved. */
function homeEnv(h: Home, moved: boolean): Record<string, string> {
  const base = { HOME: h.home, PATH: process.env.PATH ?? '/usr/bin:/bin', NO_COLOR: '1', STOPLINE_NO_DASHBOARD: '1' };
  if (!moved) return base;
  const at = (name: string) => join(h.root, 'moved', name);
  return {
    ...base,
    CLAUDE_CONFIG_DIR: at('claude'),
    CODEX_HOME: at('codex'),
    XDG_CONFIG_HOME: at('xdg-config'),
    XDG_DATA_HOME: at('xdg-data'),
    HERMES_HOME: at('hermes'),
    PI_CODING_AGENT_DIR: at('pi'),
    GEMINI_CLI_HOME: at('gemini-home'),
    QWEN_HOME: at('qwen'),
    COPILOT_HOME: at('copilot'),
    FACTORY_HOME_OVERRIDE: at('factory-home'),
  };
}

/** Paths under `root` that are new or changed between two snapshots (backups of the person's files aside). */
function written(root: string, before: Map<string, Entry>, after: Map<string, Entry>): string[] {
  const out: string[] = [];
  for (const [rel, e] of after) {
    if (isBackup(rel)) continue;
    const b = before.get(rel);
    if (!b || b.type !== e.type || b.content !== e.content || b.target !== e.target) out.push(join(root, rel));
  }
  return out;
}

/** What a plain Write of `path` gets under an armed `open` contract, judged as the hook judges it. */
function verdict(path: string, env: Record<string, string>, project: string): string {
  const dataDir = resolveDataDir(env);
  const ctx = { selfPaths: selfPaths({ env, dataDir, projectDir: project, uid: process.getuid?.() ?? null }), home: env.HOME!, cwd: project };
  const action: Action = { name: 'Write', mutability: 'write', affectedPaths: [path], cwd: project, dependencyIntent: false, hashIntent: false, delegationCount: 0, unboundedDelegation: false };
  return decide(OPEN, action, ctx).reasonCode;
}

describe('every path an install plan writes is protected', () => {
  it('the shipped dist is there to install from', () => {
    expect(existsSync(join(DIST, 'stopline.mjs')), 'run npm run build').toBe(true);
  });

  for (const host of HOSTS) {
    for (const scope of ['user', 'project'] as const) {
      if (PLANNERS[host].unsupportedScope(scope)) continue;
      for (const moved of [false, true]) {
        it(`${host}, ${scope} scope, ${moved ? 'every folder moved by its variable' : 'default folders'}`, async () => {
          const h = makeHome();
          const env = homeEnv(h, moved);
          for (const v of Object.values(env)) if (v.startsWith(h.root)) mkdirSync(v, { recursive: true });
          const before = snapshot(h.root);
          const r = await stopline(['install', host, '--scope', scope, '--runtime', 'node', '--fail', 'closed', '--after-evidence', '--from', DIST], { env, project: h.project });
          expect(r.code).toBe(0);
          // a project install says what its host needs before it runs project hooks: a warning, not a failure
          expect(r.stderr.split('\n').filter((l) => l !== '' && !l.startsWith('stopline: warning'))).toEqual([]);
          const paths = written(h.root, before, snapshot(h.root));
          expect(paths.length).toBeGreaterThan(0);
          const open = paths.filter((p) => verdict(p, env, h.project) !== 'GUARD_SELF_PROTECTION').map((p) => relative(h.root, p));
          expect(open).toEqual([]);
        });
      }
    }
  }
});
