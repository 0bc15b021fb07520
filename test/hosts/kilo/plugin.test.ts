/**
 * The built dist/opencode/stopline.js under Bun (Kilo's runtime, as OpenCode's) with the fake
 * OpenCode host of test/hosts/opencode/bun-host.ts: when KILO_PID holds the process's own id, as
 * Kilo sets it for itself, the plugin speaks as Kilo (the evidence says kilo); a KILO_PID inherited
 * from another process (OpenCode started from Kilo's terminal) leaves it OpenCode. The lines the
 * plugin writes for the person name the same host.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../harness';
import { readEvidence, requireArtifact } from '../shared/real-host';

const BUN = join(repoRoot, 'node_modules', '.bin', 'bun');
const HOST = join(repoRoot, 'test', 'hosts', 'opencode', 'bun-host.ts');
const ROOT = 'ses_root000000000000000001';

/** The write of a review session; `ownPid`: KILO_PID is set to the Bun process's own id (exec keeps the shell's pid). */
function hostOfWrite(kiloPid: 'own' | 'other' | 'none'): { threw?: string; hosts: unknown[]; labels: string[] } {
  const work = mkdtempSync(join(tmpdir(), 'stopline-kilo-bun-'));
  try {
    const home = join(work, 'home');
    const project = join(work, 'project');
    mkdirSync(home, { recursive: true });
    mkdirSync(project, { recursive: true });
    const steps = [
      { session: { id: ROOT } },
      { say: { session: ROOT, text: '$stopline review -- look', agent: 'code' } },
      { before: { session: ROOT, tool: 'write', args: { filePath: 'new.txt', content: 'x' }, callID: 'call_w' } },
    ];
    const set = kiloPid === 'own' ? 'export KILO_PID=$$; ' : kiloPid === 'other' ? 'export KILO_PID=1; ' : '';
    const r = spawnSync('sh', ['-c', `${set}exec "$0" "$@"`, BUN, HOST, requireArtifact('opencode', 'stopline.js'), project], {
      input: JSON.stringify({ steps }),
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, XDG_DATA_HOME: join(home, '.local', 'share'), XDG_CONFIG_HOME: join(home, '.config'), XDG_STATE_HOME: join(home, '.local', 'state'), KILO: '1', STOPLINE_DASHBOARD: 'off' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(r.status, r.stderr).toBe(0);
    const answer = JSON.parse(r.stdout) as { results: { threw?: string }[] };
    const checks = readEvidence(join(home, '.local', 'share', 'stopline')).filter((e) => e.type === 'check');
    // every stderr line of the plugin starts with its label (`stopline (<host>): …`)
    const labels = [...new Set(r.stderr.split('\n').flatMap((l) => l.match(/^stopline \([^)]*\)/) ?? []))];
    return { ...(answer.results[2]?.threw ? { threw: answer.results[2].threw } : {}), hosts: checks.map((e) => (e as { host?: unknown }).host), labels };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

describe('dist/opencode/stopline.js under Bun: which host loaded it', () => {
  it('KILO_PID = its own process id: the write is stopped, the evidence says kilo, the log lines name Kilo', () => {
    const a = hostOfWrite('own');
    expect(a.threw).toMatch(/^STOP \/[\s\S]*MODE_FORBIDS_MUTATION/);
    expect(a.hosts).toEqual(['kilo']);
    // the contract's confirmation is one such line
    expect(a.labels).toEqual(['stopline (kilo)']);
  });

  it('KILO_PID of another process, or none: the same stop, and the evidence says opencode', () => {
    for (const pid of ['other', 'none'] as const) {
      const a = hostOfWrite(pid);
      expect(a.threw, pid).toMatch(/MODE_FORBIDS_MUTATION/);
      expect(a.hosts, pid).toEqual(['opencode']);
      expect(a.labels, pid).toEqual(['stopline (opencode)']);
    }
  });
});
