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
