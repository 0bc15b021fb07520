// Claude Code's mod door: the PreToolUse decisions stopline makes inside a real Claude Code
// 2.1.332 process (the pinned CLI in .hosts/claude), one long `claude -p` session offline against
// a scripted model on 127.0.0.1 that calls a tool on every turn under `$stopline review`: a Read
// and a read-only shell command (allowed), a Write and a `touch` (denied). The mod times each
// decision inside the process (STOPLINE_TIMING_FILE); the same session with mods refused by
// managed settings (allowManagedModsOnly, set in a private mount namespace, root only) gives the
// command hooks' figures beside it, and the session's wall time per tool call for both.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { claudeOfflineVars } from '../test/hosts/claude/offline-env.mjs';
import { REPO_ROOT } from './facts.mjs';
import { round, summarize } from './stats.mjs';

export const CLAUDE_MOD_TARGET_MS = 0.3;
const CLAUDE = join(REPO_ROOT, '.hosts', 'claude', 'node_modules', '@anthropic-ai', 'claude-code', 'bin', 'claude.exe');
/** The first decisions of a session load the session's files and warm the code up. */
const WARMUP = 5;

function toolFor(i, project) {
  switch (i % 4) {
    case 0:
      return { name: 'Read', input: { file_path: join(project, 'a.txt') } };
    case 1:
      return { name: 'Write', input: { file_path: join(project, `new-${i}.txt`), content: 'x\n' } };
    case 2:
      return { name: 'Bash', input: { command: 'git status && ls -la | grep foo && cat a.txt | head -n 5', description: 'look' } };
    default:
      return { name: 'Bash', input: { command: `touch x-${i}`, description: 'touch' } };
  }
}

/** A scripted Anthropic Messages stream: turn i (assistant messages so far) calls tool i, then one text. */
function startModel(calls, project) {
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      let body = {};
      try {
        body = JSON.parse(raw);
      } catch {
        /* answered as a text turn */
      }
      const turn = Array.isArray(body.messages) ? body.messages.filter((m) => m.role === 'assistant').length : 0;
      const hasTools = Array.isArray(body.tools) && body.tools.length > 0;
      const block = hasTools && turn < calls ? { type: 'tool_use', id: `toolu_bench_${turn}`, ...toolFor(turn, project) } : { type: 'text', text: 'done' };
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const send = (event, data) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      const usage = { input_tokens: 10, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
      send('message_start', { type: 'message_start', message: { id: `msg_${turn}`, type: 'message', role: 'assistant', model: body.model ?? 'fake', content: [], stop_reason: null, stop_sequence: null, usage } });
      if (block.type === 'tool_use') {
        send('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } });
        send('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } });
      } else {
        send('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
        send('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: block.text } });
      }
      send('content_block_stop', { type: 'content_block_stop', index: 0 });
      send('message_delta', { type: 'message_delta', delta: { stop_reason: block.type === 'tool_use' ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: 1 } });
      send('message_stop', { type: 'message_stop' });
      res.end();
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** `unshare` argv that starts a command with mods limited to the organization's, or null (not root / not possible). */
function policyWrapper(dir) {
  if (typeof process.getuid === 'function' && process.getuid() !== 0) return null;
  const upper = join(dir, 'upper');
  const work = join(dir, 'work');
  mkdirSync(join(upper, 'claude-code'), { recursive: true });
  mkdirSync(work, { recursive: true });
  writeFileSync(join(upper, 'claude-code', 'managed-settings.json'), JSON.stringify({ pluginConfigs: { 'cc-plugin-sec-default@builtin': { options: { allowManagedModsOnly: true } } } }));
  const mount = `mount -t overlay overlay -o lowerdir=/etc,upperdir=${upper},workdir=${work} /etc`;
  const probe = spawnSync('unshare', ['-m', '--propagation', 'private', 'sh', '-c', `${mount} && test -f /etc/claude-code/managed-settings.json`]);
  return probe.status === 0 ? ['unshare', '-m', '--propagation', 'private', 'sh', '-c', `${mount} && exec "$0" "$@"`] : null;
}

async function session({ dist, calls, wrapper }) {
  const root = mkdtempSync(join(tmpdir(), 'stopline-bench-claude-mod-'));
  const home = join(root, 'home');
  const project = join(root, 'project');
  const tmp = join(root, 'tmp');
  for (const d of [home, project, tmp]) mkdirSync(d, { recursive: true });
  writeFileSync(join(project, 'a.txt'), 'alpha\n');
  const timing = join(root, 'timing.jsonl');
  const server = await startModel(calls, project);
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    SHELL: '/bin/bash',
    ...claudeOfflineVars(`http://127.0.0.1:${server.address().port}`, 'sk-ant-bench-dummy', tmp),
    STOPLINE_TIMING_FILE: timing,
  };
  const argv = [...(wrapper ?? []), CLAUDE, '-p', '$stopline review -- bench', '--output-format', 'json', '--max-turns', String(calls + 5), '--allowedTools', 'Read,Write,Edit,Bash', '--plugin-dir', join(dist, 'claude')];
  const started = performance.now();
  const code = await new Promise((resolve) => {
    const child = spawn(argv[0], argv.slice(1), { cwd: project, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.stdout.resume();
    const timer = setTimeout(() => child.kill('SIGTERM'), Math.max(120_000, calls * 3000));
    child.on('close', (c) => {
      clearTimeout(timer);
      resolve(c === 0 ? 0 : `${c}: ${err.trim().split('\n').slice(-2).join(' | ')}`);
    });
  });
  const wallMs = performance.now() - started;
  server.close();
  const lines = existsSync(timing) ? readFileSync(timing, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l)) : [];
  rmSync(root, { recursive: true, force: true });
  if (code !== 0) throw new Error(`claude exited ${code}`);
  return { lines, wallMs };
}

export async function benchClaudeMod({ dist, quick, log }) {
  if (!existsSync(CLAUDE)) return { skipped: `Claude Code is not installed in .hosts/claude (node test/hosts/install-hosts.mjs)` };
  if (!existsSync(join(dist, 'claude', 'hooks', 'stopline-mod.mjs'))) return { skipped: 'dist/claude has no mod (npm run build)' };
  const calls = quick ? 60 : 200;
  const rows = [];
  const mod = await session({ dist, calls, wrapper: null });
  const pre = mod.lines.filter((l) => l.artifact === 'claude-mod' && l.hook === 'PreToolUse').map((l) => l.ms);
  if (pre.length < WARMUP + 10) throw new Error(`the mod timed ${pre.length} PreToolUse decisions of ${calls}: it did not decide`);
  const steady = summarize(pre.slice(WARMUP));
  rows.push({ door: 'mod (in process)', decisions: pre.length, first: pre[0], decision: steady, wallPerToolMs: mod.wallMs / calls, pass: steady.p99 <= CLAUDE_MOD_TARGET_MS, target: CLAUDE_MOD_TARGET_MS });
  log(`  mod: ${pre.length} decisions, median ${round(steady.median, 3)} ms, p99 ${round(steady.p99, 3)} ms (first ${round(pre[0], 1)} ms); session ${round(mod.wallMs / calls, 1)} ms per tool call`);
  // decision i is turn i's tool (toolFor): a write reads where it lands through $.fs, a read does not
  const byKind = (kinds) => pre.map((ms, i) => ({ ms, i })).filter((d) => d.i >= WARMUP && kinds.includes(d.i % 4)).map((d) => d.ms);
  for (const [door, kinds] of [
    ['mod: Read', [0]],
    ['mod: read-only shell', [2]],
    ['mod: Write (where it lands read through $.fs)', [1]],
    ['mod: touch (where it lands read through $.fs)', [3]],
  ]) {
    const ms = byKind(kinds);
    if (ms.length === 0) continue;
    rows.push({ door, decisions: ms.length, decision: summarize(ms) });
    log(`  ${door}: median ${round(summarize(ms).median, 3)} ms, p99 ${round(summarize(ms).p99, 3)} ms`);
  }
  const policyDir = mkdtempSync(join(tmpdir(), 'stopline-bench-policy-'));
  const wrapper = policyWrapper(policyDir);
  if (wrapper) {
    const n = Math.min(calls, 40);
    const cmd = await session({ dist, calls: n, wrapper });
    const runs = cmd.lines.filter((l) => l.artifact === 'stopline (claude)').map((l) => l.ms);
    rows.push({ door: 'command hooks (mods refused by policy)', decisions: runs.length, decision: summarize(runs), wallPerToolMs: cmd.wallMs / n, note: 'runtime start to answer inside each hook process (spawn not counted)' });
    log(`  command hooks: ${runs.length} hook runs, median ${round(summarize(runs).median, 1)} ms inside each process; session ${round(cmd.wallMs / n, 1)} ms per tool call`);
  } else rows.push({ door: 'command hooks (mods refused by policy)', skipped: 'needs root and unshare for the managed settings' });
  rmSync(policyDir, { recursive: true, force: true });
  return { calls, rows };
}
