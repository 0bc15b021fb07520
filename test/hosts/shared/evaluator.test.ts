/**
 * The resident evaluator behind the command hooks, as a person's host runs it: the shipped
 * script spawned per event with real stdin/stdout, under node, bun and deno. The first event
 * decides in its own process and leaves an evaluator; the next ones are answered by it, with
 * the same bytes, evidence and fail mode as without one; a killed evaluator costs nothing but a
 * restart; a stopped one gets the fail mode's answer in time; a folder someone else can enter is
 * never used; it exits when idle.
 *
 * Each test file gets its own evaluator folder (TMPDIR inside its temp root), and every
 * evaluator it started is ended by pid at the end.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sessionStore } from '../../../core/state/session';
import { describe, expect, it } from 'vitest';
import { cleanUpAfterAll, evaluatorsUnder, stopEvaluatorsUnder, until } from './evaluators';
import { requireArtifact } from './real-host';
import { RUNTIMES, runWithInput, type Run } from './runtimes';
import { dialectCases } from '../../cli/guard-cases';

const SLOW = { timeout: 240_000 };

const root = mkdtempSync(join(tmpdir(), 'stopline-evaluator-test-'));
/** The evaluator folder of this file: TMPDIR/stopline-<uid> (hosts/shared/evaluator/where.ts). */
const tmp = join(root, 'tmp');
mkdirSync(tmp);
const evalDir = join(tmp, `stopline-${process.getuid!()}`);

const evaluators = (dir = evalDir) => evaluatorsUnder(dir);
/** End every evaluator this file started (its sockets all live under its temp root), by pid. */
const stopAll = () => stopEvaluatorsUnder(root);
cleanUpAfterAll(root);

function run(script: string, runtime: string, payload: unknown, env: Record<string, string>, args: string[] = []): Promise<Run> {
  return runWithInput([...RUNTIMES[runtime]!, script, ...args], payload, { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', TMPDIR: tmp, STOPLINE_NO_DASHBOARD: '1', ...env } });
}

let homes = 0;
/** A person's home with a project; `env` for the hook processes, `timings` read from the instrument. */
function world(extra: Record<string, string> = {}) {
  const dir = join(root, `w${homes++}`);
  const project = join(dir, 'project');
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'README.md'), 'x\n');
  const timing = join(dir, 'timing.jsonl');
  const env = { HOME: dir, STOPLINE_HOME: join(dir, 'data'), CLAUDE_PROJECT_DIR: project, STOPLINE_TIMING_FILE: timing, ...extra };
  const via = (): string[] => (existsSync(timing) ? readFileSync(timing, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { via: string }).via) : []);
  const checks = (): number => {
    const dirPath = join(dir, 'data', 'runtime');
    if (!existsSync(dirPath)) return 0;
    return readdirSync(dirPath, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.jsonl'))
      .flatMap((f) => readFileSync(join(dirPath, f), 'utf8').trim().split('\n'))
      .filter((l) => l.includes('"type":"check"')).length;
  };
  return { dir, project, env, via, checks };
}

function claude(project: string, session: string) {
  const base = { session_id: session, transcript_path: join(project, 't.jsonl'), cwd: project, prompt_id: 'p1', permission_mode: 'default' };
  return {
    arm: { ...base, hook_event_name: 'UserPromptSubmit', prompt: '$stopline review -- look at README.md' },
    write: { ...base, hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: join(project, 'a.txt'), content: 'x\n' }, tool_use_id: 't1' },
    read: { ...base, hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: { file_path: join(project, 'README.md') }, tool_use_id: 't2' },
    shell: { ...base, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'git status && cat README.md | head -n 5' }, tool_use_id: 't3' },
    shellWrite: { ...base, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'echo x > b.txt' }, tool_use_id: 't4' },
  };
}

/** Event ids are random: compare answers without them. */
const same = (r: Run) => ({ code: r.code, stdout: r.stdout.replace(/evt_[0-9a-f]+/g, 'evt_*'), stderr: r.stderr.replace(/evt_[0-9a-f]+/g, 'evt_*') });

/** An evaluator of this runtime listens in `dir`: its process runs and its start stamp is gone (it removes it once it listens). */
/** Whether `socket` is the evaluator of this artifact and runtime (`<artifact>-<build>-<runtime>.sock`). */
const isOf = (socket: string, runtime: string, artifact = 'claude'): boolean => socket.endsWith(`-${runtime}.sock`) && socket.slice(socket.lastIndexOf('/') + 1).startsWith(`${artifact}-`);

function serving(runtime: string, dir = evalDir, artifact = 'claude'): boolean {
  const e = evaluators(dir).find((x) => isOf(x.socket, runtime, artifact));
  return !!e && existsSync(e.socket) && !existsSync(`${e.socket}.starting`);
}

const script = requireArtifact('claude', 'stopline.mjs');

describe.each(['node', 'bun', 'deno'])('the claude hook under %s', (runtime) => {
  it('first event in its own process, then the evaluator: the same answers and evidence as without one', SLOW, async () => {
    stopAll();
    const w = world();
    const ref = world({ STOPLINE_EVALUATOR: '0' });
    const seq = ['arm', 'write', 'read', 'shell', 'shellWrite', 'write'] as const;
    for (const step of seq) {
      const a = await run(script, runtime, claude(w.project, 's1')[step], w.env);
      const b = await run(script, runtime, claude(ref.project, 's1')[step], ref.env);
      expect(same(a), step).toEqual(same(b));
      if (step === 'arm') await until(() => serving(runtime));
    }
    expect(w.via()).toEqual(['in-process', 'evaluator', 'evaluator', 'evaluator', 'evaluator', 'evaluator']);
    expect(ref.via().every((v) => v === 'in-process')).toBe(true);
    expect(w.checks()).toBe(ref.checks());
    expect(w.checks()).toBe(5);
    // the deny is the review stamp, under the evaluator as without it
    const deny = await run(script, runtime, claude(w.project, 's1').write, w.env);
    expect(JSON.parse(deny.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    expect(deny.stdout).toContain('MODE_FORBIDS_MUTATION');
    // nothing of the evaluator is world-readable
    expect(statSync(evalDir).mode & 0o777).toBe(0o700);
    for (const f of readdirSync(evalDir)) expect(statSync(join(evalDir, f)).mode & 0o077).toBe(0);
  });
});

describe('one evaluator, each request its own environment', () => {
  it('two data folders through one evaluator: each decides with its own contract, and evidence lands in its own folder', SLOW, async () => {
    const a = world();
    const b = world();
    await run(script, 'node', claude(a.project, 's1').arm, a.env);
    await until(() => serving('node'));
    const denied = await run(script, 'node', claude(a.project, 's1').write, a.env);
    const allowed = await run(script, 'node', claude(b.project, 's1').write, b.env);
    expect(denied.stdout).toContain('"permissionDecision":"deny"');
    expect(allowed.stdout).toBe('');
    expect(a.via().slice(-1)).toEqual(['evaluator']);
    expect(b.via()).toEqual(['evaluator']);
    expect(a.checks()).toBe(1);
    expect(b.checks()).toBe(1);
  });

  it('a relative STOPLINE_HOME resolves against the hook\'s folder, as in the hook\'s own process', SLOW, async () => {
    const w = world();
    const env = { ...w.env, STOPLINE_HOME: 'rel-data' };
    await until(() => serving('node'));
    const spawnIn = (payload: unknown) => runWithInput([process.execPath, script], payload, { cwd: w.project, env: { PATH: process.env.PATH ?? '', TMPDIR: tmp, STOPLINE_NO_DASHBOARD: '1', ...env } });
    await spawnIn(claude(w.project, 's2').arm);
    const r = await spawnIn(claude(w.project, 's2').write);
    expect(r.stdout).toContain('"permissionDecision":"deny"');
    expect(existsSync(join(w.project, 'rel-data', 'sessions'))).toBe(true);
    expect(w.via()).toEqual(['evaluator', 'evaluator']);
  });
});

describe('when the evaluator fails', () => {
  it('killed: the next event decides in its own process, answers the same, and a new evaluator starts', SLOW, async () => {
    const w = world();
    await run(script, 'node', claude(w.project, 's1').arm, w.env);
    await until(() => serving('node'));
    const first = evaluators().find((e) => isOf(e.socket, 'node'))!;
    process.kill(first.pid, 'SIGKILL');
    await until(() => !evaluators().some((e) => e.pid === first.pid));
    const r = await run(script, 'node', claude(w.project, 's1').write, w.env);
    expect(r.stdout).toContain('"permissionDecision":"deny"');
    expect(w.via().slice(-1)).toEqual(['in-process']);
    await until(() => serving('node') && evaluators().some((e) => isOf(e.socket, 'node') && e.pid !== first.pid));
    await run(script, 'node', claude(w.project, 's1').read, w.env);
    expect(w.via().slice(-1)).toEqual(['evaluator']);
  });

  it('stopped: the hook answers by the fail mode within its bound (closed: GUARD_UNAVAILABLE deny; open: the tool runs, one stderr line)', SLOW, async () => {
    const w = world({ STOPLINE_EVALUATOR_ANSWER_MS: '400' });
    await run(script, 'node', claude(w.project, 's1').arm, w.env);
    await until(() => serving('node'));
    const ev = evaluators().find((e) => isOf(e.socket, 'node'))!;
    process.kill(ev.pid, 'SIGSTOP');
    try {
      const closed = await run(script, 'node', claude(w.project, 's1').read, { ...w.env, STOPLINE_FAIL_OPEN: '0' });
      expect(closed.code).toBe(0);
      const out = JSON.parse(closed.stdout).hookSpecificOutput;
      expect(out.permissionDecision).toBe('deny');
      expect(out.permissionDecisionReason).toContain('GUARD_UNAVAILABLE');
      expect(out.permissionDecisionReason).toContain('the resident evaluator did not answer within 400 ms');
      const open = await run(script, 'node', claude(w.project, 's1').read, w.env);
      expect(open.code).toBe(0);
      expect(open.stdout).toBe('');
      expect(open.stderr.trim().split('\n')).toHaveLength(1);
      expect(open.stderr).toContain('the resident evaluator did not answer within 400 ms; failing open');
      expect(w.via().slice(-2)).toEqual(['fail-mode', 'fail-mode']);
    } finally {
      process.kill(ev.pid, 'SIGCONT');
    }
  });

  it('a socket that answers for another build: the hook decides in its own process', SLOW, async () => {
    stopAll();
    const w = world();
    // learn this build's socket name from a first event
    await run(script, 'node', claude(w.project, 's1').read, w.env);
    await until(() => serving('node'));
    const ev = evaluators().find((e) => isOf(e.socket, 'node'))!;
    process.kill(ev.pid, 'SIGKILL');
    await until(() => !evaluators().some((e) => e.pid === ev.pid));
    rmSync(ev.socket, { force: true });
    let asked = 0;
    const conns = new Set<import('node:net').Socket>();
    const fake = createServer((c) => {
      asked++;
      conns.add(c);
      c.end('{"v":1,"mismatch":"0000000000000000"}\n');
    });
    await new Promise<void>((r) => fake.listen(ev.socket, () => r()));
    try {
      const r = await run(script, 'node', claude(w.project, 's1').write, w.env);
      expect(r.code).toBe(0);
      expect(asked).toBe(1);
      expect(w.via().slice(-1)).toEqual(['in-process']);
    } finally {
      for (const c of conns) c.destroy();
      fake.close();
    }
  });
});

/**
 * The other command-hook hosts carry the same two-part script: each event after the first is
 * answered by the evaluator, with the bytes and evidence of a hook that decides in its own
 * process. Copilot's hook file names the event as an argument, which travels with the payload.
 */
describe.each(['gemini', 'qwen', 'copilot', 'droid', 'openhands'])('the %s hook through its evaluator', (host) => {
  it('arm, a write denied, a read allowed: the same answers as in its own process, from the evaluator after the first', SLOW, async () => {
    const hostScript = requireArtifact(host, 'stopline.mjs');
    const w = world();
    const ref = world({ STOPLINE_EVALUATOR: '0' });
    const c = (project: string) => dialectCases(project)[host]!;
    // Copilot's camelCase payloads, as its hook file sends them: the event is the argument
    const call = (payload: Record<string, unknown>): { payload: Record<string, unknown>; args: string[] } => {
      if (host !== 'copilot') return { payload, args: [] };
      const { hook_event_name: name, ...rest } = payload;
      return { payload: rest, args: [String(name)] };
    };
    const steps = [(p: string) => c(p).prompt('s1', '$stopline review -- look'), (p: string) => c(p).write('s1'), (p: string) => c(p).read('s1'), (p: string) => c(p).write('s1')];
    let i = 0;
    for (const step of steps) {
      const a = call(step(w.project));
      const b = call(step(ref.project));
      const got = await run(hostScript, 'node', a.payload, w.env, a.args);
      const want = await run(hostScript, 'node', b.payload, ref.env, b.args);
      expect(same(got), `${host} step ${i}`).toEqual(same(want));
      if (i === 0) await until(() => serving('node', evalDir, host));
      i++;
    }
    expect(w.via()).toEqual(['in-process', 'evaluator', 'evaluator', 'evaluator']);
    // the deny is there, from the evaluator as without it
    const deny = await run(hostScript, 'node', call(c(w.project).write('s1')).payload, w.env, call(c(w.project).write('s1')).args);
    expect(deny.stdout + deny.stderr).toContain('MODE_FORBIDS_MUTATION');
    expect(w.checks()).toBe(ref.checks() + 1);
  });
});

describe('a session lock held by another process', () => {
  it('holds up only that session: the evaluator answers other sessions meanwhile, then decides the held event as the hook would', SLOW, async () => {
    // generous bounds: what is asserted is the order of answers, not how fast they come
    const w = world({ STOPLINE_LOCK_TIMEOUT_MS: '30000', STOPLINE_EVALUATOR_ANSWER_MS: '40000' });
    await run(script, 'node', claude(w.project, 'warm').read, w.env);
    await until(() => serving('node'));
    // another process (this test, alive) holds s1's lock: a directive must wait for it
    const lock = sessionStore(join(w.dir, 'data'), 's1').lockFile;
    mkdirSync(dirname(lock), { recursive: true });
    writeFileSync(lock, `${process.pid} ${hostname()} held ${Date.now()}`);
    let heldAnswered = false;
    const held = run(script, 'node', claude(w.project, 's1').arm, w.env).then((r) => {
      heldAnswered = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 500));
    const others = [await run(script, 'node', claude(w.project, 's2').write, w.env), await run(script, 'node', claude(w.project, 's3').arm, w.env)];
    expect(others[0]!.stdout).toBe('');
    expect(others[1]!.stdout).toContain('stopline contract (ARMED): mode=review');
    expect(heldAnswered).toBe(false);
    rmSync(lock);
    const r = await held;
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('stopline contract (ARMED): mode=review');
    expect(w.via().slice(1)).toEqual(['evaluator', 'evaluator', 'evaluator']);
    // the directive took effect once: s1 is armed
    const deny = await run(script, 'node', claude(w.project, 's1').write, w.env);
    expect(deny.stdout).toContain('MODE_FORBIDS_MUTATION');
  });
});

describe('where it may live, and how long', () => {
  it('a folder others may enter is never used: nothing is sent, nothing is started', SLOW, async () => {
    const shared = join(root, 'shared-tmp');
    const dir = join(shared, `stopline-${process.getuid!()}`);
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o755);
    const w = world({ TMPDIR: shared });
    for (let i = 0; i < 2; i++) {
      const r = await run(script, 'node', claude(w.project, 's1').read, { ...w.env, TMPDIR: shared });
      expect(r.code).toBe(0);
    }
    expect(w.via()).toEqual(['in-process', 'in-process']);
    expect(readdirSync(dir)).toEqual([]);
    expect(evaluators(dir)).toEqual([]);
  });

  it('no payload (empty stdin): answered in its own process, no evaluator is asked or started', SLOW, async () => {
    const mine = join(root, 'empty-tmp');
    mkdirSync(mine);
    const w = world({ TMPDIR: mine });
    for (const runtime of ['node', 'bun']) {
      const r = await run(script, runtime, '', { ...w.env, TMPDIR: mine });
      expect(r.stdout).toBe('');
    }
    expect(w.via()).toEqual(['in-process', 'in-process']);
    await new Promise((r) => setTimeout(r, 1500));
    expect(evaluators(join(mine, `stopline-${process.getuid!()}`))).toEqual([]);
  });

  it('STOPLINE_EVALUATOR=0: every event in its own process, no evaluator', SLOW, async () => {
    const mine = join(root, 'off-tmp');
    mkdirSync(mine);
    const w = world({ TMPDIR: mine, STOPLINE_EVALUATOR: '0' });
    for (let i = 0; i < 2; i++) await run(script, 'node', claude(w.project, 's1').read, { ...w.env, TMPDIR: mine });
    expect(w.via()).toEqual(['in-process', 'in-process']);
    expect(evaluators(join(mine, `stopline-${process.getuid!()}`))).toEqual([]);
  });

  it('idle: the evaluator leaves after STOPLINE_EVALUATOR_IDLE_MS and takes its socket with it', SLOW, async () => {
    const mine = join(root, 'idle-tmp');
    mkdirSync(mine);
    const dir = join(mine, `stopline-${process.getuid!()}`);
    const w = world({ TMPDIR: mine, STOPLINE_EVALUATOR_IDLE_MS: '500' });
    await run(script, 'node', claude(w.project, 's1').read, { ...w.env, TMPDIR: mine });
    await until(() => evaluators(dir).length === 1);
    await until(() => evaluators(dir).length === 0, 30_000);
    expect(readdirSync(dir).filter((f) => f.endsWith('.sock'))).toEqual([]);
  });

  it('a burst of hooks with no evaluator starts one', SLOW, async () => {
    const mine = join(root, 'burst-tmp');
    mkdirSync(mine);
    const dir = join(mine, `stopline-${process.getuid!()}`);
    const w = world({ TMPDIR: mine });
    const runs = await Promise.all(Array.from({ length: 12 }, (_, i) => run(script, 'node', claude(w.project, `b${i}`).read, { ...w.env, TMPDIR: mine })));
    expect(runs.every((r) => r.code === 0 && r.stdout === '')).toBe(true);
    await until(() => evaluators(dir).length >= 1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(evaluators(dir)).toHaveLength(1);
    for (const e of evaluators(dir)) process.kill(e.pid, 'SIGKILL');
  });
});
