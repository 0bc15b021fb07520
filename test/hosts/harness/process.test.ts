// The child-process runner the host runners share: bounded, stdin closed, exact environment.
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runProcess, withOverrides } from './process';

const node = process.execPath;

describe('runProcess', () => {
  it('stops a child that runs past its timeout and says so', async () => {
    const r = await runProcess({ command: node, args: ['-e', 'setInterval(() => {}, 1000)'], cwd: process.cwd(), env: {}, timeoutMs: 300 });
    expect(r.timedOut).toBe(true);
    expect(r.signal).toBe('SIGTERM');
    expect(r.code).toBeNull();
    expect(r.durationMs).toBeLessThan(5_000);
  });

  it('gives the child a closed stdin, so a host that reads stdin to EOF does not wait', async () => {
    const script = "let n = 0; process.stdin.on('data', (d) => (n += d.length)); process.stdin.on('end', () => console.log('eof', n));";
    const r = await runProcess({ command: node, args: ['-e', script], cwd: process.cwd(), env: {}, timeoutMs: 10_000 });
    expect(r).toMatchObject({ code: 0, timedOut: false, stdout: 'eof 0\n' });
  });

  it('passes exactly the given environment and captures stdout, stderr and the exit code', async () => {
    const r = await runProcess({
      command: node,
      args: ['-e', 'console.log(JSON.stringify(process.env)); console.error("to stderr"); process.exit(3)'],
      cwd: process.cwd(),
      env: { ONLY_THIS: 'yes' },
      timeoutMs: 10_000,
    });
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout)).toEqual({ ONLY_THIS: 'yes' });
    expect(r.stderr).toBe('to stderr\n');
  });

  it('reports a command that cannot start instead of throwing', async () => {
    const r = await runProcess({ command: '/nonexistent/host-cli', args: [], cwd: process.cwd(), env: {}, timeoutMs: 5_000 });
    expect(r.code).toBeNull();
    expect(r.stderr).toContain('spawn failed');
  });
});

describe('withOverrides', () => {
  it('sets, replaces and removes (undefined) variables', () => {
    expect(withOverrides({ A: '1', B: '2' }, { B: '3', C: '4', A: undefined })).toEqual({ B: '3', C: '4' });
  });
});

describe('makeRunDir', () => {
  it('puts unnamed runs in one per-process folder and removes it when the process exits', async () => {
    const script = `
      const { makeRunDir } = await import(${JSON.stringify(new URL('./process.ts', import.meta.url).pathname)});
      const a = makeRunDir('claude'); const b = makeRunDir('codex');
      console.log(JSON.stringify({ a, b }));`;
    const bun = new URL('../../../node_modules/.bin/bun', import.meta.url).pathname;
    const r = await runProcess({ command: bun, args: ['-e', script], cwd: process.cwd(), env: { PATH: process.env.PATH ?? '' }, timeoutMs: 20_000 });
    expect(r.code).toBe(0);
    const { a, b } = JSON.parse(r.stdout) as { a: string; b: string };
    expect(dirname(a)).toBe(dirname(b));
    expect(a).toMatch(/stopline-host-runs-[^/]+\/claude-/);
    expect(existsSync(dirname(a))).toBe(false);
  });
});
