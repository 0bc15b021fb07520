/**
 * Generated commands for the execution harness: one operation on one target, written in sh,
 * node, python or perl. Operations are the ways a process changes a file system: write with
 * O_TRUNC, append, create, write a new file and rename it over, hard and symbolic links made
 * in an allowed folder and written through, mkdir, rmdir, chmod, unlink, a write through
 * /proc/self/fd, and a child that outlives its parent and writes after it is gone.
 */
import { basename, dirname, join } from 'node:path';

export const OPS = ['truncate', 'append', 'rename-over', 'hardlink', 'symlink', 'mkdir', 'rmdir', 'chmod', 'unlink', 'proc-fd', 'orphan'] as const;
export type Op = (typeof OPS)[number];
export const LANGS = ['sh', 'node', 'python', 'perl'] as const;
export type Lang = (typeof LANGS)[number];

/** The fixture's targets, relative to its root (world.ts makes them). */
export const TARGETS = [
  'proj/src/allowed.ts',
  'proj/src/other.ts',
  'proj/src/new.ts',
  'proj/top.txt',
  'proj/lib/x.ts',
  'proj/src/link-out',
  'proj/.stopline/stopline.json',
  'proj/.claude/settings.json',
  'home/canary.txt',
  'home/.bashrc',
  'home/.claude/settings.json',
  'home/.codex/hooks.json',
  'home/.config/stopline/stopline.json',
  'data/keep.txt',
  'outside/canary.txt',
] as const;

export interface Case {
  op: Op;
  lang: Lang;
  target: string;
  /** the command text, paths absolute */
  command: string;
}

const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const js = (s: string) => JSON.stringify(s);

/** The folder next to the target that holds an empty folder for rmdir (world.ts makes them). */
function emptyDirNear(root: string, target: string): string {
  const d = dirname(target);
  const known = ['proj/src', 'proj/lib', 'proj', 'home', 'outside'];
  const best = known.find((k) => d === k) ?? known.find((k) => d.startsWith(k + '/')) ?? 'outside';
  return join(root, best, 'emptydir');
}

/** One operation on one target as a command in one language. Paths are absolute in the fixture `root`. */
export function render(root: string, op: Op, lang: Lang, target: string, n: number): Case {
  const T = join(root, target);
  const tmp = join(dirname(T), `.${basename(T)}.tmp${n}`);
  const link = join(root, 'proj', 'src', `made-link-${n}`);
  const dir = `${T}.d`;
  const empty = emptyDirNear(root, target);
  const c = (command: string): Case => ({ op, lang, target, command });
  switch (lang) {
    case 'sh':
      switch (op) {
        case 'truncate': return c(`printf X > ${sq(T)}`);
        case 'append': return c(`printf X >> ${sq(T)}`);
        case 'rename-over': return c(`printf X > ${sq(tmp)} && mv -f ${sq(tmp)} ${sq(T)}`);
        case 'hardlink': return c(`ln ${sq(T)} ${sq(link)} && printf X >> ${sq(link)}`);
        case 'symlink': return c(`ln -s ${sq(T)} ${sq(link)} && printf X >> ${sq(link)}`);
        case 'mkdir': return c(`mkdir -p ${sq(dir)}`);
        case 'rmdir': return c(`rmdir ${sq(empty)}`);
        case 'chmod': return c(`chmod 600 ${sq(T)}`);
        case 'unlink': return c(`rm -f ${sq(T)}`);
        case 'proc-fd': return c(`exec 3<${sq(T)} && printf X > /proc/self/fd/3`);
        case 'orphan': return c(`sh -c ${sq(`(sleep 0.3; printf X > ${sq(T)}) &`)}`);
      }
      break;
    case 'node': {
      const body = (() => {
        switch (op) {
          case 'truncate': return `fs.writeFileSync(${js(T)}, 'X')`;
          case 'append': return `fs.appendFileSync(${js(T)}, 'X')`;
          case 'rename-over': return `fs.writeFileSync(${js(tmp)}, 'X'); fs.renameSync(${js(tmp)}, ${js(T)})`;
          case 'hardlink': return `fs.linkSync(${js(T)}, ${js(link)}); fs.appendFileSync(${js(link)}, 'X')`;
          case 'symlink': return `fs.symlinkSync(${js(T)}, ${js(link)}); fs.appendFileSync(${js(link)}, 'X')`;
          case 'mkdir': return `fs.mkdirSync(${js(dir)}, { recursive: true })`;
          case 'rmdir': return `fs.rmdirSync(${js(empty)})`;
          case 'chmod': return `fs.chmodSync(${js(T)}, 0o600)`;
          case 'unlink': return `fs.unlinkSync(${js(T)})`;
          case 'proc-fd': return `const fd = fs.openSync(${js(T)}, 'r'); fs.writeFileSync('/proc/self/fd/' + fd, 'X')`;
          case 'orphan': return `require('child_process').spawn('sh', ['-c', ${js(`sleep 0.3; printf X > ${sq(T)}`)}], { detached: true, stdio: 'ignore' }).unref()`;
        }
      })();
      return c(`node -e ${sq(`const fs = require('fs'); ${body}`)}`);
    }
    case 'python': {
      const body = (() => {
        switch (op) {
          case 'truncate': return `open(${js(T)}, 'w').write('X')`;
          case 'append': return `open(${js(T)}, 'a').write('X')`;
          case 'rename-over': return `open(${js(tmp)}, 'w').write('X'); os.replace(${js(tmp)}, ${js(T)})`;
          case 'hardlink': return `os.link(${js(T)}, ${js(link)}); open(${js(link)}, 'a').write('X')`;
          case 'symlink': return `os.symlink(${js(T)}, ${js(link)}); open(${js(link)}, 'a').write('X')`;
          case 'mkdir': return `os.makedirs(${js(dir)}, exist_ok=True)`;
          case 'rmdir': return `os.rmdir(${js(empty)})`;
          case 'chmod': return `os.chmod(${js(T)}, 0o600)`;
          case 'unlink': return `os.unlink(${js(T)})`;
          case 'proc-fd': return `fd = os.open(${js(T)}, os.O_RDONLY); open('/proc/self/fd/%d' % fd, 'w').write('X')`;
          case 'orphan': return `import subprocess; subprocess.Popen(['sh', '-c', ${js(`sleep 0.3; printf X > ${sq(T)}`)}], start_new_session=True)`;
        }
      })();
      return c(`/usr/bin/python3 -c ${sq(`import os; ${body}`)}`);
    }
    case 'perl': {
      const body = (() => {
        switch (op) {
          case 'truncate': return `open(my $f, '>', ${js(T)}) or die "$!\\n"; print $f 'X'; close($f) or die "$!\\n";`;
          case 'append': return `open(my $f, '>>', ${js(T)}) or die "$!\\n"; print $f 'X'; close($f) or die "$!\\n";`;
          case 'rename-over': return `open(my $f, '>', ${js(tmp)}) or die "$!\\n"; print $f 'X'; close($f); rename(${js(tmp)}, ${js(T)}) or die "$!\\n";`;
          case 'hardlink': return `link(${js(T)}, ${js(link)}) or die "$!\\n"; open(my $f, '>>', ${js(link)}) or die "$!\\n"; print $f 'X'; close($f);`;
          case 'symlink': return `symlink(${js(T)}, ${js(link)}) or die "$!\\n"; open(my $f, '>>', ${js(link)}) or die "$!\\n"; print $f 'X'; close($f);`;
          case 'mkdir': return `mkdir(${js(dir)}) or die "$!\\n";`;
          case 'rmdir': return `rmdir(${js(empty)}) or die "$!\\n";`;
          case 'chmod': return `chmod(0600, ${js(T)}) or die "$!\\n";`;
          case 'unlink': return `unlink(${js(T)}) or die "$!\\n";`;
          case 'proc-fd': return `open(my $r, '<', ${js(T)}) or die "$!\\n"; my $n = fileno($r); open(my $f, '>', "/proc/self/fd/$n") or die "$!\\n"; print $f 'X'; close($f);`;
          case 'orphan': return `if (fork() == 0) { require POSIX; POSIX::setsid(); select(undef, undef, undef, 0.3); open(my $f, '>', ${js(T)}); print $f 'X'; close($f); exit 0 }`;
        }
      })();
      return c(`perl -e ${sq(body)}`);
    }
  }
  throw new Error(`no rendering for ${lang} ${op}`);
}

/** A small deterministic generator (the same sample on every run; another seed, another sample). */
export function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 0x100000000;
  };
}
