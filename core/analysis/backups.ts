/**
 * Backup files the writing programs leave beside (or away from) what they replace: GNU patch's
 * FILE.orig and FILE.rej, coreutils' `cp/mv/ln/install -b` (FILE~), rsync's `-b` and
 * `--backup-dir`. Each names what it writes when the name is fixed by the command line; a
 * numbered backup (FILE.~N~, N chosen from what is on disk) is a write whose name is unproven.
 * The environment variables that choose the method or the suffix (VERSION_CONTROL,
 * SIMPLE_BACKUP_SUFFIX, PATCH_VERSION_CONTROL) make a command unknown when the command sets them
 * (wrappers.ts); the analysis assumes the person's environment leaves them unset.
 */
import { has, parseOpts, value, type ParsedOpts } from './table';
import { read, unknown, write, type Verdict } from './verdict';
import { literalArg, RUNTIME_ARG, type Arg } from './words';

/** A backup method the command line fixes: the suffix of simple backups, numbered (names unknown), or none. */
type Method = { kind: 'simple'; suffix: string } | { kind: 'numbered' } | { kind: 'none' } | { kind: 'unknown' };

/**
 * coreutils cp, mv, ln, install: -b / --backup[=CONTROL] / -S SUFFIX / --suffix=SUFFIX.
 * Without CONTROL the method is `existing`: numbered only where numbered backups already exist
 * (residual: the analysis names the simple one); -S alone implies a backup.
 */
export function coreutilsBackup(p: ParsedOpts): Method {
  const control = value(p, '--backup');
  const suffix = value(p, '-S', '--suffix');
  const asked = has(p, '-b', '--backup', '-S', '--suffix');
  if (!asked) return { kind: 'none' };
  if (control === null || suffix === null) return { kind: 'unknown' };
  if (control !== undefined) {
    if (/^(none|off)$/.test(control)) return { kind: 'none' };
    if (/^(numbered|t)$/.test(control)) return { kind: 'numbered' };
    if (!/^(existing|nil|simple|never)$/.test(control)) return { kind: 'unknown' };
  }
  return { kind: 'simple', suffix: suffix ?? '~' };
}

/** `name` + suffix for each destination that may be a file (a destination that is surely a folder holds its own backups). */
export function simpleBackups(dests: readonly Arg[], suffix: string): Arg[] {
  const out: Arg[] = [];
  for (const d of dests) {
    if (d.value === null || d.glob) {
      out.push(RUNTIME_ARG);
      continue;
    }
    const v = d.value;
    if (v.endsWith('/') || /(^|\/)\.\.?$/.test(v) || v === '~') continue;
    out.push(literalArg(v + suffix));
  }
  return out;
}

const PATCH_VALUE_SHORT = 'pioBdDFgrVYzX';
const PATCH_VALUE_LONG = ['strip', 'input', 'output', 'prefix', 'directory', 'ifdef', 'fuzz', 'get', 'reject-file', 'version-control', 'basename-prefix', 'suffix', 'quoting-style', 'reject-format', 'read-only'];

function dirOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i === -1 ? '' : path.slice(0, i + 1);
}
function baseOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * GNU patch writes the file it patches, or the -o file; a hunk that fails goes to FILE.rej (the
 * -o file's .rej, or -r FILE; `-r -` and --merge keep none); the original is backed up as
 * FILE.orig with -b, and also whenever a hunk does not apply exactly (--backup-if-mismatch, the
 * default unless --no-backup-if-mismatch; GNU patch 2.7 keeps it under --posix too). -B PREFIX, -Y PREFIX (before the base
 * name) and -z SUFFIX shape the backup name (-B or -Y without -z drop the `.orig`); -V numbered
 * numbers it; -d DIR runs everything in DIR. With the diff on stdin and no file named, the diff's
 * headers name the files (see the `patch` verdict in apply.ts).
 */
export function gnuPatch(args: readonly Arg[], stdinText: string | null): Verdict {
  const p = parseOpts(args, { shortWithValue: PATCH_VALUE_SHORT, longWithValue: PATCH_VALUE_LONG });
  if (has(p, '--dry-run', '-C', '--check')) return read('patch --dry-run only checks');
  if (p.dynamicWord) return write('patch with an argument only known at run time', undefined, { writesContent: true });
  const get = value(p, '-g', '--get');
  if (get !== undefined && (get === null || Number(get) !== 0)) return unknown('patch -g gets missing files from RCS or SCCS (it runs their checkout programs)');
  if (has(p, '-e', '--ed')) return unknown('patch -e hands the script to ed, which can run commands');
  const hasInput = has(p, '-i', '--input');
  const file = p.operands[0];
  if (!file) {
    if (stdinText !== null && !hasInput) return { kind: 'patch', text: stdinText, why: 'patch applies the diff on its stdin (also FILE.orig / FILE.rej beside each file)', targetsUnproven: true };
    return write('patch changes the files its diff names (and FILE.orig / FILE.rej beside them)', undefined, { writesContent: true });
  }
  const dir = value(p, '-d', '--directory');
  if (dir === null || file.value === null || file.glob) return write('patch with a file or folder only known at run time', undefined, { writesContent: true });
  const inDir = (path: string): Arg => literalArg(dir === undefined || path.startsWith('/') ? path : `${dir.replace(/\/+$/, '')}/${path}`);
  const out = value(p, '-o', '--output');
  if (out === null) return write('patch -o with a file only known at run time', undefined, { writesContent: true });
  const targets: Arg[] = [];
  const target = out ?? file.value;
  if (out !== '-') targets.push(inDir(target));
  // rejects
  const rej = value(p, '-r', '--reject-file');
  if (rej === null) return write('patch -r with a file only known at run time', undefined, { writesContent: true });
  if (!has(p, '--merge') && rej !== '-') targets.push(inDir(rej ?? `${out !== undefined && out !== '-' ? out : file.value}.rej`));
  // backups of the original (patch backs up the file it rewrites; with -o it writes the new file
  // instead); a mismatch is backed up unless --no-backup-if-mismatch, --posix included (measured)
  const backup = has(p, '-b', '--backup', '--backup-if-mismatch') || !has(p, '--no-backup-if-mismatch');
  if (backup && out === undefined) {
    const style = value(p, '-V', '--version-control');
    const suffix = value(p, '-z', '--suffix');
    const prefix = value(p, '-B', '--prefix');
    const basePrefix = value(p, '-Y', '--basename-prefix');
    if (style === null || suffix === null || prefix === null || basePrefix === null) return write('patch with a backup name only known at run time', undefined, { writesContent: true });
    if (style !== undefined && /^(numbered|t)$/.test(style) && suffix === undefined) {
      return write('patch -V numbered keeps numbered backups (FILE.~N~, N chosen at run time)', undefined, { writesContent: true });
    }
    const ending = suffix ?? (prefix === undefined && basePrefix === undefined ? '.orig' : '');
    const name = `${prefix ?? ''}${dirOf(file.value)}${basePrefix ?? ''}${baseOf(file.value)}${ending}`;
    targets.push(inDir(name));
  }
  return write('patch changes the file it names (and its .orig backup and .rej rejects)', targets, { writesContent: true });
}

/** rsync -b/--backup, --backup-dir (implies -b), --suffix: where the replaced files go. */
export function rsyncBackups(p: ParsedOpts, dest: Arg): Arg[] | null {
  const dirOpt = value(p, '--backup-dir');
  if (!has(p, '-b', '--backup', '--backup-dir')) return [];
  const suffix = value(p, '--suffix');
  if (dirOpt === null || suffix === null || dest.value === null || dest.glob) return null;
  const d = dest.value;
  const certainlyFolder = d.endsWith('/') || /(^|\/)\.\.?$/.test(d);
  if (dirOpt === undefined) return certainlyFolder ? [] : [literalArg(d + (suffix ?? '~'))];
  if (dirOpt.startsWith('/')) return [literalArg(dirOpt)];
  // a relative backup folder is placed under the destination folder: the destination itself, or the folder it is in
  const base = d.replace(/\/+$/, '');
  const parent = dirOf(base).replace(/\/+$/, '');
  const out = [literalArg(`${base}/${dirOpt}`)];
  if (!certainlyFolder) out.push(literalArg(parent === '' ? dirOpt : `${parent}/${dirOpt}`));
  return out;
}

