// TEST DOUBLE of stopline.mjs for the Hermes shim's mechanics tests. It is NOT stopline: it speaks the
// same `listen` line protocol (ping / dispatch / bye) with scripted behaviours so the tests can make the
// evaluator answer, die, hang, talk garbage or go mute. The real bundle replaces it when present.
//
// Environment:
//   STOPLINE_DOUBLE_DIR   folder for spawns.log (one line per process start) and dispatch.log
//                         (one JSON line per dispatch: what the shim sent). Required.
//   STOPLINE_DOUBLE_PLAN  comma list of behaviours, one per started process in order; the last one
//                         repeats (default "answer"). Behaviours:
//     answer            decide by markers: args containing DENY-ME -> block, ASK-ME -> approve,
//                       pre_llm_call -> a context line, pre_verify with VERIFY-ME -> continue
//     echo              pre_tool_call -> block whose message is "ECHO " + JSON of what arrived
//     die-after-N       answer N dispatches, then exit 3 on the next one without answering
//     hang              answer the ping, never answer a dispatch
//     hang-ping         never answer anything
//     garbage           dispatch -> a line that is not JSON
//     wrong-shape       dispatch -> JSON without a boolean "ok"
//     error             dispatch -> {"ok": false, "error": ...}
//     no-ping           ping -> {"ok": false}; dispatch answered like "answer" (one-shot use)
//     exit-at-start     print a reason on stderr, exit 1 before reading anything
//     slow-MS           like answer, after MS milliseconds
//     noisy             like answer, after writing 256 KiB to stderr (a shim that never drains would stall)
//     double-answer     like answer, but every answer is written twice
//     say-hello         like answer; prints "stopline: hello from the double" on stderr at start
//     ignore-bye        like answer, but ignores {"op":"bye"} and a closed stdin (must be killed)
// hang, hang-ping and ignore-bye end on their own only 30 s after their parent is gone (a safety net).
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import readline from 'node:readline';

const dir = process.env.STOPLINE_DOUBLE_DIR;
if (!dir) {
  process.stderr.write('double: STOPLINE_DOUBLE_DIR is not set\n');
  process.exit(2);
}
const runtime = typeof globalThis.Bun !== 'undefined' ? 'bun' : typeof globalThis.Deno !== 'undefined' ? 'deno' : 'node';
const spawnsLog = path.join(dir, 'spawns.log');
const index = fs.existsSync(spawnsLog) ? fs.readFileSync(spawnsLog, 'utf8').split('\n').filter(Boolean).length : 0;
fs.appendFileSync(
  spawnsLog,
  JSON.stringify({ pid: process.pid, index, runtime, tag: process.env.STOPLINE_DOUBLE_RUNTIME_TAG ?? null, argv: process.argv.slice(2) }) + '\n',
);
const plan = (process.env.STOPLINE_DOUBLE_PLAN || 'answer').split(',').map((s) => s.trim());
const behaviour = plan[Math.min(index, plan.length - 1)] ?? 'answer';
let dispatches = 0;

if (behaviour === 'exit-at-start') {
  process.stderr.write('double: cannot start (planned)\n');
  process.exit(1);
}
if (behaviour === 'say-hello') process.stderr.write('stopline: hello from the double\n');
const stubborn = behaviour === 'hang' || behaviour === 'hang-ping' || behaviour === 'ignore-bye';
// A stubborn double must be killed by the shim (the tests check that within seconds). If the shim
// fails to, it still ends 30 s after its parent is gone, so a failing test leaves nothing behind.
const parentAtStart = process.ppid;
let orphanedAt = 0;
if (stubborn) {
  setInterval(() => {
    if (process.ppid === parentAtStart) return;
    orphanedAt ||= Date.now();
    if (Date.now() - orphanedAt >= 30_000) process.exit(0);
  }, 1000);
}

function send(obj) {
  process.stdout.write(JSON.stringify(obj) + '\n');
}

function decide(event, payload) {
  const args = JSON.stringify(payload.args ?? {});
  if (event === 'pre_tool_call') {
    if (args.includes('DENY-ME')) return { action: 'block', message: `STOP / INTENT\ndouble denied ${payload.tool_name}` };
    if (args.includes('ASK-ME')) return { action: 'approve', message: `double asks about ${payload.tool_name}` };
    if (args.includes('EMPTY-BLOCK')) return { action: 'block', message: '' };
    if (args.includes('ALLOW-SHAPE')) return { action: 'allow' };
    return null;
  }
  if (event === 'pre_llm_call') {
    if (String(payload.user_message ?? '').includes('STRING-CONTEXT')) return 'double context as a plain string';
    if (String(payload.user_message ?? '').includes('NO-CONTEXT')) return { context: '   ' };
    return { context: `double context for ${payload.session_id}` };
  }
  if (event === 'pre_verify' && String(payload.final_response ?? '').includes('VERIFY-ME')) {
    return { action: 'continue', message: 'double: run the tests before finishing' };
  }
  if (event === 'on_session_start') return { context: 'ignored by Hermes' };
  return null;
}

function onDispatch(msg) {
  dispatches += 1;
  const payload = msg.payload ?? {};
  fs.appendFileSync(
    path.join(dir, 'dispatch.log'),
    JSON.stringify({
      pid: process.pid,
      index,
      n: dispatches,
      runtime,
      host: msg.host,
      event: msg.event,
      payload,
      hostDataDir: process.env.STOPLINE_HOST_DATA_DIR ?? null,
    }) + '\n',
  );
  const dieAfter = /^die-after-(\d+)$/.exec(behaviour);
  if (dieAfter && dispatches > Number(dieAfter[1])) {
    process.stderr.write('double: dying as planned\n');
    process.exit(3);
  }
  switch (behaviour) {
    case 'hang':
    case 'hang-ping':
      return;
    case 'garbage':
      process.stdout.write('this is not json {\n');
      return;
    case 'wrong-shape':
      send({ id: msg.id, result: 'no ok field' });
      return;
    case 'error':
      send({ id: msg.id, ok: false, error: 'double says no' });
      return;
    case 'echo': {
      const seen = { pid: process.pid, index, n: dispatches, runtime, event: msg.event, host: msg.host, payload };
      const output =
        msg.event === 'pre_tool_call'
          ? { action: 'block', message: 'ECHO ' + JSON.stringify(seen) }
          : msg.event === 'pre_llm_call'
            ? { context: 'ECHO ' + JSON.stringify(seen) }
            : null;
      send({ id: msg.id, ok: true, output });
      return;
    }
    default:
      break;
  }
  const answer = { id: msg.id, ok: true, output: decide(msg.event, payload) };
  const slow = /^slow-(\d+)$/.exec(behaviour);
  if (slow) {
    setTimeout(() => send(answer), Number(slow[1]));
    return;
  }
  if (behaviour === 'noisy') process.stderr.write(('y'.repeat(1023) + '\n').repeat(256));
  send(answer);
  if (behaviour === 'double-answer') send(answer);
}

const rl = readline.createInterface({ input: process.stdin });
rl.on('line', (line) => {
  if (!line.trim()) return;
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    send({ ok: false, error: 'double: request is not JSON' });
    return;
  }
  if (msg.op === 'ping') {
    if (behaviour === 'hang-ping') return;
    if (behaviour === 'no-ping') send({ id: msg.id, ok: false, error: 'double: resident mode refused (planned)' });
    else send({ id: msg.id, ok: true, output: 'pong' });
    return;
  }
  if (msg.op === 'bye') {
    if (stubborn) return;
    process.exit(0);
  }
  if (msg.op === 'dispatch') {
    onDispatch(msg);
    return;
  }
  send({ id: msg.id, ok: false, error: `double: unknown op ${msg.op}` });
});
rl.on('close', () => {
  if (!stubborn) process.exit(0);
});
