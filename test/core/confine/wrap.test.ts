/**
 * The confined command's text: bubblewrap's arguments from a plan, the shell around it (the note
 * on failure, the status kept, protected paths created), the macOS profile, the switches.
 * The shell part runs for real under bash, with a stand-in for bwrap that runs what follows its
 * `--` (the sandbox itself is proven in test/confine/).
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bwrapArgs, shellQuote, wrapCommand } from '../../../core/confine/bwrap';
import { confinementSwitch, failureNote, scopeOf, scopeWords } from '../../../core/confine/confine';
import { seatbeltCommand, seatbeltProfile } from '../../../core/confine/macos';
import type { ConfinePlan } from '../../../core/confine/plan';

const PLAN: ConfinePlan = {
  root: 'ro',
  mounts: [
    { path: '/tmp', kind: 'rw' },
    { path: '/w/p/.claude', kind: 'ro' },
    { path: '/w/p/src/a.ts', kind: 'rw' },
    { path: '/run/user/1/bus', kind: 'block' },
    { path: '/tmp/stopline-1', kind: 'hide' },
  ],
  prepare: [],
  unguarded: [],
  absent: [],
  counts: { writable: 2, readOnly: 1, hidden: 1, blocked: 1 },
};

/** A bwrap stand-in: skips its options up to `--` and runs the rest. */
function standIn(): string {
  const dir = mkdtempSync(join(tmpdir(), 'stopline-wrap-'));
  const file = join(dir, 'bwrap');
  writeFileSync(file, '#!/bin/sh\nwhile [ "$1" != "--" ]; do shift; done\nshift\nexec "$@"\n');
  chmodSync(file, 0o755);
  return file;
}

function run(text: string, input = ''): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync('bash', ['-c', text], { encoding: 'utf8', input });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('bubblewrap arguments', () => {
  it('a read-only root, a fresh /proc and /dev, a new session that dies with its parent; the mounts in plan order', () => {
    expect(bwrapArgs(PLAN, false)).toEqual([
      '--new-session', '--die-with-parent', '--unshare-pid',
      '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc',
      '--bind', '/tmp', '/tmp',
      '--ro-bind', '/w/p/.claude', '/w/p/.claude',
      '--bind', '/w/p/src/a.ts', '/w/p/src/a.ts',
      '--ro-bind', '/dev/null', '/run/user/1/bus',
      '--tmpfs', '/tmp/stopline-1',
      '--',
    ]);
  });

  it('no files=: a writable root; as root every capability but the file and network ones is dropped', () => {
    const args = bwrapArgs({ ...PLAN, root: 'rw', mounts: [] }, true);
    expect(args.slice(args.indexOf('/') - 1, args.indexOf('/') + 2)).toEqual(['--bind', '/', '/']);
    expect(args).toContain('--cap-drop');
    expect(args).not.toContain('CAP_SYS_ADMIN');
    expect(args.filter((a) => a === '--cap-add')).toHaveLength(10);
    expect(bwrapArgs(PLAN, false)).not.toContain('--cap-drop');
  });
});

describe('the shell around it', () => {
  const bwrap = standIn();
  const tools = { bwrap, bash: '/bin/bash', root: false };
  const note = failureNote({ mode: 'change', files: ['src/a.ts'] }, []);

  it('keeps stdout, stderr, stdin and the exit status; prints the note only when the command fails', () => {
    const ok = run(wrapCommand(PLAN, 'read x; echo "out:$x"; echo err >&2', tools, note), 'hello\n');
    expect(ok).toEqual({ status: 0, stdout: 'out:hello\n', stderr: 'err\n' });
    const bad = run(wrapCommand(PLAN, 'echo partial; exit 3', tools, note));
    expect(bad.status).toBe(3);
    expect(bad.stdout).toBe('partial\n');
    expect(bad.stderr).toBe(`${note}\n`);
  });

  it("the model's command reaches bash byte for byte: quotes, newlines, $ and backslashes", () => {
    const cmd = `printf '%s|' "it's" 'a"b' '\\n' "$HOME" ; echo\ncat <<'EOF'\nline $x \\ 'q'\nEOF`;
    const direct = run(cmd);
    const wrapped = run(wrapCommand(PLAN, cmd, tools, note));
    expect(wrapped).toEqual(direct);
  });

  it("after the run, each protected path that did not exist and now does is named on stderr; the status stays", () => {
    const dir = mkdtempSync(join(tmpdir(), 'stopline-unguarded-'));
    const made = join(dir, '.stopline');
    const plan = { ...PLAN, unguarded: [made, join(dir, '.claude', 'settings.json')] };
    const r = run(wrapCommand(plan, `mkdir ${shellQuote(made)}; exit 0`, tools, note));
    expect(r.status).toBe(0);
    expect(r.stderr).toBe(`stopline: this confined command created ${made}, one of stopline's protected paths; tell the person.\n`);
    expect(existsSync(made)).toBe(true);
    expect(run(wrapCommand(plan, 'exit 5', tools, note)).status).toBe(5);
  });

  it('the host shell goes on after it (no exit): a cwd-tracking suffix still runs', () => {
    const r = run(`${wrapCommand(PLAN, 'false', tools, note)}; echo "after:$?"`);
    expect(r.stdout).toBe('after:1\n');
  });
});

describe('the note and the switches', () => {
  it('the note says what was writable in the contract\'s words and what to do instead', () => {
    expect(scopeWords({ mode: 'review', files: null })).toBe('mode review: nothing in the project');
    expect(scopeWords({ mode: 'change', files: ['src/**', 'README.md'] })).toBe('files=src/**|README.md');
    expect(scopeWords({ mode: 'change', files: null })).toContain("everything but stopline's own files");
    expect(scopeWords({ mode: 'change', files: [] })).toContain('files= is empty');
    const n = failureNote({ mode: 'change', files: ['src/a.ts', 'src/new.ts'] }, ['src/new.ts']);
    expect(n).toContain('Read-only file system');
    expect(n).toContain('ask the person');
    expect(n).toContain('src/new.ts');
    expect(n).not.toContain('\n');
  });

  it('scope: review/answer/monitor nothing, files= its entries, no files= everything', () => {
    expect(scopeOf({ mode: 'monitor', files: ['src/**'] })).toEqual({ kind: 'none' });
    expect(scopeOf({ mode: 'change', files: ['a'] })).toEqual({ kind: 'files', entries: ['a'] });
    expect(scopeOf({ mode: 'open', files: null })).toEqual({ kind: 'all' });
    expect(scopeOf({ mode: 'change', files: [] })).toEqual({ kind: 'none' });
  });

  it('off by STOPLINE_CONFINE=0, by the user config, by confine=off; on otherwise', () => {
    expect(confinementSwitch({}, true, {})).toEqual({ on: true });
    expect(confinementSwitch({}, true, { STOPLINE_CONFINE: '1' })).toEqual({ on: true });
    expect(confinementSwitch({}, true, { STOPLINE_CONFINE: '0' })).toEqual({ on: false, why: 'STOPLINE_CONFINE=0' });
    expect(confinementSwitch({}, false, {})).toMatchObject({ on: false });
    expect(confinementSwitch({ confine: false }, true, {})).toEqual({ on: false, why: 'confine=off in the directive' });
  });
});

describe('macOS profile (text; not run on a Mac here)', () => {
  it('denies writes everywhere, then allows and denies per mount in order; sockets cannot be connected to', () => {
    const text = seatbeltProfile({ ...PLAN, unguarded: ['/w/p/.stopline'] });
    const lines = text.trim().split('\n');
    expect(lines.slice(0, 3)).toEqual(['(version 1)', '(allow default)', '(deny file-write* (subpath "/"))']);
    const at = (s: string) => lines.findIndex((l) => l.includes(s));
    expect(lines[at('"/tmp"')]).toMatch(/^\(allow file-write\*/);
    expect(lines[at('"/w/p/.claude"')]).toMatch(/^\(deny file-write\*/);
    expect(at('"/w/p/src/a.ts"')).toBeGreaterThan(at('"/w/p/.claude"'));
    expect(text).toContain('(deny file-write* (subpath "/w/p/.stopline"))');
    expect(text).toContain('(remote unix-socket (subpath "/run/user/1/bus"))');
    expect(text).toContain('(remote unix-socket (subpath "/tmp/stopline-1"))');
    expect(seatbeltProfile({ ...PLAN, root: 'rw', mounts: [] })).not.toContain('(deny file-write* (subpath "/"))');
  });

  it('quotes paths for the profile and the profile for the shell', () => {
    const text = seatbeltProfile({ ...PLAN, mounts: [{ path: '/w/a "b"\\c', kind: 'rw' }] });
    expect(text).toContain('(subpath "/w/a \\"b\\"\\\\c")');
    const cmd = seatbeltCommand(PLAN, "echo 'x'");
    expect(cmd.startsWith("'/usr/bin/sandbox-exec' '-p' '(version 1)")).toBe(true);
    expect(cmd.endsWith(`'/bin/bash' '-c' 'echo '\\''x'\\'''`)).toBe(true);
  });
});
