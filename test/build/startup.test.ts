/**
 * Start-up path discipline, the part that can be checked generically: starting a command
 * artifact (with `--version`, empty stdin) opens nothing in stopline's data folder, where
 * the evidence log lives. Runs under strace when it is installed, otherwise skips and says so.
 * The runtimes' own start-up work (Bun and Deno read config files and scan folders) is not
 * the artifact's and is not judged; only paths inside the data folder count.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RUNTIMES } from '../../build/runtimes.mjs';
import type { RuntimeName } from '../../build/runtimes.mjs';
import { artifactsByState, distFile, isolatedEnv, scratch, touches } from './helpers';

const hasStrace = spawnSync('strace', ['-V'], { encoding: 'utf8' }).status === 0;
const work = scratch('startup');
afterAll(() => work.cleanup());

const commands = artifactsByState().built.filter((a) => a.kind === 'command');

describe('start-up touches no data folder', () => {
  if (!hasStrace) {
    it.skip('strace is not installed on this machine: start-up file access is not checked', () => {});
    return;
  }

  describe.each(commands.map((a) => [a.id, a] as const))('%s', (_id, artifact) => {
    it.each(['node', 'bun', 'deno'] as RuntimeName[])('opens nothing under the data folder with --version under %s', (runtime) => {
      const home = join(work.dir, `${artifact.id}-${runtime}`);
      const env = isolatedEnv(home);
      const dataDir = join(env.XDG_DATA_HOME!, 'stopline');
      mkdirSync(join(dataDir, 'sessions'), { recursive: true });
      writeFileSync(join(dataDir, 'evidence.jsonl'), '{"v":1}\n');
      const log = join(home, 'strace.log');
      const [exe, ...pre] = RUNTIMES[runtime];
      const r = spawnSync('strace', ['-f', '-y', '-qq', '-e', 'trace=openat,getdents64', '-o', log, exe!, ...pre, distFile(artifact), '--version'], {
        env,
        cwd: home,
        input: '',
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(r.error, String(r.error)).toBeUndefined();
      const text = readFileSync(log, 'utf8');
      expect(text.length, 'strace wrote no log').toBeGreaterThan(0);
      expect(touches(text, dataDir)).toEqual([]);
    }, 90_000);
  });
});

describe('the strace filter', () => {
  it('finds opens and directory scans inside the folder and nothing else', () => {
    const log = [
      '12 openat(AT_FDCWD</x>, "/h/.local/share/stopline/evidence.jsonl", O_RDONLY) = 3</h/.local/share/stopline/evidence.jsonl>',
      '12 getdents64(4</h/.local/share/stopline>, 0x7ff /* 3 entries */, 8192) = 80',
      '12 openat(AT_FDCWD</x>, "/h/.local/share/stoplinex/other", O_RDONLY) = -1 ENOENT',
      '12 openat(AT_FDCWD</x>, "/etc/ld.so.cache", O_RDONLY) = 3</etc/ld.so.cache>',
    ].join('\n');
    expect(touches(log, '/h/.local/share/stopline')).toHaveLength(2);
  });
});
