/**
 * Values the command itself fixes before it uses them: a variable set once on the straight path
 * of the line (`export TMPDIR=/tmp/x; rm -rf "$TMPDIR/y"`) expands to that value, so a delete
 * below it is judged where it lands; a value that may differ (set in a branch, after `||`, twice,
 * as a prefix of the command that expands it) stays a run-time value and is asked. A value set
 * inside a subshell or a command substitution ends with it: after it the one from before holds.
 * A `parallel` list of repeated values is judged once per distinct value.
 */
import { describe, expect, it } from 'vitest';
import { REGISTRIES } from '../../../core/registry/index';
import { shellTools, toolVerdict, verdictOf } from './helpers';

const FREE = 'allow CONTROL_INACTIVE';
const ASKED = 'ask FLOOR_DELETE_UNPROVEN';
const DENIED = 'deny FLOOR_WHOLESALE_DELETE';

describe('a variable the line sets once', () => {
  it('a delete below a temp folder the line exported is free', () => {
    for (const c of ['export TMPDIR=/tmp/job-7; rm -rf "$TMPDIR/cache"', 'export TMPDIR=/tmp/job-7 && rm -rf ${TMPDIR}/cache', 'SCRATCH=/var/tmp/run; rm -rf $SCRATCH/out', '{ export TMPDIR=/tmp/job-7; }; rm -rf "$TMPDIR"/cache', 'BASE=/tmp/job-7; OUT=$BASE/out; rm -rf "$OUT"'])
      expect(verdictOf(c), c).toBe(FREE);
  });

  it('the same value outside the project or at HOME is denied, inside the project free', () => {
    expect(verdictOf('export TMPDIR=/home/u/keep; rm -rf "$TMPDIR/cache"')).toBe(DENIED);
    expect(verdictOf('D=/srv/data; rm -rf "$D"')).toBe(DENIED);
    expect(verdictOf('OUT=build; rm -rf "$OUT/gen"')).toBe(FREE);
  });

  it('a value that may not be the one set stays unknown and is asked', () => {
    for (const c of [
      'TMPDIR=/tmp/job-7 rm -rf "$TMPDIR/cache"',
      'true || export TMPDIR=/tmp/job-7; rm -rf "$TMPDIR/cache"',
      'if [ -d /tmp ]; then TMPDIR=/tmp/job-7; fi; rm -rf "$TMPDIR/cache"',
      'TMPDIR=/tmp/job-7; read TMPDIR; rm -rf "$TMPDIR/cache"',
      'D=/tmp/job-7; D=/srv; rm -rf "$D/cache"',
      'D=/tmp/job-7; : ${D:=/srv}; rm -rf "$D/cache"',
      'declare -n D=HOME; rm -rf "$D/cache"',
      'f() { local D=/tmp/job-7; }; f; rm -rf "$D/cache"',
      'D="/tmp/a /srv"; rm -rf $D/cache',
    ])
      expect(verdictOf(c), c).toBe(ASKED);
  });

  it('a set inside a subshell or a command substitution leaves the value after it as it was', () => {
    for (const c of ['BASE=/tmp/job-7; (BASE=/srv); rm -rf "$BASE/cache"', 'BASE=/tmp/job-7; echo $(BASE=/; echo); rm -rf $BASE/cache', '(BASE=/srv); BASE=/tmp/job-7; rm -rf "$BASE/cache"', 'BASE=/tmp/job-7; (unset BASE) | cat; rm -rf "$BASE/cache"'])
      expect(verdictOf(c), c).toBe(FREE);
    expect(verdictOf('D=/srv/data; (D=/tmp/x); rm -rf "$D"')).toBe(DENIED);
    // the hook does not know TMPDIR here: judged as `rm -rf "$TMPDIR/cache"` alone
    for (const c of ['(export TMPDIR=/tmp/job-7); rm -rf "$TMPDIR/cache"', 'echo $(export TMPDIR=/tmp/job-7); rm -rf "$TMPDIR/cache"', 'rm -rf "$TMPDIR/cache"'])
      expect(verdictOf(c), c).toBe(ASKED);
    // expanded where the other value holds, or set again in this shell or in a pipe's part
    for (const c of ['BASE=/tmp/job-7; (BASE=/srv; rm -rf "$BASE/cache")', 'BASE=/tmp/job-7; echo `BASE=/srv; rm -rf $BASE/cache`', "BASE=/tmp/job-7; (BASE=/srv; sh -c 'rm -rf $'BASE'/cache')", 'BASE=/tmp/job-7; { BASE=/srv; }; rm -rf "$BASE/cache"', 'BASE=/tmp/job-7; BASE=/srv | cat; rm -rf "$BASE/cache"'])
      expect(verdictOf(c), c).toBe(ASKED);
  });

  it('an agent credential named through its variable is still a secret once the value is known', () => {
    expect(verdictOf('CODEX_HOME=/tmp/cx; cat "$CODEX_HOME/auth.json"')).toBe('deny FLOOR_SECRET_READ');
  });

  it('every host shell tool', () => {
    for (const { registry, tool } of shellTools(Object.values(REGISTRIES))) {
      const v = (command: string) => toolVerdict(registry, tool, command);
      const who = `${registry.displayName} ${tool.name}`;
      expect(v('export TMPDIR=/tmp/job-7; rm -rf "$TMPDIR/cache"'), who).toBe(FREE);
      expect(v('export TMPDIR=/home/u/keep; rm -rf "$TMPDIR/cache"'), who).toBe(DENIED);
      expect(v('(export TMPDIR=/tmp/job-7); rm -rf "$TMPDIR/cache"'), who).toBe(ASKED);
      expect(v(`parallel echo {} ::: ${'same '.repeat(40)}`), who).toBe(FREE);
      expect(v(`parallel rm -rf {} ::: ${'build '.repeat(30)}/srv/data`), who).toBe(DENIED);
    }
  });
});

describe('parallel with a long written-out list', () => {
  it('repeated values are one job each: judged, not guessed', () => {
    expect(verdictOf(`parallel echo {} ::: ${'x '.repeat(200)}`)).toBe(FREE);
    expect(verdictOf(`parallel ${'n'.repeat(300)}{} ::: ${'y '.repeat(100)}`)).toBe(FREE);
    expect(verdictOf(`parallel rm -rf {} ::: ${'~ '.repeat(50)}`)).toBe(DENIED);
    expect(verdictOf(`parallel git {} --hard ::: ${'reset '.repeat(40)}`)).toBe('deny FLOOR_GIT_DISCARD');
  });

  it('more distinct values than the analysis reads: a command named by them is asked', () => {
    const many = Array.from({ length: 40 }, (_, i) => `v${i}`).join(' ');
    expect(verdictOf(`parallel {} ::: ${many}`)).toBe('ask FLOOR_UNSEEN_CODE');
  });
});
