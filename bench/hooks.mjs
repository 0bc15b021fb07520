// Command hooks: one hook event from process spawn to exit, interleaved with the same runtime
// reading the same stdin and exiting (the floor). Both sides of a pair run back to back and the
// order flips every round (ABBA), so load that comes and goes on a shared machine lands on both
// sides alike and the ratio stays readable even when milliseconds do not.
//
// The Claude and Codex hooks run as a person's host runs them: their resident evaluator is
// started by the warm-up calls, warmed like one in a session in progress (EVALUATOR_WARM_CALLS
// requests straight to its socket), and answers the timed ones (docs/performance.md). Its CPU is
// not the hook process's, so it is read from /proc around the timed calls and reported per call.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, round, summarize } from './stats.mjs';

/** The floor: the runtime's cheapest complete read of stdin, then exit (what any hook must do). */
export const FLOOR_SCRIPT = [
  '// the runtime reads all of stdin its cheapest way, then exits',
  'const g = globalThis;',
  'if (g.Deno) { const b = new Uint8Array(65536); while (g.Deno.stdin.readSync(b) !== null); }',
  'else if (g.Bun) await g.Bun.stdin.text();',
  // getBuiltinModule: node:fs without its ESM facade (3-7 % less CPU on node than import())
  "else (process.getBuiltinModule?.('node:fs') ?? (await import('node:fs'))).readFileSync(0);",
  '',
].join('\n');

/** Host payloads for the measured decisions, rooted in a real project folder. */
export function hookPayloads(host, project, session) {
  const base = host === 'claude'
    ? { session_id: session, transcript_path: join(project, 't.jsonl'), cwd: project, prompt_id: 'p1', permission_mode: 'default' }
    : { session_id: session, turn_id: 't1', transcript_path: null, cwd: project, model: 'gpt-5.5', permission_mode: 'bypassPermissions' };
  const arm = { ...base, hook_event_name: 'UserPromptSubmit', prompt: host === 'claude' ? '/stopline:stopline review -- look at a.txt' : '$stopline review -- look at a.txt' };
  const write = host === 'claude'
    ? { ...base, hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: join(project, 'created.txt'), content: 'hello\n' }, tool_use_id: 'toolu_1' }
    : { ...base, hook_event_name: 'PreToolUse', tool_name: 'apply_patch', tool_input: { command: '*** Begin Patch\n*** Add File: patch_made.txt\n+hello\n*** End Patch\n' }, tool_use_id: 'call_1' };
  const shell = { ...base, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'git status && ls -la | grep foo && cat README.md | head -n 5' }, tool_use_id: 'toolu_2' };
  const after = { ...write, hook_event_name: 'PostToolUse', tool_response: host === 'claude' ? { type: 'create', filePath: write.tool_input.file_path ?? 'patch_made.txt', content: 'hello\n' } : 'Success. Updated the following files:\nA patch_made.txt\n' };
  return { arm, write, shell, after };
}

/**
 * The measured artifacts: what a host spawns for each event. `competitor` is another project's
 * hook (its path from STOPLINE_BENCH_COMPETITOR), run the way its plugin registers it; it has no
 * contract to arm, so none of its calls is expected to deny.
 */
export function hookArtifacts(dist, env = process.env) {
  const list = [
    { name: 'claude', file: join(dist, 'claude', 'stopline.mjs'), argv: [], dialect: 'claude', evaluator: true },
    { name: 'codex', file: join(dist, 'codex', 'stopline.mjs'), argv: [], dialect: 'codex', evaluator: true },
    { name: 'cli guard', file: join(dist, 'stopline.mjs'), argv: ['guard', '--host', 'claude'], dialect: 'claude' },
  ];
  const competitor = env.STOPLINE_BENCH_COMPETITOR;
  if (competitor) list.push({ name: 'competitor', file: competitor, argv: (env.STOPLINE_BENCH_COMPETITOR_ARGS ?? 'hook --coding-cli').split(' ').filter(Boolean), dialect: 'claude', competitor: true });
  return list;
}

const isDeny = (r) => /"deny"|"block"|STOP \//.test(r.stdout + r.stderr);

/** Every evaluator process serving a socket under `dir` (Linux /proc), with its CPU so far. */
export function evaluatorsUnder(dir) {
  const out = [];
  if (!existsSync('/proc')) return out;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const args = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      const at = args.indexOf('--stopline-evaluator');
      if (at < 0 || !args[at + 1]?.startsWith(`${dir}/`)) continue;
      // utime and stime: fields 14 and 15 of /proc/<pid>/stat, after the command in parentheses
      const fields = readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1].split(' ');
      out.push({ pid: Number(name), socket: args[at + 1], cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / 100 });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

function evaluatorCpuMs(dir) {
  return evaluatorsUnder(dir).reduce((n, e) => n + e.cpuMs, 0);
}

let sharedTmp;
/**
 * The bench's own TMPDIR for the hooks it starts, so the evaluators they leave live in
 * `<it>/stopline-<uid>` and are the bench's alone (short: a socket path may not pass 100 bytes).
 */
export function benchEvaluatorTmp() {
  return (sharedTmp ??= mkdtempSync(join(tmpdir(), 'sl-')));
}

export function benchEvaluatorDir() {
  return join(benchEvaluatorTmp(), `stopline-${process.getuid?.() ?? 0}`);
}

/** End the bench's own evaluators, by pid. */
export function stopEvaluators(dir) {
  for (const e of evaluatorsUnder(dir)) {
    try {
      process.kill(e.pid, 'SIGTERM');
    } catch {
      // gone
    }
  }
}

/**
 * A fresh home per artifact and runtime: an unarmed session, a session armed for review (armed
 * once before timing), and the shell command under that same contract. The evaluator folder
 * (TMPDIR) is the bench's own, so its evaluators are the bench's alone.
 */
export async function prepareScenarios(timer, runtime, artifact, evaluatorTmp) {
  const root = mkdtempSync(join(tmpdir(), 'stopline-bench-hook-'));
  const project = join(root, 'project');
  const home = join(root, 'home');
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'README.md'), 'bench\n');
  const env = { ...process.env, HOME: root, STOPLINE_HOME: home, CLAUDE_PROJECT_DIR: project, STOPLINE_NO_DASHBOARD: '1', STOPLINE_NO_BROWSER: '1', TMPDIR: evaluatorTmp };
  delete env.STOPLINE_FAIL_OPEN;
  delete env.STOPLINE_EVALUATOR;
  delete env.STOPLINE_TIMING_FILE;
  const unarmed = hookPayloads(artifact.dialect, project, 'bench-unarmed');
  const armed = hookPayloads(artifact.dialect, project, 'bench-armed');
  const argv = [...runtime.argv, artifact.file, ...artifact.argv];
  if (!artifact.competitor) {
    const armed0 = await timer.run(argv, { stdin: JSON.stringify(armed.arm), env, cwd: project });
    if (!/ARMED/.test(armed0.stdout + armed0.stderr)) throw new Error(`${artifact.name} under ${runtime.name} did not arm review: ${armed0.stdout}${armed0.stderr}${armed0.error ?? ''}`);
  }
  const deny = !artifact.competitor;
  const step = (payload, expectDeny, extraEnv) => ({ argv, stdin: JSON.stringify(payload), expectDeny, ...(extraEnv ? { env: extraEnv } : {}) });
  const scenarios = [
    { name: 'unarmed write', steps: [step(unarmed.write, false)], perEvent: true },
    { name: 'review write (deny)', steps: [step(armed.write, deny)], perEvent: true },
    { name: 'shell analysis', steps: [step(armed.shell, false)], perEvent: true },
  ];
  if (artifact.evaluator) {
    // what the first event after an idle spell costs, and every event with the evaluator off
    scenarios.push({ name: 'deny, in its own process', steps: [step(armed.write, true, { STOPLINE_EVALUATOR: '0' })], inProcess: true });
  }
  if (artifact.evaluator || artifact.competitor) {
    // what a person waits for per tool call: every hook start the host makes for it. stopline
    // registers PostToolUse only for the person's tool:after hooks (or --after-evidence); the
    // competitor registers PreToolUse only
    scenarios.push({ name: 'tool call (default)', steps: [step(unarmed.write, false)], toolCall: true });
    if (artifact.evaluator) scenarios.push({ name: 'tool call (+PostToolUse)', steps: [step(unarmed.write, false), step(unarmed.after, false)], toolCall: true });
  }
  return { root, env, project, argv, scenarios };
}

/** Wait until every evaluator under `dir` listens (its start stamp is gone), at most `ms`. */
async function evaluatorsReady(dir, ms = 20_000) {
  const end = Date.now() + ms;
  for (;;) {
    const all = evaluatorsUnder(dir);
    if (all.length > 0 && all.every((e) => existsSync(e.socket) && !existsSync(`${e.socket}.starting`))) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Requests sent straight to the evaluator before timing: a session in progress has a warm one (JIT, caches). */
export const EVALUATOR_WARM_CALLS = 200;

/**
 * Send one step's request `n` times straight to each listening evaluator under `dir`, in the
 * hook's own protocol (hosts/shared/evaluator/protocol.ts), as the hook would.
 */
async function warmEvaluators(dir, step, env, cwd, n) {
  for (const e of evaluatorsUnder(dir)) {
    const build = /-([0-9a-f]{16})-[a-z0-9]+\.sock$/.exec(e.socket)?.[1];
    if (!build) continue;
    const line = `${JSON.stringify({ v: 1, build, cwd, env: { ...env, ...(step.env ?? {}) }, stdin: step.stdin })}\n`;
    for (let i = 0; i < n; i++) {
      await new Promise((resolve) => {
        const c = createConnection(e.socket);
        c.on('connect', () => c.write(line));
        c.on('data', () => {});
        c.on('close', resolve);
        c.on('error', resolve);
      });
    }
  }
}

/**
 * Interleaved A/B of one scenario (its steps run back to back as one side) against its floor.
 * @returns {Promise<object>} wall and cpu summaries for both sides and the ratios
 */
export async function measurePair(timer, { steps, floorArgv, env, cwd, runs, warmup, evaluatorDir }) {
  const a = { wall: [], cpu: [] };
  const f = { wall: [], cpu: [] };
  const check = (s, r) => {
    if (r.error) throw new Error(r.error);
    if (r.code !== 0 && !(s.expectDeny && r.code === 2)) throw new Error(`exit ${r.code}: ${r.stderr.slice(0, 300)}`);
    if (isDeny(r) !== s.expectDeny) throw new Error(`expected ${s.expectDeny ? 'a deny' : 'no deny'}, got: ${(r.stdout + r.stderr).slice(0, 300)}`);
  };
  const runSide = async (side) => {
    let wall = 0;
    let cpu = 0;
    for (const s of steps) {
      const r = await timer.run(s.argv, { stdin: s.stdin, env: { ...env, ...(s.env ?? {}) }, cwd });
      check(s, r);
      wall += r.wall_ms;
      cpu += r.user_ms + r.sys_ms;
    }
    side?.wall.push(wall);
    side?.cpu.push(cpu);
  };
  const runFloor = async (side) => {
    const r = await timer.run(floorArgv, { stdin: steps[0].stdin, env, cwd });
    if (r.error) throw new Error(r.error);
    side?.wall.push(r.wall_ms);
    side?.cpu.push(r.user_ms + r.sys_ms);
  };
  for (let i = 0; i < warmup; i++) {
    await runSide(null);
    await runFloor(null);
  }
  const usesEvaluator = evaluatorDir && !steps.some((s) => s.env?.STOPLINE_EVALUATOR === '0');
  const evaluatorReady = usesEvaluator ? await evaluatorsReady(evaluatorDir) : false;
  if (evaluatorReady) for (const step of steps) await warmEvaluators(evaluatorDir, step, env, cwd, Math.ceil(EVALUATOR_WARM_CALLS / steps.length));
  const evaluatorBefore = usesEvaluator ? evaluatorCpuMs(evaluatorDir) : 0;
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      await runSide(a);
      await runFloor(f);
    } else {
      await runFloor(f);
      await runSide(a);
    }
  }
  const evaluatorCpuPerCall = usesEvaluator ? (evaluatorCpuMs(evaluatorDir) - evaluatorBefore) / runs : null;
  // the per-pair ratio cancels load that shifts between rounds; its median is the headline
  const pairRatios = a.wall.map((w, i) => w / f.wall[i]);
  const wall = summarize(a.wall);
  const floor = summarize(f.wall);
  const cpuMedian = median(a.cpu);
  return {
    wall, floor, cpu: summarize(a.cpu), floorCpu: summarize(f.cpu),
    ratio: median(pairRatios),
    ratioOfMedians: wall.median / floor.median,
    cpuRatio: cpuMedian / median(f.cpu),
    // the hook's CPU plus its evaluator's share: what the call really cost the machine
    evaluatorCpuPerCall,
    evaluatorReady: usesEvaluator ? evaluatorReady : null,
    cpuWithEvaluatorRatio: evaluatorCpuPerCall === null ? null : (cpuMedian + evaluatorCpuPerCall) / median(f.cpu),
    overheadMs: wall.median - floor.median,
    overheadCpuMs: cpuMedian - median(f.cpu),
  };
}

export const HOOK_TARGETS = { node: 1.08, node22: 1.08, deno: 1.15, bun: 1.2 };

export async function benchHooks(timer, { runtimes, dist, runs, warmup, log, env = process.env }) {
  const scratch = mkdtempSync(join(tmpdir(), 'stopline-bench-floor-'));
  const floorFile = join(scratch, 'floor.mjs');
  writeFileSync(floorFile, FLOOR_SCRIPT);
  // the bench's own evaluator folder: TMPDIR/stopline-<uid> (hosts/shared/evaluator/where.ts)
  const evaluatorTmp = benchEvaluatorTmp();
  const evaluatorDir = benchEvaluatorDir();
  const rows = [];
  try {
    for (const artifact of hookArtifacts(dist, env)) {
      for (const runtime of runtimes) {
        let prep;
        try {
          prep = await prepareScenarios(timer, runtime, artifact, evaluatorTmp);
        } catch (e) {
          if (!artifact.competitor) throw e;
          log(`  ${artifact.name} ${runtime.name}: skipped (${e.message.slice(0, 120)})`);
          rows.push({ artifact: artifact.name, runtime: runtime.name, skipped: e.message.slice(0, 200) });
          continue;
        }
        for (const s of prep.scenarios) {
          let m;
          try {
            m = await measurePair(timer, { steps: s.steps, floorArgv: [...runtime.argv, floorFile], env: prep.env, cwd: prep.project, runs, warmup, evaluatorDir: artifact.evaluator ? evaluatorDir : null });
          } catch (e) {
            if (!artifact.competitor) throw e;
            log(`  ${artifact.name} ${runtime.name} ${s.name}: skipped (${e.message.slice(0, 120)})`);
            rows.push({ artifact: artifact.name, runtime: runtime.name, scenario: s.name, skipped: e.message.slice(0, 200) });
            continue;
          }
          // the targets are the Claude and Codex hooks' (#19); the CLI bridge and the competitor are measured beside them
          const target = s.perEvent && artifact.evaluator ? HOOK_TARGETS[runtime.name] : null;
          const row = { artifact: artifact.name, runtime: runtime.name, scenario: s.name, starts: s.steps.length, kind: s.toolCall ? 'tool call' : s.inProcess ? 'in-process' : 'event', ...m, target, pass: target === null ? null : m.ratio <= target };
          rows.push(row);
          const ev = m.evaluatorCpuPerCall === null ? '' : `, evaluator ${round(m.evaluatorCpuPerCall, 2)} ms cpu/call${m.evaluatorReady ? '' : ' (NOT READY)'}`;
          log(`  ${artifact.name.padEnd(10)} ${runtime.name.padEnd(6)} ${s.name.padEnd(26)} median ${round(m.wall.median, 1)} ms (p95 ${round(m.wall.p95, 1)}), floor ${round(m.floor.median, 1)} ms, ratio ${round(m.ratio, 3)}, cpu ${round(m.cpu.median, 1)}/${round(m.floorCpu.median, 1)} ms${ev}`);
        }
        if (artifact.evaluator) stopEvaluators(evaluatorDir);
      }
    }
  } finally {
    stopEvaluators(evaluatorDir);
  }
  return rows;
}
