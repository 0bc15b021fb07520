/**
 * The analysis's fixes as a person meets them: the shipped Claude Code hook script
 * (dist/claude/stopline.mjs, `npm run build`) run as a process with real payloads on stdin.
 * A directive or a correction arms the session, then each Bash call is answered:
 *   - `pnpm add -w typescript` / `pnpm -w add typescript` under deps=deny are refused
 *     (the workspace flag no longer hides the package);
 *   - `patch src/a.ts fix.diff` under files=src/a.ts is refused: patch also writes
 *     src/a.ts.orig and src/a.ts.rej, outside files=; under files=src/** it goes ahead;
 *   - under review, read-only forms are allowed (7z x -so, rustc --version --verbose, php -l,
 *     cpio -t, sqlite3 -deserialize with a SELECT) and their writing neighbours are not;
 *   - "no edits please, just tell me what you see" inside a long prompt switches change to review.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { requireArtifact } from '../../hosts/shared/real-host';

const scratch = mkdtempSync(join(tmpdir(), 'stopline-analysis-hook-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const script = requireArtifact('claude', 'stopline.mjs');
const base = JSON.parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'claude', 'PreToolUse-Bash.json'), 'utf8')) as Record<string, unknown>;
let sessions = 0;

/** One hook call as Claude Code makes it; the evaluator stays off so nothing is left running. */
function hook(session: string, payload: Record<string, unknown>): { code: number | null; stdout: string; stderr: string } {
  const home = join(scratch, 'home');
  const r = spawnSync(process.execPath, [script], {
    input: JSON.stringify({ ...base, session_id: session, cwd: join(scratch, 'project'), ...payload }),
    encoding: 'utf8',
    timeout: 30_000,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, STOPLINE_HOME: join(scratch, 'data'), STOPLINE_EVALUATOR: '0' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function session(prompt: string): (command: string) => 'allow' | 'deny' | 'ask' | 'confined' {
  const id = `analysis-hook-${++sessions}`;
  const armed = hook(id, { hook_event_name: 'UserPromptSubmit', prompt });
  expect(armed.code, armed.stderr).toBe(0);
  return (command: string) => {
    const r = hook(id, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command, description: 'x' } });
    if (r.stdout.trim() === '') return 'allow';
    const out = JSON.parse(r.stdout) as { hookSpecificOutput?: { permissionDecision?: string; updatedInput?: unknown } };
    // an allow that puts another command in place of the model's runs it inside the sandbox
    if (out.hookSpecificOutput?.updatedInput) return 'confined';
    return (out.hookSpecificOutput?.permissionDecision ?? 'allow') as 'allow' | 'deny' | 'ask';
  };
}

describe('the analysis through the shipped Claude Code hook', () => {
  it('refuses a dependency hidden behind a workspace flag under deps=deny', () => {
    const bash = session('$stopline change deps=deny');
    expect(bash('pnpm add -w typescript')).toBe('deny');
    expect(bash('pnpm -w add typescript')).toBe('deny');
    expect(bash('npm install -w web left-pad')).toBe('deny');
    // no dependency is added: it runs (its lifecycle scripts inside the sandbox, away from stopline's own files)
    expect(['allow', 'confined']).toContain(bash('pnpm install --frozen-lockfile'));
  }, 60_000);

  it("refuses a patch whose backup and rejects fall outside files=, and allows it when they are inside", () => {
    expect(session('$stopline change files=src/a.ts')('patch src/a.ts fix.diff')).toBe('deny');
    expect(session('$stopline change files=src/**')('patch src/a.ts fix.diff')).toBe('allow');
    expect(session('$stopline change files=src/a.ts')('patch --no-backup-if-mismatch -r - src/a.ts fix.diff')).toBe('allow');
    expect(session('$stopline change files=notes.txt')('cp -b template.txt notes.txt')).toBe('deny');
  }, 60_000);

  it('allows proven reads under review and stops their writing neighbours', () => {
    const bash = session('$stopline review');
    for (const c of ['7z x -so a.7z', 'rustc --version --verbose', 'php -l app.php', 'cpio -t < pack.cpio', "sqlite3 -deserialize data.db 'select count(*) from t'", "awk '{print $1 | \"sort -u\"}' notes.txt", "eval 'ls -1 src'", 'rsync -an --delete a/ b/', 'dd if=notes.txt of=/dev/null', 'cargo metadata --no-deps --format-version 1']) {
      expect(bash(c), c).toBe('allow');
    }
    for (const c of ['7z x a.7z', 'go list ./...', 'cargo tree --locked', 'git add -n --no-dry-run .', "sqlite3 -readonly data.db 'select count(*) from t'", "vim -es -c '%s/a/b/' -c wq notes.txt"]) {
      expect(bash(c), c).not.toBe('allow');
    }
  }, 120_000);

  it('switches change to review on "no edits please" inside a long prompt', () => {
    const long = 'I have been chasing a crash in the importer since this morning and the stack trace points at the CSV reader. no edits please, just tell me what you see. The failing input is the quarterly export.';
    const id = `analysis-hook-${++sessions}`;
    expect(hook(id, { hook_event_name: 'UserPromptSubmit', prompt: '$stopline change' }).code).toBe(0);
    expect(hook(id, { hook_event_name: 'UserPromptSubmit', prompt: long }).code).toBe(0);
    const r = hook(id, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'touch made.txt', description: 'x' } });
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
  }, 60_000);
});
