/**
 * Issue #11: a long-lived host (here the OpenCode plugin, in this very process, with the real
 * core) caches stopline.json and the hooks files, yet a person who edits, deletes or creates one
 * sees the change on the very next tool call, without restarting anything. Every scenario runs
 * twice: with the real racy window (the test's edits are seconds old at most, so the cache
 * re-reads and compares the text) and with the window off (the stat comparison alone decides;
 * each edit changes the file's size so that comparison is deterministic).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forgetConfigCache } from '../../../core/config/config';
import { RACY_WINDOW_MS, setRacyWindowForTests } from '../../../core/config/file-stamp';
import { failOutcome, handleEvent } from '../../../core/answer/controller';
import { forgetHooksConfigCache } from '../../../core/hooks/load';
import { applyHostEditSwitch } from '../../../core/answer/host-mode';
import { InProcessHooks } from '../../../core/hooks/in-process';
import { OpenCodeDoor } from '../../../hosts/opencode/door';
import { FakeOpenCode } from '../../hosts/opencode/fake-client';
import { homeEnv } from '../../scenarios/drivers';

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Every write gets a size no earlier write had (trailing whitespace is valid JSON). */
let pad = 0;
function writeJson(path: string, value: unknown): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, JSON.stringify(value) + ' '.repeat(++pad) + '\n');
}

interface Host {
  userConfig: string;
  projectConfig: string;
  claudeSettings: string;
  fake: FakeOpenCode;
  lines: string[];
  /** a tool call in a session of its own (a fresh contract from the config as it is now) */
  call(tool: string, args: Record<string, unknown>): Promise<string>;
}

let sessionSeq = 0;

/** One OpenCode plugin instance for the whole test: nothing is reloaded between calls. */
function startHost(): Host {
  const root = mkdtempSync(join(tmpdir(), 'stopline-live-edit-'));
  made.push(root);
  const home = join(root, 'home');
  const project = join(root, 'project');
  mkdirSync(join(project, '.git'), { recursive: true });
  mkdirSync(home, { recursive: true });
  const env: Record<string, string> = { ...homeEnv(home), CLAUDE_CONFIG_DIR: join(home, 'claude') };
  const fake = new FakeOpenCode();
  const lines: string[] = [];
  const guard = new OpenCodeDoor(
    { client: fake.client(), directory: project },
    { env, core: { handleEvent, failOutcome, applyHostEditSwitch }, hooks: new InProcessHooks(env, 'opencode'), log: (l) => lines.push(l), sdkTimeoutMs: 300 },
  );
  const hooks = guard.hooks();
  return {
    userConfig: join(home, '.config', 'stopline', 'stopline.json'),
    projectConfig: join(project, '.stopline', 'stopline.json'),
    claudeSettings: join(home, 'claude', 'settings.json'),
    fake,
    lines,
    async call(tool, args) {
      const session = `ses_live${String(++sessionSeq).padStart(18, '0')}`;
      fake.addSession(session);
      try {
        await hooks['tool.execute.before']({ tool, sessionID: session, callID: `call_${sessionSeq}` }, { args });
        return 'allowed';
      } catch (e) {
        return `denied: ${(e as Error).message}`;
      }
    },
  };
}

const WRITE = { filePath: 'new.txt', content: 'x\n' };
const REVIEW = { defaultMode: 'review', defaultLevel: 'guard' };
const BLOCKING_HOOK = [{ matcher: 'Bash', hooks: [{ type: 'command', command: "echo 'HOOK-SAYS-NO' >&2; exit 2" }] }];

describe.each([
  ['the racy window on (text re-read)', RACY_WINDOW_MS],
  ['the racy window off (stat comparison)', -1],
])('an edit counts on the next in-process call, %s', (_name, windowMs) => {
  let before = RACY_WINDOW_MS;
  beforeAll(() => {
    before = setRacyWindowForTests(windowMs);
    forgetConfigCache();
    forgetHooksConfigCache();
  });
  afterAll(() => {
    setRacyWindowForTests(before);
  });

  it('user stopline.json: created after the first call, edited, deleted', async () => {
    const h = startHost();
    expect(await h.call('write', WRITE)).toBe('allowed');
    writeJson(h.userConfig, REVIEW);
    expect(await h.call('write', WRITE)).toMatch(/^denied: .*MODE_FORBIDS_MUTATION/s);
    writeJson(h.userConfig, { defaultMode: 'unconfirmed' });
    expect(await h.call('write', WRITE)).toBe('allowed');
    writeJson(h.userConfig, REVIEW);
    expect(await h.call('write', WRITE)).toMatch(/MODE_FORBIDS_MUTATION/);
    unlinkSync(h.userConfig);
    expect(await h.call('write', WRITE)).toBe('allowed');
  });

  it('project .stopline/stopline.json: created after the first call, edited, deleted', async () => {
    const h = startHost();
    expect(await h.call('write', WRITE)).toBe('allowed');
    writeJson(h.projectConfig, REVIEW);
    expect(await h.call('write', WRITE)).toMatch(/MODE_FORBIDS_MUTATION/);
    writeJson(h.projectConfig, { defaultLevel: 'guard' });
    expect(await h.call('write', WRITE)).toBe('allowed');
    writeJson(h.projectConfig, REVIEW);
    expect(await h.call('write', WRITE)).toMatch(/MODE_FORBIDS_MUTATION/);
    unlinkSync(h.projectConfig);
    expect(await h.call('write', WRITE)).toBe('allowed');
  });

  it('hooks in stopline.json: a blocking hook added after the first call blocks, and removing it lets the command run', async () => {
    const h = startHost();
    const bash = { command: 'touch x' };
    expect(await h.call('bash', bash)).toBe('allowed');
    writeJson(h.userConfig, { hooks: { 'tool:before': BLOCKING_HOOK } });
    expect(await h.call('bash', bash)).toMatch(/^denied: .*HOOK-SAYS-NO/s);
    writeJson(h.userConfig, { hooks: {} });
    expect(await h.call('bash', bash)).toBe('allowed');
  });

  it('an imported Claude settings file: its hook counts when written, and stops counting when edited out or deleted', async () => {
    const h = startHost();
    const bash = { command: 'touch x' };
    writeJson(h.userConfig, { import: ['claude'] });
    expect(await h.call('bash', bash)).toBe('allowed');
    writeJson(h.claudeSettings, { hooks: { PreToolUse: BLOCKING_HOOK } });
    expect(await h.call('bash', bash)).toMatch(/HOOK-SAYS-NO/);
    writeJson(h.claudeSettings, { hooks: {} });
    expect(await h.call('bash', bash)).toBe('allowed');
    writeJson(h.claudeSettings, { hooks: { PreToolUse: BLOCKING_HOOK } });
    expect(await h.call('bash', bash)).toMatch(/HOOK-SAYS-NO/);
    unlinkSync(h.claudeSettings);
    expect(await h.call('bash', bash)).toBe('allowed');
  });

  it('failMode closed written after start is honoured by the next failing call, and open again after the edit back', async () => {
    const h = startHost();
    // the plugin cannot read a session's ancestry: the fail mode decides the tool call
    h.fake.failing.set('session.get', 'error');
    expect(await h.call('write', WRITE)).toBe('allowed');
    expect(h.lines.some((l) => l.includes('failing open'))).toBe(true);
    writeJson(h.userConfig, { failMode: 'closed' });
    expect(await h.call('write', WRITE)).toMatch(/^denied: .*GUARD_UNAVAILABLE/s);
    writeJson(h.userConfig, { failMode: 'open' });
    expect(await h.call('write', WRITE)).toBe('allowed');
  });
});
