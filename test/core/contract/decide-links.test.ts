/**
 * decide() with a file-system probe (core/paths/path-links.ts): a write is judged where its symbolic
 * links lead as well as where its text points, a link the probe cannot read is unproven, and a
 * folder holds stopline's files only when one of them may be there. The probe here is a table,
 * so each row says exactly what the disk holds.
 */
import { describe, expect, it } from 'vitest';
import { decide } from '../../../core/contract/decide';
import type { DecideContext } from '../../../core/contract/decide';
import { freshContract } from '../../../core/contract/types';
import type { Contract } from '../../../core/contract/types';
import { inFrame, landingOf } from '../../../core/paths/path-links';
import type { PathProbe, ProbeResult } from '../../../core/paths/path-links';
import type { Action } from '../../../core/protocol';
import { analyzeShell } from '../../../core/analysis/shell';
import { selfPaths } from '../../../core/paths/self-paths';

/**
 * A disk as a table: folders and files that exist, links (name -> target text), and paths the
 * probe cannot read. Real paths are computed the way the kernel follows links.
 */
function disk(spec: { exists?: string[]; links?: Record<string, string>; unreadable?: string[] }): PathProbe {
  const exists = new Set(spec.exists ?? []);
  const links = spec.links ?? {};
  const bad = new Set(spec.unreadable ?? []);
  // every ancestor of an existing path exists
  for (const p of [...exists, ...Object.keys(links)]) for (let d = p; d.lastIndexOf('/') > 0; ) exists.add((d = d.slice(0, d.lastIndexOf('/'))));
  exists.add('/');
  const resolve = (p: string, hops = 0): string | null => {
    if (hops > 40) return null;
    const parts = p.split('/').filter(Boolean);
    let cur = '';
    for (let i = 0; i < parts.length; i++) {
      cur = `${cur}/${parts[i]}`;
      const link = links[cur];
      if (link !== undefined) {
        const target = link.startsWith('/') ? link : `${cur.slice(0, cur.lastIndexOf('/'))}/${link}`;
        const rest = parts.slice(i + 1).join('/');
        return resolve(normal(rest ? `${target}/${rest}` : target), hops + 1);
      }
      if (!exists.has(cur)) return null;
    }
    return cur || '/';
  };
  return (abs: string): ProbeResult => {
    for (const b of bad) if (abs === b || abs.startsWith(`${b}/`)) return 'unreadable';
    const real = resolve(abs);
    if (real !== null) return { real };
    const link = links[abs];
    return link !== undefined ? { dangling: link } : 'missing';
  };
}

function normal(p: string): string {
  const out: string[] = [];
  for (const s of p.split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') out.pop();
    else out.push(s);
  }
  return `/${out.join('/')}`;
}

const HOME = '/home/u';
const P = '/w/p';
const change = (o: Partial<Contract> = {}): Contract => ({ ...freshContract(), mode: 'change', level: 'guard', source: 'directive', revision: 1, ...o });
const open = change({ mode: 'open' });
const write = (paths: string[] | null, o: Partial<Action> = {}): Action => ({ name: 'Write', mutability: 'write', affectedPaths: paths, cwd: P, dependencyIntent: false, hashIntent: false, delegationCount: 0, unboundedDelegation: false, ...o });
const SELF = selfPaths({ env: { HOME }, dataDir: `${HOME}/.local/share/stopline`, projectDir: P });
const ctx = (probe?: PathProbe): DecideContext => ({ selfPaths: SELF, home: HOME, cwd: P, ...(probe ? { probe } : {}) });

describe('landingOf: where a write lands', () => {
  const probe = disk({ exists: ['/w/p/src/a.ts', '/out/real.txt', '/data/u/.claude/settings.json'], links: { '/w/p/src/out': '/out', '/w/p/src/link.txt': '../../../out/real.txt', '/w/p/src/dangling': '/out/new.txt', '/home/u': '/data/u', '/w/p/loop': 'loop' } });
  it.each([
    ['an existing file is itself', '/w/p/src/a.ts', '/w/p/src/a.ts'],
    ['a new file in an existing folder', '/w/p/src/new.ts', '/w/p/src/new.ts'],
    ['a new file under a folder that is a link', '/w/p/src/out/x.txt', '/out/x.txt'],
    ['a new folder chain under a link', '/w/p/src/out/a/b/c.txt', '/out/a/b/c.txt'],
    ['a file that is a relative link', '/w/p/src/link.txt', '/out/real.txt'],
    ['a dangling link: the write creates its target', '/w/p/src/dangling', '/out/new.txt'],
    ['a home reached through a link', '/home/u/.claude/settings.json', '/data/u/.claude/settings.json'],
  ])('%s', (_name, abs, want) => {
    expect(landingOf(abs, probe)).toBe(want);
  });

  it('a link loop or an unreadable step is unknown (null), never the text', () => {
    expect(landingOf('/w/p/loop/x', probe)).toBeNull();
    expect(landingOf('/w/p/secret/x', disk({ exists: ['/w/p'], unreadable: ['/w/p/secret'] }))).toBeNull();
  });

  it('a landing in the real place of a linked working folder keeps the folder name', () => {
    expect(inFrame('/private/tmp/p/src/a.ts', [{ text: '/tmp/p', real: '/private/tmp/p' }])).toBe('/tmp/p/src/a.ts');
    expect(inFrame('/private/tmp/p', [{ text: '/tmp/p', real: '/private/tmp/p' }])).toBe('/tmp/p');
    expect(inFrame('/elsewhere/a', [{ text: '/tmp/p', real: '/private/tmp/p' }])).toBe('/elsewhere/a');
  });
});

describe('decide: a write judged where its links lead', () => {
  const probe = disk({
    exists: ['/w/p/src/a.ts', '/w/p/lib/b.ts', '/out/real.txt', '/home/u/.config/stopline/stopline.json', '/home/u/.codex/hooks.json'],
    links: { '/w/p/src/out': '/out', '/w/p/src/lib.ts': '../lib/b.ts', '/w/p/src/cfg': '/home/u/.config/stopline', '/w/p/src/inner': '../src', '/w/p/src/hooks': '/home/u/.codex/hooks.json' },
  });
  type Row = [string, Contract, string[], string, string];
  const ROWS: Row[] = [
    ['files=src/**: a folder link inside src leading out of the project', change({ files: ['src/**'] }), ['src/out/x.txt'], 'deny', 'PATH_OUTSIDE_CONTRACT'],
    ['files=src/**: a file link inside src to lib/ (outside files=)', change({ files: ['src/**'] }), ['src/lib.ts'], 'deny', 'PATH_OUTSIDE_CONTRACT'],
    ['files=**: a link leading out of the project', change({ files: ['**'] }), ['src/out/x.txt'], 'deny', 'PATH_OUTSIDE_CONTRACT'],
    ['files=src/**: a link that stays inside src', change({ files: ['src/**'] }), ['src/inner/a.ts'], 'allow', 'WITHIN_CONTRACT'],
    ['files=src/**: no link on the way', change({ files: ['src/**'] }), ['src/new.ts'], 'allow', 'WITHIN_CONTRACT'],
    ['no files=: a link to stopline\'s config folder', open, ['src/cfg/stopline.json'], 'deny', 'GUARD_SELF_PROTECTION'],
    ['no files=: a link to an installed hook file', open, ['src/hooks'], 'deny', 'GUARD_SELF_PROTECTION'],
    ['no files=: a link out of the project is an ordinary write', open, ['src/out/x.txt'], 'allow', 'WITHIN_CONTRACT'],
  ];
  it.each(ROWS)('%s', (_name, contract, paths, outcome, reason) => {
    const d = decide(contract, write(paths), ctx(probe));
    expect([d.outcome, d.reasonCode]).toEqual([outcome, reason]);
  });

  it('the stamp names the link and where it leads', () => {
    const d = decide(change({ files: ['src/**'] }), write(['src/out/x.txt']), ctx(probe));
    expect(d.explanation).toContain('src/out/x.txt leads through a symbolic link to /out/x.txt');
    const s = decide(open, write(['src/cfg/stopline.json']), ctx(probe));
    expect(s.explanation).toContain('/home/u/.config/stopline/stopline.json through the link src/cfg/stopline.json');
  });

  it('without a probe the text is judged (the same rows as written)', () => {
    expect(decide(change({ files: ['src/**'] }), write(['src/out/x.txt']), ctx()).reasonCode).toBe('WITHIN_CONTRACT');
  });

  it('a link the probe cannot read is unproven: never inside a lock, files=** included', () => {
    const unreadable = disk({ exists: ['/w/p/src'], unreadable: ['/w/p/src/vault'] });
    for (const files of [['src/**'], ['**']]) {
      const d = decide(change({ files }), write(['src/vault/x.txt']), ctx(unreadable));
      expect([files, d.outcome, d.reasonCode]).toEqual([files, 'ask', 'WRITE_PATH_UNPROVEN']);
      expect(d.explanation).toContain('a link on the way cannot be read');
    }
    // a proven target outside still decides: the stronger answer
    expect(decide(change({ files: ['src/**'] }), write(['src/vault/x.txt', 'lib/y.ts']), ctx(unreadable)).reasonCode).toBe('PATH_OUTSIDE_CONTRACT');
  });

  it('a working folder reached through a link (macOS /tmp): files inside are still inside', () => {
    const mac = disk({ exists: ['/private/tmp/p/src/a.ts'], links: { '/tmp': '/private/tmp' } });
    const d = decide(change({ files: ['src/**'] }), write(['src/a.ts', 'src/new.ts'], { cwd: '/tmp/p' }), { selfPaths: [], cwd: '/tmp/p', probe: mac });
    expect(d.reasonCode).toBe('WITHIN_CONTRACT');
    expect(decide(change({ files: ['src/**'] }), write(['lib/x.ts'], { cwd: '/tmp/p' }), { selfPaths: [], cwd: '/tmp/p', probe: mac }).reasonCode).toBe('PATH_OUTSIDE_CONTRACT');
  });

  it("stopline's config under a home reached through a link is still its config", () => {
    const linkedHome = disk({ exists: ['/data/u/.config/stopline/stopline.json', '/w/p/src'], links: { '/home/u': '/data/u', '/w/p/src/c': '/data/u/.config/stopline' } });
    expect(decide(open, write(['src/c/stopline.json']), ctx(linkedHome)).reasonCode).toBe('GUARD_SELF_PROTECTION');
  });
});

describe('decide: a folder holds stopline files only when one may be there', () => {
  const judge = (command: string, probe: PathProbe | undefined, contract: Contract = open) => {
    const a = analyzeShell(command, { cwd: P, home: HOME });
    return decide(contract, write(a.affectedPaths, { name: 'Bash', mutability: a.mutability }), ctx(probe)).reasonCode;
  };
  const bare = disk({ exists: ['/w/p/a.txt', '/w/p/src/app.ts', '/home/u/notes.txt'] });
  const installed = disk({ exists: ['/w/p/a.txt', '/w/p/.stopline/stopline.json', '/home/u/.claude/settings.json', '/home/u/.codex/hooks.json'] });

  it.each([
    // the brief's false positives: nothing of stopline's is in the project
    ['cp a.txt .', bare, 'WITHIN_CONTRACT'],
    ['git checkout .', bare, 'WITHIN_CONTRACT'],
    ['git clean -fdx', bare, 'WITHIN_CONTRACT'],
    ['tar xf a.tar', bare, 'WITHIN_CONTRACT'],
    // copying into a folder only adds (or replaces) the copied name, whatever the folder holds
    ['cp a.txt .', installed, 'WITHIN_CONTRACT'],
    ['cp -r empty .', installed, 'WITHIN_CONTRACT'],
    ['mv /tmp/x.txt .', installed, 'WITHIN_CONTRACT'],
    ['cp notes.txt ~/.claude/', installed, 'WITHIN_CONTRACT'],
    // … unless the copied name is stopline's own file
    ['cp evil.json .claude/settings.json', installed, 'GUARD_SELF_PROTECTION'],
    ['cp settings.json ~/.claude/', installed, 'GUARD_SELF_PROTECTION'],
    // whatever can remove or replace what a folder holds, where stopline's files are
    ['git checkout .', installed, 'GUARD_SELF_PROTECTION'],
    ['git clean -fdx', installed, 'GUARD_SELF_PROTECTION'],
    ['tar xf a.tar', installed, 'GUARD_SELF_PROTECTION'],
    ['rm -rf ~', installed, 'GUARD_SELF_PROTECTION'],
    ['rm -rf ~/.codex', installed, 'GUARD_SELF_PROTECTION'],
    ['cp -rT empty .', installed, 'GUARD_SELF_PROTECTION'],
    // a protected name itself, existing or not
    ['mv .stopline x', installed, 'GUARD_SELF_PROTECTION'],
    ['mv .stopline x', bare, 'GUARD_SELF_PROTECTION'],
    ['touch .stopline/stopline.json', bare, 'GUARD_SELF_PROTECTION'],
    // a home with nothing of stopline's in it
    ['rm -rf ~', bare, 'WITHIN_CONTRACT'],
  ] as const)('%s', (command, probe, want) => {
    expect(judge(command, probe)).toBe(want);
  });

  it('without a probe every protected path counts (rm -rf ~ and `.` stay protected)', () => {
    for (const c of ['rm -rf ~', 'git checkout .', 'mv .stopline x']) expect(judge(c, undefined), c).toBe('GUARD_SELF_PROTECTION');
    // and copying into a folder still only adds a name
    expect(judge('cp a.txt .', undefined)).toBe('WITHIN_CONTRACT');
  });

  it('a protected path the probe cannot read may be there: the folder stays protected', () => {
    const hidden = disk({ exists: ['/w/p/a.txt'], unreadable: ['/home/u/.codex'] });
    expect(judge('rm -rf ~', hidden)).toBe('GUARD_SELF_PROTECTION');
  });
});
