/**
 * The resident evaluator's own rule for its lifetime (hosts/hermes/owner.ts): it ends when the
 * process that started it is gone, even while some other process keeps its stdin open, and not
 * while its owner lives. First the rule on a fake probe, then the built bundle's `stopline.mjs
 * listen` under a Python owner that forks a helper holding the pipe (so no end of input ever comes)
 * and then is killed with SIGKILL.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { namedOwner, ownerGoneCheck, OWNER_PID_ENV, type OwnerProbe } from '../../../hosts/hermes/owner';
import { childPids, isAlive, killedAfterEach, PYTHON, realBundle, waitFor } from './helpers';

describe('the owner rule', () => {
  function probe(parent: number, existing: number[]): OwnerProbe & { parent: number; existing: Set<number> } {
    const p = {
      parent,
      existing: new Set(existing),
      parentPid: () => p.parent,
      exists: (pid: number) => p.existing.has(pid),
    };
    return p;
  }

  it('the owner is gone when the parent changes (handed to init or a subreaper)', () => {
    const p = probe(4242, [4242]);
    const gone = ownerGoneCheck({}, p);
    expect(gone()).toBe(false);
    p.parent = 1;
    expect(gone()).toBe(true);
    const q = probe(4242, [4242]);
    const gone2 = ownerGoneCheck({}, q);
    q.parent = 77; // a subreaper, not init
    expect(gone2()).toBe(true);
  });

  it('a named owner that is not the parent (a runtime wrapper between them) is gone when its PID no longer exists', () => {
    const p = probe(500, [500, 4242]);
    const gone = ownerGoneCheck({ [OWNER_PID_ENV]: '4242' }, p);
    expect(gone()).toBe(false);
    p.existing.delete(4242);
    expect(gone()).toBe(true);
  });

  it('a named owner that is the parent is judged by the parent only (a reused PID cannot keep it alive or end it)', () => {
    const p = probe(4242, [4242]);
    const gone = ownerGoneCheck({ [OWNER_PID_ENV]: '4242' }, p);
    p.existing.delete(4242);
    expect(gone()).toBe(false);
    p.parent = 1;
    expect(gone()).toBe(true);
  });

  it('an unusable STOPLINE_OWNER_PID is ignored', () => {
    for (const raw of ['', ' ', 'abc', '-5', '0', '1', '12.5', '99999999999']) expect(namedOwner({ [OWNER_PID_ENV]: raw })).toBeNull();
    expect(namedOwner({ [OWNER_PID_ENV]: ' 4242 ' })).toBe(4242);
    const p = probe(500, [500]);
    const gone = ownerGoneCheck({ [OWNER_PID_ENV]: 'abc' }, p);
    expect(gone()).toBe(false);
  });
});

const BUNDLE = realBundle();
if (!BUNDLE) throw new Error('dist/hermes/stopline/stopline.mjs is missing: run `npm run build` first');
const SCRIPT = path.join(BUNDLE.bundleDir!, 'stopline.mjs');

/** How long the evaluator may outlive its owner: it checks about once a second; the box is loaded. */
const GONE_WITHIN_MS = 10_000;

/**
 * A stand-in owner: starts the evaluator command with its stdin a pipe, forks a helper that holds
 * that pipe's write end (and sleeps), then obeys its own stdin: `ping` asks the evaluator, `die`
 * kills the owner with SIGKILL.
 */
const OWNER = `
import json, os, signal, subprocess, sys, time
argv = json.loads(sys.argv[1])
env = dict(os.environ)
if sys.argv[2] == "named":
    env["${OWNER_PID_ENV}"] = str(os.getpid())
child = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
holder = os.fork()
if holder == 0:
    try:
        time.sleep(60)
    finally:
        os._exit(0)
print(json.dumps({"child": child.pid, "holder": holder}), flush=True)
for line in sys.stdin:
    if line.strip() == "ping":
        child.stdin.write(b'{"op":"ping","id":7}\\n'); child.stdin.flush()
        print(child.stdout.readline().decode().strip(), flush=True)
    elif line.strip() == "die":
        os.kill(os.getpid(), signal.SIGKILL)
`;

class Owner {
  readonly proc: ChildProcessWithoutNullStreams;
  private lines: string[] = [];
  private waiting: ((l: string) => void)[] = [];
  constructor(argv: string[], mode: 'named' | 'parent') {
    this.proc = spawn(PYTHON, ['-c', OWNER, JSON.stringify(argv), mode], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', STOPLINE_HOST_DATA_DIR: '/nonexistent-stopline-test' } });
    let buf = '';
    this.proc.stdout.setEncoding('utf8').on('data', (c: string) => {
      buf += c;
      let i: number;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        const w = this.waiting.shift();
        if (w) w(line);
        else this.lines.push(line);
      }
    });
  }
  next(): Promise<string> {
    const ready = this.lines.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    return new Promise((r) => this.waiting.push(r));
  }
  async ask(command: string): Promise<string> {
    this.proc.stdin.write(`${command}\n`);
    return this.next();
  }
  async die(): Promise<void> {
    const exited = new Promise((r) => this.proc.once('exit', r));
    this.proc.stdin.write('die\n');
    await exited;
  }
}

const started = killedAfterEach();

async function startOwner(argv: string[], mode: 'named' | 'parent'): Promise<{ owner: Owner; child: number; holder: number }> {
  const owner = new Owner(argv, mode);
  const first = JSON.parse(await owner.next()) as { child: number; holder: number };
  started.push(owner.proc.pid!, first.child, first.holder);
  return { owner, ...first };
}

describe('stopline.mjs listen (the built bundle) ends with its owner', () => {
  it('its parent killed with SIGKILL while a fork of it holds the stdin: the evaluator answers while the owner lives, then is gone', async () => {
    const { owner, child, holder } = await startOwner([process.execPath, SCRIPT, 'listen'], 'parent');
    // longer than two owner checks: it does not end while its owner lives
    await new Promise((r) => setTimeout(r, 2500));
    expect(JSON.parse(await owner.ask('ping'))).toMatchObject({ ok: true, id: 7 });
    await owner.die();
    expect(isAlive(holder), 'the fork still holds the write end').toBe(true);
    expect(await waitFor(() => !isAlive(child), GONE_WITHIN_MS), `evaluator ${child} outlived its owner`).toBe(true);
  });

  it('started through a wrapper that stays (sh), with its owner named in STOPLINE_OWNER_PID: gone when the owner is', async () => {
    const { owner, child: wrapper, holder } = await startOwner(['sh', '-c', `"${process.execPath}" "${SCRIPT}" listen; exit 0`], 'named');
    const evaluator = await waitFor(() => childPids(wrapper).length === 1, 10_000).then(() => childPids(wrapper)[0]!);
    started.push(evaluator);
    await new Promise((r) => setTimeout(r, 2500));
    expect(JSON.parse(await owner.ask('ping'))).toMatchObject({ ok: true, id: 7 });
    await owner.die();
    expect(isAlive(holder)).toBe(true);
    expect(await waitFor(() => !isAlive(evaluator), GONE_WITHIN_MS), `evaluator ${evaluator} outlived its owner`).toBe(true);
  });
});
