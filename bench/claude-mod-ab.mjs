// Two builds of the Claude Code mod side by side in one process: each bundle is evaluated as
// Claude Code loads a mod, by the mod tests' stand-in for its loader (test/hosts/claude/mod/
// mod-host.ts: a context of its own with a mod's globals, `register(on)`, a `$` over the real
// disk), under a throwaway home and project, and asked the same PreToolUse decisions
// (Read, a read-only shell command, a Write inside files=src/**, a `touch` outside it, `sh` running a
// script, which reads where stopline's own paths land and, armed, runs confined), one
// decision of A then the same of B, so load on the machine falls on both alike. The figure is the
// mod's own (its STOPLINE_TIMING_FILE line: the decision inside the process, `$` calls included),
// with the wall time of the hook call beside it.
//
//   node bench/claude-mod-ab.mjs <before.mjs> <after.mjs> [decisions] [armed|unarmed]
//
// armed (the default) runs under `$stopline change files=src/**`; unarmed under a plain prompt
// (the floor still judges where a write lands). The session start and first prompt of each build
// are shown too (they load the session's files), with the runs of the core each took where the
// build's timing line counts them.
//
// e.g. the committed build against a fresh one:
//   git show HEAD:dist/claude/hooks/stopline-mod.mjs > /tmp/mod-before.mjs
//   STOPLINE_ONLY=claude-mod npm run build
//   node bench/claude-mod-ab.mjs /tmp/mod-before.mjs dist/claude/hooks/stopline-mod.mjs 400
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createJiti } from 'jiti';
import { round, summarize } from './stats.mjs';

const { ModHost } = await createJiti(import.meta.url).import('../test/hosts/claude/mod/mod-host.ts');

const WARMUP = 20;

/** One mod loaded as Claude Code loads it, in a home and project of its own. */
function loadMod(bundle, label) {
  const root = mkdtempSync(join(tmpdir(), `stopline-bench-mod-ab-${label}-`));
  const home = join(root, 'home');
  const project = join(root, 'proj');
  mkdirSync(join(project, 'src'), { recursive: true });
  mkdirSync(home, { recursive: true });
  writeFileSync(join(project, 'a.txt'), 'alpha\n');
  mkdirSync(join(project, 'scripts'));
  writeFileSync(join(project, 'scripts', 'build.sh'), 'echo built\n');
  const timing = join(root, 'timing.jsonl');
  const env = { HOME: home, PATH: process.env.PATH ?? '/usr/bin:/bin', STOPLINE_TIMING_FILE: timing };
  const hookEnv = { CLAUDE_PID: '4242', CLAUDE_PROJECT_DIR: project, CLAUDE_PLUGIN_DATA: join(home, 'data'), CLAUDE_CODE_SESSION_ATTENDED: '0', CLAUDE_PLUGIN_ROOT: join(root, 'plugin') };
  const host = new ModHost(bundle, { env, hookEnv });
  const raise = async (event, e) => (await host.raise(event, e)).value;
  const base = { session_id: '5d1b3c2e-0000-4000-8000-0000000000ab', transcript_path: join(home, 't.jsonl'), cwd: project };
  return { label, root, project, timing, raise, base };
}

function toolFor(i, project) {
  switch (i % KINDS.length) {
    case 0:
      return { tool: 'Read', file_path: join(project, 'a.txt') };
    case 1:
      return { tool: 'Bash', command: 'git status && ls -la | grep foo && cat a.txt | head -n 5', description: 'look' };
    case 2:
      return { tool: 'Write', file_path: join(project, 'src', `new-${i}.txt`), content: 'x\n' };
    case 3:
      return { tool: 'Bash', command: `touch x-${i}`, description: 'touch' };
    default:
      // a command that runs a program file: where stopline's own paths land is read too (armed, it runs confined)
      return { tool: 'Bash', command: 'sh scripts/build.sh', description: 'build' };
  }
}

const KINDS = ['Read', 'read-only shell', 'Write', 'touch', 'program file'];

async function main() {
  const [a, b, n, mode = 'armed'] = process.argv.slice(2);
  if (!a || !b || !existsSync(a) || !existsSync(b)) {
    console.error('usage: node bench/claude-mod-ab.mjs <before.mjs> <after.mjs> [decisions]');
    process.exit(2);
  }
  const decisions = Number(n) || 400;
  const mods = [loadMod(a, 'A'), loadMod(b, 'B')];
  const wall = { A: [], B: [] };
  for (const m of mods) {
    await m.raise('classic.SessionStart', { ...m.base, hook_event_name: 'SessionStart', source: 'startup' });
    await m.raise('classic.UserPromptSubmit', { ...m.base, hook_event_name: 'UserPromptSubmit', prompt_id: 'p1', permission_mode: 'default', prompt: mode === 'unarmed' ? 'look around' : '$stopline change files=src/** -- bench' });
  }
  for (let i = 0; i < decisions; i++) {
    // A first for one round of the tools, B first for the next: neither always goes first for a tool
    for (const m of Math.floor(i / KINDS.length) % 2 === 0 ? mods : [...mods].reverse()) {
      const call = { ...toolFor(i, m.project), tool_use_id: `toolu_${i}` };
      await m.raise('tool.call', call);
      const t0 = performance.now();
      await m.raise('classic.PreToolUse', call);
      wall[m.label].push(performance.now() - t0);
      // the model's turn between two tool calls: the write-out after the answer finishes there, as in a session
      await new Promise((r) => setTimeout(r, 3));
    }
  }
  // the write-out of the last decisions (the timing lines go out with the evidence)
  for (let i = 0; i < 40; i++) await new Promise((r) => setTimeout(r, 5));
  const rows = [];
  for (const m of mods) {
    const lines = readFileSync(m.timing, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l));
    const first = lines.filter((l) => l.hook !== 'PreToolUse').map((l) => `${l.hook} ${round(l.ms, 2)} ms${l.runs === undefined ? '' : ` ${l.runs} run(s)`}`);
    lines.splice(0, lines.length, ...lines.filter((l) => l.hook === 'PreToolUse'));
    const ms = lines.map((l) => l.ms);
    const runs = lines.map((l) => l.runs).filter((r) => typeof r === 'number');
    const steady = (xs) => xs.filter((_, i) => i >= WARMUP);
    const byKind = KINDS.map((_, k) => summarize(steady(ms).filter((_, i) => (i + WARMUP) % KINDS.length === k)).median);
    rows.push({ label: m.label, file: m.label === 'A' ? a : b, decision: summarize(steady(ms)), wall: summarize(steady(wall[m.label])), byKind, runs: runs.length ? runs.reduce((s, r) => s + r, 0) / runs.length : null, n: ms.length, first });
    rmSync(m.root, { recursive: true, force: true });
  }
  console.log(`Claude mod A/B, one process, ${mode}, ${decisions} PreToolUse decisions each (first ${WARMUP} left out), ms`);
  for (const r of rows) console.log(`${r.label} first events: ${r.first.join(', ')}`);
  console.log(`build  decisions  median  p95  p99  wall median  ${KINDS.map((k) => `${k} median`).join('  ')}  runs/decision  file`);
  for (const r of rows) {
    console.log(`${r.label}  ${r.n}  ${round(r.decision.median, 3)}  ${round(r.decision.p95, 3)}  ${round(r.decision.p99, 3)}  ${round(r.wall.median, 3)}  ${r.byKind.map((x) => round(x, 3)).join('  ')}  ${r.runs === null ? '-' : round(r.runs, 2)}  ${r.file}`);
  }
  const [ra, rb] = rows;
  console.log(`B/A median ${round(rb.decision.median / ra.decision.median, 2)}, wall median ${round(rb.wall.median / ra.wall.median, 2)}; by tool ${KINDS.map((k, i) => `${k} ${round(rb.byKind[i] / ra.byKind[i], 2)}`).join(', ')}`);
}

await main();
