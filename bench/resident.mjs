// The resident evaluator (`listen`): one process, one JSON line per decision. What a caller
// pays per decision is the round trip from writing the request line to reading the answer
// line, measured here by the caller. Memory growth is the evaluator's RSS at the end against
// its RSS after warm-up, read from /proc.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { benchEvaluatorTmp } from './hooks.mjs';
import { median, round, summarize } from './stats.mjs';

function rssKiB(pid) {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/**
 * CPU time (user + system, ms) the process has used so far, from /proc/<pid>/stat. Read at
 * both ends of the timed calls, it gives the evaluator's own CPU per decision, which a loaded
 * machine inflates far less than the round trip (that also waits for a core).
 */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop().split(' ');
    // fields after "(comm) ": state is [0], utime [11], stime [12], in clock ticks (100 Hz on Linux)
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/**
 * The ms a thread has spent waiting for a core so far (the second field of
 * /proc/<pid>[/task/<tid>]/schedstat: time runnable but not running, in ns), or null off Linux.
 * Taken before and after a call, the difference is how much of the call's wall time was the
 * machine's load rather than the decision; a call minus that wait is what it costs on a quiet
 * machine (it still contains its GC pauses and syscalls).
 */
export function coreWaitMs(pid = 'self') {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return null;
  }
}

export function benchHome() {
  const root = mkdtempSync(join(tmpdir(), 'stopline-bench-listen-'));
  const project = join(root, 'project');
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'README.md'), 'bench\n');
  const env = { ...process.env, HOME: root, STOPLINE_HOME: join(root, 'home'), STOPLINE_NO_DASHBOARD: '1', STOPLINE_NO_BROWSER: '1', TMPDIR: benchEvaluatorTmp() };
  delete env.STOPLINE_FAIL_OPEN;
  delete env.STOPLINE_EVALUATOR;
  return { root, project, env };
}

/** Hermes kwargs for the three measured decisions (the shim adds cwd). */
export function hermesRequests(project) {
  const tool = (session, name, args) => ({ op: 'dispatch', host: 'hermes', event: 'pre_tool_call', payload: { session_id: session, tool_name: name, args, cwd: project } });
  return {
    arm: { op: 'dispatch', host: 'hermes', event: 'pre_llm_call', payload: { session_id: 'bench-armed', user_message: '$stopline review -- look at a.txt', cwd: project } },
    decisions: [
      { name: 'unarmed write', line: tool('bench-unarmed', 'write_file', { path: join(project, 'created.txt'), content: 'x' }), deny: false },
      { name: 'review write (deny)', line: tool('bench-armed', 'write_file', { path: join(project, 'created.txt'), content: 'x' }), deny: true },
      { name: 'shell analysis', line: tool('bench-armed', 'terminal', { command: 'git status && ls -la | grep foo && cat README.md | head -n 5' }), deny: false },
    ],
  };
}

class LineClient {
  constructor(argv, env, cwd) {
    this.child = spawn(argv[0], argv.slice(1), { env, cwd, stdio: ['pipe', 'pipe', 'ignore'] });
    this.pending = [];
    createInterface({ input: this.child.stdout }).on('line', (line) => this.pending.shift()?.(line));
  }
  ask(obj) {
    const text = JSON.stringify(obj) + '\n';
    return new Promise((resolve) => {
      const start = process.hrtime.bigint();
      this.pending.push((line) => resolve({ ms: Number(process.hrtime.bigint() - start) / 1e6, answer: JSON.parse(line) }));
      this.child.stdin.write(text);
    });
  }
  async close() {
    await this.ask({ op: 'bye' });
    this.child.stdin.end();
  }
}

/** Round trips through `<runtime> <artifact> listen`, the three decisions in rotation. */
export async function benchListen({ runtime, file, calls, log, label }) {
  const { root, project, env } = benchHome();
  const client = new LineClient([...runtime.argv, file, 'listen'], env, project);
  const req = hermesRequests(project);
  const ready = await client.ask({ op: 'ping' });
  if (!ready.answer.ok) throw new Error(`${label}: listen did not answer ping`);
  await client.ask(req.arm);
  const warm = Math.min(1000, Math.ceil(calls / 10));
  const check = (d, a) => {
    const denied = a.ok && a.output?.action === 'block';
    if (!a.ok || denied !== d.deny) throw new Error(`${label} ${d.name}: unexpected answer ${JSON.stringify(a).slice(0, 200)}`);
  };
  for (let i = 0; i < warm; i++) {
    const d = req.decisions[i % 3];
    check(d, (await client.ask(d.line)).answer);
  }
  const rssAfterWarmup = rssKiB(client.child.pid);
  const cpuAfterWarmup = cpuMs(client.child.pid);
  const all = [];
  // each round trip minus the time the caller and the evaluator sat waiting for a core (Linux)
  const withoutCoreWait = [];
  const waited = () => {
    const mine = coreWaitMs();
    const its = coreWaitMs(client.child.pid);
    return mine === null || its === null ? null : mine + its;
  };
  const byKind = req.decisions.map(() => []);
  for (let i = 0; i < calls; i++) {
    const k = i % 3;
    const w0 = waited();
    const { ms, answer } = await client.ask(req.decisions[k].line);
    const w1 = waited();
    if (i % 97 === 0) check(req.decisions[k], answer);
    all.push(ms);
    if (w0 !== null && w1 !== null) withoutCoreWait.push(Math.max(0, ms - (w1 - w0)));
    byKind[k].push(ms);
  }
  const rssEnd = rssKiB(client.child.pid);
  const cpuEnd = cpuMs(client.child.pid);
  await client.close();
  rmSync(root, { recursive: true, force: true });
  const row = {
    label, runtime: runtime.name, calls,
    roundTrip: summarize(all),
    withoutCoreWait: withoutCoreWait.length ? summarize(withoutCoreWait) : null,
    byDecision: Object.fromEntries(req.decisions.map((d, k) => [d.name, summarize(byKind[k])])),
    rssAfterWarmupKiB: rssAfterWarmup, rssEndKiB: rssEnd,
    memoryGrowthKiB: rssEnd !== null && rssAfterWarmup !== null ? rssEnd - rssAfterWarmup : null,
    evaluatorCpuPerCallMs: cpuEnd !== null && cpuAfterWarmup !== null ? (cpuEnd - cpuAfterWarmup) / calls : null,
    target: 2, pass: summarize(all).p99 <= 2,
  };
  log(`  ${label.padEnd(22)} ${runtime.name.padEnd(4)} round trip median ${round(row.roundTrip.median, 3)} ms, p99 ${round(row.roundTrip.p99, 3)} ms (without core wait ${row.withoutCoreWait ? round(row.withoutCoreWait.p99, 3) : 'n/a'}), evaluator cpu ${round(row.evaluatorCpuPerCallMs, 3)} ms/call, rss +${row.memoryGrowthKiB} KiB over ${calls} calls`);
  return row;
}

/** Hermes: the same decision as a one-shot shell hook (new process per call) against the resident evaluator. */
export async function benchHermesOneShot(timer, { runtime, file, runs, warmup }) {
  const { project, env } = benchHome();
  const stdin = JSON.stringify({ hook_event_name: 'pre_tool_call', tool_name: 'terminal', tool_input: { command: 'git status && ls -la | grep foo' }, session_id: 'bench-oneshot', cwd: project, extra: {} });
  const wall = [];
  const cpu = [];
  for (let i = 0; i < warmup + runs; i++) {
    const r = await timer.run([...runtime.argv, file], { stdin, env, cwd: project });
    if (r.error || r.code !== 0) throw new Error(`hermes one-shot exit ${r.code}: ${r.error ?? r.stderr.slice(0, 200)}`);
    if (i >= warmup) {
      wall.push(r.wall_ms);
      cpu.push(r.user_ms + r.sys_ms);
    }
  }
  return { runtime: runtime.name, oneShot: summarize(wall), oneShotCpuMedian: median(cpu) };
}
