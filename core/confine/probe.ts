/**
 * Can a sandbox start here? Finds bubblewrap and bash on PATH and starts one empty sandbox with
 * the same options a confined command gets (a fresh PID namespace and /proc is what some
 * containers refuse). The answer is kept for a while per process: a resident evaluator asks once,
 * a hook process once per event that needs it.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { posix } from 'node:path';
import { childProcessModule } from '../lazy-builtins';
import { bwrapArgs } from './bwrap';
import type { SandboxTools } from './bwrap';

type Env = Readonly<Record<string, string | undefined>>;

export type SandboxProbe = { ok: true; tools: SandboxTools; version: string } | { ok: false; why: string; fix: string };

/** How long an answer is kept (a package installed or removed meanwhile is seen after this). */
const PROBE_TTL_MS = 10 * 60 * 1000;
const PROBE_TIMEOUT_MS = 5000;

function onPath(name: string, env: Env): string | null {
  for (const dir of (env.PATH ?? '/usr/local/bin:/usr/bin:/bin').split(':')) {
    if (!dir.startsWith('/')) continue;
    const p = posix.join(dir, name);
    try {
      accessSync(p, constants.X_OK);
      if (statSync(p).isFile()) return p;
    } catch {
      // not here
    }
  }
  return null;
}

const INSTALL = 'install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap)';

/** Look, and start one empty sandbox; never throws. */
export function probeSandbox(env: Env, platform: string = process.platform): SandboxProbe {
  if (platform === 'darwin') return { ok: false, why: 'macOS: the sandbox-exec profile is generated but not yet verified on a Mac, so commands are not confined there', fix: 'none yet' };
  if (platform !== 'linux') return { ok: false, why: `no sandbox stopline can start on ${platform}`, fix: 'none' };
  const bwrap = onPath('bwrap', env);
  if (!bwrap) return { ok: false, why: 'bubblewrap (bwrap) is not installed', fix: INSTALL };
  const bash = onPath('bash', env);
  if (!bash) return { ok: false, why: 'bash is not installed', fix: 'install bash' };
  const empty = { root: 'ro' as const, mounts: [], prepare: [], unguarded: [], absent: [], counts: { writable: 0, readOnly: 0, hidden: 0, blocked: 0 } };
  const root = process.getuid?.() === 0;
  const r = childProcessModule().spawnSync(bwrap, [...bwrapArgs(empty, root), bash, '-c', 'exit 0'], { encoding: 'utf8', timeout: PROBE_TIMEOUT_MS, stdio: ['ignore', 'ignore', 'pipe'] });
  if (r.error || r.status !== 0) {
    const said = (r.stderr ?? '').trim().split('\n')[0]?.slice(0, 160) || (r.error ? String((r.error as NodeJS.ErrnoException).code ?? r.error.message) : `exit ${r.status}`);
    const userns = /uid map|user namespace|Operation not permitted|setting up|No permissions/i.test(said);
    return {
      ok: false,
      why: `bubblewrap cannot start a sandbox here (${said})`,
      fix: userns ? 'allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1; on Ubuntu 24.04 an AppArmor profile for bwrap), or run outside this container' : 'run `bwrap --ro-bind / / true` to see why',
    };
  }
  const v = childProcessModule().spawnSync(bwrap, ['--version'], { encoding: 'utf8', timeout: PROBE_TIMEOUT_MS });
  return { ok: true, tools: { bwrap, bash, root }, version: (v.stdout ?? '').trim() || 'bubblewrap' };
}

let kept: { key: string; at: number; probe: SandboxProbe } | undefined;

/** probeSandbox, kept PROBE_TTL_MS per PATH in this process. */
export function sandboxHere(env: Env, now: number): SandboxProbe {
  const key = env.PATH ?? '';
  if (kept && kept.key === key && now - kept.at < PROBE_TTL_MS) return kept.probe;
  const probe = probeSandbox(env);
  kept = { key, at: now, probe };
  return probe;
}
