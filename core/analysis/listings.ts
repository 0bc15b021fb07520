/**
 * Read-only forms of programs that otherwise write or run code, each proven by an option table:
 * archive listings and extraction to stdout (cpio -t, ar t/p, dpkg-deb -c), toolchain version
 * and configuration queries (`rustc --version --verbose`, `gcc -dumpmachine`), and syntax checks
 * that parse without running (`php -l`, `node --check`, `ruby -c`, `luac -p`).
 */
import { has, parseTable, value, type ProgramTable } from './table';
import { read, unknown, write, type Leaf } from './verdict';
import { literalArg, RUNTIME_ARG, type Arg } from './words';

/** A table parse that is a read with these options, or the reason it is not. */
function tableProblem(args: readonly Arg[], t: ProgramTable, label: string): { ok: true; p: ReturnType<typeof parseTable> } | { ok: false; leaf: Leaf } {
  const p = parseTable(args, t, label);
  if (p.unknowns.length) return { ok: false, leaf: unknown(p.unknowns[0]!) };
  if (p.execs.length) return { ok: false, leaf: unknown(p.execs[0]!) };
  if (p.writes.length || p.targets.length) return { ok: false, leaf: write(p.writes[0] ?? `${label} writes a file`, p.writes.length ? undefined : p.targets, { writesContent: true }) };
  return { ok: true, p };
}

/**
 * GNU cpio: -t lists (alone or with -i), -i --to-stdout extracts to stdout; -i extracts files,
 * -o writes the archive to stdout (or to -O/-F), -p copies into a folder. --rsh-command runs a
 * program, -r asks for new names on the terminal.
 * @keep CPIO_TABLE the option-completeness test holds it against the installed cpio's --help: a new option
 *   fails there instead of reading as safe
 */
export const CPIO_TABLE: ProgramTable = {
  options:
    '-i --extract -o --create -p --pass-through -t --list --block-size= -B -c -C= --io-size= -D= --directory= --force-local -H= --format= --quiet -R= --owner= -v --verbose -V --dot -W= --warning= -F= --file= -M= --message= --rsh-command=X -b --swap -f --nonmatching -I= ' +
    '-n --numeric-uid-gid -r!U --rename!U -s --swap-bytes -S --swap-halfwords --to-stdout -E= --pattern-file= --only-verify-crc --ignore-devno --device-independent --reproducible -A --append -O= --renumber-inodes -0 --null -a --reset-access-time -d --make-directories -l --link -L --dereference -m --preserve-modification-time --no-absolute-filenames --absolute-filenames --no-preserve-owner --sparse -u --unconditional -? --usage --help --version',
};

export function cpio(args: readonly Arg[]): Leaf {
  const r = tableProblem(args, CPIO_TABLE, 'cpio');
  if (!r.ok) return r.leaf;
  const p = r.p;
  const file = (...names: string[]) => {
    const v = value(p, ...names);
    return v === undefined ? undefined : v === null ? RUNTIME_ARG : literalArg(v);
  };
  if (has(p, '-o', '--create')) {
    const out = file('-O', '-F', '--file');
    return out ? write('cpio -o writes an archive', [out], { writesContent: true }) : read('cpio -o writes the archive to stdout');
  }
  if (has(p, '-p', '--pass-through')) return write('cpio -p copies files into a folder', p.operands.length ? [p.operands[p.operands.length - 1]!] : undefined, { writesContent: true });
  if (has(p, '-t', '--list')) return read('cpio -t lists an archive');
  if (has(p, '-i', '--extract')) {
    if (has(p, '--to-stdout', '--only-verify-crc')) return read('cpio -i --to-stdout extracts to stdout');
    const dir = value(p, '-D', '--directory');
    return write('cpio -i extracts files', [dir === undefined ? literalArg('.') : dir === null ? RUNTIME_ARG : literalArg(dir)], { writesContent: true });
  }
  if (has(p, '--help', '--version', '-?', '--usage')) return read('cpio prints information');
  return unknown('cpio without a mode');
}

/** binutils ar: `t` lists and `p` prints members; every other operation changes or extracts. */
export function ar(args: readonly Arg[]): Leaf {
  const first = args[0]?.value;
  if (first === undefined) return read('ar prints usage');
  if (first === null) return unknown('ar: the operation is only known at run time');
  if (/^--(version|help)$/.test(first) || first === '-V' || first === '-h') return read('ar prints information');
  if (args.some((a) => a.value === null || /^(--plugin|--output|@)/.test(a.value))) return unknown('ar --plugin loads code, --output and @file name other files');
  const ops = first.replace(/^-/, '');
  if (/^[tp][vOPf]*$/.test(ops) || /^[vOPf]*[tp][vOPf]*$/.test(ops)) return read(`ar ${ops} lists or prints members`);
  const archive = args.find((a, i) => i > 0 && a.value !== null && !a.value.startsWith('-'));
  if (/x/.test(ops)) return write('ar x extracts members into the current folder', undefined, { writesContent: true });
  return write(`ar ${ops} changes the archive`, archive ? [archive] : undefined, { writesContent: true });
}

/**
 * dpkg-deb: -c/-I/-f/-W and --ctrl-tarfile/--fsys-tarfile print; -x/-X/-R/-e extract, -b builds.
 * @keep DPKG_DEB_TABLE the option-completeness test holds it against the installed dpkg-deb's --help
 */
export const DPKG_DEB_TABLE: ProgramTable = {
  options: '-c --contents -I --info -W --show -f --field --ctrl-tarfile --fsys-tarfile -? --help --version -v --verbose -D --debug --showformat= --deb-format= --nocheck --root-owner-group --threads-max= --uniform-compression --no-uniform-compression -z= -Z= -S= -b!W --build!W -e!W --control!W -x!W --extract!W -X!W --vextract!W -R!W --raw-extract!W',
};

export function dpkgDeb(args: readonly Arg[]): Leaf {
  const r = tableProblem(args, DPKG_DEB_TABLE, 'dpkg-deb');
  if (!r.ok) return r.leaf;
  return read('dpkg-deb lists or prints a package');
}

/**
 * Version and configuration queries of compilers and toolchains: every option from the
 * program's table and no operand (`gcc -dumpmachine`, `rustc -vV`, `rustc --print cfg`).
 */
const CC = '--version -v -dumpversion -dumpfullversion -dumpmachine -dumpspecs -print-search-dirs -print-libgcc-file-name -print-multiarch -print-sysroot -print-multi-lib -print-multi-directory -print-multi-os-directory -print-prog-name= -print-file-name= -print-targets -print-resource-dir -print-target-triple -print-effective-triple -print-sysroot-headers-suffix --help -###';
const VERSION_TABLES: Record<string, ProgramTable> = {
  // rustc --print KIND=PATH writes to PATH (checked below)
  rustc: { options: '-V --version -v --verbose --print= -h --help' },
  rustup: { options: '-V --version -h --help' },
  rustdoc: { options: '-V --version -v --verbose -h --help' },
  gcc: { singleDashLong: true, options: CC },
  'g++': { singleDashLong: true, options: CC },
  cc: { singleDashLong: true, options: CC },
  'c++': { singleDashLong: true, options: CC },
  cpp: { singleDashLong: true, options: CC },
  gfortran: { singleDashLong: true, options: CC },
  clang: { singleDashLong: true, options: CC },
  'clang++': { singleDashLong: true, options: CC },
  ld: { options: '--version -v -V --help' },
  'ld.bfd': { options: '--version -v -V --help' },
  'ld.gold': { options: '--version -v -V --help' },
  'ld.lld': { options: '--version -v -V --help' },
  as: { options: '--version --help' },
  javac: { singleDashLong: true, options: '-version --version -help --help -X' },
  kotlinc: { singleDashLong: true, options: '-version -help' },
  scalac: { singleDashLong: true, options: '-version -help' },
  swiftc: { singleDashLong: true, options: '--version -version -help --help' },
  ghc: { options: '--version --numeric-version --info --supported-extensions --supported-languages --print-libdir --help' },
  protoc: { options: '--version -h --help' },
  nasm: { options: '-v -h' },
  zig: { options: '-h --help' },
};

export function versionQuery(name: string, args: readonly Arg[]): Leaf | null {
  const t = VERSION_TABLES[name];
  if (!t) return null;
  if (name === 'zig' && args.length === 1 && args[0]!.value === 'version') return read('zig version prints its version');
  if (args.length === 0) return null;
  const p = parseTable(args, t, name);
  if (p.unknowns.length || p.execs.length || p.operands.length) return null;
  // rustc --print KIND=PATH (1.80+) writes the output to PATH
  for (const v of p.flags.get('--print') ?? []) if (v === null || v.includes('=')) return write('rustc --print KIND=PATH writes its output to PATH');
  return read(`${name} prints its version or configuration`);
}

/** Syntax checks that parse without running anything: the files are read, nothing is loaded. */
const CHECK_FORMS: Record<string, { table: ProgramTable; check: string[]; info: string[] }> = {
  // -l lints; -n skips php.ini (which could load extensions: -c and -d are not here)
  php: { table: { options: '-l --syntax-check -n --no-php-ini -v --version -m --modules -i --info --ini[=] --ri= --rf= --rc= --re= --rz= -h --help -q --no-header' }, check: ['-l', '--syntax-check'], info: ['-v', '--version', '-m', '--modules', '-i', '--info', '--ini', '--ri', '--rf', '--rc', '--re', '--rz', '-h', '--help'] },
  node: { table: { options: '-c --check -v --version -h --help' }, check: ['-c', '--check'], info: ['-v', '--version', '-h', '--help'] },
  nodejs: { table: { options: '-c --check -v --version -h --help' }, check: ['-c', '--check'], info: ['-v', '--version', '-h', '--help'] },
  // ruby -c compiles without running (BEGIN blocks included); -r would load a library first
  ruby: { table: { options: '-c -w -W[=] -v --version --verbose -h --help' }, check: ['-c'], info: ['--version', '-h', '--help'] },
  luac: { table: { options: '-p -v -l -s' }, check: ['-p'], info: ['-v'] },
  python: { table: { options: '-V -VV --version -h --help' }, check: [], info: ['-V', '-VV', '--version', '-h', '--help'] },
};

export function syntaxCheck(name: string, args: readonly Arg[]): Leaf | null {
  const key = /^python(\d(\.\d+)?)?$/.test(name) ? 'python' : name;
  const form = CHECK_FORMS[key];
  if (!form || args.length === 0) return null;
  const p = parseTable(args, form.table, name);
  if (p.unknowns.length || p.execs.length || p.writes.length || p.targets.length) return null;
  if (has(p, ...form.check)) {
    // ruby -c and luac -p read only files named, or stdin
    if (p.operands.some((o) => o.value === null)) return unknown(`${name}: a file only known at run time`);
    return read(`${name} ${form.check[0]} only checks syntax (nothing runs)`);
  }
  if (has(p, ...form.info) && p.operands.length === 0) return read(`${name} prints information`);
  return null;
}
