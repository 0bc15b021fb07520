/**
 * The per-session check on the real Claude Code 2.1.332 with the shipped plugin (dist/claude),
 * offline against the harness's fake Anthropic server.
 *
 * A bypass: the plugin's PreToolUse matcher narrowed so a Bash call never reaches the hook (as an
 * edited or half-updated install would leave it), the command hooks deciding. The Bash call
 * runs; at the turn end the transcript holds it and the guard has no check of it, so the person
 * is told (systemMessage: "Stop says: …" in the session's output and a hook_system_message in the
 * transcript) and the model reads the UNSEEN stamp (Stop additionalContext), once: Claude goes on
 * with the turn and stops again with nothing new to say.
 *
 * A clean session through each of the plugin's doors (the mod inside Claude Code, and the command
 * hooks with mods refused): every call seen, the turn end compares and says nothing.
 */
import { cpSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureHosts, HOSTS_FOR, runClaude, startAnthropicServer, type ClaudeRunResult, type FakeModelScript, type FakeModelServer } from '../harness';
import { describeRealHost, readEvidence, realHostRuns, requestText, requireArtifact, type RealHostCase } from '../shared/real-host';
import { CLAUDE_DOORS, doorLaunch, expectDecidedBy, type ClaudeDoor } from './doors';

const status = await ensureHosts(HOSTS_FOR.claude);
const pluginDir = requireArtifact('claude');
requireArtifact('claude', 'stopline.mjs');
const TEST_TIMEOUT_MS = 240_000;
const TOOLS = ['Read', 'Write', 'Edit', 'Bash'];

const runs = realHostRuns({ prefix: 'claude-seen', startServer: startAnthropicServer, describeTimings: () => null });

/** The model writes new.txt, runs `touch x`, says `done`; asked again after a Stop answer, `noted`. */
function writeThenTouch(c: RealHostCase): FakeModelScript {
  return {
    threads: [
      {
        name: 'main',
        turns: [
          { toolCalls: [{ id: 'toolu_seen_write', name: 'Write', input: { file_path: join(c.project, 'new.txt'), content: 'new\n' } }] },
          { toolCalls: [{ id: 'toolu_seen_touch', name: 'Bash', input: { command: 'touch x' } }] },
          { text: 'done' },
          { text: 'noted' },
        ],
      },
    ],
  };
}

/** The plugin's data folder inside the run's HOME (`--plugin-dir` plugins get `<name>-inline`). */
const pluginData = (c: RealHostCase) => join(c.home, '.claude', 'plugins', 'data', 'stopline-inline');

/** The session transcript Claude Code wrote under the run's HOME. */
function transcriptOf(c: RealHostCase): string {
  const projects = join(c.home, '.claude', 'projects');
  for (const d of readdirSync(projects)) for (const f of readdirSync(join(projects, d))) if (f.endsWith('.jsonl')) return readFileSync(join(projects, d, f), 'utf8');
  throw new Error('no transcript');
}

/**
 * A copy of the shipped plugin whose PreToolUse hook no longer matches Bash, without its module
 * (so the command hooks decide): Bash calls run and the guard never sees them.
 */
function pluginSkippingBash(c: RealHostCase): string {
  const copy = join(c.runDir, 'plugin-skips-bash');
  cpSync(pluginDir, copy, { recursive: true });
  const file = join(copy, 'hooks', 'hooks.json');
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { modules?: unknown; hooks: Record<string, { matcher?: string }[]> };
  delete doc.modules;
  doc.hooks.PreToolUse![0]!.matcher = 'Write|Edit|Read';
  writeFileSync(file, JSON.stringify(doc, null, 2));
  return copy;
}

async function claude(c: RealHostCase, s: FakeModelServer, plugin: string, prompt: string, extra: { wrapper?: string[]; timing?: string } = {}): Promise<ClaudeRunResult> {
  const r = await runClaude({
    project: c.project,
    prompt,
    server: s,
    pluginDir: plugin,
    allowedTools: TOOLS,
    runDir: c.runDir,
    // --verbose: the session's output stream carries what Claude shows the person (hook system messages)
    args: ['--verbose'],
    env: extra.timing ? { STOPLINE_TIMING_FILE: extra.timing } : {},
    ...(extra.wrapper ? { wrapper: extra.wrapper } : {}),
  });
  expect(r.code, `claude exited ${r.code}\nstdout: ${r.stdout.slice(-2000)}\nstderr: ${r.stderr}`).toBe(0);
  return r;
}

const seenRecords = (c: RealHostCase) => readEvidence(pluginData(c)).filter((e) => e.type === 'seen') as unknown as { seen: Record<string, unknown> }[];
const told = (r: ClaudeRunResult) => r.stdout.match(/Stop says: stopline: [^"]*/g) ?? [];

describeRealHost(status, 'Claude Code 2.1.332: the per-session check at the turn end', HOSTS_FOR.claude, TEST_TIMEOUT_MS, () => {
  it('a Bash call the hook never saw: the person is told, the model reads the stamp once, evidence counts it', async () => {
    const c = runs.newCase('bypass');
    const s = await runs.server(writeThenTouch(c));
    const r = await claude(c, s, pluginSkippingBash(c), '$stopline change -- add new.txt');
    // the bypass is real: the Write was checked, the touch ran unchecked
    expect(existsSync(join(c.project, 'new.txt'))).toBe(true);
    expect(existsSync(join(c.project, 'x'))).toBe(true);
    const notice = 'stopline: 1 tool call in this session ran without stopline checking it (shell 1): its hook did not run. Run `stopline doctor` to see why.';
    // the person: once in the session's output, and in the transcript the interactive view renders
    expect(told(r)).toEqual([`Stop says: ${notice.replace(/`/g, '`')}`]);
    expect(transcriptOf(c)).toContain(`"type":"hook_system_message","content":${JSON.stringify(notice)}`);
    // the model: the stamp as Stop context, then Claude asked it again ("noted"), and nothing more
    const withStamp = s.requests.filter((q) => requestText(q.body).includes('Stop hook additional context: UNSEEN / CONTROL'));
    expect(withStamp.length).toBeGreaterThan(0);
    expect(requestText(withStamp[0]!.body)).toContain('Reason: CALLS_UNSEEN (C)');
    expect(requestText(withStamp[0]!.body)).toContain('State: ARMED / change guard');
    expect(r.stdout).toContain('noted');
    expect(s.requests.filter((q) => q.kind === 'turn').length).toBe(4);
    // evidence: the counts of the first turn end, and a second one with nothing new
    const seen = seenRecords(c).map((e) => e.seen);
    expect(seen[0]).toMatchObject({ read: 'whole', hostCalls: 2, checked: 1, unseen: 1, unseenKinds: { shell: 1 } });
    expect(seen[1]).toMatchObject({ hostCalls: 2, checked: 1, unseen: 0 });
    expect(JSON.stringify(readEvidence(pluginData(c)))).not.toContain('toolu_seen');
  });

  for (const door of CLAUDE_DOORS) {
    describe(`a clean session, decided by ${door.name}`, () => {
      it('every call seen: the turn end compares and says nothing', async () => {
        const c = runs.newCase('clean', door.short);
        const s = await runs.server(writeThenTouch(c));
        const launch = doorLaunch(door as ClaudeDoor, pluginDir, c.runDir);
        const timing = join(c.runDir, 'timing.jsonl');
        const r = await claude(c, s, launch.pluginDir, '$stopline change -- add new.txt', { timing, ...(launch.wrapper ? { wrapper: launch.wrapper } : {}) });
        expectDecidedBy(door, timing);
        expect(existsSync(join(c.project, 'x'))).toBe(true);
        expect(told(r)).toEqual([]);
        expect(s.requests.some((q) => requestText(q.body).includes('UNSEEN'))).toBe(false);
        expect(s.requests.filter((q) => q.kind === 'turn').length).toBe(3);
        // the turn end did read the transcript, and every call in it matched a guard check. Claude Code
        // writes the transcript after the tool ran, so the mod (inside its process, with no start-up
        // delay) may read it before the last call is in: that call is then not counted, never unseen
        const seen = seenRecords(c).map((e) => e.seen as { hostCalls: number; checked: number });
        expect(seen).toHaveLength(1);
        expect(seen[0]).toMatchObject({ read: 'whole', unseen: 0, unseenKinds: {}, unseenKeys: [], noHook: 0, whileOff: 0 });
        expect(seen[0]!.checked).toBe(seen[0]!.hostCalls);
        expect(seen[0]!.hostCalls).toBeGreaterThanOrEqual(door.short === 'cmd' ? 2 : 1);
        expect(seen[0]!.hostCalls).toBeLessThanOrEqual(2);
      });
    });
  }
});
