/**
 * Tamper and bypass corpus: what the product answers to the host-level bypasses in the host
 * notes. The shell bypass corpus itself (test/corpus/shell-corpus.json) is replayed through every
 * host's shell tool here under review: a command that can change the file system is never
 * allowed. What no hook can see is listed in docs/residual-risks.md.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REGISTRIES, findToolEntry } from '../../core/registry';
import { HOST_FAMILIES } from '../../core/registry/host-specs';
import { driverFor, testSandbox } from '../scenarios/drivers';
import { RENDERERS } from '../scenarios/renderers';
import { probeSandbox } from '../../core/confine/probe';
import type { Sandbox, Seen } from '../scenarios/drivers';
import { handedBackConfined } from '../scenarios/parity';

/** A command the host runs only inside the sandbox built from the contract (inline or through its launcher script). */
const confined = (seen: Seen, box: Sandbox): boolean => seen.decision === 'allow' && handedBackConfined(seen.rewrite ?? '', box.dir);
/** Whether this machine can build the sandbox: where it cannot, an unproven command is stopped instead. */
const canConfine = (env: Record<string, string>): boolean => probeSandbox(env).ok;

const REPO = join(__dirname, '..', '..');

describe('Codex: interactive shell driven by write_stdin', () => {
  it('write_stdin fires no hook; the registry says so and classes it unknown', () => {
    expect(findToolEntry(REGISTRIES.codex, 'write_stdin')?.kind).toBe('unknown');
    expect(REGISTRIES.codex.blindSpots.join('\n')).toMatch(/write_stdin/);
  });

  it.each(['bash', 'python3', 'node', 'sh -i', 'bash --norc'])('under review, starting `%s` (whose keystrokes no hook sees) runs confined, or is stopped where no sandbox can be built', async (cmd) => {
    const box = testSandbox();
    const d = driverFor('codex', box);
    await d.prompt('$stopline review -- look');
    const seen = await d.tool({ name: 'Bash', input: { command: cmd } });
    if (canConfine(box.env)) {
      // every later keystroke reaches the program inside the sandbox: nothing it types can write the project
      expect(confined(seen, box), JSON.stringify(seen)).toBe(true);
    } else {
      expect(seen.decision).toBe('deny');
      expect(seen.stamp).toContain('MUTABILITY_UNPROVEN');
    }
  });

  it('with confinement switched off, an interactive shell under review or files= is stopped', async () => {
    const box = testSandbox();
    box.env.STOPLINE_CONFINE = '0';
    const d = driverFor('codex', box);
    await d.prompt('$stopline review -- look');
    expect((await d.tool({ name: 'Bash', input: { command: 'bash' } })).stamp).toContain('MUTABILITY_UNPROVEN');
    await d.prompt('$stopline change files=src/** -- edit');
    expect((await d.tool({ name: 'Bash', input: { command: 'bash' } })).stamp).toContain('WRITE_PATH_UNPROVEN');
  });
});

describe('Codex: apply_patch through the shell (a heredoc to exec_command, no apply_patch hook)', () => {
  const heredoc = (file: string) => `apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: ${file}\n+hello\n*** End Patch\nEOF`;
  it.each([
    ['README.md', 'deny', 'PATH_OUTSIDE_CONTRACT'],
    ['src/ok.ts', 'allow', undefined],
  ] as const)('files=src/**: a heredoc patch adding %s -> %s', async (file, decision, reason) => {
    const box = testSandbox();
    const d = driverFor('codex', box);
    await d.prompt('$stopline change files=src/** -- edit');
    const seen = await d.tool({ name: 'Bash', input: { command: heredoc(file) } });
    expect(seen.decision).toBe(decision);
    if (reason) expect(seen.stamp).toContain(reason);
  });

  it('review: a heredoc patch is a write', async () => {
    const box = testSandbox();
    const d = driverFor('codex', box);
    await d.prompt('$stopline review -- look');
    expect((await d.tool({ name: 'Bash', input: { command: heredoc('src/x.ts') } })).decision).toBe('deny');
  });
});

describe('OpenCode: stray exports', () => {
  it('the plugin entry exports one default object {id, server, setup} and nothing else (any other export makes OpenCode 1.x skip the file silently; 2.x reads only the default)', async () => {
    const mod = (await import('../../hosts/opencode/plugin')) as Record<string, unknown>;
    expect(Object.keys(mod)).toEqual(['default']);
    const plugin = mod.default as Record<string, unknown>;
    expect(Object.keys(plugin).sort()).toEqual(['id', 'server', 'setup']);
    expect([typeof plugin.id, typeof plugin.server, typeof plugin.setup]).toEqual(['string', 'function', 'function']);
  });
  it('doctor reports an installed plugin file with a stray export (test/cli/doctor.test.ts)', () => {
    expect(readFileSync(join(REPO, 'test', 'cli', 'doctor.test.ts'), 'utf8')).toContain('which is not a plugin');
  });
});

describe('Pi: untrusted project extensions', () => {
  it('the registry lists it as a blind spot and doctor checks that Pi is not only in an untrusted project', () => {
    expect(REGISTRIES.pi.blindSpots.join('\n')).toMatch(/untrusted|trusted/);
    // the product's answer is doctor's would-run check (hosts/pi/doctor.ts, tested in test/cli/doctor.test.ts)
    expect(readFileSync(join(REPO, 'hosts', 'pi', 'doctor.ts'), 'utf8')).toMatch(/skips a project's \.pi\/extensions unless the project is trusted/);
  });
});

interface CorpusCase {
  cmd: string;
  mutates: boolean;
}

describe('the shell bypass corpus under review, through every host shell tool (stopped, or run only inside the sandbox)', () => {
  const cases = (JSON.parse(readFileSync(join(REPO, 'test', 'corpus', 'shell-corpus.json'), 'utf8')) as { cases: CorpusCase[] }).cases.filter((c) => c.mutates);
  it.each(HOST_FAMILIES)('%s: no command that can change the file system is allowed', async (host) => {
    const box = testSandbox();
    const d = driverFor(host, box);
    await d.prompt('$stopline review -- look');
    const allowed: string[] = [];
    for (const c of cases) {
      const t = RENDERERS[host]({ op: 'shell', command: c.cmd }, { project: box.project, home: box.home })!;
      const seen = await d.tool(t);
      if (seen.decision === 'allow' && !confined(seen, box)) allowed.push(c.cmd);
    }
    expect(cases.length).toBeGreaterThan(20);
    expect(allowed).toEqual([]);
  }, 300_000);
});
