import { describe, expect, it } from 'vitest';
import { planConfinement } from '../../../core/confine/plan';
import type { ConfinePlan, PlanInput, Scope } from '../../../core/confine/plan';
import { fakeDisk } from './fake-disk';
import type { Node } from './fake-disk';

const HOME = '/home/u';
const P = '/home/u/proj';

const TREE: Record<string, Node> = {
  [`${P}/src/config.ts`]: 'file',
  [`${P}/src/b.ts`]: 'file',
  [`${P}/src/util/x.ts`]: 'file',
  [`${P}/src/util/y.js`]: 'file',
  [`${P}/dist/app.js`]: 'file',
  [`${P}/README.md`]: 'file',
  [`${P}/.claude/commands/go.md`]: 'file',
  [`${HOME}/.cache/pip/x`]: 'file',
  [`${HOME}/.claude/settings.json`]: 'file',
  [`${HOME}/.claude/plugins/other/x`]: 'file',
  [`${HOME}/.local/share/stopline/sessions/s.json`]: 'file',
  [`${HOME}/.bashrc`]: 'file',
  '/tmp/x': 'file',
  '/var/tmp/y': 'file',
  '/run/user/1000/bus': 'socket',
  '/etc/passwd': 'file',
};

const PROTECTED: PlanInput['protectedPaths'] = [
  { path: `${HOME}/.local/share/stopline` },
  { path: `${HOME}/.claude/settings.json` },
  { path: `${HOME}/.claude/plugins/stopline` },
  { path: `${P}/.stopline` },
  { path: `${P}/.claude/settings.local.json` },
  { path: `${HOME}/.bashrc` },
  { path: '/tmp/stopline-1000' },
];

const SCRATCH: PlanInput['scratch'] = [
  { path: `${P}/dist`, kind: 'project-scratch' },
  { path: `${HOME}/.cache`, kind: 'tool-cache' },
  { path: `${HOME}/.npm`, kind: 'tool-cache' },
  { path: '/tmp', kind: 'temp' },
  { path: '/var/tmp', kind: 'temp' },
];

function plan(scope: Scope, over: Partial<PlanInput> = {}, tree: Record<string, Node> = TREE): ConfinePlan {
  const r = planConfinement({ scope, project: P, home: HOME, protectedPaths: PROTECTED, scratch: SCRATCH, daemons: ['/run/user/1000/bus', '/run/docker.sock'], disk: fakeDisk(tree), ...over });
  if (!r.ok) throw new Error(r.why);
  return r.plan;
}

const kinds = (p: ConfinePlan) => Object.fromEntries(p.mounts.map((m) => [m.path, m.kind]));
const files = (...entries: string[]): Scope => ({ kind: 'files', entries });

describe('what a confined command may write', () => {
  it('review: nothing of the project, only scratch; the root stays read-only', () => {
    const p = plan({ kind: 'none' });
    expect(p.root).toBe('ro');
    expect(kinds(p)).toMatchObject({ [`${P}/dist`]: 'rw', [`${HOME}/.cache`]: 'rw', '/tmp': 'rw', '/var/tmp': 'rw' });
    expect(Object.keys(kinds(p))).not.toContain(P);
    expect(Object.keys(kinds(p))).not.toContain(`${P}/src`);
    // a cache that does not exist gets no mount
    expect(Object.keys(kinds(p))).not.toContain(`${HOME}/.npm`);
  });

  it('files=: a literal file, a folder, `dir/**`, and a glob over existing files only', () => {
    expect(kinds(plan(files('src/config.ts')))[`${P}/src/config.ts`]).toBe('rw');
    expect(kinds(plan(files('src')))[`${P}/src`]).toBe('rw');
    expect(kinds(plan(files('src/**')))[`${P}/src`]).toBe('rw');
    const glob = kinds(plan(files('src/**/*.ts')));
    expect(glob).toMatchObject({ [`${P}/src/config.ts`]: 'rw', [`${P}/src/b.ts`]: 'rw', [`${P}/src/util/x.ts`]: 'rw' });
    expect(glob[`${P}/src/util/y.js`]).toBeUndefined();
    expect(glob[`${P}/src`]).toBeUndefined();
    // braces are alternatives, as decide() reads them
    expect(kinds(plan(files('src/{config,b}.ts')))).toMatchObject({ [`${P}/src/config.ts`]: 'rw', [`${P}/src/b.ts`]: 'rw' });
  });

  it('a files= entry with nothing on disk yet is named, not made writable through its folder', () => {
    const p = plan(files('src/new.ts', 'src/config.ts'));
    expect(p.absent).toEqual(['src/new.ts']);
    expect(kinds(p)[`${P}/src`]).toBeUndefined();
  });

  it('a link inside files= that leads outside it is not made writable; one that stays inside is, at its real place', () => {
    const tree = { ...TREE, [`${P}/src/out.ts`]: { link: '/etc/passwd' }, [`${P}/src/alias.ts`]: { link: 'config.ts' } } as Record<string, Node>;
    expect(kinds(plan(files('src/out.ts'), {}, tree))['/etc/passwd']).toBeUndefined();
    expect(kinds(plan(files('src/alias.ts', 'src/config.ts'), {}, tree))[`${P}/src/config.ts`]).toBe('rw');
    // a glob does not follow the link either
    expect(kinds(plan(files('src/*.ts'), {}, tree))['/etc/passwd']).toBeUndefined();
  });

  it('a file with a second hard link is not made writable (the other name may be anywhere)', () => {
    const tree = { ...TREE, [`${P}/src/config.ts`]: { file: 2 } } as Record<string, Node>;
    expect(kinds(plan(files('src/config.ts'), {}, tree))[`${P}/src/config.ts`]).toBeUndefined();
  });

  it('an ignored folder that is a link out of the project is not scratch', () => {
    const tree = { ...TREE, [`${P}/node_modules`]: { link: '/srv/shared/node_modules' }, '/srv/shared/node_modules/a': 'file' } as Record<string, Node>;
    const p = plan({ kind: 'none' }, { scratch: [...SCRATCH, { path: `${P}/node_modules`, kind: 'project-scratch' }] }, tree);
    expect(kinds(p)['/srv/shared/node_modules']).toBeUndefined();
  });

  it('no files= (change, open): the root is writable and only stopline stays read-only', () => {
    const p = plan({ kind: 'all' });
    expect(p.root).toBe('rw');
    expect(kinds(p)).toMatchObject({ [`${HOME}/.claude/settings.json`]: 'ro', [`${HOME}/.bashrc`]: 'ro', [`${HOME}/.local/share/stopline`]: 'ro' });
    // scratch needs no mount of its own under a writable root
    expect(kinds(p)[`${P}/dist`]).toBeUndefined();
    expect(kinds(p)['/tmp']).toBeUndefined();
  });
});

describe("stopline's own places", () => {
  it('an existing protected path inside a writable place is mounted read-only over it', () => {
    const p = plan(files('**'));
    expect(kinds(p)[P]).toBe('rw');
    const tree = { ...TREE, [`${P}/.stopline/stopline.json`]: 'file' } as Record<string, Node>;
    expect(kinds(plan(files('**'), {}, tree))[`${P}/.stopline`]).toBe('ro');
  });

  it('a protected file missing in a folder that exists: the folder turns read-only, its entries writable again', () => {
    const p = plan({ kind: 'all' });
    expect(kinds(p)).toMatchObject({ [`${P}/.claude`]: 'ro', [`${P}/.claude/commands`]: 'rw' });
    expect(kinds(p)[`${HOME}/.claude/plugins`]).toBe('ro');
    expect(kinds(p)[`${HOME}/.claude/plugins/other`]).toBe('rw');
  });

  it('a protected path missing right in the project or HOME is left unguarded (named after the run), never the whole folder read-only', () => {
    const p = plan({ kind: 'all' });
    expect(p.unguarded).toContain(`${P}/.stopline`);
    expect(kinds(p)[P]).toBeUndefined();
    expect(kinds(p)[HOME]).toBeUndefined();
  });

  it('under review nothing is unguarded: the project is read-only anyway', () => {
    expect(plan({ kind: 'none' }).unguarded).toEqual([]);
  });

  it("stopline's folder missing in a temp folder is made empty and hidden; one holding a socket is hidden", () => {
    const p = plan({ kind: 'none' });
    expect(p.prepare).toEqual(['/tmp/stopline-1000']);
    expect(kinds(p)['/tmp/stopline-1000']).toBe('hide');
    const tree = { ...TREE, '/tmp/stopline-1000/claude-abc-node.sock': 'socket' } as Record<string, Node>;
    const q = plan({ kind: 'none' }, {}, tree);
    expect(q.prepare).toEqual([]);
    expect(kinds(q)['/tmp/stopline-1000']).toBe('hide');
  });

  it('a protected file with a second hard link makes the plan fail (it could be written through the other name)', () => {
    const tree = { ...TREE, [`${HOME}/.bashrc`]: { file: 2 } } as Record<string, Node>;
    const r = planConfinement({ scope: { kind: 'none' }, project: P, home: HOME, protectedPaths: PROTECTED, scratch: SCRATCH, daemons: [], disk: fakeDisk(tree) });
    expect(r).toEqual({ ok: false, why: expect.stringContaining('hard link') });
  });

  it('a writable place inside a protected one is dropped', () => {
    const p = plan(files(`${HOME}/.local/share/stopline/**`));
    expect(Object.keys(kinds(p)).filter((k) => k.startsWith(`${HOME}/.local`))).toEqual([]);
  });
});

describe('sockets, order, limits', () => {
  it("daemons' sockets that exist are blocked, the others ignored", () => {
    const p = plan({ kind: 'none' });
    expect(kinds(p)['/run/user/1000/bus']).toBe('block');
    expect(kinds(p)['/run/docker.sock']).toBeUndefined();
  });

  it('mounts come shallow first, so a deeper one is made over its parent', () => {
    const p = plan({ kind: 'all' });
    const depth = (s: string) => s.split('/').length;
    for (let i = 1; i < p.mounts.length; i++) expect(depth(p.mounts[i]!.path)).toBeGreaterThanOrEqual(depth(p.mounts[i - 1]!.path));
  });

  it('a project or HOME inside a temp folder stays read-only under its writable parts', () => {
    const tree: Record<string, Node> = { '/tmp/t/home/.cache/x': 'file', '/tmp/t/proj/src/a.ts': 'file', '/tmp/t/proj/dist/x': 'file' };
    const r = planConfinement({
      scope: files('src/a.ts'),
      project: '/tmp/t/proj',
      home: '/tmp/t/home',
      protectedPaths: [{ path: '/tmp/t/home/.config/stopline' }],
      scratch: [{ path: '/tmp', kind: 'temp' }, { path: '/tmp/t/proj/dist', kind: 'project-scratch' }, { path: '/tmp/t/home/.cache', kind: 'tool-cache' }],
      daemons: [],
      disk: fakeDisk(tree),
    });
    if (!r.ok) throw new Error(r.why);
    expect(r.plan.mounts).toEqual([
      { path: '/tmp', kind: 'rw' },
      { path: '/tmp/t/home', kind: 'ro' },
      { path: '/tmp/t/proj', kind: 'ro' },
      { path: '/tmp/t/home/.cache', kind: 'rw' },
      { path: '/tmp/t/proj/dist', kind: 'rw' },
      { path: '/tmp/t/proj/src/a.ts', kind: 'rw' },
    ]);
    // the missing protected folder's ancestor is the read-only HOME: nothing to guard after the run
    expect(r.plan.unguarded).toEqual([]);
  });

  it('more mounts than the limit, or a glob that walks too far, fail the plan (the caller answers as before)', () => {
    const many: Record<string, Node> = { ...TREE };
    for (let i = 0; i < 40; i++) many[`${P}/gen/f${i}.ts`] = 'file';
    const input = { scope: files('gen/*.ts'), project: P, home: HOME, protectedPaths: PROTECTED, scratch: SCRATCH, daemons: [], disk: fakeDisk(many) };
    expect(planConfinement({ ...input, limits: { mounts: 10 } })).toEqual({ ok: false, why: expect.stringContaining('mounts') });
    expect(planConfinement({ ...input, limits: { walk: 5 } })).toEqual({ ok: false, why: expect.stringContaining('globs') });
    expect(planConfinement(input).ok).toBe(true);
  });

  it('counts say how many places of each kind, for evidence', () => {
    const p = plan(files('src/config.ts'));
    expect(p.counts).toEqual({ writable: 5, readOnly: 0, hidden: 1, blocked: 1 });
    expect(plan({ kind: 'all' }).counts.writable).toBeGreaterThan(0);
  });
});
