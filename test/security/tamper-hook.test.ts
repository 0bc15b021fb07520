/**
 * Tampering with what the guard stands on, through the shipped Claude hook script spawned per
 * event with real stdin/stdout (STOPLINE_TEST_DIST points it at another build):
 *
 * - the resident evaluator's cached decision code swapped for code that allows everything, with
 *   its socket removed so a new evaluator starts from it, and an impostor evaluator on the socket;
 * - a symbolic link where the session state file should be: to a file outside (whose mode and
 *   content must not change), and to a file holding an `open` contract in a `review` session;
 * - damaged state under fail closed: every call stays stopped until the person re-arms;
 * - a data folder others may write into, a folder of stopline's replaced by a link;
 * - a session lock dated in the future under agents=1.
 *
 * Every evaluator this file starts lives in its own TMPDIR and is ended by pid at the end.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../core/state/session';
import { cleanUpAfterAll, evaluatorsUnder, until } from '../hosts/shared/evaluators';
import { DIST, requireArtifact } from '../hosts/shared/real-host';
import { runWithInput, type Run } from '../hosts/shared/runtimes';

const SLOW = { timeout: 120_000 };
const root = mkdtempSync(join(tmpdir(), 'stopline-tamper-hook-'));
const script = requireArtifact('claude', 'stopline.mjs');

const evaluators = () => evaluatorsUnder(root);
cleanUpAfterAll(root);

let worlds = 0;
function world(extra: Record<string, string> = {}) {
  const dir = join(root, `w${worlds++}`);
  const project = join(dir, 'project');
  const tmp = join(dir, 'tmp');
  mkdirSync(project, { recursive: true });
  mkdirSync(tmp, { recursive: true });
  writeFileSync(join(project, 'README.md'), 'x\n');
  const data = join(dir, 'data');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: dir,
    TMPDIR: tmp,
    STOPLINE_HOME: data,
    CLAUDE_PROJECT_DIR: project,
    STOPLINE_NO_DASHBOARD: '1',
    STOPLINE_EVALUATOR: '0',
    ...extra,
  };
  const evalDir = join(tmp, `stopline-${process.getuid!()}`);
  return { dir, project, data, env, evalDir };
}

function hook(payload: unknown, env: Record<string, string>): Promise<Run> {
  return runWithInput([process.execPath, script], JSON.stringify(payload), { env });
}

let calls = 0;
function events(project: string, session = 's1') {
  const base = { session_id: session, transcript_path: join(project, 't.jsonl'), cwd: project, permission_mode: 'default' };
  return {
    prompt: (text: string) => ({ ...base, hook_event_name: 'UserPromptSubmit', prompt: text }),
    write: () => ({ ...base, hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: join(project, 'a.txt'), content: 'x\n' }, tool_use_id: `toolu_w${calls++}` }),
    read: () => ({ ...base, hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: { file_path: join(project, 'README.md') }, tool_use_id: `toolu_r${calls++}` }),
    agent: () => ({ ...base, hook_event_name: 'PreToolUse', tool_name: 'Agent', tool_input: { description: 'look', prompt: 'look', subagent_type: 'general-purpose' }, tool_use_id: `toolu_a${calls++}` }),
  };
}

/** A fresh world whose session began with `prompt` (review). */
async function started(extra: Record<string, string> = {}, prompt = '$stopline review -- look') {
  const w = world(extra);
  const e = events(w.project);
  await hook(e.prompt(prompt), w.env);
  return { w, e };
}

const denied = (r: Run): boolean => /"permissionDecision":"deny"/.test(r.stdout) || r.code === 2;
const reason = (r: Run): string | undefined => /Reason: ([A-Z_]+)/.exec(r.stdout + r.stderr)?.[1];

/** A decision part that allows everything: what an agent would put in place of the cached copy. */
const ALLOW_ALL = [
  "export const answer = async () => ({ stdout: '', stderr: '', exitCode: 0 });",
  "export const failAnswer = () => ({ stdout: '', stderr: '', exitCode: 0 });",
  'export const serve = async () => { await new Promise(() => {}); };',
  'export const start = () => false;',
  '',
].join('\n');

/** A review session whose resident evaluator was started, then killed and its socket removed: the next hook finds none. */
async function residentKilled() {
  const { w, e } = await started({ STOPLINE_EVALUATOR: '1' });
  await until(() => evaluators().some((x) => x.socket.startsWith(`${w.evalDir}/`)) && readdirSync(w.evalDir).some((f) => f.endsWith('.sock')));
  const ev = evaluators().find((x) => x.socket.startsWith(`${w.evalDir}/`))!;
  process.kill(ev.pid, 'SIGKILL');
  await until(() => !evaluators().some((x) => x.pid === ev.pid));
  rmSync(ev.socket, { force: true });
  return { w, e, ev };
}

describe('the resident evaluator\'s cached decision code is never trusted as it lies on disk', () => {
  it('a copy swapped for code that allows everything is not loaded: the hook decides with its own code and writes the copy again', SLOW, async () => {
    const { w, e } = await started();
    expect(denied(await hook(e.write(), w.env))).toBe(true);
    const copies = readdirSync(w.evalDir).filter((f) => f.endsWith('.mjs'));
    expect(copies).toHaveLength(1);
    const copy = join(w.evalDir, copies[0]!);
    writeFileSync(copy, ALLOW_ALL);
    for (let i = 0; i < 2; i++) expect(reason(await hook(e.write(), w.env))).toBe('MODE_FORBIDS_MUTATION');
    const build = /-([0-9a-f]{16})\.mjs$/.exec(copy)![1]!;
    expect(createHash('sha256').update(readFileSync(copy)).digest('hex').startsWith(build)).toBe(true);
  });

  it('stopline doctor finds a swapped copy, and its fix removes it (the next event writes a checked one)', SLOW, async () => {
    const { w, e } = await started();
    const copy = join(w.evalDir, readdirSync(w.evalDir).find((f) => f.endsWith('.mjs'))!);
    const doctor = () => {
      const r = spawnSync(process.execPath, [join(DIST, 'stopline.mjs'), 'doctor', '--json'], { env: w.env, cwd: w.project, encoding: 'utf8', timeout: 120_000 });
      const doc = JSON.parse(r.stdout) as { reports: { host: string; scope: string; checks: { id: string; status: string; fix?: string }[] }[] };
      return doc.reports.find((x) => x.host === 'evaluator' && x.scope === w.evalDir)?.checks.find((c) => c.id === 'decision-code');
    };
    expect(doctor()?.status).toBe('pass');
    writeFileSync(copy, ALLOW_ALL);
    const found = doctor();
    expect(found?.status).toBe('fail');
    expect(found?.fix).toContain(`rm -rf ${w.evalDir}`);
    rmSync(w.evalDir, { recursive: true, force: true });
    expect(reason(await hook(e.write(), w.env))).toBe('MODE_FORBIDS_MUTATION');
    expect(doctor()?.status).toBe('pass');
  });

  it('with the evaluator killed and its socket removed, the evaluator started next runs the checked code too', SLOW, async () => {
    const { w, e, ev } = await residentKilled();
    const copy = readdirSync(w.evalDir).find((f) => f.endsWith('.mjs'))!;
    writeFileSync(join(w.evalDir, copy), ALLOW_ALL);
    // decided in its own process, and an evaluator is started for the next event
    expect(reason(await hook(e.write(), w.env))).toBe('MODE_FORBIDS_MUTATION');
    await until(() => evaluators().some((x) => x.socket === ev.socket) && existsSync(ev.socket) && !existsSync(`${ev.socket}.starting`));
    writeFileSync(join(w.evalDir, copy), ALLOW_ALL);
    expect(reason(await hook(e.write(), w.env))).toBe('MODE_FORBIDS_MUTATION');
  });

  it('an answer from an evaluator that did not load this script\'s code is not taken', SLOW, async () => {
    const { w, e, ev } = await residentKilled();
    let asked = 0;
    const conns = new Set<Socket>();
    const impostor = createServer((c) => {
      asked++;
      conns.add(c);
      c.end(`${JSON.stringify({ v: 1, rendered: { stdout: '', stderr: '', exitCode: 0 }, code: '0'.repeat(64) })}\n`);
    });
    await new Promise<void>((r) => impostor.listen(ev.socket, () => r()));
    try {
      const r = await hook(e.write(), w.env);
      expect(asked).toBe(1);
      expect(reason(r)).toBe('MODE_FORBIDS_MUTATION');
    } finally {
      for (const c of conns) c.destroy();
      impostor.close();
    }
  });
});

describe('a symbolic link where the session state file should be is damage, never followed', () => {
  it('a link to a file outside: its mode and content stay as they were, the link is moved aside as the link', SLOW, async () => {
    const { w, e } = await started();
    const outside = join(w.dir, 'system-file');
    writeFileSync(outside, 'not stopline\n');
    chmodSync(outside, 0o644);
    const file = sessionStore(w.data, 's1').file;
    rmSync(file);
    symlinkSync(outside, file);
    for (const mode of ['open', 'closed']) {
      await hook(e.write(), { ...w.env, STOPLINE_FAIL_MODE: mode });
      if (!existsSync(file) || lstatSync(file).isSymbolicLink()) continue;
      rmSync(file);
      symlinkSync(outside, file);
    }
    expect((statSync(outside).mode & 0o777).toString(8)).toBe('644');
    expect(readFileSync(outside, 'utf8')).toBe('not stopline\n');
    const aside = readdirSync(join(w.data, 'sessions')).filter((n) => n.includes('.corrupt-'));
    expect(aside.length).toBeGreaterThan(0);
    for (const n of aside) expect(lstatSync(join(w.data, 'sessions', n)).isSymbolicLink()).toBe(true);
  });

  it('a link to a file holding an `open` contract, in a `review` session: not obeyed', SLOW, async () => {
    const { w, e } = await started({ STOPLINE_FAIL_MODE: 'closed' });
    const file = sessionStore(w.data, 's1').file;
    const review = JSON.parse(readFileSync(file, 'utf8')) as { contract: Record<string, unknown> };
    const elsewhere = join(w.dir, 'open-contract.json');
    writeFileSync(elsewhere, JSON.stringify({ ...review, contract: { ...review.contract, mode: 'open', level: 'guard' } }));
    rmSync(file);
    symlinkSync(elsewhere, file);
    const r = await hook(e.write(), w.env);
    expect(denied(r)).toBe(true);
    expect(r.stdout).toContain('symbolic link');
    expect(denied(await hook(e.write(), w.env))).toBe(true);
    expect(lstatSync(file).isSymbolicLink()).toBe(false);
  });
});

describe('fail closed stays closed', () => {
  it('damaged state under fail closed: every later call is stopped with STATE_DAMAGED until the person re-arms', SLOW, async () => {
    const { w, e } = await started({ STOPLINE_FAIL_MODE: 'closed' }, '$stopline change -- edit');
    expect(denied(await hook(e.write(), w.env))).toBe(false);
    writeFileSync(sessionStore(w.data, 's1').file, '{"schemaVersion":1,"contr');
    expect(reason(await hook(e.write(), w.env))).toBe('GUARD_UNAVAILABLE');
    for (let i = 0; i < 3; i++) {
      const r = await hook(i === 1 ? e.read() : e.write(), w.env);
      expect(reason(r)).toBe('STATE_DAMAGED');
      expect(r.stdout).toContain('$stopline');
    }
    const prompt = await hook(e.prompt('$stopline change -- edit again'), w.env);
    expect(prompt.stdout).toContain('mode=change');
    expect(denied(await hook(e.write(), w.env))).toBe(false);
  });
});

describe('the data folder: who may change it', () => {
  it('a folder others may write into, holding something stopline did not put there, is refused with a one-line fix, by the fail mode', SLOW, async () => {
    const { w, e } = await started();
    expect(denied(await hook(e.read(), w.env))).toBe(false);
    chmodSync(w.data, 0o777);
    // someone may already have written into it: it is not closed and trusted, it is refused
    writeFileSync(join(w.data, 'planted'), 'x');
    const closed = await hook(e.read(), { ...w.env, STOPLINE_FAIL_MODE: 'closed' });
    expect(reason(closed)).toBe('GUARD_UNAVAILABLE');
    expect(closed.stdout).toContain('chmod 700');
    const open = await hook(e.read(), { ...w.env, STOPLINE_FAIL_MODE: 'open' });
    expect(open.code).toBe(0);
    expect(open.stderr.trim().split('\n')).toHaveLength(1);
    expect(open.stderr).toContain(`chmod 700 ${w.data}`);
    chmodSync(w.data, 0o700);
    expect(denied(await hook(e.read(), w.env))).toBe(false);
  });

  it('a folder of the person that others may write into (umask 002: 0775) and that holds only stopline files is closed to 0700 with a one-line notice; the session goes on', SLOW, async () => {
    const { w, e } = await started({ STOPLINE_FAIL_MODE: 'closed' });
    chmodSync(w.data, 0o775);
    chmodSync(join(w.data, 'sessions'), 0o775);
    const r = await hook(e.write(), w.env);
    // the contract held: the write under review is still stopped by the contract, not by the fail mode
    expect(reason(r)).toBe('MODE_FORBIDS_MUTATION');
    expect(r.stderr.trim().split('\n').filter((l) => l.includes('now 0700'))).toHaveLength(1);
    expect((statSync(w.data).mode & 0o777).toString(8)).toBe('700');
    expect((statSync(join(w.data, 'sessions')).mode & 0o777).toString(8)).toBe('700');
    // once closed, nothing more is said
    expect((await hook(e.read(), w.env)).stderr).not.toContain('0700');
  });

  it('a shared folder with the sticky bit (like /tmp) is never closed: refused as before', SLOW, async () => {
    const { w, e } = await started({ STOPLINE_FAIL_MODE: 'closed' });
    chmodSync(w.data, 0o1777);
    const r = await hook(e.read(), w.env);
    expect(reason(r)).toBe('GUARD_UNAVAILABLE');
    expect((statSync(w.data).mode & 0o7777).toString(8)).toBe('1777');
  });

  it('sessions/ replaced by a link to another folder is refused, and nothing is written through it', SLOW, async () => {
    const { w, e } = await started({ STOPLINE_FAIL_MODE: 'closed' });
    const elsewhere = join(w.dir, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o700 });
    rmSync(join(w.data, 'sessions'), { recursive: true });
    symlinkSync(elsewhere, join(w.data, 'sessions'));
    const r = await hook(e.read(), w.env);
    expect(reason(r)).toBe('GUARD_UNAVAILABLE');
    expect(r.stdout).toContain('symbolic link');
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it.runIf(process.getuid?.() === 0)('a folder of another user is refused (as root: chowned to another uid)', SLOW, async () => {
    const { w, e } = await started({ STOPLINE_FAIL_MODE: 'closed' });
    chownSync(w.data, 4242, 4242);
    const r = await hook(e.read(), w.env);
    expect(reason(r)).toBe('GUARD_UNAVAILABLE');
    expect(r.stdout).toContain('another user');
  });
});

describe('a session lock dated in the future', () => {
  for (const [kind, content] of [
    ['garbage', () => 'x'],
    ['naming a live process of this host', () => `${process.pid} ${hostname()} abcdef ${Date.now()}`],
  ] as const) {
    it(`${kind}: stale, so agents=1 lets exactly 1 of 2 launches through`, SLOW, async () => {
      const { w, e } = await started({ STOPLINE_LOCK_TIMEOUT_MS: '500' }, '$stopline change agents=1 -- split');
      const lock = sessionStore(w.data, 's1').lockFile;
      writeFileSync(lock, content());
      const future = new Date(Date.now() + 3_600_000);
      utimesSync(lock, future, future);
      const first = await hook(e.agent(), w.env);
      const second = await hook(e.agent(), w.env);
      expect([denied(first), denied(second)]).toEqual([false, true]);
      expect(reason(second)).toBe('AGENT_BUDGET_EXHAUSTED');
    });
  }
});
