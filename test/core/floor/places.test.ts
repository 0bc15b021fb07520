/**
 * Where the floor places a delete when the session's folders are not a plain project: a session
 * working in HOME itself (no project to be inside), a temp folder the environment names (not a
 * top-level folder, HOME or the project's parent; and the folder itself is not scratch), and another
 * repository's `.git` below a temp folder (history wherever it lies). Judged through every host's
 * shell tools, with no contract and under review.
 */
import { describe, expect, it } from 'vitest';
import { analyzeToolCall } from '../../../core/analysis/tool-call';
import { decide } from '../../../core/contract/decide';
import { REGISTRIES } from '../../../core/registry/index';
import type { HostRegistry, ToolEntry } from '../../../core/registry/types';
import { armed, NO_CONTRACT, shellTools } from './helpers';

interface Place {
  cwd: string;
  home: string;
  /** the project root the hook found (the folder holding `.git`) */
  root: string;
  /** $TMPDIR as the hook's environment holds it */
  tmpdir?: string;
}

function verdict(registry: HostRegistry, tool: ToolEntry, as: Record<string, unknown>, command: string, p: Place, review = false): string {
  const vars = p.tmpdir ? { TMPDIR: p.tmpdir } : undefined;
  const a = analyzeToolCall(registry, tool.name, { ...as, [tool.commandField ?? 'command']: command }, { cwd: p.cwd, home: p.home, ...(vars ? { vars } : {}) });
  const d = decide(review ? armed('review') : NO_CONTRACT, { ...a }, {
    selfPaths: [`${p.home}/.config/stopline`],
    home: p.home,
    cwd: p.cwd,
    probe: () => 'missing',
    floor: { settings: { preset: 'standard', exceptions: [], secrets: [] }, projectRoot: p.root, tempRoots: p.tmpdir ? [p.tmpdir] : [] },
  });
  return `${d.outcome} ${d.reasonCode}`;
}

const TOOLS = shellTools(Object.values(REGISTRIES));

function each(name: string, fn: (v: (command: string, p: Place, review?: boolean) => string) => void): void {
  it(`${name} (every host's shell tools)`, () => {
    expect(TOOLS.length).toBeGreaterThan(10);
    for (const { registry, tool, as } of TOOLS) fn((c, p, review) => verdict(registry, tool, as, c, p, review));
  });
}

describe('a session working in HOME itself has no project to keep a delete inside', () => {
  const inHome: Place = { cwd: '/home/u', home: '/home/u', root: '/home/u' };
  const inProject: Place = { cwd: '/home/u/app', home: '/home/u', root: '/home/u/app' };
  each('a recursive delete of a folder of HOME is denied, the same in a project is free', (v) => {
    for (const c of ['rm -rf build', 'rm -r ./out', 'find dist -delete', 'chmod -R 777 scripts']) {
      expect(v(c, inHome)).toBe('deny FLOOR_WHOLESALE_DELETE');
      expect(v(c, inHome, true)).toBe('deny FLOOR_WHOLESALE_DELETE');
      expect(v(c, inProject)).toBe('allow CONTROL_INACTIVE');
    }
  });
  each('from HOME, a temp folder is still scratch space and one file is still not wholesale', (v) => {
    expect(v('rm -rf /tmp/build-7', inHome)).toBe('allow CONTROL_INACTIVE');
    expect(v('rm notes.txt', inHome)).toBe('allow CONTROL_INACTIVE');
    expect(v('cd /tmp/x && rm -rf out', inHome)).toBe('allow CONTROL_INACTIVE');
  });
  each('a session in `/` has no project either', (v) => {
    expect(v('rm -rf srv/data', { cwd: '/', home: '/home/u', root: '/' })).toBe('deny FLOOR_WHOLESALE_DELETE');
    expect(v('rm -rf tmp/x', { cwd: '/', home: '/home/u', root: '/' })).toBe('allow CONTROL_INACTIVE');
  });
});

describe('a temp folder the environment names', () => {
  const base = { cwd: '/w/p', home: '/home/u', root: '/w/p' };
  each('is scratch space when it is the person\'s choice, not when it names a top-level folder, HOME or the project\'s parent', (v) => {
    expect(v('rm -rf "$TMPDIR/cache"', { ...base, tmpdir: '/var/folders/q1/zz/T' })).toBe('allow CONTROL_INACTIVE');
    expect(v('rm -rf "$TMPDIR/cache"', { ...base, tmpdir: '/tmp/job-3' })).toBe('allow CONTROL_INACTIVE');
    expect(v('rm -rf "$TMPDIR/cache"', { ...base, tmpdir: '/srv/scratch' })).toBe('allow CONTROL_INACTIVE');
    expect(v('rm -rf "$TMPDIR/cache"', { ...base, tmpdir: '/srv' })).toBe('deny FLOOR_WHOLESALE_DELETE');
    expect(v('find "$TMPDIR/cache" -delete', { ...base, tmpdir: '/Volumes' })).toBe('deny FLOOR_WHOLESALE_DELETE');
    expect(v('rm -rf "$TMPDIR/cache"', { ...base, tmpdir: '/home' }, true)).toBe('deny FLOOR_WHOLESALE_DELETE');
    expect(v('rm -rf "$TMPDIR/.ssh"', { ...base, tmpdir: '/home/u' })).toBe('deny FLOOR_WHOLESALE_DELETE');
    expect(v('rm -rf "$TMPDIR/other-project"', { ...base, tmpdir: '/w' })).toBe('deny FLOOR_WHOLESALE_DELETE');
  });
  each('the folder itself, or everything in it, is not scratch space', (v) => {
    const p = { ...base, tmpdir: '/tmp/job-3' };
    for (const c of ['find $TMPDIR -depth -delete', 'find "$TMPDIR/." -delete', 'rm -rf "${TMPDIR}//"', 'rm -rf $TMPDIR/*', 'rm -rf /tmp/job-3']) {
      expect(v(c, p)).toBe('deny FLOOR_WHOLESALE_DELETE');
      expect(v(c, p, true)).toBe('deny FLOOR_WHOLESALE_DELETE');
    }
    expect(v('rm -rf $TMPDIR/job-3-out', p)).toBe('allow CONTROL_INACTIVE');
  });
  each('a value given as the prefix of a plain program is only in its environment: its words expand the folder from before', (v) => {
    const p = { ...base, tmpdir: '/tmp/job-3' };
    for (const c of ['TMPDIR=/Users rm -rf "$TMPDIR/out"', 'TMPDIR= rm -rf $TMPDIR/out', "TMPDIR='/srv x' rm -rf ${TMPDIR}/out", 'cd src && TMPDIR=/ rm -rf "$TMPDIR/out"', 'TMPDIR=/home/u chmod -R 700 "$TMPDIR/out"'])
      expect(v(c, p), c).toBe('allow CONTROL_INACTIVE');
    expect(v('TMPDIR=/Users rm -rf "$TMPDIR"', p)).toBe('deny FLOOR_WHOLESALE_DELETE');
    // a program that may expand the variable itself sees the new value, and a plain assignment sets it
    for (const c of [`TMPDIR=/Users sh -c 'rm -rf "$TMPDIR/out"'`, `TMPDIR=/Users eval 'rm -rf "$TMPDIR/out"'`, 'TMPDIR=/Users xargs rm -rf "$TMPDIR/out"', 'TMPDIR=/Users; rm -rf "$TMPDIR/out"', 'export TMPDIR=/Users rm; rm -rf "$TMPDIR/out"', 'A=1 TMPDIR=/Users rm -rf "$TMPDIR/out"'])
      expect(v(c, p), c).not.toBe('allow CONTROL_INACTIVE');
  });
  each('a value set inside a subshell or a command substitution ends with it: the words after it expand the folder from before', (v) => {
    const p = { ...base, tmpdir: '/tmp/job-3' };
    for (const c of ['(export TMPDIR=/Users); rm -rf $TMPDIR/build', 'echo $(export TMPDIR=/Users); rm -rf $TMPDIR/build', 'echo `TMPDIR=/; export TMPDIR`; rm -rf "$TMPDIR/build"', '(unset TMPDIR); rm -rf "$TMPDIR/build"', '(read TMPDIR) < /dev/null; rm -rf ${TMPDIR}/build', '(declare TMPDIR=/srv) | cat; rm -rf "$TMPDIR/build"', '(cd /; export TMPDIR=/Users) && rm -rf "$TMPDIR/build"'])
      expect(v(c, p), c).toBe('allow CONTROL_INACTIVE');
    expect(v('(export TMPDIR=/Users); rm -rf "$TMPDIR"', p)).toBe('deny FLOOR_WHOLESALE_DELETE');
    // the export happens in this shell, and a subshell inherits it
    for (const c of ['{ export TMPDIR=/Users; }; rm -rf $TMPDIR/build', 'export TMPDIR=/Users; (rm -rf $TMPDIR/build)', 'export TMPDIR=/Users; echo $(rm -rf $TMPDIR/build)'])
      expect(v(c, p), c).toBe('deny FLOOR_WHOLESALE_DELETE');
    // expanded inside the subshell that set it (also by code it runs), a pipe's part (its own shell in bash, not in zsh), a
    // coprocess, a function body, arithmetic in this shell: the value may not be the hook's
    for (const c of [
      '(export TMPDIR=/Users; rm -rf $TMPDIR/build)',
      'echo $(export TMPDIR=/Users; rm -rf $TMPDIR/build)',
      "(export TMPDIR=/Users; sh -c 'rm -rf $'TMPDIR'/build')",
      'export TMPDIR=/Users | rm -rf $TMPDIR/build',
      'coproc { export TMPDIR=/Users; }; rm -rf $TMPDIR/build',
      'coproc (export TMPDIR=/Users); rm -rf $TMPDIR/build',
      'f() { export TMPDIR=/Users; }; f; rm -rf $TMPDIR/build',
      'f() { export TMPDIR=/Users; }; rm -rf $TMPDIR/build',
      'f() ( export TMPDIR=/Users ); f; rm -rf $TMPDIR/build',
      '((TMPDIR=0)); rm -rf $TMPDIR/build',
      'x=( $((TMPDIR=0)) ); rm -rf $TMPDIR/build',
    ])
      expect(v(c, p), c).not.toBe('allow CONTROL_INACTIVE');
  });
});

describe("another repository's history below a temp folder", () => {
  const linked: Place = { cwd: '/tmp/w/linked', home: '/home/u', root: '/tmp/w/linked' };
  each('its .git, or a folder in it, is history; a lock file in it and the rest of the clone stay free', (v) => {
    for (const c of ['rm -rf /tmp/w/main/.git', 'rm -rf /tmp/w/main/.git/worktrees/linked', 'rm -rf /tmp/w/main/.git/worktrees/*', 'rm -rf ../main/.git/modules/sub']) {
      expect(v(c, linked)).toBe('deny FLOOR_WHOLESALE_DELETE');
      expect(v(c, linked, true)).toBe('deny FLOOR_WHOLESALE_DELETE');
    }
    expect(v('rm -f /tmp/w/main/.git/index.lock', linked)).toBe('allow CONTROL_INACTIVE');
    expect(v('rm -rf /tmp/w/main/build', linked)).toBe('allow CONTROL_INACTIVE');
    expect(v('rm -rf /tmp/w/main/.github', linked)).toBe('allow CONTROL_INACTIVE');
  });
});
