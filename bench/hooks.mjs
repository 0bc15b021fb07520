// Command hooks: one PreToolUse decision from process spawn to exit, interleaved with the same
// runtime running an empty script on the same stdin (the floor). Both sides of a pair run back
// to back and the order flips every round (ABBA), so load that comes and goes on a shared
// machine lands on both sides alike and the ratio stays readable even when milliseconds do not.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, round, summarize } from './stats.mjs';

/** Host payloads for the three measured decisions, rooted in a real project folder. */
export function hookPayloads(host, project, session) {
  const base = host === 'claude'
    ? { session_id: session, transcript_path: join(project, 't.jsonl'), cwd: project, prompt_id: 'p1', permission_mode: 'default' }
    : { session_id: session, turn_id: 't1', transcript_path: null, cwd: project, model: 'gpt-5.5', permission_mode: 'bypassPermissions' };
  const arm = { ...base, hook_event_name: 'UserPromptSubmit', prompt: host === 'claude' ? '/stopline:stopline review -- look at a.txt' : '$stopline review -- look at a.txt' };
  const write = host === 'claude'
    ? { ...base, hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: join(project, 'created.txt'), content: 'hello\n' }, tool_use_id: 'toolu_1' }
    : { ...base, hook_event_name: 'PreToolUse', tool_name: 'apply_patch', tool_input: { command: '*** Begin Patch\n*** Add File: patch_made.txt\n+hello\n*** End Patch\n' }, tool_use_id: 'call_1' };
  const shell = { ...base, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'git status && ls -la | grep foo && cat README.md | head -n 5' }, tool_use_id: 'toolu_2' };
  return { arm, write, shell };
}

/** The measured artifacts: what a host spawns for each tool call. */
export function hookArtifacts(dist) {
  return [
    { name: 'claude', file: join(dist, 'claude', 'stopline.mjs'), argv: [], dialect: 'claude' },
    { name: 'codex', file: join(dist, 'codex', 'stopline.mjs'), argv: [], dialect: 'codex' },
    { name: 'cli guard', file: join(dist, 'stopline.mjs'), argv: ['guard', '--host', 'claude'], dialect: 'claude' },
  ];
}

const isDeny = (r) => /"deny"|"block"|STOP \//.test(r.stdout + r.stderr);

/**
 * A fresh home per artifact and runtime: an unarmed session, a session armed for review
 * (armed once before timing), and the shell command under that same contract.
 */
export async function prepareScenarios(timer, runtime, artifact) {
  const root = mkdtempSync(join(tmpdir(), 'stopline-bench-hook-'));
  const project = join(root, 'project');
  const home = join(root, 'home');
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'README.md'), 'bench\n');
  const env = { ...process.env, HOME: root, STOPLINE_HOME: home, CLAUDE_PROJECT_DIR: project, STOPLINE_NO_DASHBOARD: '1', STOPLINE_NO_BROWSER: '1' };
  delete env.STOPLINE_FAIL_OPEN;
  const unarmed = hookPayloads(artifact.dialect, project, 'bench-unarmed');
  const armed = hookPayloads(artifact.dialect, project, 'bench-armed');
  const argv = [...runtime.argv, artifact.file, ...artifact.argv];
  const armed0 = await timer.run(argv, { stdin: JSON.stringify(armed.arm), env, cwd: project });
  if (!/ARMED/.test(armed0.stdout + armed0.stderr)) throw new Error(`${artifact.name} under ${runtime.name} did not arm review: ${armed0.stdout}${armed0.stderr}${armed0.error ?? ''}`);
  return {
    root, env, project, argv,
    scenarios: [
      { name: 'unarmed write', stdin: JSON.stringify(unarmed.write), expectDeny: false },
      { name: 'review write (deny)', stdin: JSON.stringify(armed.write), expectDeny: true },
      { name: 'shell analysis', stdin: JSON.stringify(armed.shell), expectDeny: false },
    ],
  };
}

/**
 * Interleaved A/B of one scenario against its floor.
 * @returns {Promise<object>} wall and cpu summaries for both sides and the ratios
 */
export async function measurePair(timer, { argv, floorArgv, stdin, env, cwd, runs, warmup, expectDeny }) {
  const a = { wall: [], cpu: [] };
  const f = { wall: [], cpu: [] };
  const once = async (side, cmd, check) => {
    const r = await timer.run(cmd, { stdin, env, cwd });
    if (r.error) throw new Error(r.error);
    if (check) check(r);
    side?.wall.push(r.wall_ms);
    side?.cpu.push(r.user_ms + r.sys_ms);
  };
  const check = (r) => {
    if (r.code !== 0 && !(expectDeny && r.code === 2)) throw new Error(`exit ${r.code}: ${r.stderr.slice(0, 300)}`);
    if (isDeny(r) !== expectDeny) throw new Error(`expected ${expectDeny ? 'a deny' : 'no deny'}, got: ${(r.stdout + r.stderr).slice(0, 300)}`);
  };
  for (let i = 0; i < warmup; i++) {
    await once(null, argv, check);
    await once(null, floorArgv);
  }
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      await once(a, argv, check);
      await once(f, floorArgv);
    } else {
      await once(f, floorArgv);
      await once(a, argv, check);
    }
  }
  // the per-pair ratio cancels load that shifts between rounds; its median is the headline
  const pairRatios = a.wall.map((w, i) => w / f.wall[i]);
  const wall = summarize(a.wall);
  const floor = summarize(f.wall);
  return {
    wall, floor, cpu: summarize(a.cpu), floorCpu: summarize(f.cpu),
    ratio: median(pairRatios),
    ratioOfMedians: wall.median / floor.median,
    cpuRatio: median(a.cpu) / median(f.cpu),
    overheadMs: wall.median - floor.median,
    overheadCpuMs: median(a.cpu) - median(f.cpu),
  };
}

export const HOOK_TARGETS = { node: 1.08, deno: 1.15, bun: 1.2 };

export async function benchHooks(timer, { runtimes, dist, runs, warmup, log }) {
  const empty = join(mkdtempSync(join(tmpdir(), 'stopline-bench-floor-')), 'empty.mjs');
  writeFileSync(empty, '');
  const rows = [];
  for (const artifact of hookArtifacts(dist)) {
    for (const runtime of runtimes) {
      const prep = await prepareScenarios(timer, runtime, artifact);
      for (const s of prep.scenarios) {
        const m = await measurePair(timer, { argv: prep.argv, floorArgv: [...runtime.argv, empty], stdin: s.stdin, env: prep.env, cwd: prep.project, runs, warmup, expectDeny: s.expectDeny });
        const target = HOOK_TARGETS[runtime.name];
        const row = { artifact: artifact.name, runtime: runtime.name, scenario: s.name, ...m, target, pass: m.ratio <= target };
        rows.push(row);
        log(`  ${artifact.name.padEnd(9)} ${runtime.name.padEnd(4)} ${s.name.padEnd(19)} median ${round(m.wall.median, 1)} ms (p95 ${round(m.wall.p95, 1)}), floor ${round(m.floor.median, 1)} ms, ratio ${round(m.ratio, 3)}, cpu ${round(m.cpu.median, 1)}/${round(m.floorCpu.median, 1)} ms`);
      }
    }
  }
  return rows;
}
