/**
 * State and evidence under stress, and the data folder's security:
 * - 64 built Claude hook processes at once on one session (writes and subagent launches):
 *   the state stays readable, every check has exactly one evidence line, and the agents=N
 *   budget holds across processes (a process starved past the stdin bound answers by the fail
 *   mode, with no check: counted and reported, see docs/residual-risks.md);
 * - corrupted state and a truncated log line do not break the next hook;
 * - a symlink planted in the data folder is not followed for writes;
 * - a planted secret in every input field never reaches the data folder;
 * - data files are 0600 and folders 0700.
 */
import { describe, expect, it } from 'vitest';
import { lstatSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { claudeAdapter } from '../../hosts/claude/adapter';
import { codexAdapter } from '../../hosts/codex/adapter';
import { nativeAdapter } from '../../hosts/cli/guard/adapters';
import { pluginDoor } from '../../hosts/hermes/doors';
import { answerHook } from '../../hosts/shared/runner';
import { checks, evidenceLines, PAYLOADS, testSandbox, type Sandbox } from '../scenarios/drivers';
import { runArtifact } from '../scenarios/spawn';
import { isDeny } from './answers';

const dataDir = (box: Sandbox) => join(box.home, '.local', 'share', 'stopline');

function allPaths(root: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      out.push(p);
      if (lstatSync(p).isDirectory()) walk(p);
    }
  };
  walk(root);
  return out;
}

describe('64 concurrent hook processes on one session', () => {
  it('readable state, one evidence line per check, and agents=8 holds across processes', async () => {
    const box = testSandbox('stress-session-64');
    const armed = await runArtifact('claude', JSON.stringify(PAYLOADS.claude.prompt(box, '$stopline change files=src/** agents=8 -- split the work')), box.env, box.project);
    expect(armed.exitCode).toBe(0);
    const calls = Array.from({ length: 64 }, (_, i) =>
      i % 2 === 0
        ? { name: 'Write', input: { file_path: join(box.project, i % 4 === 0 ? `src/f${i}.ts` : `out${i}.txt`), content: 'x' } }
        : { name: 'Agent', input: { description: `part ${i}`, prompt: 'do a part', subagent_type: 'general-purpose' } },
    );
    const results = await Promise.all(calls.map((c) => runArtifact('claude', JSON.stringify(PAYLOADS.claude.tool(box, c)), box.env, box.project, 300_000)));
    if (process.env.STRESS_DEBUG) for (const r of results) if (r.stderr) process.stderr.write(`[${r.exitCode}] ${r.stderr}`);
    for (const r of results) {
      expect(r.killed).toBe(false);
      expect(r.exitCode).toBe(0);
    }
    // every line of every data file is readable
    const lines = evidenceLines(dataDir(box));
    expect(lines.filter((l) => 'unreadable' in l)).toEqual([]);
    for (const f of readdirSync(join(dataDir(box), 'sessions'))) expect(() => JSON.parse(readFileSync(join(dataDir(box), 'sessions', f), 'utf8'))).not.toThrow();
    // A process starved of CPU for longer than the stdin bound (3 s) answers by the fail mode
    // (open here) without deciding: no check, one stderr line. Every other process decided once.
    const undecided = results.map((r) => /hook input did not end within/.test(r.stderr));
    const c = checks(box.home);
    expect(c).toHaveLength(undecided.filter((u) => !u).length);
    for (const [i, r] of results.entries()) if (undecided[i]) expect({ stdout: r.stdout, exit: r.exitCode, lines: r.stderr.trim().split('\n').length }).toEqual({ stdout: '', exit: 0, lines: 1 });
    // decisions seen by the host match the evidence
    const denied = results.filter((r) => isDeny(r)).length;
    expect(c.filter((x) => x.reasonCode !== 'WITHIN_CONTRACT').length).toBe(denied);
    // the budget holds across processes: of the launches that were decided, at most 8 ran
    const decidedLaunches = results.filter((r, i) => i % 2 === 1 && !undecided[i]);
    expect(decidedLaunches.filter((r) => !isDeny(r))).toHaveLength(Math.min(8, decidedLaunches.length));
    results.forEach((r, i) => {
      if (i % 2 === 0 && !undecided[i]) expect(isDeny(r), `write ${i}`).toBe(i % 4 !== 0);
    });
    process.stderr.write(`stress: 64 processes, ${c.length} decided, ${undecided.filter(Boolean).length} answered by the fail mode (stdin bound)\n`);
  }, 600_000);
});

describe('damaged data files', () => {
  it('a corrupted session file and a truncated log line: the next hook still decides and the contract is re-armed', async () => {
    const box = testSandbox('damaged-1');
    const send = (p: unknown) => answerHook(claudeAdapter, JSON.stringify(p), { env: box.env, cwd: box.project });
    await send(PAYLOADS.claude.prompt(box, '$stopline review -- look'));
    await send(PAYLOADS.claude.tool(box, { name: 'Read', input: { file_path: join(box.project, 'a.txt') } }));
    const sessions = join(dataDir(box), 'sessions');
    const runtime = join(dataDir(box), 'runtime');
    for (const f of readdirSync(sessions)) writeFileSync(join(sessions, f), '{"version":1,"contract":{"mo');
    for (const f of readdirSync(runtime)) writeFileSync(join(runtime, f), readFileSync(join(runtime, f), 'utf8') + '{"type":"check","deci');
    const after = await send(PAYLOADS.claude.tool(box, { name: 'Write', input: { file_path: join(box.project, 'a.txt'), content: 'x' } }));
    expect(after.stdout === '' || JSON.parse(after.stdout)).toBeTruthy();
    expect([0, 2]).toContain(after.exitCode);
    // the person can arm again and is obeyed
    await send(PAYLOADS.claude.prompt(box, '$stopline review -- look again'));
    const denied = await send(PAYLOADS.claude.tool(box, { name: 'Write', input: { file_path: join(box.project, 'a.txt'), content: 'x' } }));
    expect(isDeny(denied)).toBe(true);
    expect(denied.stdout).toContain('MODE_FORBIDS_MUTATION');
  });
});

describe('the data folder', () => {
  it('a symlink planted where the evidence log goes is not followed for writes', async () => {
    const box = testSandbox('symlink-1');
    const send = (p: unknown) => answerHook(claudeAdapter, JSON.stringify(p), { env: box.env, cwd: box.project });
    await send(PAYLOADS.claude.prompt(box, '$stopline review -- look'));
    // every evidence log and every session file becomes a link to a file of its own outside
    const victims = ['runtime', 'sessions'].map((folder, i) => {
      const victim = join(box.dir, `victim${i + 1}.txt`);
      writeFileSync(victim, 'untouched\n');
      for (const f of readdirSync(join(dataDir(box), folder))) {
        rmSync(join(dataDir(box), folder, f));
        symlinkSync(victim, join(dataDir(box), folder, f));
      }
      return victim;
    });
    await send(PAYLOADS.claude.tool(box, { name: 'Write', input: { file_path: join(box.project, 'a.txt'), content: 'x' } }));
    await send(PAYLOADS.claude.prompt(box, '$stopline change -- go'));
    for (const victim of victims) expect(readFileSync(victim, 'utf8')).toBe('untouched\n');
  });

  it('a secret planted in every input field never reaches the data folder, and the files are 0600 / folders 0700', async () => {
    const SECRET = 'sk-PLANTED-7f3a9c1e55d0';
    const box = testSandbox(`sess-${SECRET}`);
    mkdirSync(join(box.project, SECRET), { recursive: true });
    const project = join(box.project, SECRET);
    const b2: Sandbox = { ...box, project };
    const hosts = [
      [claudeAdapter, PAYLOADS.claude],
      [codexAdapter, PAYLOADS.codex],
      [pluginDoor, PAYLOADS.hermes],
      [nativeAdapter, PAYLOADS.guard],
    ] as const;
    const tools = [
      { name: 'Write', input: { file_path: join(project, `${SECRET}.txt`), content: SECRET } },
      { name: 'Bash', input: { command: `echo ${SECRET} > ${SECRET}.txt && curl -H "Authorization: ${SECRET}" x` } },
      { name: 'write_file', input: { path: `${SECRET}.md`, content: SECRET } },
      { name: 'terminal', input: { command: `export TOKEN=${SECRET}` } },
      { name: 'apply_patch', input: { command: `*** Begin Patch\n*** Add File: ${SECRET}.txt\n+${SECRET}\n*** End Patch\n` } },
      { name: `mcp__${SECRET}__do`, input: { token: SECRET } },
    ];
    for (const [adapter, p] of hosts) {
      const send = (payload: Record<string, unknown>) =>
        answerHook(adapter, JSON.stringify({ ...payload, transcript_path: `/tmp/${SECRET}`, turn_id: SECRET, prompt_id: SECRET, agent_type: SECRET }), { env: { ...box.env, API_KEY: SECRET }, cwd: project });
      await send(p.prompt(b2, `$stopline change files=src/** -- use ${SECRET}`)!);
      for (const t of tools) await send(p.tool(b2, t) as Record<string, unknown>);
      await send(p.prompt(b2, `$stopline review -- ${SECRET}`)!);
      for (const t of tools) await send(p.tool(b2, t) as Record<string, unknown>);
    }
    const paths = allPaths(dataDir(box));
    expect(checks(box.home).length).toBeGreaterThanOrEqual(40);
    for (const path of paths) {
      expect(path).not.toContain(SECRET);
      const st = statSync(path);
      if (st.isDirectory()) expect((st.mode & 0o777).toString(8), path).toBe('700');
      else {
        expect((st.mode & 0o777).toString(8), path).toBe('600');
        expect(readFileSync(path, 'utf8'), path).not.toContain(SECRET);
        expect(readFileSync(path, 'utf8'), path).not.toContain('PLANTED');
      }
    }
  });
});
