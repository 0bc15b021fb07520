/**
 * The built mod (dist/claude/hooks/stopline-mod.mjs) as Claude Code loads it, without Claude
 * Code: evaluated with a mod's globals only (no process, Buffer or require), hooks called with a
 * `$` over the real file system (./mod-host.ts). The real CLI runs it in
 * test/hosts/claude/mod-scenarios.test.ts; this suite covers what a run cannot show cheaply:
 * which `$` calls a decision makes, the fail modes, the `.catch` answers, the band.
 */
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { installRows } from '../../../../core/registry/rows';
import { claudeRegistry } from '../../../../core/registry/claude';
import { sessionKey } from '../../../../core/state/session';
import { MOD_LIVE_VAR } from '../../../../hosts/claude/mod-live';
import { readEvidence, readTimings, requireArtifact, tempFoldersPerTest, writeUserConfig } from '../../shared/real-host';
import { ModHost } from './mod-host';
import type { DollarCall } from './mod-host';

const bundle = requireArtifact('claude', 'hooks', 'stopline-mod.mjs');
const newDir = tempFoldersPerTest('claude-mod-artifact');
const SESSION = '5d1b3c2e-0000-4000-8000-000000000001';

interface Person {
  home: string;
  project: string;
  data: string;
  host: ModHost;
}

function person(config?: unknown, fsDelayMs = 0, env: Record<string, string> = {}): Person {
  const root = newDir();
  const home = join(root, 'home');
  const project = join(root, 'proj');
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'a.txt'), 'alpha\n');
  if (config !== undefined) writeUserConfig(home, config);
  const data = join(home, '.claude', 'plugins', 'data', 'stopline-inline');
  const host = new ModHost(bundle, {
    env: { HOME: home, PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    hookEnv: { CLAUDE_PID: '4242', CLAUDE_PROJECT_DIR: project, CLAUDE_PLUGIN_DATA: data, CLAUDE_CODE_SESSION_ATTENDED: '0', CLAUDE_PLUGIN_ROOT: join(root, 'plugin') },
    fsDelayMs,
  });
  return { home, project, data, host };
}

const base = (p: Person) => ({ session_id: SESSION, transcript_path: join(p.home, 't.jsonl'), cwd: p.project });

async function start(p: Person, prompt?: string) {
  const s = await p.host.raise('classic.SessionStart', { ...base(p), hook_event_name: 'SessionStart', source: 'startup' });
  if (prompt === undefined) return s;
  return p.host.raise('classic.UserPromptSubmit', { ...base(p), hook_event_name: 'UserPromptSubmit', prompt_id: 'p1', permission_mode: 'default', prompt });
}

async function tool(p: Person, id: string, tool: string, input: Record<string, unknown>, agentId?: string) {
  await p.host.raise('tool.call', { tool, tool_use_id: id, ...input, ...(agentId ? { agentId } : {}) });
  return p.host.raise('classic.PreToolUse', { tool, tool_use_id: id, ...input });
}

const evidence = (p: Person) => readEvidence(p.data);

afterEach(() => undefined);

/** A tool call, with the `$` calls it made until its write-out was done. */
async function toolSettled(p: Person, id: string, name: string, input: Record<string, unknown>) {
  const from = p.host.calls.length;
  const r = await tool(p, id, name, input);
  await p.host.settle();
  return { ...r, calls: p.host.calls.slice(from) };
}

/**
 * The `$` calls but the write-out's: each file written out is looked at first (`$.fs.stat`
 * without options, refusing a link) and then written.
 */
function decisionCalls(calls: DollarCall[]): DollarCall[] {
  const written = new Set(calls.filter((c) => c.noun === 'fs.write').map((c) => String(c.args[0])));
  return calls.filter((c) => c.noun !== 'fs.write' && !(c.noun === 'fs.stat' && c.args.length === 1 && written.has(String(c.args[0]))));
}

describe('the built Claude mod, loaded as Claude Code loads it', () => {
  it('loads with a mod’s globals only and hooks the classic events the command hooks register, the sub-agent marker and the band', () => {
    const p = person();
    const events = p.host.registrations.map((r) => r.event);
    expect(events).toEqual(['tool.call', ...installRows(claudeRegistry).map((e) => `classic.${e.native}`), 'ui.render']);
    for (const r of p.host.registrations.filter((x) => x.event.startsWith('classic.'))) expect(r.onError, r.event).toBeTypeOf('function');
  });

  it('review: the directive is armed with context, a Write is denied without the hooks beneath, a Read passes on', async () => {
    const p = person();
    const started = await start(p);
    expect(p.host.envSet[MOD_LIVE_VAR]).toBe('4242');
    expect(started.calledNext).toBe(true);
    const armed = await p.host.raise('classic.UserPromptSubmit', { ...base(p), hook_event_name: 'UserPromptSubmit', prompt_id: 'p1', permission_mode: 'default', prompt: '$stopline review -- look at a.txt' });
    expect((armed.value as { additionalContext: string[] }).additionalContext[0]).toContain('stopline contract (ARMED): mode=review');
    const write = await tool(p, 'toolu_w', 'Write', { file_path: join(p.project, 'new.txt'), content: 'x' });
    expect((write.value as { deny: string }).deny).toContain('MODE_FORBIDS_MUTATION');
    expect(write.calledNext).toBe(false);
    const read = await tool(p, 'toolu_r', 'Read', { file_path: join(p.project, 'a.txt') });
    expect(read.value).toEqual({});
    expect(read.calledNext).toBe(true);
    expect(await p.host.band()).toBe('stopline ARMED review · files=any · deps=ask · hash=deny · agents 0/any');
  });

  it('a decision on known files makes no $ call but the write-out of its evidence; a write also reads where it lands, every time', async () => {
    const p = person();
    await start(p, '$stopline review -- look');
    await tool(p, 'toolu_1', 'Write', { file_path: join(p.project, 'b.txt'), content: 'x' });
    await p.host.settle();
    const read = await toolSettled(p, 'toolu_r', 'Read', { file_path: join(p.project, 'a.txt') });
    expect(decisionCalls(read.calls)).toEqual([]);
    for (const id of ['toolu_2', 'toolu_3']) {
      const touch = await toolSettled(p, id, 'Bash', { command: 'touch y', description: 'd' });
      expect((touch.value as { deny: string }).deny).toContain('MODE_FORBIDS_MUTATION');
      // the new file and its folder, read together (a link may have been made since the last call)
      expect(decisionCalls(touch.calls)).toEqual([
        { noun: 'fs.stat', args: [join(p.project, 'y'), { resolve: true }] },
        { noun: 'fs.stat', args: [p.project, { resolve: true }] },
      ]);
    }
    expect(p.host.calls.filter((c) => c.noun === 'fs.write' && String(c.args[0]).includes('/runtime/')).length).toBeGreaterThan(0);
  });

  it('writes state and evidence to the plugin data folder, one check per call, the sub-agent marked as a child', async () => {
    const p = person();
    await start(p, '$stopline review -- look');
    await tool(p, 'toolu_main', 'Write', { file_path: join(p.project, 'n.txt'), content: 'x' });
    await p.host.raise('classic.SubagentStart', { ...base(p), hook_event_name: 'SubagentStart', agent_id: 'agent-1', agent_type: 'general-purpose' });
    const child = await tool(p, 'toolu_child', 'Write', { file_path: join(p.project, 'c.txt'), content: 'x' }, 'agent-1');
    expect((child.value as { deny: string }).deny).toContain('MODE_FORBIDS_MUTATION');
    await p.host.raise('classic.SessionEnd', { ...base(p), hook_event_name: 'SessionEnd', reason: 'other' });
    const checks = evidence(p).filter((e) => e.type === 'check');
    expect(checks.map((e) => [e.action?.tool, e.child, e.decision?.reasonCode])).toEqual([
      ['Write', false, 'MODE_FORBIDS_MUTATION'],
      ['Write', true, 'MODE_FORBIDS_MUTATION'],
    ]);
    expect(readdirSync(join(p.data, 'sessions')).filter((f) => f.endsWith('.json'))).toHaveLength(1);
  });

  it('agents=1: the first Agent launch passes, the second is denied, as the command hook would under its lock', async () => {
    const p = person();
    await start(p, '$stopline change agents=1 -- delegate');
    const agent = { description: 'helper', prompt: 'do it', subagent_type: 'general-purpose', run_in_background: false };
    expect((await tool(p, 'toolu_a1', 'Agent', agent)).value).toEqual({});
    expect(((await tool(p, 'toolu_a2', 'Agent', agent)).value as { deny: string }).deny).toContain('AGENT_BUDGET_EXHAUSTED');
    expect(await p.host.band()).toContain('agents 1/1');
  });

  it('an unusable data folder: fail closed denies the Write with GUARD_UNAVAILABLE, fail open lets it pass', async () => {
    for (const failMode of ['closed', 'open'] as const) {
      const root = newDir();
      const broken = join(root, 'loop');
      symlinkSync(broken, broken);
      const p = person({ failMode, dataDir: broken });
      await start(p, '$stopline change -- write');
      const w = await tool(p, 'toolu_w', 'Write', { file_path: join(p.project, 'new.txt'), content: 'x' });
      if (failMode === 'closed') expect((w.value as { deny: string }).deny).toContain('GUARD_UNAVAILABLE');
      else expect(w.value).toEqual({});
    }
  });

  it("a link planted in place of the session's evidence or state file is not written through: the fail mode answers until it is gone", async () => {
    for (const [failMode, file] of [
      ['closed', 'runtime'],
      ['open', 'sessions'],
    ] as const) {
      const p = person({ failMode });
      await start(p, '$stopline change -- write');
      await p.host.settle();
      const key = sessionKey(SESSION);
      const own = file === 'runtime' ? join(p.data, 'runtime', `${key}.jsonl`) : join(p.data, 'sessions', `${key}.json`);
      const victim = join(dirname(p.project), 'victim.txt');
      writeFileSync(victim, 'the person’s file\n');
      rmSync(own);
      symlinkSync(victim, own);
      // a new directive writes both files; it is answered before its write-out
      await p.host.raise('classic.UserPromptSubmit', { ...base(p), hook_event_name: 'UserPromptSubmit', prompt_id: 'p2', permission_mode: 'default', prompt: '$stopline change -- write again' });
      await p.host.settle();
      expect(readFileSync(victim, 'utf8')).toBe('the person’s file\n');
      expect(p.host.logs.some((l) => l.text.includes('evidence not written (ELOOP)'))).toBe(true);
      const next = await tool(p, 'toolu_2', 'Write', { file_path: join(p.project, 'two.txt'), content: 'x' });
      expect(verdict(next)).toBe(failMode === 'closed' ? 'GUARD_UNAVAILABLE' : 'allowed');
      await p.host.settle();
      expect(readFileSync(victim, 'utf8')).toBe('the person’s file\n');
      // the link removed: the next write-out succeeds, and the decision after it is the guard's again
      rmSync(own);
      await tool(p, 'toolu_3', 'Read', { file_path: join(p.project, 'a.txt') });
      await p.host.settle();
      expect(verdict(await tool(p, 'toolu_4', 'Write', { file_path: join(p.project, 'three.txt'), content: 'x' }))).toBe('allowed');
      expect(lstatSync(own).isSymbolicLink()).toBe(false);
      expect(readFileSync(victim, 'utf8')).toBe('the person’s file\n');
    }
  });

  it('the tool call right after a write-out that will fail waits for it: fail closed stops that very call', async () => {
    // a slow $.fs: the prompt's write-out is still in flight when the model's first tool call arrives
    const p = person({ failMode: 'closed' }, 40);
    const key = sessionKey(SESSION);
    const victim = join(dirname(p.project), 'victim.txt');
    writeFileSync(victim, 'the person’s file\n');
    mkdirSync(join(p.data, 'runtime'), { recursive: true });
    symlinkSync(victim, join(p.data, 'runtime', `${key}.jsonl`));
    await start(p, '$stopline change -- write');
    const first = await tool(p, 'toolu_1', 'Write', { file_path: join(p.project, 'one.txt'), content: 'x' });
    expect(verdict(first)).toBe('GUARD_UNAVAILABLE');
    await p.host.settle();
    expect(readFileSync(victim, 'utf8')).toBe('the person’s file\n');
  });

  it("a hook that throws gets the person's fail mode from .catch: closed denies, open passes on", async () => {
    const closed = person({ failMode: 'closed' });
    await start(closed);
    const denied = (await closed.host.raiseFailure('classic.PreToolUse', { tool: 'Write', tool_use_id: 't', file_path: '/x' }, { allow: true })) as { deny?: string };
    expect(denied.deny).toContain('GUARD_UNAVAILABLE');
    const open = person({ failMode: 'open' });
    await start(open);
    expect(await open.host.raiseFailure('classic.PreToolUse', { tool: 'Write', tool_use_id: 't', file_path: '/x' }, { allow: true })).toEqual({ allow: true });
  });

  it("runs the person's own hooks through $.process.run: their context reaches the prompt, their exit 2 stops `rm -rf`", async () => {
    const guard = "grep -q 'rm -rf' && { echo 'USER-HOOK: no rm -rf here' >&2; exit 2; } || exit 0";
    const p = person({ hooks: { 'prompt:submit': [{ hooks: [{ type: 'command', command: 'echo USER-HOOK-CONTEXT' }] }], 'tool:before': [{ matcher: 'Bash', hooks: [{ type: 'command', command: guard }] }] } });
    const prompt = await start(p, 'clean up');
    expect(JSON.stringify(prompt.value)).toContain('USER-HOOK-CONTEXT');
    const rm = await tool(p, 'toolu_rm', 'Bash', { command: 'rm -rf build' });
    expect((rm.value as { deny: string }).deny).toContain('USER-HOOK: no rm -rf here');
    expect(p.host.calls.some((c) => c.noun === 'process.run')).toBe(true);
  });

  it('reads an edited config at the next prompt', async () => {
    const p = person();
    await start(p, '$stopline review -- look');
    writeUserConfig(p.home, { failMode: 'closed', dataDir: join(p.home, 'other-data') });
    await p.host.raise('classic.UserPromptSubmit', { ...base(p), hook_event_name: 'UserPromptSubmit', prompt_id: 'p2', permission_mode: 'default', prompt: '$stopline review -- again' });
    await tool(p, 'toolu_w', 'Write', { file_path: join(p.project, 'z.txt'), content: 'x' });
    await p.host.raise('classic.SessionEnd', { ...base(p), hook_event_name: 'SessionEnd', reason: 'other' });
    expect(existsSync(join(p.home, 'other-data', 'runtime'))).toBe(true);
  });
});

/** The reason code in a deny the mod answered, or 'allowed' when it let the call pass. */
function verdict(r: { value: unknown; calledNext: boolean }): string {
  const deny = (r.value as { deny?: string } | undefined)?.deny;
  if (deny === undefined) return r.calledNext ? 'allowed' : `no answer: ${JSON.stringify(r.value)}`;
  return /\b([A-Z]+(?:_[A-Z]+)+)\b/.exec(deny)?.[1] ?? deny;
}

describe('the built Claude mod judges a write where its symbolic links lead, read through $.fs at each decision', () => {
  it('under files=src/** a link folder that leads out of the project, or to lib/, is outside; a plain src/ file is not', async () => {
    const p = person();
    const away = join(dirname(p.project), 'away');
    mkdirSync(away);
    mkdirSync(join(p.project, 'src'));
    mkdirSync(join(p.project, 'lib'));
    symlinkSync(away, join(p.project, 'src', 'out'));
    symlinkSync('../lib', join(p.project, 'src', 'lib-link'));
    await start(p, '$stopline change files=src/** -- edit the sources');
    const out = await tool(p, 'toolu_out', 'Write', { file_path: join(p.project, 'src', 'out', 'linked.txt'), content: 'x' });
    expect(verdict(out)).toBe('PATH_OUTSIDE_CONTRACT');
    expect((out.value as { deny: string }).deny).toContain('leads through a symbolic link');
    expect(verdict(await tool(p, 'toolu_lib', 'Write', { file_path: join(p.project, 'src', 'lib-link', 'x.txt'), content: 'x' }))).toBe('PATH_OUTSIDE_CONTRACT');
    expect(verdict(await tool(p, 'toolu_sh', 'Bash', { command: 'echo x > src/out/sh.txt', description: 'd' }))).toBe('PATH_OUTSIDE_CONTRACT');
    expect(verdict(await tool(p, 'toolu_in', 'Write', { file_path: join(p.project, 'src', 'in.txt'), content: 'x' }))).toBe('allowed');
  });

  it('a folder swapped for a link between two calls is seen by the second (nothing about links is kept from one decision to the next)', async () => {
    const p = person();
    const away = join(dirname(p.project), 'away');
    mkdirSync(away);
    mkdirSync(join(p.project, 'src', 'd'), { recursive: true });
    await start(p, '$stopline change files=src/** -- edit the sources');
    expect(verdict(await tool(p, 'toolu_1', 'Write', { file_path: join(p.project, 'src', 'd', 'x.txt'), content: 'x' }))).toBe('allowed');
    renameSync(join(p.project, 'src', 'd'), join(p.project, 'src', 'd-was'));
    symlinkSync(away, join(p.project, 'src', 'd'));
    expect(verdict(await tool(p, 'toolu_2', 'Write', { file_path: join(p.project, 'src', 'd', 'x.txt'), content: 'x' }))).toBe('PATH_OUTSIDE_CONTRACT');
  });

  it("a link into stopline's config folder, or one that leads nowhere yet names stopline's config file, is stopline's own file", async () => {
    const p = person();
    const config = join(p.home, '.config', 'stopline');
    mkdirSync(config, { recursive: true });
    mkdirSync(join(p.project, 'src'));
    symlinkSync(config, join(p.project, 'src', 'cfg'));
    // the config file is not there: only the link's own text (readlink through $.process.run) says where a write lands
    symlinkSync(join(config, 'stopline.json'), join(p.project, 'src', 'c.json'));
    await start(p, '$stopline change -- edit anything');
    expect(verdict(await tool(p, 'toolu_self', 'Write', { file_path: join(p.project, 'src', 'cfg', 'stopline.json'), content: '{}' }))).toBe('GUARD_SELF_PROTECTION');
    const dangling = await tool(p, 'toolu_dangling', 'Bash', { command: 'echo {} > src/c.json', description: 'd' });
    expect(verdict(dangling)).toBe('GUARD_SELF_PROTECTION');
    expect(dangling.calls.some((c) => c.noun === 'process.run' && c.args[0] === 'readlink')).toBe(true);
    expect(verdict(await tool(p, 'toolu_plain', 'Write', { file_path: join(p.project, 'src', 'plain.txt'), content: 'x' }))).toBe('allowed');
  });

  it("with no directive at all, a write through a link into stopline's config folder is still stopline's own file", async () => {
    const p = person();
    const config = join(p.home, '.config', 'stopline');
    mkdirSync(config, { recursive: true });
    symlinkSync(config, join(p.project, 'cfg'));
    await start(p, 'hello');
    expect(verdict(await tool(p, 'toolu_self', 'Write', { file_path: join(p.project, 'cfg', 'stopline.json'), content: '{}' }))).toBe('GUARD_SELF_PROTECTION');
    expect(verdict(await tool(p, 'toolu_plain', 'Write', { file_path: join(p.project, 'plain.txt'), content: 'x' }))).toBe('allowed');
  });

  it('under files=src/** a link loop is unproven (WRITE_PATH_UNPROVEN), as the command hook finds it', async () => {
    // with confinement on the unproven write would be rewritten to run confined (./confine.test.ts)
    const p = person({ confine: false });
    mkdirSync(join(p.project, 'src'));
    symlinkSync('loop2', join(p.project, 'src', 'loop1'));
    symlinkSync('loop1', join(p.project, 'src', 'loop2'));
    await start(p, '$stopline change files=src/** -- edit the sources');
    const loop = await tool(p, 'toolu_loop', 'Bash', { command: 'echo x > src/loop1', description: 'd' });
    expect(verdict(loop)).toBe('WRITE_PATH_UNPROVEN');
    expect((loop.value as { deny: string }).deny).toContain('a link on the way cannot be read');
  });

  it('each event is decided in one run of the core: what it asks is read ahead (config, state, evidence, the transcript, where a write and a link land)', async () => {
    const timing = join(newDir(), 'timing.jsonl');
    const p = person(undefined, 0, { STOPLINE_TIMING_FILE: timing });
    writeFileSync(join(p.home, 't.jsonl'), '');
    mkdirSync(join(p.project, 'src'));
    mkdirSync(join(p.project, 'lib'));
    symlinkSync('../lib', join(p.project, 'src', 'lib-link'));
    await start(p, '$stopline change files=src/** -- edit the sources');
    expect(verdict(await tool(p, 'toolu_r', 'Read', { file_path: join(p.project, 'a.txt') }))).toBe('allowed');
    expect(verdict(await tool(p, 'toolu_w', 'Write', { file_path: join(p.project, 'src', 'x.ts'), content: 'x' }))).toBe('allowed');
    expect(verdict(await tool(p, 'toolu_l', 'Write', { file_path: join(p.project, 'src', 'lib-link', 'y.ts'), content: 'y' }))).toBe('PATH_OUTSIDE_CONTRACT');
    expect(verdict(await tool(p, 'toolu_o', 'Bash', { command: 'touch out.txt', description: 't' }))).toBe('PATH_OUTSIDE_CONTRACT');
    await p.host.raise('classic.Stop', { ...base(p), hook_event_name: 'Stop', stop_hook_active: false });
    await p.host.settle();
    const lines = readTimings<{ hook: string; runs: number }>(timing);
    expect(lines.map((l) => l.hook)).toEqual(['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PreToolUse', 'PreToolUse', 'PreToolUse', 'Stop']);
    expect(lines.map((l) => l.runs)).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });

  it("one run too for a session's start over an earlier session's files (retention reads their ages ahead) and for a command that runs a program file (where stopline's own paths land is read ahead)", async () => {
    const timing = join(newDir(), 'timing.jsonl');
    const p = person(undefined, 0, { STOPLINE_TIMING_FILE: timing });
    // files an earlier session left: its state, its evidence, a launcher script, one of them past the retention window
    const old = '0123456789abcdef0123456789abcdef';
    for (const [sub, name] of [['sessions', `${old}.json`], ['runtime', `${old}.jsonl`], ['runtime', `${'f'.repeat(32)}.jsonl`], ['confined', `${'ab'.repeat(20)}.sh`]] as const) {
      mkdirSync(join(p.data, sub), { recursive: true });
      writeFileSync(join(p.data, sub, name), '{}\n');
    }
    const aged = new Date(Date.now() - 40 * 86_400_000);
    utimesSync(join(p.data, 'runtime', `${old}.jsonl`), aged, aged);
    mkdirSync(join(p.project, 'scripts'));
    writeFileSync(join(p.project, 'scripts', 'w.sh'), 'echo x > out.txt\n');
    await start(p, '$stopline change files=src/** -- edit the sources');
    await tool(p, 'toolu_sh', 'Bash', { command: 'sh scripts/w.sh', description: 'd' });
    await tool(p, 'toolu_x', 'Bash', { command: './scripts/w.sh', description: 'd' });
    await p.host.settle();
    const lines = readTimings<{ hook: string; runs: number }>(timing);
    expect(lines.map((l) => l.hook)).toEqual(['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PreToolUse']);
    // the first runs confined: its launcher goes on disk between the run that names it and the one
    // that hands it back (hosts/claude/mod/launchers.ts); the second finds it there
    expect(lines.map((l) => l.runs)).toEqual([1, 1, 2, 1]);
  });

  it('an unarmed session reads where a write lands too (self-protection is part of the floor), and nothing for a Read', async () => {
    const p = person();
    await start(p, 'hello');
    await tool(p, 'toolu_1', 'Write', { file_path: join(p.project, 'one.txt'), content: 'x' });
    await p.host.settle();
    const second = await toolSettled(p, 'toolu_2', 'Write', { file_path: join(p.project, 'two.txt'), content: 'x' });
    expect(verdict(second)).toBe('allowed');
    expect(decisionCalls(second.calls)).toEqual([
      { noun: 'fs.stat', args: [join(p.project, 'two.txt'), { resolve: true }] },
      { noun: 'fs.stat', args: [p.project, { resolve: true }] },
    ]);
    const read = await toolSettled(p, 'toolu_3', 'Read', { file_path: join(p.project, 'one.txt') });
    expect(verdict(read)).toBe('allowed');
    expect(decisionCalls(read.calls)).toEqual([]);
  });
});
