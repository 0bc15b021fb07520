/**
 * The oracle's path check (paths.mjs): which observed changes the analysis's affectedPaths do not
 * cover. In process, no sandbox.
 */
import { describe, expect, it } from 'vitest';
import { boxToAbsolute, parseChange, uncovered } from './paths.mjs';

const template = '/w/template';
const cwd = '/w/template/repo';
const miss = (changes: string[], affected: string[], gitMetadata = false) => uncovered(changes, affected, { template, cwd, gitMetadata }).map((c) => c.path);

describe('oracle path check', () => {
  it('reads diff lines, with names that hold spaces, brackets or newlines', () => {
    expect(parseChange('+repo/a b.txt')).toEqual({ op: '+', path: 'repo/a b.txt', what: null });
    expect(parseChange('~repo/notes.txt (content+mtime)')).toEqual({ op: '~', path: 'repo/notes.txt', what: 'content+mtime' });
    expect(parseChange('+repo/a\nb')).toEqual({ op: '+', path: 'repo/a\nb', what: null });
    expect(boxToAbsolute('escape/tmp/x', template)).toBe('/tmp/x');
    expect(boxToAbsolute('home/h.txt', template)).toBe('/w/template/home/h.txt');
  });

  it('finds a write the analysis did not name (a backup file, a removed input)', () => {
    expect(miss(['~repo/notes.txt (content+mtime)', '+repo/notes.txt.bak', '~repo (mtime)'], ['notes.txt'])).toEqual(['repo/notes.txt.bak']);
    expect(miss(['+repo/o.tar', '-repo/notes.txt', '~repo (mtime)'], ['o.tar'])).toEqual(['repo/notes.txt']);
    expect(miss(['+escape/tmp/t.txt'], ['t.txt'])).toEqual(['escape/tmp/t.txt']);
  });

  it('covers changes at or under a named path, absolute or relative, and the folders on the way to one', () => {
    expect(miss(['+repo/docs/a/b', '+repo/docs/a', '~repo/docs (mtime)'], ['docs/a/b'])).toEqual([]);
    expect(miss(['+repo/out/x', '+repo/out/y/z'], ['out'])).toEqual([]);
    expect(miss(['+home/h.txt', '~home (mtime)'], ['/w/template/home/h.txt'])).toEqual([]);
    expect(miss(['-repo/docs/guide.md', '-repo/docs', '~repo (mtime)'], ['docs/guide.md'])).toEqual([]);
  });

  it("leaves out .git bookkeeping of git commands only, and npm's own logs", () => {
    expect(miss(['~repo/.git/index (content+mtime)'], ['notes.txt'], true)).toEqual([]);
    expect(miss(['~repo/.git/index (content+mtime)'], ['notes.txt'], false)).toEqual(['repo/.git/index']);
    expect(miss(['+home/.npm', '+home/.npm/_logs', '+home/.npm/_logs/x-debug-0.log', '~repo/package.json (content+mtime)'], ['package.json'])).toEqual([]);
  });
});

describe('oracle path check of a new name picked at run time (mktemp)', () => {
  const tmp = { folder: '/w/template/tmp', prefix: 'tmp.' };
  const check = (changes: string[], entries: { folder: string; prefix: string }[], affected: string[] = []) => uncovered(changes, affected, { template, cwd, entries }).map((c) => c.path);

  it('covers one new entry of the named folder, and what is below it', () => {
    expect(check(['+tmp/tmp.fUHHbR6wS8', '~tmp (mtime)'], [tmp])).toEqual([]);
    expect(check(['+tmp/tmp.a1', '+tmp/tmp.a1/out', '~tmp (mtime)'], [tmp])).toEqual([]);
    expect(check(['+repo/x.Ab3', '~repo (mtime)'], [{ folder: '.', prefix: 'x.' }])).toEqual([]);
    expect(check(['+repo/out.txt', '+tmp/tmp.q', '~repo (mtime)', '~tmp (mtime)'], [tmp], ['out.txt'])).toEqual([]);
  });

  it('fails a new entry in another folder, a second one, one named otherwise, and a change of an entry already there', () => {
    expect(check(['+escape/tmp/tmp.fUHHbR6wS8'], [tmp])).toEqual(['escape/tmp/tmp.fUHHbR6wS8']);
    expect(check(['+repo/tmp.fUHHbR6wS8', '~repo (mtime)'], [tmp])).toEqual(['repo/tmp.fUHHbR6wS8']);
    expect(check(['+tmp/tmp.a1', '+tmp/tmp.b2', '~tmp (mtime)'], [tmp])).toEqual(['tmp/tmp.b2']);
    expect(check(['+tmp/other.a1', '~tmp (mtime)'], [tmp])).toEqual(['tmp/other.a1']);
    expect(check(['~tmp/tmp.old (content+mtime)'], [tmp])).toEqual(['tmp/tmp.old']);
    expect(check(['+tmp/sub/tmp.a1', '+tmp/sub', '~tmp (mtime)'], [tmp])).toEqual(['tmp/sub/tmp.a1', 'tmp/sub']);
  });
});
