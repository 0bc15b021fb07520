/**
 * Writes proven to land only below a temp folder are scratch under every contract: a review may
 * keep its log, diff or repro script in /tmp, and files= is about the project. Everything else
 * about the write is judged as before: a project file it also writes, a target nobody can place,
 * the project or HOME lying in a temp folder, stopline's own paths, a link leading out, `..`, and
 * the temp folder itself. The floor judges the action as it is, before any of this.
 */
import { describe, expect, it } from 'vitest';
import { analyzeToolCall } from '../../../core/analysis/tool-call';
import { decide } from '../../../core/contract/decide';
import type { DecideContext } from '../../../core/contract/decide';
import type { Contract } from '../../../core/contract/types';
import type { PathProbe } from '../../../core/paths/path-links';
import type { Action } from '../../../core/protocol';
import { CANONICAL_HOST } from '../../../core/registry/host-specs';
import { REGISTRIES } from '../../../core/registry/index';
import { HOME, P, armed, driver, sandbox } from './helpers';

const STANDARD = { preset: 'standard' as const, exceptions: [], secrets: [] };

/** The host whose tool names are the canonical ones: its own Bash and Write calls. */
const HOST = REGISTRIES[CANONICAL_HOST];
/** A shell command as that host's Bash call, in `cwd` with `home`. */
const sh = (command: string, cwd = P, home = HOME): Action => analyzeToolCall(HOST, 'Bash', { command }, { cwd, home });
const writeCall = (file_path: string): Action => analyzeToolCall(HOST, 'Write', { file_path, content: 'x\n' }, { cwd: P, home: HOME });
const ctx = (o: Partial<DecideContext> = {}): DecideContext => ({ selfPaths: [`${HOME}/.config/stopline`, '/tmp/stopline-1000'], home: HOME, cwd: P, ...o });
const verdictOf = (c: Contract, a: Action, o: Partial<DecideContext> = {}) => {
  const d = decide(c, a, ctx(o));
  return [d.outcome, d.reasonCode];
};

/** A disk where the named links lead elsewhere and the named folders cannot be read; everything else is as written. */
function disk(links: Record<string, string>, unreadable: string[] = []): PathProbe {
  return (abs) => {
    if (unreadable.some((u) => abs === u || abs.startsWith(`${u}/`))) return 'unreadable';
    for (const [from, to] of Object.entries(links)) if (abs === from || abs.startsWith(`${from}/`)) return { real: to + abs.slice(from.length) };
    return { real: abs };
  };
}

const MODES: [string, Contract][] = [
  ['review', armed({ mode: 'review' })],
  ['answer', armed({ mode: 'answer' })],
  ['monitor', armed({ mode: 'monitor' })],
  ['change files=src/**', armed({ mode: 'change', files: ['src/**'] })],
];

const SCRATCH_ONLY = [
  'git diff > /tmp/d.txt',
  "cat > /tmp/repro.py <<'EOF'\nprint(1)\nEOF",
  'cp src/a.ts /tmp/a.ts',
  'echo hi >> /var/tmp/notes/log.txt',
  'sort src/a.ts > /dev/shm/sorted',
  // a new name mktemp picks in a temp folder
  'mktemp -d',
  'mktemp',
  'mktemp -p /tmp x.XXXX',
  'mktemp --tmpdir x.XXX',
];

describe.each(MODES)('under %s', (_name, contract) => {
  it.each(SCRATCH_ONLY)('a write only to a temp folder is allowed: %s', (cmd) => {
    const d = decide(contract, sh(cmd), ctx());
    expect([d.outcome, d.reasonCode, d.confinable]).toEqual(['allow', 'WITHIN_CONTRACT', undefined]);
    expect(d.explanation).toMatch(/scratch in a temp folder/);
  });

  it('a Write tool call to a file in /tmp is scratch too, one to the project is not', () => {
    expect(verdictOf(contract, writeCall('/tmp/notes.md'))).toEqual(['allow', 'WITHIN_CONTRACT']);
    expect(verdictOf(contract, writeCall(`${P}/lib/notes.md`))[0]).toBe('deny');
  });

  it('a write to the project as well keeps its verdict', () => {
    const before = decide(contract, writeCall(`${P}/lib/b.ts`), ctx());
    expect(before.outcome).toBe('deny');
    const mixed = decide(contract, sh('echo x > lib/b.ts; echo y > /tmp/log'), ctx());
    expect([mixed.outcome, mixed.reasonCode]).toEqual([before.outcome, before.reasonCode]);
  });
});

describe('mixed commands are judged by what is not scratch', () => {
  const review = armed({ mode: 'review' });
  const scoped = armed({ mode: 'change', files: ['src/**'] });

  it('an in-place edit with its output in /tmp stays a change under review', () => {
    expect(verdictOf(review, sh('sed -i s/a/b/ src/a.ts > /tmp/log'))).toEqual(['deny', 'MODE_FORBIDS_MUTATION']);
  });

  it('under files=src/** the /tmp part no longer counts as outside, the project part does', () => {
    expect(verdictOf(scoped, sh('sed -i s/a/b/ src/a.ts > /tmp/log'))).toEqual(['allow', 'WITHIN_CONTRACT']);
    const d = decide(scoped, sh('cp src/a.ts /tmp/a.ts && cp src/a.ts lib/a.ts'), ctx());
    expect([d.outcome, d.reasonCode]).toEqual(['deny', 'PATH_OUTSIDE_CONTRACT']);
    expect(d.explanation).toContain('lib/a.ts');
    expect(d.explanation).not.toContain('/tmp');
  });

  it('a write whose targets are not all placed stays what it was', () => {
    for (const cmd of ['echo hi | tee /tmp/a "$OUT"', 'echo x > /tmp/$RANDOM', 'mktemp -p "$X"', 'TMPDIR=/tmp/x mktemp -d', 'npm test 2>&1 | tee /tmp/out.log "$LOG"', 'pytest > src/log', 'ln -s /w/p/src /tmp/l; pytest > /tmp/l/x']) {
      expect(verdictOf(review, sh(cmd)), cmd).toEqual(['deny', 'MODE_FORBIDS_MUTATION']);
      expect(verdictOf(scoped, sh(cmd)), cmd).toEqual(['ask', 'WRITE_PATH_UNPROVEN']);
    }
  });

  it('a new name mktemp picks in the project is a change of the project', () => {
    for (const cmd of ['mktemp out.XXXX', 'mktemp -d build/cache.XXXX', 'mktemp -p . x.XXXX', 'mktemp -d -p src x.XXXX']) {
      expect(verdictOf(review, sh(cmd)), cmd).toEqual(['deny', 'MODE_FORBIDS_MUTATION']);
      expect(verdictOf(scoped, sh(cmd)), cmd).toEqual(['ask', 'WRITE_PATH_UNPROVEN']);
    }
  });

  it('a temp name mktemp picks beside a project write leaves that write to be judged', () => {
    expect(verdictOf(review, sh('mktemp -d && echo x > src/a.ts'))).toEqual(['deny', 'MODE_FORBIDS_MUTATION']);
    expect(verdictOf(scoped, sh('mktemp -d && echo x > src/a.ts'))).toEqual(['allow', 'WITHIN_CONTRACT']);
    const d = decide(scoped, sh('mktemp -d && echo x > lib/a.ts'), ctx());
    expect([d.outcome, d.reasonCode]).toEqual(['deny', 'PATH_OUTSIDE_CONTRACT']);
    expect(d.explanation).toContain('lib/a.ts');
    // beside an unknown program it is that program alone
    expect(verdictOf(review, sh('mktemp -d; pytest'))).toEqual(['ask', 'MUTABILITY_UNPROVEN']);
  });

  it('an unknown program whose output is redirected to /tmp is judged as that program alone', () => {
    for (const mode of ['review', 'answer', 'monitor'] as const) {
      for (const cmd of ['pytest > /tmp/log', 'pytest > /tmp/log 2> /tmp/err', 'make test >> /var/tmp/build.log 2>&1']) {
        const alone = decide(armed({ mode }), sh(cmd.startsWith('make') ? 'make test' : 'pytest'), ctx());
        const d = decide(armed({ mode }), sh(cmd), ctx());
        expect([d.outcome, d.reasonCode, d.confinable], `${mode}: ${cmd}`).toEqual([alone.outcome, alone.reasonCode, alone.confinable]);
        expect([d.outcome, d.reasonCode, d.confinable?.rules]).toEqual(['ask', 'MUTABILITY_UNPROVEN', ['MUTABILITY_UNPROVEN']]);
      }
    }
    // under files= it was already asked as unproven, and still is
    expect(verdictOf(scoped, sh('pytest > /tmp/log'))).toEqual(['ask', 'WRITE_PATH_UNPROVEN']);
    // a redirect into the project as well keeps it a change
    expect(verdictOf(review, sh('pytest > /tmp/log 2> src/err'))).toEqual(['deny', 'MODE_FORBIDS_MUTATION']);
    // past the analysis's segment limit nothing is seen, so nothing is set aside
    const long = `pytest > /tmp/log; ${'cat src/a.ts; '.repeat(2_100)}sed -i s/a/b/ src/a.ts`;
    expect(verdictOf(review, sh(long))).toEqual(['deny', 'MODE_FORBIDS_MUTATION']);
  });
});

describe('an unknown program whose placed writes all land in a temp folder', () => {
  const review = armed({ mode: 'review' });
  it('tee of literal names in /tmp is judged as the program alone; a name only known at run time or one in the project keeps it a change', () => {
    for (const cmd of ['npm test 2>&1 | tee /tmp/out.log', 'pytest | tee /tmp/a /var/tmp/b', 'pytest | tee -a /tmp/log > /dev/null']) {
      const d = decide(review, sh(cmd), ctx());
      expect([d.outcome, d.reasonCode], cmd).toEqual(['ask', 'MUTABILITY_UNPROVEN']);
    }
    for (const cmd of ['pytest | tee /tmp/a "$X"', 'pytest | tee src/out.log', 'pytest | tee /tmp/a src/b', 'pytest | tee /tmp/../etc/x']) expect(verdictOf(review, sh(cmd)), cmd).toEqual(['deny', 'MODE_FORBIDS_MUTATION']);
  });
  it('the action says which writes the analysis placed whole', () => {
    const segs = sh('pytest | tee /tmp/a "$X"').segments!.concat(sh('pytest | tee /tmp/a').segments!);
    expect(segs.filter((x) => x.program === 'tee').map((x) => x.pathsProven === true)).toEqual([false, true]);
    expect(sh('ls').segments!.every((x) => x.pathsProven === undefined)).toBe(true);
  });
});

describe('never scratch', () => {
  const review = armed({ mode: 'review' });
  const deny = ['deny', 'MODE_FORBIDS_MUTATION'];

  it('the temp folder itself, and a path that climbs out of it', () => {
    const w = (paths: string[]): Action => ({ ...sh('true'), name: 'Write', mutability: 'write', affectedPaths: paths });
    // no protected path in /tmp here, so the folder itself is judged by the contract
    const own = { selfPaths: [`${HOME}/.config/stopline`] };
    expect(verdictOf(review, w(['/tmp']), own)).toEqual(deny);
    expect(verdictOf(review, w(['/var/tmp/']), own)).toEqual(deny);
    expect(verdictOf(review, w(['/tmp/a/../b']), own)).toEqual(deny);
    expect(verdictOf(review, sh('echo x > /tmp/../etc/x'), own)).toEqual(deny);
    // another repository's history, in /tmp as anywhere
    expect(verdictOf(review, sh('echo x > /tmp/clone/.git/HEAD'), own)).toEqual(deny);
    expect(verdictOf(review, sh('git -C /tmp/clone log -p --output=/tmp/clone.patch'), own)).toEqual(['allow', 'WITHIN_CONTRACT']);
  });

  it('a project that lies in /tmp keeps its rules, beside it too; other temp folders are scratch', () => {
    const cwd = '/tmp/work/p';
    const inTmp = { cwd, floor: { settings: STANDARD, projectRoot: cwd } };
    const scoped = armed({ mode: 'change', files: ['src/**'] });
    expect(verdictOf(review, sh('echo x > src/a.ts', cwd), inTmp)).toEqual(deny);
    expect(verdictOf(review, sh('git diff > /tmp/work/p/d.txt', cwd), inTmp)).toEqual(deny);
    expect(verdictOf(scoped, sh('echo x > notes.md', cwd), inTmp)).toEqual(['deny', 'PATH_OUTSIDE_CONTRACT']);
    expect(verdictOf(scoped, sh('echo x > ../outside.txt', cwd), inTmp)).toEqual(['deny', 'PATH_OUTSIDE_CONTRACT']);
    expect(verdictOf(review, sh('git diff > /tmp/d.txt', cwd), inTmp)).toEqual(deny);
    expect(verdictOf(review, sh('git diff > /var/tmp/d.txt', cwd), inTmp)).toEqual(['allow', 'WITHIN_CONTRACT']);
    // with no project root the working folder is the project
    expect(verdictOf(review, sh('echo x > a.txt', cwd), { cwd })).toEqual(deny);
    expect(verdictOf(review, sh('echo x > /tmp/a.txt', cwd), { cwd })).toEqual(deny);
  });

  it('HOME in a temp folder is still HOME', () => {
    const home = '/tmp/h';
    expect(decide(review, sh('echo x > ~/notes.txt', P, home), ctx({ home })).reasonCode).toBe('MODE_FORBIDS_MUTATION');
    expect(decide(review, sh('echo x > /tmp/log', P, home), ctx({ home })).reasonCode).toBe('WITHIN_CONTRACT');
  });

  it("stopline's own paths in /tmp: self-protection first, and a write the person lets through is still a write", () => {
    expect(verdictOf(review, sh('echo x > /tmp/stopline-1000/sock'))).toEqual(['deny', 'GUARD_SELF_PROTECTION']);
    expect(verdictOf(review, sh('rm -rf /tmp/stopline-1000'))).toEqual(['deny', 'GUARD_SELF_PROTECTION']);
    const allowed = { floor: { settings: STANDARD, allowed: (r: string) => r === 'GUARD_SELF_PROTECTION' } };
    expect(verdictOf(review, sh('echo x > /tmp/stopline-1000/sock'), allowed)).toEqual(deny);
    // a folder in /tmp that holds them
    expect(verdictOf(review, { ...sh('true'), name: 'Write', mutability: 'write', affectedPaths: ['/tmp'] }, allowed)).toEqual(deny);
  });

  it('a new name mktemp picks where it could be one of stopline\'s own, in HOME, beside a project in /tmp, or past `..`', () => {
    expect(verdictOf(review, sh('mktemp -d -p /tmp stopline-XXXX'))).toEqual(deny);
    expect(verdictOf(review, sh('mktemp -p /tmp/stopline-1000'))).toEqual(deny);
    expect(verdictOf(review, sh('mktemp -d -p /tmp other-XXXX'))).toEqual(['allow', 'WITHIN_CONTRACT']);
    expect(verdictOf(review, sh('mktemp -p ~ x.XXXX'))).toEqual(deny);
    expect(verdictOf(review, sh('mktemp -p /tmp/a/../b x.XXXX'))).toEqual(deny);
    expect(verdictOf(review, sh('mktemp -p /tmp/clone/.git x.XXXX'))).toEqual(deny);
    const cwd = '/tmp/work/p';
    expect(verdictOf(review, sh('mktemp -d', cwd), { cwd, floor: { settings: STANDARD, projectRoot: cwd } })).toEqual(deny);
  });

  it('a new name mktemp picks in a folder whose link leads out of the temp folder, or cannot be read', () => {
    const probe = disk({ '/tmp/out': '/etc', '/tmp': '/private/tmp' }, ['/var/tmp/locked']);
    expect(verdictOf(review, sh('mktemp -p /tmp/out x.XXXX'), { probe })).toEqual(deny);
    expect(verdictOf(review, sh('mktemp -p /var/tmp/locked x.XXXX'), { probe })).toEqual(deny);
    // macOS: /tmp is /private/tmp
    expect(verdictOf(review, sh('mktemp -d'), { probe: disk({ '/tmp': '/private/tmp' }) })).toEqual(['allow', 'WITHIN_CONTRACT']);
  });

  it('a link that leads out of the temp folder, or one that cannot be read', () => {
    const probe = disk({ '/tmp/out': '/etc', '/tmp/back': P, '/tmp/round': '/var/tmp/x' }, ['/tmp/locked']);
    expect(verdictOf(review, sh('echo x > /tmp/out/passwd'), { probe })).toEqual(deny);
    expect(verdictOf(review, sh('echo x > /tmp/back/src/a.ts'), { probe })).toEqual(deny);
    expect(verdictOf(review, sh('echo x > /tmp/locked/a'), { probe })).toEqual(deny);
    expect(verdictOf(review, sh('echo x > /tmp/round/a'), { probe })).toEqual(['allow', 'WITHIN_CONTRACT']);
    // macOS: /tmp is /private/tmp
    expect(verdictOf(review, sh('echo x > /tmp/a'), { probe: disk({ '/tmp': '/private/tmp' }) })).toEqual(['allow', 'WITHIN_CONTRACT']);
  });
});

describe("the hook's $TMPDIR", () => {
  const review = armed({ mode: 'review' });
  const withTemp = (t: string, o: Partial<DecideContext> = {}) => ({ floor: { settings: STANDARD, tempRoots: [t] }, ...o });

  it('is a temp folder when it is one', () => {
    expect(verdictOf(review, sh('echo x > /scratch/t/log'), withTemp('/scratch/t'))).toEqual(['allow', 'WITHIN_CONTRACT']);
    expect(verdictOf(review, sh('echo x > /scratch/t/log'))).toEqual(['deny', 'MODE_FORBIDS_MUTATION']);
    // macOS: its real place is the same folder
    const probe = disk({ '/var/folders/x/T': '/private/var/folders/x/T' });
    expect(verdictOf(review, sh('echo x > /var/folders/x/T/log'), withTemp('/var/folders/x/T', { probe }))).toEqual(['allow', 'WITHIN_CONTRACT']);
  });

  it('is where mktemp puts a new name: scratch when it is a temp folder, a change when it lies in the project', () => {
    const mk = (tmpdir: string) => analyzeToolCall(HOST, 'Bash', { command: 'mktemp -d' }, { cwd: P, home: HOME, vars: { TMPDIR: tmpdir } });
    expect(verdictOf(review, mk('/scratch/t'), withTemp('/scratch/t'))).toEqual(['allow', 'WITHIN_CONTRACT']);
    expect(verdictOf(review, mk(`${P}/tmp`), withTemp(`${P}/tmp`))).toEqual(['deny', 'MODE_FORBIDS_MUTATION']);
  });

  it('is not when it names `/`, a top-level folder, HOME or a folder holding HOME or the project', () => {
    for (const [t, target] of [['/', '/srv/log'], ['/Users', '/Users/x/log'], [HOME, `${HOME}/log`], ['/home', '/home/other/log'], ['/w', '/w/q/log']] as const) {
      expect(verdictOf(review, sh(`echo x > ${target}`), withTemp(t)), t).toEqual(['deny', 'MODE_FORBIDS_MUTATION']);
    }
  });
});

describe('the floor is judged first and is untouched', () => {
  it('emptying /tmp under the strict floor stays stopped, under every contract', () => {
    const strict = { selfPaths: [`${HOME}/.config/stopline`], floor: { settings: { ...STANDARD, preset: 'strict' as const } } };
    for (const c of [armed({ mode: 'review' }), armed({ mode: 'change', files: ['src/**'] }), armed({ mode: 'open' })]) {
      expect(verdictOf(c, sh('rm -rf /tmp'), strict)).toEqual(['deny', 'FLOOR_WHOLESALE_DELETE']);
    }
  });

  it('a scratch delete below /tmp under review is free, as the floor leaves it', () => {
    expect(verdictOf(armed({ mode: 'review' }), sh('rm -rf /tmp/build-cache'))).toEqual(['allow', 'WITHIN_CONTRACT']);
  });
});

describe('through the event a host hands the core', () => {
  it('keeps what the scratch rule reads of a write: review lets a temp write and mktemp -d through, not mktemp in the project', () => {
    const sb = sandbox();
    const d = driver(sb);
    d.prompt('$stopline review');
    const act = (command: string) => {
      const o = d.act(sh(command, P, sb.home));
      return `${o.kind} ${o.reasonCode ?? ''}`.trim();
    };
    expect(act('mktemp -d')).not.toMatch(/deny|ask/);
    expect(act('git diff > /tmp/d.txt')).not.toMatch(/deny|ask/);
    // an unknown program next to them is judged alone, as it is without them
    expect(act('mktemp -d; pytest > /tmp/log')).toBe(act('pytest'));
    expect(act('mktemp out.XXXX')).toBe('deny MODE_FORBIDS_MUTATION');
    expect(act('echo x > src/a.ts')).toBe('deny MODE_FORBIDS_MUTATION');
  });
});
