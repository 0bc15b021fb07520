/**
 * A `$stopline …` directive whose state cannot be written (here: the data folder sits under a
 * regular file, which no user, root included, can write into) is told to the person through the
 * host's own channel, not only on stderr: the notice (Claude Code, Codex, Gemini CLI, Qwen Code:
 * systemMessage; Hermes: its notice; the in-process doors: the door's notify / log) and, for the
 * model, the context (the only form Copilot's and Droid's prompt rows have). Every command-hook
 * host's shipped script is spawned with real stdin/stdout; the in-process doors are driven as
 * their hosts call them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { failOutcome, handleEvent } from '../../core/answer/controller';
import { recordBypass } from '../../core/answer/bypass';
import { applyHostEditSwitch } from '../../core/answer/host-mode';
import { InProcessHooks } from '../../core/hooks/in-process';
import { OpenCodeDoor } from '../../hosts/opencode/door';
import { PiDoor } from '../../hosts/pi/door';
import { dialectCases } from '../cli/guard-cases';
import { DIST, requireArtifact } from '../hosts/shared/real-host';
import { runWithInput, type Run } from '../hosts/shared/runtimes';
import { FakeOpenCode } from '../hosts/opencode/fake-client';
import { fakeCtx, newUi } from '../hosts/pi/fake-pi';

const SLOW = { timeout: 60_000 };
const root = mkdtempSync(join(tmpdir(), 'stopline-directive-notice-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let n = 0;
function world() {
  const dir = join(root, `w${n++}`);
  const project = join(dir, 'project');
  mkdirSync(project, { recursive: true });
  const blocker = join(dir, 'not-a-folder');
  writeFileSync(blocker, 'a file where the data folder\'s parent should be\n');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: dir,
    TMPDIR: dir,
    STOPLINE_HOME: join(blocker, 'data'),
    STOPLINE_FAIL_MODE: 'open',
    STOPLINE_EVALUATOR: '0',
    STOPLINE_NO_DASHBOARD: '1',
  };
  return { dir, project, env };
}

function spawnHook(argv: string[], payload: unknown, env: Record<string, string>): Promise<Run> {
  return runWithInput([process.execPath, ...argv], JSON.stringify(payload), { env });
}

const SAYS = /NOT recorded/;

/** The command-hook hosts: where their answer shows the person a notice, and where only the model reads it. */
const COMMAND_HOSTS: { host: string; argv: () => string[]; seen: (out: Record<string, unknown>) => { person?: string; model?: string } }[] = [
  { host: 'claude', argv: () => [requireArtifact('claude', 'stopline.mjs')], seen: (o) => ({ person: o.systemMessage as string, model: (o.hookSpecificOutput as { additionalContext?: string })?.additionalContext }) },
  { host: 'codex', argv: () => [requireArtifact('codex', 'stopline.mjs')], seen: (o) => ({ person: o.systemMessage as string, model: (o.hookSpecificOutput as { additionalContext?: string })?.additionalContext }) },
  { host: 'gemini', argv: () => [requireArtifact('gemini', 'stopline.mjs')], seen: (o) => ({ person: o.systemMessage as string, model: (o.hookSpecificOutput as { additionalContext?: string })?.additionalContext }) },
  { host: 'qwen', argv: () => [requireArtifact('qwen', 'stopline.mjs')], seen: (o) => ({ person: o.systemMessage as string, model: (o.hookSpecificOutput as { additionalContext?: string })?.additionalContext }) },
  { host: 'copilot', argv: () => [requireArtifact('copilot', 'stopline.mjs'), 'userPromptSubmitted'], seen: (o) => ({ model: o.additionalContext as string }) },
  { host: 'droid', argv: () => [requireArtifact('droid', 'stopline.mjs')], seen: (o) => ({ model: (o.hookSpecificOutput as { additionalContext?: string })?.additionalContext }) },
  { host: 'hermes', argv: () => [join(DIST, 'stopline.mjs'), 'guard', '--host', 'hermes'], seen: (o) => ({ model: o.context as string }) },
];

describe('a directive that could not be recorded is told to the person, on every host', () => {
  for (const h of COMMAND_HOSTS) {
    it(`${h.host}: the shipped hook says so in the host's own answer, not only on stderr`, SLOW, async () => {
      const w = world();
      let payload = dialectCases(w.project)[h.host]!.prompt('s1', '$stopline review -- look');
      if (h.host === 'copilot') {
        const { hook_event_name: _, ...rest } = payload;
        payload = rest;
      }
      const r = await spawnHook(h.argv(), payload, w.env);
      expect(r.code).toBe(0);
      const seen = h.seen(JSON.parse(r.stdout) as Record<string, unknown>);
      if (seen.person !== undefined || h.host === 'claude' || h.host === 'codex' || h.host === 'gemini' || h.host === 'qwen') expect(seen.person).toMatch(SAYS);
      expect(seen.model).toMatch(SAYS);
      expect(seen.model).toContain('Tell the person');
    });
  }

  it('Pi: the extension notifies the person', async () => {
    const w = world();
    const ui = newUi(false);
    const h = new PiDoor({ env: w.env, core: { handleEvent, failOutcome, recordBypass }, hooks: new InProcessHooks(w.env, 'pi'), log: () => {}, askTimeoutMs: 500 }).handlers();
    await h.input!({ type: 'input', text: '$stopline review -- look', source: 'interactive' }, fakeCtx({ cwd: w.project, sessionId: 's1', isIdle: true, hasUI: true }, ui));
    expect(ui.notes.map((x) => x.message).join('\n')).toMatch(SAYS);
  });

  it('OpenCode: the plugin says it on its own channel', async () => {
    const w = world();
    const fake = new FakeOpenCode();
    fake.addSession('s1');
    const lines: string[] = [];
    const door = new OpenCodeDoor(
      { client: fake.client(), directory: w.project },
      { env: w.env, core: { handleEvent, failOutcome, applyHostEditSwitch }, hooks: new InProcessHooks(w.env, 'opencode'), log: (l: string) => lines.push(l), sdkTimeoutMs: 2000 },
    );
    const hooks = door.hooks();
    for (const e of fake.userMessage('s1', '$stopline review -- look').events) await hooks.event({ event: e });
    await door.drain();
    expect(lines.join('\n')).toMatch(SAYS);
  });
});
