// In-process decisions: the built OpenCode plugin and Pi extension loaded into a stand-in host
// process, the way their hosts load them, and timed per `tool.execute.before` (OpenCode) /
// `tool_call` (Pi) call. Nothing crosses a process boundary here, so the time is the decision
// itself: event normalisation, config read, state read, decide, evidence append.
//
// Each artifact runs in a child process of its own (this file with --child), so its heap and
// RSS are its own and the environment (HOME, STOPLINE_HOME) is the bench home's, as a host
// process started in that home would have it. The child answers one JSON line on stdout.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './facts.mjs';
import { benchHome, coreWaitMs } from './resident.mjs';
import { round, summarize } from './stats.mjs';

export const INPROCESS_TARGET_MS = 0.3;
const SHELL = 'git status && ls -la | grep foo && cat README.md | head -n 5';
const DIRECTIVE = '$stopline review -- look at a.txt';

/** Which artifact runs under which runtime: each under the runtime its host runs it on. */
export const PLUGIN_TARGETS = [
  { host: 'opencode', runtime: 'node', file: ['opencode', 'stopline.js'], note: 'plugin imported' },
  { host: 'opencode', runtime: 'bun', file: ['opencode', 'stopline.js'], note: "plugin imported (OpenCode's runtime)" },
  { host: 'pi', runtime: 'node', file: ['pi', 'stopline.ts'], note: "extension loaded by jiti, as Pi's loader does" },
];

// ---------------------------------------------------------------- parent side

/**
 * Jiti (Pi's loader) keeps its transpile of a .ts file in $TMPDIR/jiti, named after the file's
 * path and checked against its content. The dist snapshot lives at a new path every run, so the
 * extension is copied to one fixed path under node_modules/.cache first: the seconds-long
 * transpile is paid once per new build, not per run, and the transpiler's garbage does not sit
 * in the memory readings.
 */
function stablePiCopy(file) {
  const dir = join(REPO_ROOT, 'node_modules', '.cache', 'stopline-bench-pi');
  mkdirSync(join(dir, 'tmp'), { recursive: true });
  const copy = join(dir, 'stopline.ts');
  copyFileSync(file, copy);
  return { file: copy, tmp: join(dir, 'tmp') };
}

function runChild(argv, env, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0], argv.slice(1), { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      try {
        const answer = JSON.parse(last);
        if (answer.error) reject(new Error(answer.error));
        else resolve(answer);
      } catch {
        reject(new Error(`exit ${code}, no answer line${err ? `: ${err.trim().split('\n').slice(-3).join(' | ').slice(0, 300)}` : ''}`));
      }
    });
  });
}

/** One row per target whose runtime was asked for. */
export async function benchPlugins({ runtimes, dist, calls, log }) {
  const rows = [];
  for (const target of PLUGIN_TARGETS) {
    const runtime = runtimes.find((r) => r.name === target.runtime);
    if (!runtime) continue;
    const { root, project, env } = benchHome();
    let file = join(dist, ...target.file);
    if (target.host === 'pi') ({ file, tmp: env.TMPDIR } = stablePiCopy(file));
    // --expose-gc lets the child collect before each heap reading (retained growth, not garbage)
    const flags = runtime.name === 'node' ? ['--expose-gc'] : [];
    const label = `${target.host} / ${runtime.name}`;
    let answer;
    try {
      answer = await runChild([...runtime.argv, ...flags, join(REPO_ROOT, 'bench', 'plugins.mjs'), '--child', target.host, file, String(calls)], env, project);
    } catch (e) {
      throw new Error(`in-process ${label}: ${e.message}`);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
    const all = summarize(answer.all);
    const row = {
      host: target.host, runtime: runtime.name, note: target.note, calls,
      loadMs: answer.loadMs,
      decision: all,
      cpu: summarize(answer.cpu),
      withoutCoreWait: answer.withoutCoreWait.length ? summarize(answer.withoutCoreWait) : null,
      byDecision: Object.fromEntries(Object.entries(answer.byDecision).map(([k, v]) => [k, summarize(v)])),
      slowCallsWithGc: answer.slowCallsWithGc,
      memory: answer.memory,
      target: INPROCESS_TARGET_MS, pass: all.p99 <= INPROCESS_TARGET_MS,
    };
    const m = row.memory;
    log(`  ${label.padEnd(16)} median ${round(all.median, 3)} ms, p99 ${round(all.p99, 3)} ms (without core wait ${row.withoutCoreWait ? round(row.withoutCoreWait.p99, 3) : 'n/a'}), cpu median ${round(row.cpu.median, 3)} ms, max ${round(all.max, 1)} ms; heap +${m.heapGrowthKiB} KiB (after gc: ${m.heapGrowthAfterGcKiB ?? 'n/a'}), rss +${m.rssGrowthKiB} KiB over ${calls} calls`);
    rows.push(row);
  }
  return rows;
}

// ---------------------------------------------------------------- child side: the stand-in hosts

/** The parts of OpenCode's v1 SDK client the plugin calls, answering from memory. */
function openCodeClient(state) {
  const ok = (data) => Promise.resolve({ data });
  return {
    session: {
      get: ({ path }) => ok({ id: path.id, version: '1.18.33' }),
      message: ({ path }) => ok(state.messages.get(path.messageID)),
      messages: ({ path }) => ok([...state.messages.values()].filter((m) => m.info.sessionID === path.id)),
      prompt: ({ path, body }) => {
        state.injected.push(path.id);
        return ok({ info: { id: `msg_inj${state.injected.length}`, role: 'user' }, parts: [] });
      },
    },
    // plan may not edit, build may: the shape of the captured client.app.agents() result
    app: {
      agents: () =>
        ok([
          { name: 'build', mode: 'primary', permission: [{ permission: '*', pattern: '*', action: 'allow' }] },
          { name: 'plan', mode: 'primary', permission: [{ permission: '*', pattern: '*', action: 'allow' }, { permission: 'edit', pattern: '*', action: 'deny' }] },
        ]),
    },
  };
}

async function openCodeHost(file, project) {
  const state = { messages: new Map(), injected: [] };
  const mod = await import(pathToFileURL(file).href);
  const factories = Object.values(mod).filter((v) => typeof v === 'function');
  if (factories.length !== 1) throw new Error(`expected one plugin export, found ${Object.keys(mod).join(', ')}`);
  const input = { client: openCodeClient(state), project: { id: 'p', worktree: project, vcs: 'git' }, directory: project, worktree: project, serverUrl: new URL('http://127.0.0.1:4096/'), $: () => undefined };
  const hooks = await factories[0](input);
  const armed = 'ses_benchArmed000000000001';
  const unarmed = 'ses_benchUnarmed0000000001';
  // the person's directive as OpenCode publishes it: message.updated, then its text part
  const info = { id: 'msg_bench000001', role: 'user', sessionID: armed, agent: 'plan', time: { created: 1 }, model: { providerID: 'bench', modelID: 'none' } };
  const part = { id: 'prt_bench000001', type: 'text', text: DIRECTIVE, messageID: info.id, sessionID: armed };
  state.messages.set(info.id, { info, parts: [part] });
  await hooks.event({ event: { id: 'evt_u1', type: 'message.updated', properties: { sessionID: armed, info } } });
  await hooks.event({ event: { id: 'evt_p1', type: 'message.part.updated', properties: { sessionID: armed, part, time: 1 } } });
  let seq = 0;
  const before = (session, tool, args) => async () => {
    try {
      await hooks['tool.execute.before']({ tool, sessionID: session, callID: `call_${++seq}` }, { args });
      return { denied: false };
    } catch (e) {
      return { denied: true, message: e instanceof Error ? e.message : String(e) };
    }
  };
  return [
    { name: 'unarmed read', deny: false, call: before(unarmed, 'read', { filePath: join(project, 'README.md') }) },
    { name: 'review write (deny)', deny: true, call: before(armed, 'write', { filePath: join(project, 'created.txt'), content: 'x' }) },
    { name: 'shell analysis', deny: false, call: before(armed, 'bash', { command: SHELL, description: 'look around' }) },
  ];
}

async function piHost(file, project) {
  const { createJiti } = await import(pathToFileURL(join(REPO_ROOT, 'node_modules', 'jiti', 'lib', 'jiti.mjs')).href);
  // Pi's own loader: a fresh jiti without module cache, the default export is the factory
  const jiti = createJiti(import.meta.url, { moduleCache: false });
  const factory = await jiti.import(file, { default: true });
  const handlers = new Map();
  factory({ on: (name, h) => handlers.set(name, [...(handlers.get(name) ?? []), h]) });
  const ctx = (sessionId, idle) => ({
    cwd: project, hasUI: false, mode: 'print',
    isIdle: () => idle,
    sessionManager: { getSessionId: () => sessionId },
    ui: { notify: () => {}, confirm: async () => false },
  });
  const emit = async (name, event, c) => {
    let returned;
    for (const h of handlers.get(name) ?? []) {
      const r = await h(event, c);
      if (r !== undefined && r !== null) returned = r;
    }
    return returned;
  };
  const armed = 'bench-pi-armed';
  await emit('input', { type: 'input', text: DIRECTIVE, source: 'interactive' }, ctx(armed, true));
  await emit('before_agent_start', { type: 'before_agent_start', prompt: DIRECTIVE }, ctx(armed, false));
  const armedCtx = ctx(armed, false);
  const unarmedCtx = ctx('bench-pi-unarmed', false);
  let seq = 0;
  const toolCall = (c, toolName, input) => async () => {
    const r = await emit('tool_call', { type: 'tool_call', toolName, toolCallId: `call_${++seq}`, input }, c);
    return r && r.block === true ? { denied: true, message: String(r.reason) } : { denied: false };
  };
  return [
    { name: 'unarmed read', deny: false, call: toolCall(unarmedCtx, 'read', { path: 'README.md' }) },
    { name: 'review write (deny)', deny: true, call: toolCall(armedCtx, 'write', { path: 'created.txt', content: 'x' }) },
    { name: 'shell analysis', deny: false, call: toolCall(armedCtx, 'bash', { command: SHELL }) },
  ];
}

/** Collect now if the runtime lets us (node --expose-gc, Bun.gc), so a heap reading is what is retained. */
function collect() {
  if (typeof globalThis.gc === 'function') {
    globalThis.gc();
    return true;
  }
  if (typeof globalThis.Bun?.gc === 'function') {
    globalThis.Bun.gc(true);
    return true;
  }
  return false;
}

/** GC pauses by start/end time (node only), to tell how many slow calls a collection overlapped. */
async function gcRecorder() {
  try {
    const { PerformanceObserver } = await import('node:perf_hooks');
    const spans = [];
    const take = (entries) => {
      for (const e of entries) spans.push([e.startTime, e.startTime + e.duration]);
    };
    const obs = new PerformanceObserver((list) => take(list.getEntries()));
    obs.observe({ entryTypes: ['gc'] });
    return {
      spans,
      // entries are delivered later on the event loop: wait for them, then take what is queued
      stop: async () => {
        await new Promise((r) => setTimeout(r, 100));
        take(obs.takeRecords?.() ?? []);
        obs.disconnect();
      },
    };
  } catch {
    return null;
  }
}

async function child(host, file, calls) {
  const project = process.cwd();
  const started = performance.now();
  const decisions = host === 'opencode' ? await openCodeHost(file, project) : await piHost(file, project);
  const loadMs = round(performance.now() - started, 1);
  const check = async (d) => {
    const r = await d.call();
    if (r.denied !== d.deny || (r.denied && !/^STOP \//.test(r.message))) throw new Error(`${d.name}: ${r.denied ? `denied (${String(r.message).split('\n')[0]})` : 'allowed'}, expected ${d.deny ? 'a deny' : 'no deny'}`);
  };
  const warm = Math.min(1000, Math.ceil(calls / 10));
  for (let i = 0; i < warm; i++) await check(decisions[i % 3]);
  const gcAtStart = collect();
  const heapAfterWarmup = process.memoryUsage();
  const gc = await gcRecorder();
  const all = [];
  // CPU time of the process per call (all its threads): wall far above it is time spent waiting
  // for a core, which the load of a shared machine adds and the decision does not
  const cpu = [];
  // each call minus the time its thread sat runnable waiting for a core (Linux)
  const withoutCoreWait = [];
  const starts = [];
  const byDecision = Object.fromEntries(decisions.map((d) => [d.name, []]));
  for (let i = 0; i < calls; i++) {
    const d = decisions[i % 3];
    if (i % 97 === 0) {
      await check(d); // an unchecked call in between, so a broken artifact fails the bench
      continue;
    }
    const w0 = coreWaitMs();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await d.call();
    const ms = performance.now() - t0;
    const c = process.cpuUsage(c0);
    const w1 = coreWaitMs();
    all.push(ms);
    cpu.push((c.user + c.system) / 1000);
    if (w0 !== null && w1 !== null) withoutCoreWait.push(Math.max(0, ms - (w1 - w0)));
    starts.push([t0, t0 + ms]);
    byDecision[d.name].push(ms);
  }
  const rawEnd = process.memoryUsage();
  await gc?.stop();
  const gcAtEnd = collect();
  const heapEnd = process.memoryUsage();
  // the calls at or above p99: how many of them a GC pause overlapped
  let slowCallsWithGc = null;
  if (gc) {
    const cutoff = [...all].sort((a, b) => a - b)[Math.max(0, Math.ceil(all.length * 0.99) - 1)];
    const slow = starts.filter(([a, b]) => b - a >= cutoff);
    const withGc = slow.filter(([a, b]) => gc.spans.some(([s, e]) => s < b && e > a)).length;
    slowCallsWithGc = { slow: slow.length, withGc, gcPauses: gc.spans.length, gcMsTotal: round(gc.spans.reduce((t, [s, e]) => t + e - s, 0), 1) };
  }
  const kib = (b) => Math.round(b / 1024);
  return {
    loadMs, all, cpu, withoutCoreWait, byDecision, slowCallsWithGc,
    memory: {
      heapAfterWarmupKiB: kib(heapAfterWarmup.heapUsed),
      heapGrowthKiB: kib(rawEnd.heapUsed - heapAfterWarmup.heapUsed),
      heapGrowthAfterGcKiB: gcAtStart && gcAtEnd ? kib(heapEnd.heapUsed - heapAfterWarmup.heapUsed) : null,
      rssAfterWarmupKiB: kib(heapAfterWarmup.rss),
      rssGrowthKiB: kib(rawEnd.rss - heapAfterWarmup.rss),
    },
  };
}

if (process.argv[2] === '--child') {
  // the artifacts write diagnostics to stderr; stdout carries only the answer line
  console.log = (...a) => console.error(...a);
  const [, , , host, file, calls] = process.argv;
  let answer;
  try {
    if (host !== 'opencode' && host !== 'pi') throw new Error(`unknown host "${host}"`);
    answer = await child(host, file, Number(calls));
  } catch (e) {
    answer = { error: e instanceof Error ? e.message : String(e) };
  }
  // exit once the line is out: a host-side timer left behind must not keep the child alive
  process.stdout.write(JSON.stringify(answer) + '\n', () => process.exit(0));
}
