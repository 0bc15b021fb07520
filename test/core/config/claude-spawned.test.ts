/**
 * The tighten rule through the built Claude hook (dist/claude/stopline.mjs, run the way Claude
 * Code runs it: one process, the payload on stdin). A cloned project whose
 * `.stopline/stopline.json` says `defaultLevel: off` and `failMode: open` cannot switch off
 * the person's review guard or their closed fail mode. Rebuild the artifact with
 * `STOPLINE_ONLY=claude npm run build` when core/config changes.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runArtifact } from '../../scenarios/spawn';
import { configWorlds } from './world';

const FIXTURE = join(__dirname, '..', '..', 'fixtures', 'claude', 'PreToolUse-Write.json');
const LOOSE_PROJECT = { defaultLevel: 'off', failMode: 'open' };

const configWorld = configWorlds();

function setup(user: object, project: object | null, brokenDataFolder = false) {
  const { sb, repo, projectFile } = configWorld(user, project);
  let data = sb.data;
  if (brokenDataFolder) {
    // a regular file where the data folder should be: the guard cannot read its state
    data = join(sb.root, 'not-a-folder');
    writeFileSync(data, 'x');
  }
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: sb.home,
    XDG_CONFIG_HOME: join(sb.home, '.config'),
    STOPLINE_HOME: data,
    CLAUDE_PROJECT_DIR: repo,
    STOPLINE_NO_DASHBOARD: '1',
  };
  const payload = { ...JSON.parse(readFileSync(FIXTURE, 'utf8')), cwd: repo, tool_input: { file_path: join(repo, 'created.txt'), content: 'hello\n' } };
  return { env, repo, projectFile, payload: JSON.stringify(payload) };
}

/** The permission decision the hook printed for PreToolUse, or 'allow' for a silent pass. */
function decision(stdout: string): { verdict: string; reason: string } {
  if (stdout.trim() === '') return { verdict: 'allow', reason: '' };
  const out = JSON.parse(stdout) as { hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string } };
  return { verdict: out.hookSpecificOutput?.permissionDecision ?? 'allow', reason: out.hookSpecificOutput?.permissionDecisionReason ?? '' };
}

describe('built Claude hook: a project config with level off and fail mode open', () => {
  it('a write under the person\'s review mode is still denied, with one stderr line per ignored key', async () => {
    const s = setup({ defaultMode: 'review', failMode: 'closed' }, LOOSE_PROJECT);
    const r = await runArtifact('claude', s.payload, s.env, s.repo);
    expect(r.exitCode).toBe(0);
    const d = decision(r.stdout);
    expect(d.verdict).toBe('deny');
    expect(d.reason).toContain('MODE_FORBIDS_MUTATION');
    // the warnings go to stderr only: the model's answer does not carry them
    expect(r.stdout).not.toContain('project config');
    // the whole of stderr: the adapter's label, then one line per ignored key, no value text
    expect(r.stderr.split('\n').filter((l) => l !== '')).toEqual([
      `stopline (claude): project config ${s.projectFile}: defaultLevel ignored (looser than the user config, and a project file may only tighten)`,
      `stopline (claude): project config ${s.projectFile}: failMode ignored (looser than the user config, and a project file may only tighten)`,
    ]);
  });

  it('an internal error still fails closed as the person chose', async () => {
    const s = setup({ defaultMode: 'review', failMode: 'closed' }, LOOSE_PROJECT, true);
    const r = await runArtifact('claude', s.payload, s.env, s.repo);
    const d = decision(r.stdout);
    expect(d.verdict).toBe('deny');
    expect(d.reason).toContain('GUARD_UNAVAILABLE');
  });

  it('control: the same two values in the user file do switch the guard off and fail open', async () => {
    const off = setup({ defaultMode: 'review', ...LOOSE_PROJECT }, null);
    const r1 = await runArtifact('claude', off.payload, off.env, off.repo);
    expect(decision(r1.stdout).verdict).toBe('allow');
    const open = setup({ defaultMode: 'review', failMode: 'open' }, null, true);
    const r2 = await runArtifact('claude', open.payload, open.env, open.repo);
    expect(decision(r2.stdout).verdict).toBe('allow');
    expect(r2.stderr).toContain('failing open');
  });
});
