/**
 * The memory volume the mod answers the core's files from (hosts/claude/mod/volume.ts, and the
 * core's Store over it, hosts/claude/mod/store.ts): an unknown path is a miss and reads as
 * absent; a decision that missed rolls back whole; what the core wrote is handed out once to be
 * written; locks never leave memory.
 */
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Volume } from '../../../../hosts/claude/mod/volume';
import { volumeStore } from '../../../../hosts/claude/mod/store';
import { installReadVolume, nodeRead as modRead } from '../../../../hosts/claude/mod/read';
import { NotAFileError } from '../../../../core/state/store';

function volume(): Volume {
  let t = 1000;
  return new Volume({ key: (p) => posix.resolve('/cwd', p), dirname: posix.dirname, basename: posix.basename }, () => t++);
}

describe('the mod volume', () => {
  it('reads an unknown path as absent and records it as a miss, then answers what it learned', () => {
    const v = volume();
    v.begin();
    expect(() => v.readFile('/d/a.json')).toThrow(expect.objectContaining({ code: 'ENOENT' }));
    expect(() => v.stat('/d/b.json')).toThrow(expect.objectContaining({ code: 'ENOENT' }));
    expect([...v.misses].sort()).toEqual(['/d/a.json', '/d/b.json']);
    v.rollback();
    v.learn('/d/a.json', { kind: 'file', text: '{"x":1}', bytes: 7, mtimeMs: 5 });
    v.learn('/d/b.json', { kind: 'absent' });
    v.begin();
    expect(v.readFile('/d/a.json')).toBe('{"x":1}');
    expect(() => v.stat('/d/b.json')).toThrow(expect.objectContaining({ code: 'ENOENT' }));
    expect(v.hasMisses()).toBe(false);
  });

  it('a file known by its stat alone answers a stat, a removal and a whole write; a read or an append of it is a miss', () => {
    const v = volume();
    v.learnStat('/d/old.jsonl', 12, 5);
    const store = volumeStore(() => v);
    v.begin();
    expect(store.entry('/d/old.jsonl')).toEqual({ kind: 'file', mtimeMs: 5 });
    store.remove('/d/old.jsonl');
    expect(store.entry('/d/old.jsonl')).toBeNull();
    expect(v.hasMisses()).toBe(false);
    v.rollback();
    v.begin();
    expect(store.read('/d/old.jsonl')).toBeNull();
    expect([...v.misses]).toEqual(['/d/old.jsonl']);
    v.rollback();
    v.begin();
    store.append('/d/old.jsonl', 'x\n');
    expect([...v.misses]).toEqual(['/d/old.jsonl']);
    v.rollback();
    v.begin();
    store.write('/d/old.jsonl', 'new\n');
    expect(v.hasMisses()).toBe(false);
    expect(store.read('/d/old.jsonl')).toBe('new\n');
    v.commit();
    // the whole text learned later replaces the stat; a stat never replaces a text
    v.learnStat('/d/other.json', 3, 1);
    v.learn('/d/other.json', { kind: 'file', text: '{}\n', bytes: 3, mtimeMs: 1 });
    v.learnStat('/d/other.json', 9, 9);
    v.begin();
    expect(store.read('/d/other.json')).toBe('{}\n');
  });

  it('throws the error $.fs gave for a path (an unusable data folder fails the decision, not reads as empty)', () => {
    const v = volume();
    v.learn('/data/loop', { kind: 'error', code: 'ELOOP' });
    v.begin();
    expect(() => v.readFile('/data/loop')).toThrow(expect.objectContaining({ code: 'ELOOP' }));
    expect(() => v.mkdir('/data/loop')).toThrow(expect.objectContaining({ code: 'ELOOP' }));
  });

  it('rolls a decision back whole: its writes, appends and dirty marks are gone', () => {
    const v = volume();
    v.learn('/d/s.json', { kind: 'file', text: 'old', bytes: 3, mtimeMs: 1 });
    v.begin();
    v.write('/d/s.json', 'new');
    v.append('/d/log.jsonl', 'line\n');
    expect(v.readFile('/d/s.json')).toBe('new');
    v.rollback();
    expect(v.readFile('/d/s.json')).toBe('old');
    expect(v.takeDirty()).toEqual([]);
  });

  it('after a rolled-back write the path can still be learned (an unusable data folder then fails the decision)', () => {
    const v = volume();
    v.begin();
    v.append('/loop/runtime/k.jsonl', 'x\n');
    v.rollback();
    v.learn('/loop/runtime/k.jsonl', { kind: 'error', code: 'ELOOP' });
    v.begin();
    expect(() => v.append('/loop/runtime/k.jsonl', 'x\n')).toThrow(expect.objectContaining({ code: 'ELOOP' }));
  });

  it('hands out what a committed decision wrote once, with what it appended', () => {
    const v = volume();
    v.learn('/d/labels.jsonl', { kind: 'file', text: 'a\n', bytes: 2, mtimeMs: 1 });
    v.begin();
    v.write('/d/s.json', '{}');
    v.append('/d/labels.jsonl', 'b\n');
    v.commit();
    expect(v.takeDirty()).toEqual([
      { path: '/d/s.json', whole: '{}', appended: undefined },
      { path: '/d/labels.jsonl', whole: 'a\nb\n', appended: 'b\n' },
    ]);
    expect(v.takeDirty()).toEqual([]);
  });

  it("keeps the core's state through its Store: the lock runs in memory, a folder in place of the state is not a file", () => {
    const v = volume();
    const io = volumeStore(() => v);
    v.learn('/d/sessions', { kind: 'dir', names: [] });
    v.learn('/d/sessions/k.json', { kind: 'absent' });
    v.begin();
    expect(io.read('/d/sessions/k.json')).toBeNull();
    expect(io.lock('/d/sessions/k.lock', () => (io.write('/d/sessions/k.json', '{}\n'), 7))).toBe(7);
    expect(io.read('/d/sessions/k.json')).toBe('{}\n');
    expect(v.hasMisses()).toBe(false);
    v.commit();
    // the state goes out; no lock file was ever made
    expect(v.takeDirty().map((d) => d.path)).toEqual(['/d/sessions/k.json']);
    v.learn('/d/sessions/j.json', { kind: 'dir', names: null });
    expect(() => io.read('/d/sessions/j.json')).toThrow(NotAFileError);
  });

  it('appends a log line on a line of its own after a torn one, and rotates a log past its size (the evidence log)', () => {
    const v = volume();
    const io = volumeStore(() => v);
    v.learn('/d/runtime/k.jsonl', { kind: 'file', text: 'é{"a":1}', bytes: 9, mtimeMs: 1 });
    v.learn('/d/runtime/k.1.jsonl', { kind: 'absent' });
    v.begin();
    io.append('/d/runtime/k.jsonl', '{"b":2}\n', { to: '/d/runtime/k.1.jsonl', bytes: 100 });
    expect(v.readFile('/d/runtime/k.jsonl')).toBe('é{"a":1}\n{"b":2}\n');
    io.append('/d/runtime/k.jsonl', '{"c":3}\n', { to: '/d/runtime/k.1.jsonl', bytes: 10 });
    expect(v.readFile('/d/runtime/k.1.jsonl')).toBe('é{"a":1}\n{"b":2}\n');
    expect(v.readFile('/d/runtime/k.jsonl')).toBe('{"c":3}\n');
    expect(v.hasMisses()).toBe(false);
  });

  it('renames (the log rotation, a damaged state moved aside): the target has the content, the source is gone', () => {
    const v = volume();
    v.learn('/d/runtime/k.jsonl', { kind: 'file', text: 'x\n', bytes: 2, mtimeMs: 1 });
    v.learn('/d/runtime/k.1.jsonl', { kind: 'absent' });
    v.begin();
    v.rename('/d/runtime/k.jsonl', '/d/runtime/k.1.jsonl');
    expect(v.readFile('/d/runtime/k.1.jsonl')).toBe('x\n');
    expect(() => v.stat('/d/runtime/k.jsonl')).toThrow(expect.objectContaining({ code: 'ENOENT' }));
    v.commit();
    expect(v.takeDirty().map((d) => [d.path, d.whole])).toEqual([
      ['/d/runtime/k.1.jsonl', 'x\n'],
      ['/d/runtime/k.jsonl', null],
    ]);
  });

  it('lists a folder once its listing is known, with the files made here that are not written out yet', () => {
    const v = volume();
    v.learn('/d/runtime', { kind: 'dir', names: null });
    v.begin();
    expect(v.list('/d/runtime')).toEqual([]);
    expect([...v.listMisses]).toEqual(['/d/runtime']);
    v.rollback();
    v.begin();
    v.write('/d/runtime/new.jsonl', 'n\n');
    v.commit();
    v.learnListing('/d/runtime', ['old.jsonl']);
    v.begin();
    expect(v.list('/d/runtime')).toEqual(['new.jsonl', 'old.jsonl']);
  });

  it('an unknown folder the core makes is asked about (it may be a file or a loop on disk)', () => {
    const v = volume();
    v.begin();
    v.mkdir('/data/sessions');
    expect([...v.misses]).toEqual(['/data/sessions']);
  });

  it('keeps what this process wrote over what a later load says (the door never reads back its own files)', () => {
    const v = volume();
    v.begin();
    v.write('/d/s.json', 'mine');
    v.commit();
    v.takeDirty();
    v.learn('/d/s.json', { kind: 'file', text: 'stale', bytes: 5, mtimeMs: 1 });
    expect(v.readFile('/d/s.json')).toBe('mine');
    expect(v.readFromDisk()).toEqual([]);
  });
});

describe("the core's reader over the volume (the person's config and hooks files, the transcript)", () => {
  it('answers text, stat and listings from what was read ahead; an unknown path is a miss that reads as absent', () => {
    const v = volume();
    installReadVolume(v);
    v.learn('/home/.config/stopline/stopline.json', { kind: 'file', text: '{"mode":"review"}', bytes: 17, mtimeMs: 42 });
    v.learnListing('/proj/.github/hooks', ['a.json']);
    v.begin();
    expect(modRead.text('/home/.config/stopline/stopline.json')).toBe('{"mode":"review"}');
    expect(modRead.stat('/home/.config/stopline/stopline.json')).toMatchObject({ kind: 'file', size: 17, mtimeMs: 42 });
    expect(modRead.stat('/home/.config/stopline')).toMatchObject({ kind: 'dir' });
    expect(modRead.list('/proj/.github/hooks')).toEqual(['a.json']);
    expect(v.hasMisses()).toBe(false);
    // not read ahead: absent for this run, and named for the next
    expect(modRead.stat('/proj/.stopline/stopline.json')).toBeNull();
    expect(() => modRead.text('/proj/.claude/settings.json')).toThrow(expect.objectContaining({ code: 'ENOENT' }));
    expect([...v.misses].sort()).toEqual(['/proj/.claude/settings.json', '/proj/.stopline/stopline.json']);
  });

  it("throws the error $.fs gave (a config that cannot be read is a problem, not an absent file), and reads a long transcript's tail by bytes", () => {
    const v = volume();
    installReadVolume(v);
    v.learn('/home/.config/stopline/stopline.json', { kind: 'error', code: 'EACCES' });
    v.learn('/t.jsonl', { kind: 'file', text: 'aé\nb\n', bytes: 6, mtimeMs: 1 });
    v.begin();
    expect(() => modRead.stat('/home/.config/stopline/stopline.json')).toThrow(expect.objectContaining({ code: 'EACCES' }));
    expect(() => modRead.text('/home/.config/stopline/stopline.json')).toThrow(expect.objectContaining({ code: 'EACCES' }));
    expect(modRead.tail('/t.jsonl', 3)).toBe('\nb\n');
    expect(modRead.tail('/t.jsonl', 100)).toBe('aé\nb\n');
  });
});
