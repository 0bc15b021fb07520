/**
 * `stopline dashboard` as a person runs it: bad options and settings get one clear line and
 * exit 1; a start prints the address; a second start prints the running one's; a taken port
 * falls back to a free one; Ctrl-C (SIGTERM here) stops it and removes its record. Also the
 * choice of port and browser, and one dashboard over several data folders.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { readLabels } from '../../core/evidence/log';
import { runCli } from '../../hosts/cli/cli';
import type { CliIO } from '../../hosts/cli/commands';
import { browserBlocker } from '../../hosts/cli/dashboard/browser';
import { choosePort, startDashboard } from '../../hosts/cli/dashboard/command';
import { call } from './http';
import { seedEvidence } from './seed';

const REPO = resolve(__dirname, '../..');
const BUN = join(REPO, 'node_modules', '.bin', 'bun');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function temp(): string {
  const d = mkdtempSync(join(tmpdir(), 'stopline-dash-cmd-'));
  dirs.push(d);
  return d;
}

async function run(argv: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = {
    stdin: Readable.from([]) as unknown as CliIO['stdin'],
    stdout: { write: (s: string) => out.push(s) },
    stderr: { write: (s: string) => err.push(s) },
    env: { HOME: temp(), ...env },
    cwd: tmpdir(),
  };
  const code = await runCli(argv, io);
  return { code, stdout: out.join(''), stderr: err.join('') };
}

describe('bad input', () => {
  it.each([
    [['dashboard', '--port', 'abc'], {}, '--port must be a port number from 0 to 65535, not "abc"'],
    [['dashboard', '--port', '70000'], {}, '--port must be a port number from 0 to 65535, not "70000"'],
    [['dashboard'], { STOPLINE_DASHBOARD_PORT: 'eighty' }, 'STOPLINE_DASHBOARD_PORT must be a port number from 0 to 65535, not "eighty"'],
    [['dashboard', 'now'], {}, 'unexpected argument "now"'],
    [['dashboard', '--prot', '1'], {}, 'unknown option "--prot"; did you mean "--port"?'],
  ] as const)('%j %j', async (argv, env, message) => {
    const r = await run([...argv], env);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(message);
    expect(r.stderr.trim().split('\n').length).toBeLessThanOrEqual(2);
  });

  it('a dashboard.port that is not a port number is refused too', async () => {
    const home = temp();
    const config = join(home, 'stopline.json');
    writeFileSync(config, JSON.stringify({ dashboard: { port: '8080' } }));
    const r = await run(['dashboard'], { STOPLINE_CONFIG: config });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('dashboard.port in stopline.json must be a port number from 0 to 65535');
  });

  it('help dashboard lists its options', async () => {
    const r = await run(['help', 'dashboard']);
    expect(r.code).toBe(0);
    for (const flag of ['--port <n>', '--no-browser', '--data-dir <dir>']) expect(r.stdout).toContain(flag);
    expect((await run(['--help'])).stdout).toContain('dashboard');
  });
});

describe('choices', () => {
  it('port: --port, else STOPLINE_DASHBOARD_PORT, else dashboard.port, else 7391', () => {
    expect(choosePort('8000', { STOPLINE_DASHBOARD_PORT: '9000' }, 9100)).toEqual({ ok: true, port: 8000, from: '--port' });
    expect(choosePort(undefined, { STOPLINE_DASHBOARD_PORT: '9000' }, 9100)).toEqual({ ok: true, port: 9000, from: 'STOPLINE_DASHBOARD_PORT' });
    expect(choosePort(undefined, {}, 9100)).toEqual({ ok: true, port: 9100, from: 'dashboard.port' });
    expect(choosePort(undefined, { STOPLINE_DASHBOARD_PORT: ' ' }, undefined)).toEqual({ ok: true, port: 7391, from: 'default' });
  });

  it('browser: none with STOPLINE_NO_BROWSER=1 or without a display', () => {
    expect(browserBlocker({ STOPLINE_NO_BROWSER: '1', DISPLAY: ':0' }, 'linux')).toBe('STOPLINE_NO_BROWSER=1');
    expect(browserBlocker({}, 'linux')).toContain('no display');
    expect(browserBlocker({ WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toBeNull();
    expect(browserBlocker({ DISPLAY: ':0' }, 'freebsd')).toBeNull();
    expect(browserBlocker({}, 'darwin')).toBeNull();
    expect(browserBlocker({ STOPLINE_NO_BROWSER: '1' }, 'win32')).toBe('STOPLINE_NO_BROWSER=1');
  });
});

describe('several data folders', () => {
  it('shows every folder and writes a label into the folder of its event', async () => {
    const a = temp();
    const b = temp();
    const inA = seedEvidence(a, { sessions: 2, perSession: 40, start: Date.UTC(2026, 1, 1), stepMs: 1000 });
    const inB = seedEvidence(b, { sessions: 3, perSession: 40, start: Date.UTC(2026, 1, 2), stepMs: 1000 });
    const started = await startDashboard({ folders: [a, b], port: 0 });
    if (started.kind !== 'started') throw new Error(started.kind);
    try {
      const s = (await call(started.port, '/api/summary')).json;
      expect(s.totals.records).toBe(inA.records + inB.records);
      expect(s.totals.checks).toBe(inA.checks + inB.checks);
      expect(s.folders).toEqual([a, b]);
      const newest = (await call(started.port, '/api/events?size=1')).json.rows[0].id;
      expect(newest).toBe(inB.newest.eventId);
      const page = await call(started.port, '/');
      const token = /content="([0-9a-f]{48})"/.exec(page.text)![1]!;
      const r = await call(started.port, '/api/labels', { method: 'POST', headers: { 'content-type': 'application/json', 'x-stopline-token': token }, body: JSON.stringify({ eventId: newest, label: 'correct' }) });
      expect(r.json).toMatchObject({ label: 'correct', folder: b });
      expect(readLabels(b).records.map((l) => l.eventId)).toEqual([newest]);
      expect(existsSync(join(a, 'labels.jsonl'))).toBe(false);
    } finally {
      await started.close();
    }
  });
});

describe.skipIf(!existsSync(BUN))('a real process', () => {
  function startCli(home: string, args: string[]): { lines: Promise<string>; exit: Promise<number | null>; pid: number } {
    const child = spawn(BUN, [join(REPO, 'hosts', 'cli', 'main.ts'), 'dashboard', '--no-browser', ...args], { env: { PATH: process.env.PATH ?? '', HOME: home, STOPLINE_HOME: join(home, 'data') }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const lines = new Promise<string>((done) => {
      child.stdout.on('data', (c) => {
        out += c;
        if (out.includes('Ctrl-C stops it.') || out.includes('already running')) done(out);
      });
      child.on('close', () => done(out));
    });
    const exit = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
    return { lines, exit, pid: child.pid! };
  }

  it('prints its address, a second start prints the same, a taken port falls back, SIGTERM stops it', async () => {
    const home = temp();
    const blocker = createServer();
    const taken = await new Promise<number>((done) => blocker.listen(0, '127.0.0.1', () => done((blocker.address() as { port: number }).port)));
    try {
      const first = startCli(home, ['--port', String(taken)]);
      const out = await first.lines;
      const url = /stopline dashboard: (http:\/\/127\.0\.0\.1:(\d+)\/)/.exec(out);
      expect(url, out).not.toBeNull();
      expect(Number(url![2])).not.toBe(taken);
      expect(out).toContain(`(port ${taken} from --port was taken)`);
      expect(out).toContain('no browser opened: --no-browser');
      expect(out).toContain(`data folders: ${join(home, 'data')}`);

      const second = startCli(home, []);
      expect(await second.lines).toContain(`already running at ${url![1]}`);
      expect(await second.exit).toBe(0);

      process.kill(first.pid, 'SIGTERM');
      expect(await first.exit).toBe(0);
      expect(existsSync(join(home, 'data', 'dashboard', 'server.json'))).toBe(false);
    } finally {
      blocker.close();
    }
  }, 120_000);
});
