/**
 * What the shim does so the evaluator child ends with its Hermes process: it names itself as the
 * owner (STOPLINE_OWNER_PID), a process forked from Hermes lets go of the child's pipes, and the exit
 * clean-up also ends a child another thread is still starting. The TEST DOUBLE plays the child: it
 * ends at the end of its input and watches nothing else, so only the shim's side is tested here (the
 * evaluator's own owner rule is in owner.test.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isAlive, killedAfterEach, PYTHON, Sandbox, waitFor } from './helpers';
import { sandboxesPerTest, withLoadedHost } from './shim-kit';

const { sandbox } = sandboxesPerTest();
const started = killedAfterEach();

const SID = '20261129_141503_7c2e9a';

/** Python with the emulated Hermes holding the plugin; the body prints one JSON line before the process ends. */
function runHermes(b: Sandbox, body: string, env: Record<string, string> = {}) {
  const code = withLoadedHost(b, `shim = sys.modules["hermes_plugins.stopline"]\n${body}`, 'import json, os, signal, sys, threading, time');
  const r = spawnSync(PYTHON, ['-c', code], { encoding: 'utf8', env: b.env(env), cwd: b.workDir, timeout: 60_000 });
  const line = r.stdout.split('\n').find((l) => l.startsWith('{'));
  if (!line) throw new Error(`no JSON from the emulated Hermes (exit ${r.status}): ${r.stderr.slice(-1500)}`);
  return { ...r, out: JSON.parse(line) as Record<string, number> };
}

const FIRE = `host.fire("on_session_start", {"session_id": "${SID}", "model": "m", "platform": "cli"})`;

describe('the evaluator child ends with the Hermes process that started it', () => {
  it('is told its owner: STOPLINE_OWNER_PID in its environment is the Hermes PID', () => {
    const b = sandbox();
    const { out } = runHermes(
      b,
      `${FIRE}
child = shim.EVALUATOR._child.proc.pid
environ = dict(e.split("=", 1) for e in open(f"/proc/{child}/environ").read().split("\\0") if "=" in e)
print(json.dumps({"hermes": os.getpid(), "owner": int(environ.get("STOPLINE_OWNER_PID", "0"))}))`,
    );
    expect(out.owner).toBe(out.hermes);
  });

  it('a process forked from Hermes (no exec) does not keep it alive: Hermes killed with SIGKILL, the child reads the end of its input', async () => {
    const b = sandbox();
    const { out } = runHermes(
      b,
      `${FIRE}
child = shim.EVALUATOR._child.proc.pid
holder = os.fork()
if holder == 0:
    try:
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)  # not the test's output pipes: only the evaluator's pipes are at stake
        time.sleep(60)
    finally:
        os._exit(0)
print(json.dumps({"child": child, "holder": holder}), flush=True)
os.kill(os.getpid(), signal.SIGKILL)`,
    );
    started.push(out.holder!, out.child!);
    expect(isAlive(out.holder!), 'the fork lives on').toBe(true);
    expect(await waitFor(() => !isAlive(out.child!), 10_000), `evaluator ${out.child} outlived its Hermes`).toBe(true);
  });

  it('the fork starts a child of its own when it calls a hook, and the parent keeps its own', () => {
    const b = sandbox();
    const { out } = runHermes(
      b,
      `${FIRE}
parent_child = shim.EVALUATOR._child.proc.pid
r, w = os.pipe()
pid = os.fork()
if pid == 0:
    ${FIRE}
    os.write(w, str(shim.EVALUATOR._child.proc.pid).encode())
    shim.EVALUATOR.shutdown()
    os._exit(0)
os.close(w)
fork_child = int(os.read(r, 64))
os.waitpid(pid, 0)
${FIRE}
print(json.dumps({"parent": parent_child, "fork": fork_child, "after": shim.EVALUATOR._child.proc.pid}))`,
    );
    expect(out.fork).not.toBe(out.parent);
    expect(out.after).toBe(out.parent);
    const spawns = fs.readFileSync(`${b.doubleDir}/spawns.log`, 'utf8').trim().split('\n');
    expect(spawns).toHaveLength(2);
  });

  it('a child whose start overlaps the exit (a worker thread inside the start while Hermes exits, its other exit handlers still running) is ended, not left behind', async () => {
    const b = sandbox();
    // hang: answers the ping, never a dispatch, and ignores both bye and the end of its input, so
    // only a kill ends it. The start is slowed so Hermes begins to exit while the thread is inside
    // it, as when a Hermes hook timeout abandons the callback and Hermes exits on a loaded machine.
    const { out } = runHermes(
      b,
      `import atexit, subprocess
atexit.register(time.sleep, 3)  # registered before the shim's, so it runs after it: Hermes's other exit work
real_popen = subprocess.Popen
def slow_popen(*a, **k):
    time.sleep(1)
    child = real_popen(*a, **k)
    with open(os.path.join(os.environ["STOPLINE_DOUBLE_DIR"], "popen.pid"), "w") as f:
        f.write(str(child.pid))
    return child
subprocess.Popen = slow_popen
threading.Thread(target=lambda: ${FIRE}, daemon=True).start()
time.sleep(0.3)
print(json.dumps({"hermes": os.getpid()}), flush=True)`,
      { STOPLINE_DOUBLE_PLAN: 'hang', STOPLINE_HERMES_TIMEOUT_MS: '30000' },
    );
    expect(out.hermes).toBeGreaterThan(0);
    const pidFile = `${b.doubleDir}/popen.pid`;
    expect(fs.existsSync(pidFile), 'the child was started').toBe(true);
    const child = Number(fs.readFileSync(pidFile, 'utf8'));
    started.push(child);
    expect(await waitFor(() => !isAlive(child), 5000), `the child ${child} outlived its Hermes`).toBe(true);
  });

  it('the exit clean-up also ends a child another thread is still starting (its ping not answered yet)', async () => {
    const b = sandbox();
    // hang-ping: never answers, and ignores both bye and the end of its input, so only a kill ends it
    const { out } = runHermes(
      b,
      `t = threading.Thread(target=lambda: ${FIRE}, daemon=True)
t.start()
spawns = os.path.join(os.environ["STOPLINE_DOUBLE_DIR"], "spawns.log")
for _ in range(400):
    if os.path.exists(spawns) and open(spawns).read().strip():
        break
    time.sleep(0.05)
print(json.dumps({"child": json.loads(open(spawns).read().splitlines()[0])["pid"]}), flush=True)`,
      { STOPLINE_DOUBLE_PLAN: 'hang-ping', STOPLINE_HERMES_TIMEOUT_MS: '30000' },
    );
    started.push(out.child!);
    expect(await waitFor(() => !isAlive(out.child!), 5000), `the starting child ${out.child} outlived its Hermes`).toBe(true);
  });
});
