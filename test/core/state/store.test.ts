import { describe, expect, it } from 'vitest';
import { hostname } from 'node:os';
import { existsSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { NotAFileError } from '../../../core/state/fsio';
import { LockTimeoutError } from '../../../core/state/lock';
import { nodeStore } from '../../../core/state/node-store';
import { sessionStore } from '../../../core/state/session';
import type { Store } from '../../../core/state/store';
import { appendEvent, logFile, readSessionEvents } from '../../../core/evidence/log';
import { driver, sandbox } from '../contract/helpers';
import { placeInRecordedTree } from '../../../core/answer/session-tree';
import type { ControlEvent } from '../../../core/protocol';

/** A Store that keeps every file in memory and counts what the core asked of it. */
function memoryStore(): Store & { files: Map<string, string>; calls: string[] } {
  const files = new Map<string, string>();
  const dirs = new Set<string>();
  const calls: string[] = [];
  const enoent = (path: string) => Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
  const mkdirs = (dir: string) => {
    for (let d = dir; !dirs.has(d) && d !== dirname(d); d = dirname(d)) dirs.add(d);
  };
  return {
    files,
    calls,
    read(path) {
      calls.push('read');
      return files.get(path) ?? null;
    },
    write(path, text) {
      calls.push('write');
      if (!dirs.has(dirname(path))) throw enoent(path);
      files.set(path, text);
    },
    append(path, line) {
      calls.push('append');
      mkdirs(dirname(path));
      files.set(path, (files.get(path) ?? '') + line);
    },
    ensureDir(dir) {
      calls.push('ensureDir');
      mkdirs(dir);
    },
    list(dir) {
      calls.push('list');
      if (!dirs.has(dir)) throw enoent(dir);
      return [...files.keys()].filter((p) => dirname(p) === dir).map((p) => p.slice(dir.length + 1));
    },
    entry(path) {
      calls.push('entry');
      // every file here was written just now
      return files.has(path) ? { kind: 'file', mtimeMs: Date.now() } : dirs.has(path) ? { kind: 'other', mtimeMs: Date.now() } : null;
    },
    remove(path) {
      calls.push('remove');
      if (!files.delete(path)) throw enoent(path);
    },
    rename(from, to) {
      calls.push('rename');
      const text = files.get(from);
      if (text === undefined) throw enoent(from);
      files.delete(from);
      files.set(to, text);
    },
    chmod() {
      calls.push('chmod');
    },
    lock(_path, fn) {
      calls.push('lock');
      return fn();
    },
  };
}

describe('the core keeps its files through the Store it is given', () => {
  it('a contract armed and enforced through a memory Store decides as on disk and writes nothing to disk', () => {
    const onDisk = sandbox();
    const inMemory = sandbox();
    const io = memoryStore();
    const disk = driver(onDisk);
    const mem = driver(inMemory, { store: io });
    const steps = [
      (d: typeof disk) => d.event('session.start'),
      (d: typeof disk) => d.prompt('$stopline review files=src/** -- look only'),
      (d: typeof disk) => d.act({ affectedPaths: ['src/a.ts'] }),
      (d: typeof disk) => d.act({ name: 'Read', canonicalName: 'Read', mutability: 'read' }),
      (d: typeof disk) => d.prompt('$stopline status'),
    ];
    for (const step of steps) {
      const a = step(disk);
      const b = step(mem);
      expect({ kind: b.kind, reasonCode: b.reasonCode }).toEqual({ kind: a.kind, reasonCode: a.reasonCode });
    }
    // the edit under review was stopped in both
    expect(steps[2]!(mem).kind).toBe('deny');
    // the disk run kept state and evidence in its data folder; the memory run kept them in the Store only
    const key = sessionStore(onDisk.data, 'session-1').key;
    expect(existsSync(join(onDisk.data, 'sessions', `${key}.json`))).toBe(true);
    expect(existsSync(join(inMemory.data, 'sessions'))).toBe(false);
    expect(existsSync(join(inMemory.data, 'runtime'))).toBe(false);
    const state = io.files.get(sessionStore(inMemory.data, 'session-1').file);
    expect(JSON.parse(state!).contract.mode).toBe('review');
    expect(readSessionEvents(inMemory.data, key, io).records.map((e) => e.type)).toEqual(readSessionEvents(onDisk.data, key).records.map((e) => e.type).concat('check'));
    // read-modify-write of the state went through the Store's lock
    expect(io.calls).toContain('lock');
  });

  it('a child session is recorded in, and placed from, the tree the Store keeps', () => {
    const sb = sandbox();
    const io = memoryStore();
    const base = { protocolVersion: 1, host: { family: 'claude' }, cwd: '/w/p' } as const;
    const start = placeInRecordedTree({ ...base, kind: 'subagent.start', sessionId: 'child-1', rootSessionId: 'session-1' } as ControlEvent, sb.data, io);
    expect(start.rootSessionId).toBe('session-1');
    // a later event of the child names no parent: the record in the Store places it under the root
    const later = placeInRecordedTree({ ...base, kind: 'action.before', sessionId: 'child-1' } as ControlEvent, sb.data, io);
    expect(later.rootSessionId).toBe('session-1');
    expect([...io.files.keys()].some((p) => p.startsWith(join(sb.data, 'lineage')))).toBe(true);
    expect(existsSync(join(sb.data, 'lineage'))).toBe(false);
    // and the disk, never given the record, knows no such child
    expect(placeInRecordedTree({ ...base, kind: 'action.before', sessionId: 'child-1' } as ControlEvent, sb.data).rootSessionId).toBeUndefined();
  });
});

describe('the Node store', () => {
  const dir = () => sandbox().root;

  it('reads a file of its own, nothing where none is, and refuses a link planted at the name', () => {
    const d = dir();
    writeFileSync(join(d, 'real.json'), 'x');
    symlinkSync(join(d, 'real.json'), join(d, 'link.json'));
    expect(nodeStore.read(join(d, 'real.json'))).toBe('x');
    expect(nodeStore.read(join(d, 'none.json'))).toBeNull();
    expect(() => nodeStore.read(join(d, 'link.json'))).toThrow(NotAFileError);
    expect(nodeStore.entry(join(d, 'link.json'))?.kind).toBe('link');
    expect(nodeStore.entry(join(d, 'none.json'))).toBeNull();
  });

  it('writes whole files private (0600) in private folders (0700)', () => {
    const d = join(dir(), 'a', 'b');
    nodeStore.ensureDir(d);
    nodeStore.write(join(d, 's.json'), '{}\n');
    expect(readFileSync(join(d, 's.json'), 'utf8')).toBe('{}\n');
    expect(statSync(join(d, 's.json')).mode & 0o777).toBe(0o600);
    expect(statSync(d).mode & 0o777).toBe(0o700);
  });

  it('appends a line after a torn last line on a line of its own, and rotates a log past its size', () => {
    const d = join(dir(), 'runtime');
    const log = join(d, 'k.jsonl');
    nodeStore.append(log, '{"a":1}\n');
    writeFileSync(log, readFileSync(log, 'utf8') + '{"torn"');
    nodeStore.append(log, '{"b":2}\n');
    expect(readFileSync(log, 'utf8')).toBe('{"a":1}\n{"torn"\n{"b":2}\n');
    nodeStore.append(log, '{"c":3}\n', { to: join(d, 'k.1.jsonl'), bytes: 10 });
    expect(readFileSync(join(d, 'k.1.jsonl'), 'utf8')).toContain('{"b":2}');
    expect(readFileSync(log, 'utf8')).toBe('{"c":3}\n');
  });

  it('never appends through a link planted where a log should be', () => {
    const d = dir();
    mkdirSync(join(d, 'runtime'));
    writeFileSync(join(d, 'elsewhere'), '');
    symlinkSync(join(d, 'elsewhere'), logFile(d, 'k'));
    expect(() => appendEvent(d, { sessionKey: 'k' } as never)).toThrow();
    expect(readFileSync(join(d, 'elsewhere'), 'utf8')).toBe('');
  });

  it('a lock held by a live process is waited for and then given up with LockTimeoutError', () => {
    const d = dir();
    const lock = join(d, 's.lock');
    writeFileSync(lock, `${process.pid} ${hostname()} held ${Date.now()}`);
    expect(() => nodeStore.lock(lock, () => 1, { timeoutMs: 100 })).toThrow(LockTimeoutError);
    expect(nodeStore.lock(join(d, 'free.lock'), () => 2)).toBe(2);
  });
});
