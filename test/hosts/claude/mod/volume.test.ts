/**
 * The memory volume the mod answers the core's node:fs calls from (hosts/claude/mod/volume.ts):
 * an unknown path is a miss and reads as absent; a decision that missed rolls back whole; what
 * the core wrote is handed out once to be written; locks and temp files never leave memory.
 */
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Volume } from '../../../../hosts/claude/mod/volume';

function volume(): Volume {
  let t = 1000;
  return new Volume({ key: (p) => posix.resolve('/cwd', p), dirname: posix.dirname, basename: posix.basename }, () => t++);
}

describe('the mod volume', () => {
  it('reads an unknown path as absent and records it as a miss, then answers what it learned', () => {
    const v = volume();
    v.begin();
    expect(() => v.readFile('/d/a.json')).toThrow(expect.objectContaining({ code: 'ENOENT' }));
    expect(v.exists('/d/b.json')).toBe(false);
    expect([...v.misses].sort()).toEqual(['/d/a.json', '/d/b.json']);
    v.rollback();
    v.learn('/d/a.json', { kind: 'file', text: '{"x":1}', bytes: 7, mtimeMs: 5 });
    v.learn('/d/b.json', { kind: 'absent' });
    v.begin();
    expect(v.readFile('/d/a.json')).toBe('{"x":1}');
    expect(v.exists('/d/b.json')).toBe(false);
    expect(v.hasMisses()).toBe(false);
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

  it('takes the session lock in memory the way the core does (link, then exclusive create fails), and never writes it out', () => {
    const v = volume();
    v.learn('/d/sessions', { kind: 'dir', names: [] });
    v.begin();
    const fd = v.open('/d/sessions/k.lock.1.ab.tmp', { create: true, exclusive: true, truncate: false, append: false, writable: true });
    v.writeFd(fd, '1 host token 0');
    v.close(fd);
    v.link('/d/sessions/k.lock.1.ab.tmp', '/d/sessions/k.lock');
    expect(() => v.link('/d/sessions/k.lock.1.ab.tmp', '/d/sessions/k.lock')).toThrow(expect.objectContaining({ code: 'EEXIST' }));
    v.remove('/d/sessions/k.lock.1.ab.tmp');
    v.remove('/d/sessions/k.lock');
    expect(v.hasMisses()).toBe(false);
    v.commit();
    expect(v.takeDirty()).toEqual([]);
  });

  it('appends through a descriptor and answers the last byte without the whole file (the evidence log)', () => {
    const v = volume();
    v.learn('/d/runtime/k.jsonl', { kind: 'file', text: 'é{"a":1}', bytes: 9, mtimeMs: 1 });
    v.begin();
    const fd = v.open('/d/runtime/k.jsonl', { create: true, exclusive: false, truncate: false, append: true, writable: true });
    expect(v.fstat(fd).size).toBe(9);
    const last = new Uint8Array(1);
    expect(v.readFd(fd, last, 0, 1, 8)).toBe(1);
    expect(last[0]).toBe('}'.charCodeAt(0));
    v.writeFd(fd, '\n{"b":2}\n');
    expect(v.readFd(fd, last, 0, 1, v.fstat(fd).size - 1)).toBe(1);
    expect(last[0]).toBe(0x0a);
    v.close(fd);
    expect(v.readFile('/d/runtime/k.jsonl')).toBe('é{"a":1}\n{"b":2}\n');
  });

  it('renames (the log rotation, a damaged state moved aside): the target has the content, the source is gone', () => {
    const v = volume();
    v.learn('/d/runtime/k.jsonl', { kind: 'file', text: 'x\n', bytes: 2, mtimeMs: 1 });
    v.learn('/d/runtime/k.1.jsonl', { kind: 'absent' });
    v.begin();
    v.rename('/d/runtime/k.jsonl', '/d/runtime/k.1.jsonl');
    expect(v.readFile('/d/runtime/k.1.jsonl')).toBe('x\n');
    expect(v.exists('/d/runtime/k.jsonl')).toBe(false);
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
