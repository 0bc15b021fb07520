/** tar, unzip, zip and 7-Zip: listing and testing forms read; creating, extracting or changing an archive writes. */
import { isNullDevice } from './collect';
import { READ_TABLES } from './read-tables';
import { has, parseOpts, parseTable, value, type ProgramTable } from './table';
import { tableRead } from './table-read';
import { read, unknown, write, type Leaf } from './verdict';
import { literalArg, RUNTIME_ARG, type Arg } from './words';

export function tar(args: readonly Arg[]): Leaf {
  let list = [...args];
  // tar's old style: first word is a bundle of letters without a dash
  const first = list[0]?.value;
  if (first && !first.startsWith('-') && /^[A-Za-z]+$/.test(first)) list = [literalArg('-' + first), ...list.slice(1)];
  const p = parseOpts(list, { shortWithValue: 'fCTXbHgKNVL', longWithValue: ['file', 'directory', 'files-from', 'exclude-from', 'blocking-factor', 'format', 'listed-incremental', 'to-command', 'use-compress-program', 'owner', 'group', 'mode', 'transform', 'xform', 'exclude', 'newer', 'after-date', 'label', 'strip-components', 'checkpoint-action', 'info-script', 'new-volume-script', 'rsh-command', 'rmt-command', 'index-file', 'volno-file'] });
  if (has(p, '--to-command', '--use-compress-program', '-I', '--info-script', '--new-volume-script', '-F', '--checkpoint-action', '--rsh-command', '--rmt-command')) return unknown('tar option runs another program');
  // -M takes one archive per -f (each volume is written); /dev/null or stdout is not a file written
  const files = [...(p.flags.get('-f') ?? []), ...(p.flags.get('--file') ?? [])];
  const archives = files.filter((f) => f !== '-' && !(f !== null && isNullDevice(f))).map((f) => (f === null ? RUNTIME_ARG : literalArg(f)));
  const archive = archives.length ? archives : null;
  if (has(p, '-x', '--extract', '--get')) {
    if (has(p, '-O', '--to-stdout')) return unprovenTarOption(p) ?? read('tar -xO extracts to stdout');
    const dir = value(p, '-C', '--directory');
    return write('tar -x extracts files', [dir === undefined ? literalArg('.') : dir === null ? RUNTIME_ARG : literalArg(dir), ...tarOutputs(p, false)], { writesContent: true });
  }
  if (has(p, '-c', '--create', '-r', '--append', '-u', '--update', '-A', '--catenate', '--concatenate', '--delete')) {
    if (has(p, '--remove-files')) {
      // the files it archives are deleted; they are named relative to -C (one -C only: several move the base as tar reads them)
      const dirs = p.flags.get('-C') ?? p.flags.get('--directory') ?? [];
      const inDir = (a: Arg): Arg => (dirs.length === 0 || a.value === null ? a : dirs.length === 1 && dirs[0] !== null && !a.value.startsWith('/') ? literalArg(`${dirs[0]}/${a.value}`) : RUNTIME_ARG);
      return write('tar --remove-files archives files and deletes them', [...(archive ?? []), ...tarOutputs(p, true), ...(p.operands.length ? p.operands.map(inDir) : [RUNTIME_ARG])], { writesContent: true });
    }
    if (archive) return write('tar writes an archive', [...archive, ...tarOutputs(p, true)], { writesContent: true });
    // to stdout: a read only with options proven not to write; the snapshot, index and volume-number files are writes of their names
    const other = [...p.flags.keys()].find((k) => !TAR_READ_OPTIONS.has(k) && !TAR_CREATE_OPTIONS.has(k) && !TAR_OUTPUT_FILES.includes(k));
    if (other !== undefined) return unknown(`tar ${other}: an option not proven read-only (tar has options that write files)`);
    const outputs = tarOutputs(p, true);
    return outputs.length ? write('tar writes the archive to stdout and its snapshot, index or volume-number file', outputs, { writesContent: true }) : read('tar writes the archive to stdout');
  }
  if (has(p, '-t', '--list', '-d', '--diff', '--compare', '--test-label')) return unprovenTarOption(p) ?? read('tar lists or compares an archive');
  return unknown('tar without a known mode');
}

/** Options whose value is a file tar writes besides the archive (the snapshot is written when archiving, read when extracting). */
const TAR_OUTPUT_FILES = ['--index-file', '--volno-file', '-g', '--listed-incremental'];

function tarOutputs(p: ReturnType<typeof parseOpts>, archiving: boolean): Arg[] {
  const out: Arg[] = [];
  for (const opt of archiving ? TAR_OUTPUT_FILES : TAR_OUTPUT_FILES.slice(0, 2)) {
    for (const v of p.flags.get(opt) ?? []) if (v === null || !isNullDevice(v)) out.push(v === null ? RUNTIME_ARG : literalArg(v));
  }
  return out;
}

/**
 * Options proven not to write in tar's list, compare and extract-to-stdout modes. Any other
 * option makes those modes unknown (tar has output-file options such as --index-file and
 * --volno-file, and new ones come with new versions).
 */
const TAR_READ_OPTIONS = new Set([
  '-t', '--list', '-x', '--extract', '--get', '-O', '--to-stdout', '-d', '--diff', '--compare', '--test-label', '-f', '--file',
  '-z', '--gzip', '--gunzip', '--ungzip', '-j', '--bzip2', '-J', '--xz', '--zstd', '--lzma', '--lzip', '--lzop', '-Z', '--compress', '--uncompress', '-a', '--auto-compress',
  '-v', '--verbose', '--wildcards', '--no-wildcards', '--wildcards-match-slash', '--no-wildcards-match-slash', '--anchored', '--no-anchored', '--ignore-case', '--no-ignore-case',
  '--exclude', '-X', '--exclude-from', '-T', '--files-from', '--strip-components', '--transform', '--xform', '--show-transformed-names', '--show-stored-names',
  '--numeric-owner', '--utc', '--full-time', '--quoting-style', '--occurrence', '-b', '--blocking-factor', '--null', '--no-null', '--verbatim-files-from', '--no-verbatim-files-from',
  '-i', '--ignore-zeros', '-B', '--read-full-records', '--force-local', '-H', '--format', '-R', '--block-number', '--no-recursion', '--recursion', '-C', '--directory',
  '--help', '--usage', '--version', '--show-defaults', '-?',
]);

/** options of tar's create mode that only shape the archive it writes (to stdout here) */
const TAR_CREATE_OPTIONS = new Set([
  '-c', '--create', '-h', '--dereference', '--hard-dereference', '--one-file-system', '--owner', '--group', '--mode', '--mtime', '--sort', '--numeric-owner', '--no-acls', '--no-xattrs', '--no-selinux', '--acls', '--xattrs', '--selinux',
  '--exclude-vcs', '--exclude-vcs-ignores', '--exclude-backups', '--exclude-caches', '--exclude-caches-all', '--exclude-tag', '--totals', '--checkpoint', '-P', '--absolute-names', '--pax-option', '--owner-map', '--group-map', '--label', '-V',
]);

function unprovenTarOption(p: ReturnType<typeof parseOpts>): Leaf | null {
  const other = [...p.flags.keys()].find((k) => !TAR_READ_OPTIONS.has(k));
  return other === undefined ? null : unknown(`tar ${other}: an option not proven read-only (tar has options that write files)`);
}

/** unzip: list, test, pipe and comment modes read (with options from the table); everything else extracts. -T re-dates the archive. */
const UNZIP_TABLE: ProgramTable = {
  options: '-p -l -f -u -t -z -v -Z -T!W -x -d= -n -q -o -j -U -C -L -X -V -K -M!U -a -b -B -c -D -F= -I= -O= -P= -s -W -h -hh -qq -aa -UU -2 -:',
};

export function unzip(args: readonly Arg[]): Leaf {
  // unzip -Z is zipinfo: the rest are zipinfo's options
  if (args[0]?.value === '-Z') return tableRead('unzip -Z', READ_TABLES.zipinfo!, args.slice(1));
  const p = parseTable(args, UNZIP_TABLE, 'unzip');
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  if (p.writes.length) return write(p.writes[0]!, p.operands.slice(0, 1), { writesContent: true });
  if (has(p, '-l', '-t', '-Z', '-v', '-p', '-z', '-c', '-h', '-hh')) return read('unzip lists, tests or prints an archive');
  const d = value(p, '-d');
  return write('unzip extracts files', [d === undefined ? literalArg('.') : d === null ? RUNTIME_ARG : literalArg(d)], { writesContent: true });
}

/** zip writes its archive (-O another one); -m deletes the files it adds; -TT runs a test command. */
const ZIP_TABLE: ProgramTable = {
  options:
    '-f --freshen -u --update -d --delete -U --copy-entries -0 -1 -2 -3 -4 -5 -6 -7 -8 -9 -e --encrypt -P= --password= -F --fix -FF --fixfix -A --adjust-sfx -J --junk-sfx -T --test -TT=X --unzip-command=X -X --no-extra -y --symlinks -r --recurse-paths -R --recurse-patterns -j --junk-paths -D --no-dir-entries -l --to-crlf -ll --from-crlf -q --quiet -v --verbose -c --entry-comments -z --archive-comment -o --latest-time -O=W --output-file=W -x= --exclude= -i= --include= -b= --temp-path= -t= --from-date= -tt= --before-date= -n= --suffixes= -Z= --compression-method= -s= --split-size= -sp --split-pause -sb --split-bell -sv --split-verbose -sf --show-files -su --show-unicode -sU --show-just-unicode -sd --show-debug -sc --show-command -so --show-options -m!W --move!W -MM --must-match -nw --no-wild -ws --wild-stop-dirs -@ --names-stdin -$ --volume-label -k --DOS-names -g --grow -h --help -h2 --more-help -L --license -UN= --unicode= -AC --archive-clear -AS --archive-set -db --display-bytes -dc --display-counts -dd --display-dots -dg --display-globaldots -ds= --dot-size= -du --display-usize -dv --display-volume -lf= --logfile-path=W -lF!W -la --log-append -li --log-info -sC --show-command -ic --case-insensitive -nw',
  singleDashLong: true,
};

export function zip(args: readonly Arg[]): Leaf {
  const p = parseTable(args, ZIP_TABLE, 'zip');
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  if (p.execs.length) return unknown(p.execs[0]!);
  const archive = p.operands[0];
  if (has(p, '-sf', '--show-files', '-h', '--help', '-h2', '--more-help', '-L', '--license') && !has(p, '-m', '--move') && p.operands.length <= 1 && !p.targets.length) return read('zip only lists or prints');
  if (!archive) return write('zip writes an archive to stdout or from names read at run time');
  const out = [...p.targets];
  if (has(p, '-m', '--move')) return write('zip -m adds files to the archive and deletes them', [archive, ...out, ...p.operands.slice(1)], { writesContent: true });
  if (archive.value === '-') return out.length ? write('zip writes its output file', out, { writesContent: true }) : read('zip writes the archive to stdout');
  return write('zip writes an archive', out.length && has(p, '-O', '--output-file') ? out : [archive, ...out], { writesContent: true });
}

/** 7-Zip: l (list), t (test), i (info), h (hash) read with switches from a read-only list; other commands change archives or extract. */
export function sevenZip(name: string, args: readonly Arg[]): Leaf {
  const op = args[0]?.value;
  if (op === null || op === undefined) return op === undefined ? read(`${name} prints usage`) : unknown(`${name}: the command is only known at run time`);
  const switches = args.slice(1).filter((a) => a.value === null || a.value.startsWith('-'));
  // x/e with -so extract to stdout and write nothing
  const toStdout = /^(x|e)$/.test(op) && switches.some((a) => a.value === '-so');
  if (/^(l|t|i|h)$/.test(op) || toStdout) {
    const bad = switches.find((a) => a.value === null || !/^-(p.*|t\w+|slt|ba|r-?|y|bs[oep]\d|bb\d?|bd|sc[scr]\w*|scrc\w*|i[r!]?[@!].*|x[r!]?[@!].*|sn\w*|so)$/.test(a.value));
    if (bad) return unknown(`${name} ${op} ${bad.text}: a switch this guard does not know as read-only`);
    return read(toStdout ? `${name} ${op} -so extracts to stdout` : `${name} ${op} lists, tests or hashes`);
  }
  const archive = args.slice(1).find((a) => a.value === null || !a.value.startsWith('-'));
  if (/^(a|u|d|rn)$/.test(op)) return write(`${name} ${op} changes an archive`, archive && !switches.length ? [archive] : undefined, { writesContent: true });
  return write(`${name} ${op} extracts or changes files`, undefined, { writesContent: true });
}
