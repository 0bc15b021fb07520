/**
 * `stopline status --session <id>`: the per-session check from a terminal. The host's record is
 * found by the session id where the host keeps it (Claude Code's transcript under ~/.claude,
 * Codex's rollout under CODEX_HOME), compared with the guard's checks in every data folder, and
 * a call that ran unchecked is named by count and kind, with exit 1.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { handleEvent } from '../../core/answer/controller';
import { FIXTURES, cleanupTempDirs, cli, tempDir } from './helpers';

afterAll(cleanupTempDirs);

const CLAUDE_SESSION = '5e1f0c2a-7d3b-4c11-9a0e-2b6f8d4c1e77';
const CODEX_SESSION = '01a2289a-c971-7a20-a8d5-2f21938f3467';

function home(): { env: Record<string, string>; root: string } {
  const root = tempDir();
  const env = { HOME: join(root, 'home'), STOPLINE_HOME: join(root, 'data'), XDG_CONFIG_HOME: join(root, 'home', '.config') };
  return { env, root };
}

function claudeTranscriptIn(h: { env: Record<string, string> }): string {
  const dir = join(h.env.HOME!, '.claude', 'projects', '-home-dev-project');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${CLAUDE_SESSION}.jsonl`);
  copyFileSync(join(FIXTURES, 'claude', 'records', 'transcript.jsonl'), file);
  return file;
}

/** The guard checks these calls of the session, as its hooks would have. */
function checked(env: Record<string, string>, sessionId: string, family: 'claude' | 'codex', ids: string[]): void {
  for (const id of ids) {
    handleEvent(
      { protocolVersion: 1, kind: 'action.before', sessionId, cwd: '/home/dev/project', host: { family }, action: { id, name: 'Bash', canonicalName: 'Bash', mutability: 'read', affectedPaths: [], dependencyIntent: false, hashIntent: false, delegationCount: 0, unboundedDelegation: false } },
      { env },
    );
  }
}

describe('status --session: the host record against the guard', () => {
  it('every call that ran was checked: exit 0 and says so', async () => {
    const h = home();
    const file = claudeTranscriptIn(h);
    checked(h.env, CLAUDE_SESSION, 'claude', ['toolu_01bash', 'toolu_02read', 'toolu_03edit', 'toolu_05bash']);
    const r = await cli(['status', '--session', CLAUDE_SESSION], { env: h.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Claude Code recorded 4 in ${file}; the guard checked 4.`);
    expect(r.stdout).toContain('Every call that ran while the guard was on was checked.');
  });

  it('a call that bypassed the hook: named by count and kind, exit 1, and --json carries the counts', async () => {
    const h = home();
    claudeTranscriptIn(h);
    checked(h.env, CLAUDE_SESSION, 'claude', ['toolu_01bash', 'toolu_02read']);
    const r = await cli(['status', '--session', CLAUDE_SESSION], { env: h.env });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('2 ran without stopline checking them (shell 1, write 1): its hook did not run for them. Run `stopline doctor` to see why.');
    const j = await cli(['status', '--session', CLAUDE_SESSION, '--json'], { env: h.env });
    expect(j.code).toBe(1);
    const doc = JSON.parse(j.stdout) as { toolCalls: { records: { host: string; result: Record<string, unknown> }[] } };
    expect(doc.toolCalls.records[0]).toMatchObject({ host: 'Claude Code', result: { read: 'whole', hostCalls: 4, checked: 2, unseen: 2, unseenKinds: { shell: 1, write: 1 } } });
    expect(j.stdout).not.toContain('unseenKeys');
  });

  it('a session whose hooks never ran at all: no evidence, and every recorded call unchecked', async () => {
    const h = home();
    claudeTranscriptIn(h);
    const r = await cli(['status', '--session', CLAUDE_SESSION], { env: h.env });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('stopline has no evidence of this session: its hooks never ran with these data folders.');
    expect(r.stdout).toContain('4 ran without stopline checking them (shell 2, read 1, write 1)');
    expect(r.stderr).toBe('');
  });

  it('a default level of off: calls made before any contract are not compared', async () => {
    const h = home();
    claudeTranscriptIn(h);
    mkdirSync(join(h.env.XDG_CONFIG_HOME!, 'stopline'), { recursive: true });
    writeFileSync(join(h.env.XDG_CONFIG_HOME!, 'stopline', 'stopline.json'), JSON.stringify({ defaultLevel: 'off' }));
    const r = await cli(['status', '--session', CLAUDE_SESSION], { env: h.env });
    expect(r.stdout).toContain('4 ran while the guard was off (not compared).');
    expect(r.code).toBe(0);
  });

  it("Codex's rollout under CODEX_HOME; write_stdin is a blind spot, counted apart", async () => {
    const h = home();
    const codexHome = join(h.root, 'codex-home');
    const day = join(codexHome, 'sessions', '2026', '12', '01');
    mkdirSync(day, { recursive: true });
    copyFileSync(join(FIXTURES, 'codex', 'records', 'rollout.jsonl'), join(day, `rollout-2026-12-01T10-00-00-${CODEX_SESSION}.jsonl`));
    checked(h.env, CODEX_SESSION, 'codex', ['call_shell_1', 'call_patch_1', 'call_shell_2']);
    const r = await cli(['status', '--session', CODEX_SESSION], { env: { ...h.env, CODEX_HOME: codexHome } });
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toContain('Codex CLI recorded 4 in');
    expect(r.stdout).toContain('1 used a tool the host runs without any hook');
  });

  it('nothing known of the id anywhere: exit 1, as before', async () => {
    const h = home();
    const r = await cli(['status', '--session', 'never-seen'], { env: h.env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no session with that id');
  });
});
