/**
 * The mod's write-out of one file (hosts/claude/mod/write-out.ts): `$.fs.write` follows a
 * symbolic link, so a link in place of one of stopline's files is refused before the write, as
 * the command hook's O_NOFOLLOW refuses it. `$` here answers over the real file system as Claude
 * Code 2.1.332 does (./mod-host.ts).
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeOutFile } from '../../../../hosts/claude/mod/write-out';
import type { WriteOutHost } from '../../../../hosts/claude/mod/write-out';
import { errorCode } from '../../../../hosts/claude/mod/rejection';
import { tempFoldersPerTest } from '../../shared/real-host';
import { statAsClaudeCode } from './mod-host';

const newDir = tempFoldersPerTest('claude-mod-write-out');

function host(calls: string[], statFails?: string): WriteOutHost {
  const fail = (what: string, p: string, err: unknown) => new Error(`stopline: $.fs.${what}(${p}) failed: ${(err as { code?: string }).code ?? 'EIO'}`);
  return {
    read: async (p) => {
      calls.push(`read ${p}`);
      try {
        return readFileSync(p, 'utf8');
      } catch (e) {
        throw fail('read', p, e);
      }
    },
    write: async (p, t) => {
      calls.push(`write ${p}`);
      writeFileSync(p, t, { mode: 0o600 });
    },
    stat: async (p) => {
      calls.push(`stat ${p}`);
      if (statFails) throw new Error(`stopline: $.fs.stat(${p}) failed: ${statFails}`);
      return statAsClaudeCode(p, false);
    },
  };
}

function folder(): { dir: string; victim: string } {
  const dir = newDir();
  const victim = join(dir, 'victim.txt');
  writeFileSync(victim, 'mine\n');
  mkdirSync(join(dir, 'data'));
  return { dir, victim };
}

describe('a write-out file', () => {
  it('a new file and a plain file are written (one look, then the write)', async () => {
    const { dir } = folder();
    const calls: string[] = [];
    const file = join(dir, 'data', 'state.json');
    await writeOutFile(host(calls), { path: file, whole: '{"a":1}' });
    await writeOutFile(host(calls), { path: file, whole: '{"a":2}' });
    expect(readFileSync(file, 'utf8')).toBe('{"a":2}');
    expect(calls).toEqual([`stat ${file}`, `write ${file}`, `stat ${file}`, `write ${file}`]);
  });

  it('a link in place of the file is refused with ELOOP and nothing is written where it leads', async () => {
    const { dir, victim } = folder();
    const file = join(dir, 'data', 'log.jsonl');
    symlinkSync(victim, file);
    const calls: string[] = [];
    const refused = await writeOutFile(host(calls), { path: file, whole: 'evidence\n' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(errorCode(refused)).toBe('ELOOP');
    expect(readFileSync(victim, 'utf8')).toBe('mine\n');
    expect(calls).toEqual([`stat ${file}`]);
  });

  it('a link that leads nowhere is refused too (the write would create its target)', async () => {
    const { dir } = folder();
    const file = join(dir, 'data', 'labels.jsonl');
    const target = join(dir, 'made-elsewhere.txt');
    symlinkSync(target, file);
    const refused = await writeOutFile(host([]), { path: file, whole: 'x\n', appended: 'x\n' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(errorCode(refused)).toBe('ELOOP');
    expect(() => readFileSync(target)).toThrow();
  });

  it('a shared file is what is on disk plus what was added here, looked at before it is read', async () => {
    const { dir } = folder();
    const file = join(dir, 'data', 'labels.jsonl');
    writeFileSync(file, 'theirs');
    const calls: string[] = [];
    await writeOutFile(host(calls), { path: file, whole: 'ignored', appended: 'ours\n' });
    expect(readFileSync(file, 'utf8')).toBe('theirs\nours\n');
    expect(calls).toEqual([`stat ${file}`, `read ${file}`, `write ${file}`]);
  });

  it('a look that fails otherwise than ENOENT writes nothing (it proves no plain file)', async () => {
    const { dir } = folder();
    const file = join(dir, 'data', 'state.json');
    const calls: string[] = [];
    const failed = await writeOutFile(host(calls, 'EACCES'), { path: file, whole: '{}' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(errorCode(failed)).toBe('EACCES');
    expect(calls).toEqual([`stat ${file}`]);
  });
});
