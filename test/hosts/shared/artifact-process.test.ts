/**
 * The shipped hook scripts as processes (node dist/<host>/stopline.mjs): the bounds of the
 * shared runner hold for real pipes, and stdout carries nothing but host JSON.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PART_START } from '../../../hosts/shared/evaluator/load';
import { requireArtifact } from './real-host';

const scratch = mkdtempSync(join(tmpdir(), 'stopline-artifact-process-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Start the script; `feed` writes stdin and may leave it open. */
function run(script: string, feed: (stdin: NodeJS.WritableStream) => void, env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const home = join(scratch, 'home');
    const child = spawn(process.execPath, [script], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_DATA_HOME: join(home, '.local', 'share'), ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.stdin.on('error', () => {}); // the script may stop reading: that is its right
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), ms: Date.now() - started }));
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('close', () => clearTimeout(killer));
    feed(child.stdin);
  });
}

describe.each(['claude', 'codex'] as const)('dist/%s/stopline.mjs as a process', (host) => {
  const script = requireArtifact(host, 'stopline.mjs');
  const payload = readFileSync(join(__dirname, '..', '..', 'fixtures', host, host === 'claude' ? 'PreToolUse-Write.json' : 'PreToolUse-apply_patch.json'), 'utf8');

  it('its decision code missing (a damaged install): open by default with one stderr line; STOPLINE_FAIL_OPEN=0 stops with the GUARD_UNAVAILABLE stamp and exit 2', async () => {
    const text = readFileSync(script, 'utf8');
    expect(text.indexOf(PART_START)).toBeGreaterThan(0);
    const firstPartOnly = join(scratch, `${host}-first-part-only.mjs`);
    writeFileSync(firstPartOnly, `${text.slice(0, text.indexOf(PART_START))}\n`);
    const open = await run(firstPartOnly, (stdin) => stdin.end(payload), { STOPLINE_EVALUATOR: '0' });
    expect([open.code, open.stdout]).toEqual([0, '']);
    expect(open.stderr.trim().split('\n')).toEqual([expect.stringMatching(/carries no decision code.*; failing open$/)]);
    const closed = await run(firstPartOnly, (stdin) => stdin.end(payload), { STOPLINE_EVALUATOR: '0', STOPLINE_FAIL_OPEN: '0' });
    expect([closed.code, closed.stdout]).toEqual([2, '']);
    expect(closed.stderr).toMatch(/^STOP \/ CONTROL\n/);
    expect(closed.stderr).toContain('Reason: GUARD_UNAVAILABLE (C)');
    expect(closed.stderr.trim().split('\n').pop()).toMatch(/carries no decision code.*; failing closed$/);
  });

  it('stdin that never closes: fail open answers within the bound with one stderr line', async () => {
    const r = await run(script, (stdin) => stdin.write(payload));
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('did not end within 3000 ms; failing open');
    expect(r.ms).toBeLessThan(10_000);
  }, 30_000);

  it('stdin that never closes: fail closed denies (exit 2, stamp on stderr)', async () => {
    const r = await run(script, (stdin) => stdin.write(payload), { STOPLINE_FAIL_OPEN: '0' });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('GUARD_UNAVAILABLE');
  }, 30_000);

  it('input above 8 MiB is refused without reading it all', async () => {
    const r = await run(script, (stdin) => {
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      for (let i = 0; i < 9; i++) stdin.write(chunk);
      stdin.end();
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('hook input larger than 8 MiB refused; failing open');
  }, 30_000);

  it('a large but legal payload (a 2 MiB Write) is read whole and answered', async () => {
    const big = JSON.parse(payload) as Record<string, unknown>;
    if (host === 'claude') (big.tool_input as Record<string, unknown>).content = 'x'.repeat(2 * 1024 * 1024);
    else (big.tool_input as Record<string, unknown>).command = `*** Begin Patch\n*** Add File: big.txt\n+${'x'.repeat(2 * 1024 * 1024)}\n*** End Patch\n`;
    const r = await run(script, (stdin) => stdin.end(JSON.stringify(big)));
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('');
  }, 30_000);

  it('several JSON documents are not one payload: fail mode, nothing on stdout', async () => {
    const r = await run(script, (stdin) => stdin.end(`${payload}\n${payload}`));
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/not one JSON document.*failing open/);
  }, 30_000);
});
