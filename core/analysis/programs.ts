/**
 * The per-program table: one argv in, one verdict out. Order of lookup: how the name is
 * written (a path to a script is unknown), wrappers, shells, git, package managers and
 * toolchains, interpreters, then core utilities. A name nobody lists is unknown.
 */
import { sevenZip, tar, unzip, zip } from './archives';
import { gnuPatch } from './backups';
import { classifyBuiltin, declareRunsCode } from './builtins';
import { isNullDevice } from './collect';
import { mysql, psql, redisCli, sqlite3 } from './databases';
import { batchEditor, isBatchEditor } from './editors';
import { converter, isConverter } from './converters';
import { allOperandsWrite, destinations, destinationWrite, metadataWrite, operands, withBackups } from './file-writes';
import { classifyGit } from './git';
import { gh } from './github-cli';
import { classifyHostCli } from './host-clis';
import { HASH_PROGRAMS } from './intents';
import { classifyInterpreter, isInterpreter } from './interpreters';
import { ar, cpio, dpkgDeb, syntaxCheck, versionQuery } from './listings';
import { curl, httpie, rsyncLike, wget } from './network-tools';
import { mktemp } from './mktemp';
import { pwshProgram } from './powershell-encoded';
import { programName } from './program-name';
import { READ_TABLES } from './read-tables';
import { FOREIGN_SHELLS, shellProgram, SHELLS } from './shell-programs';
import { openssl, systemTool } from './system-tools';
import { has, parseOpts, value } from './table';
import { tableRead } from './table-read';
import { awk, sed, yq } from './text-tools';
import { classifyToolchain } from './toolchains';
import { read, unknown, write, type ProgramContext, type Verdict } from './verdict';
import { literalArg, type Arg } from './words';
import { classifyWrapper, sensitiveAssignment } from './wrappers';

function echoContent(name: string, args: readonly Arg[]): string | undefined {
  if (args.some((a) => a.value === null)) return undefined;
  let vals = args.map((a) => a.value!);
  if (name === 'echo') while (vals[0] && /^-[neE]+$/.test(vals[0])) vals = vals.slice(1);
  if (name === 'printf') vals = vals.slice(vals[0] === '--' ? 1 : 0);
  return vals.join(' ') + '\n';
}

const INTERACTIVE = new Set(['less', 'more', 'most', 'vi', 'vim', 'nvim', 'view', 'nano', 'pico', 'emacs', 'ed', 'ex', 'joe', 'micro', 'mcedit', 'kak', 'hx', 'helix', 'man', 'info', 'top', 'htop', 'btop', 'tmux', 'screen', 'fzf', 'mc', 'ranger', 'nnn', 'lf', 'tig', 'lazygit', 'ssh', 'mosh', 'telnet', 'ftp', 'sftp', 'psql', 'mysql', 'mariadb', 'sqlite3', 'redis-cli', 'mongo', 'mongosh', 'cqlsh', 'script', 'expect']);

/** Classify one simple command (name + arguments). */
export function classifyArgv(argv: readonly Arg[], ctx: ProgramContext): Verdict {
  const head = argv[0];
  if (!head) return read('empty command');
  const pn = programName(head);
  if ('computed' in pn) return unknown(`the command name ${pn.computed} is computed at run time`);
  if ('file' in pn) return unknown(`runs the file ${pn.file}; its content is not visible to the hook`, { runs: [head] });
  const name = pn.name;
  const args = argv.slice(1);

  const wrapped = classifyWrapper(name, args, ctx);
  if (wrapped) return wrapped;
  if (SHELLS.has(name)) return shellProgram(name, args, ctx);
  if (FOREIGN_SHELLS.has(name)) {
    if (args.length === 1 && args[0]!.value === '--version') return read(`${name} prints its version`);
    return unknown(`${name} runs code in a shell language this hook does not parse`);
  }
  if (name === 'pwsh' || name === 'powershell' || name === 'powershell.exe') return pwshProgram(name, args, ctx);
  if (name === 'git') return classifyGit(args, ctx);
  if (name === 'apply_patch' || name === 'applypatch') {
    const text = args[0]?.value ?? (ctx.stdin.kind === 'text' ? ctx.stdin.text : null);
    if (args[0] && args[0].value === null) return write('apply_patch with a patch only known at run time');
    return text ? { kind: 'patch', text, why: `${name} applies a patch` } : write(`${name} applies a patch read at run time`);
  }
  const host = classifyHostCli(name, args);
  if (host) return host;
  const tool = classifyToolchain(name, args, ctx);
  if (tool) return tool;
  if (isInterpreter(name)) return classifyInterpreter(name, args, ctx);
  const sys = systemTool(name, args);
  if (sys) return sys;
  return classifyCoreutil(name, args, ctx);
}

/** Compressors without a table (not installed where their --help could be checked): they replace files */
const UNTABLED_COMPRESSORS = new Set('brotli compress uncompress pigz unpigz lzip lunzip lzop lz4c pbzip2 lbzip2 plzip pixz'.split(' '));

function classifyCoreutil(name: string, args: readonly Arg[], ctx: ProgramContext): Verdict {
  switch (name) {
    case 'cd':
    case 'chdir':
    case 'pushd': {
      // `--` ends the options; pushd -n only adds to the stack; pushd +N/-N rotates it (the folder comes from the stack)
      const ops = args.filter((a) => a.value === null || !/^-[LPe@]+$/.test(a.value)).filter((a, i, all) => !(a.value === '--' && i === 0 && all.length > 1));
      if (name === 'pushd' && ops.some((a) => a.value === '-n')) return { kind: 'cd', target: literalArg('.'), why: 'pushd -n only adds a folder to the stack' };
      if (name === 'pushd' && ops.some((a) => a.value !== null && /^[+-]\d+$/.test(a.value))) return { kind: 'cd', target: null, why: 'pushd +N/-N rotates the folder stack: the folder is known only at run time' };
      const t = ops[0];
      if (!t) return { kind: 'cd', target: ctx.home ? literalArg(ctx.home) : null, why: `${name} to the home folder` };
      if (t.value === '-') return { kind: 'cd', target: null, why: `${name} - returns to a folder known only at run time` };
      return { kind: 'cd', target: t.value === null || t.glob ? null : t, why: `${name} changes folder` };
    }
    case 'popd':
      return { kind: 'cd', target: null, why: 'popd returns to a folder known only at run time' };
    case 'eval': {
      if (args.some((a) => a.value === null)) return unknown('eval runs a string computed at run time');
      // a glob expands to file names that eval would then run as code
      if (args.some((a) => a.glob)) return unknown('eval of a glob runs file names as code');
      // literal text: eval runs it in this shell, as the walker reads it (a cd inside leaves the folder unknown after it)
      return { kind: 'shell', source: args.map((a) => a.value).join(' '), why: 'eval runs this text as shell code' };
    }
    case 'source':
    case '.':
      return unknown(`${name} runs the commands of ${args[0]?.text ?? 'a file'}; that file is not visible to the hook`);
    case 'trap': {
      const first = args[0]?.value;
      if (args.length === 0 || first === '-p' || first === '-l') return read('trap lists handlers');
      if (first === null) return unknown('trap with a handler only known at run time');
      if (first === '-' || first === '') return read('trap resets a handler');
      return { kind: 'shell', source: first!, why: 'trap runs this handler later' };
    }
    case 'alias':
      return args.some((a) => a.value === null || a.value.includes('=')) ? unknown('alias defines a name that later runs other commands') : read('alias lists aliases');
    case 'export':
    case 'declare':
    case 'typeset':
    case 'local':
    case 'readonly':
    case 'set':
    case 'unset':
    case 'shopt':
    case 'setopt': {
      const code = declareRunsCode(args);
      if (code) return unknown(`${name}: ${code}`);
      if (/^(declare|typeset|local)$/.test(name) && args.some((a) => a.value !== null && /^-[A-Za-z]*n/.test(a.value))) return unknown(`${name} -n makes a name reference: a later assignment through it reaches any variable`);
      for (const a of args) {
        if (a.value === null) return unknown(`${name}: an argument only known at run time`);
        const s = sensitiveAssignment(a.value);
        if (s) return unknown(`${name} sets ${s}, which changes what later commands run or load`);
        if (name === 'shopt' && a.value === 'expand_aliases') return unknown('shopt expand_aliases makes aliases run other commands');
      }
      return read(`${name} changes shell variables only`);
    }
    case 'rm':
    case 'rmdir':
    case 'unlink':
    case 'rimraf':
    case 'trash':
    case 'trash-put':
      return allOperandsWrite(name, args, { longWithValue: ['interactive', 'preserve-root'] }, 'removes files');
    case 'shred':
      return allOperandsWrite(name, args, { shortWithValue: 'ns', longWithValue: ['iterations', 'size', 'random-source'] }, 'overwrites files');
    case 'mkdir':
      return allOperandsWrite(name, args, { shortWithValue: 'm', longWithValue: ['mode'] }, 'creates folders');
    case 'mkfifo':
    case 'mknod':
      return write(`${name} creates special files`, operands(args, { shortWithValue: 'mZ', longWithValue: ['mode', 'context'] }).slice(0, 1));
    case 'touch':
      return allOperandsWrite(name, args, { shortWithValue: 'dtr', longWithValue: ['date', 'reference', 'time'] }, 'creates or updates files');
    case 'truncate':
      return allOperandsWrite(name, args, { shortWithValue: 'sr', longWithValue: ['size', 'reference'] }, 'resizes files', { writesContent: true });
    case 'dos2unix':
    case 'unix2dos':
    case 'mac2unix':
      return allOperandsWrite(name, args, {}, 'rewrites files in place', { writesContent: true });
    case 'mv': {
      const p = parseOpts(args, { shortWithValue: 'tS', longWithValue: ['target-directory', 'suffix'] });
      // the sources leave their folders; into a folder they land under their own names
      const sources = value(p, '-t', '--target-directory') === undefined ? p.operands.slice(0, -1) : p.operands;
      return withBackups('mv', 'moves files (source and destination change)', p, destinations(p), sources, true);
    }
    case 'cp':
      return destinationWrite('cp', args, 'tS', ['target-directory', 'suffix', 'no-preserve'], 'copies into the destination');
    case 'install': {
      const p = parseOpts(args, { shortWithValue: 'mogtS', longWithValue: ['mode', 'owner', 'group', 'target-directory', 'suffix', 'strip-program'] });
      if (has(p, '-d', '--directory')) return write('install -d creates folders', p.operands);
      if (has(p, '--strip-program')) return unknown('install --strip-program runs a program');
      return destinationWrite('install', args, 'mogtS', ['mode', 'owner', 'group', 'target-directory', 'suffix'], 'copies into the destination');
    }
    case 'ln':
    case 'link':
      return destinationWrite('ln', args, 'tS', ['target-directory', 'suffix'], 'creates a link');
    case 'chmod':
    case 'chown':
    case 'chgrp':
    case 'chattr':
      return metadataWrite(name, args);
    case 'setfacl':
      return allOperandsWrite(name, args, { shortWithValue: 'mxMX', longWithValue: ['modify', 'remove', 'modify-file', 'remove-file', 'set', 'set-file'] }, 'changes file ACLs');
    case 'tee': {
      const p = parseOpts(args, { longWithValue: ['output-error'] });
      const files = p.operands.filter((a) => a.value !== '/dev/null' && a.value !== '/dev/stdout' && a.value !== '/dev/stderr');
      if (files.length === 0) return read('tee only copies to stdout');
      return write('tee writes its input to files', files, { writesContent: true, content: ctx.stdin.kind === 'text' ? ctx.stdin.text : undefined, append: has(p, '-a', '--append') });
    }
    case 'sponge': {
      const p = parseOpts(args);
      return write('sponge writes its input to a file', p.operands.slice(0, 1), { writesContent: true, content: ctx.stdin.kind === 'text' ? ctx.stdin.text : undefined, append: has(p, '-a') });
    }
    case 'dd': {
      if (args.some((a) => a.value === null)) return unknown('dd: an operand only known at run time');
      // operands are read in order and a later of= replaces an earlier one; /dev/null is not a file written
      const of = [...args].reverse().find((a) => a.value!.startsWith('of='));
      const target = of ? of.value!.slice(3) : null;
      if (target === null || isNullDevice(target)) return read(target === null ? 'dd copies to stdout' : `dd copies into ${target}`);
      return write('dd writes its output file', [literalArg(target)], { writesContent: true });
    }
    case 'sed':
      return sed(args);
    case 'awk':
    case 'gawk':
    case 'mawk':
    case 'nawk':
      return awk(name, args);
    case 'split':
    case 'csplit':
      return write(`${name} writes pieces next to a prefix`);
    case 'yq':
      return yq(args);
    case 'tar':
    case 'bsdtar':
    case 'gtar':
      return tar(args);
    case 'unzip':
      return unzip(args);
    case 'zip':
      return zip(args);
    case '7z':
    case '7za':
    case '7zr':
    case '7zz':
      return sevenZip(name, args);
    case 'patch':
      return gnuPatch(args, ctx.stdin.kind === 'text' ? ctx.stdin.text : null);
    case 'rsync':
    case 'scp':
      return rsyncLike(name, args);
    case 'curl':
      return curl(args);
    case 'http':
    case 'https':
    case 'xh':
    case 'xhs':
      return httpie(name, args, ctx);
    case 'wget':
    case 'wget2':
      return wget(args);
    case 'openssl':
      return openssl(args);
    case 'mktemp':
      return mktemp(args, ctx.tmpdir);
    case 'gh':
      return gh(args);
    case 'cpio':
      return cpio(args);
    case 'ar':
      return ar(args);
    case 'dpkg-deb':
      return dpkgDeb(args);
    case 'sqlite3':
      return sqlite3(args, ctx);
    case 'psql':
      return psql(args, ctx);
    case 'mysql':
    case 'mariadb':
      return mysql(name, args, ctx);
    case 'redis-cli':
      return redisCli(args);
    case 'sdiff': {
      const p = parseOpts(args, { shortWithValue: 'oIw', longWithValue: ['output', 'ignore-matching-lines', 'width', 'diff-program'] });
      if (has(p, '--diff-program')) return unknown('sdiff --diff-program runs a program');
      const out = value(p, '-o', '--output');
      return out !== undefined ? unknown('sdiff -o merges interactively') : read('sdiff prints');
    }
  }
  if (UNTABLED_COMPRESSORS.has(name)) return write(`${name} replaces files with (de)compressed ones (its options are not tabled: never a read)`);
  const builtin = classifyBuiltin(name, args);
  if (builtin) {
    if (name === 'echo' || name === 'printf') return builtin.mutability === 'read' ? { ...builtin, content: echoContent(name, args) } : builtin;
    return builtin;
  }
  const table = READ_TABLES[name];
  if (table) {
    const leaf = tableRead(name, table, args);
    if (leaf.mutability !== 'read') return HASH_PROGRAMS.has(name) ? { ...leaf, hash: true } : leaf;
    if ((name === 'bat' || name === 'batcat') && args.some((a) => a.value === 'cache')) return unknown('bat cache changes its syntax cache');
    if (HASH_PROGRAMS.has(name)) return { ...leaf, why: `${name} computes digests`, hash: true };
    if (name === 'cat') {
      const files = args.filter((a) => a.value === null || (a.value !== '-' && !a.value.startsWith('-')));
      return { ...leaf, why: 'cat prints files', content: files.length === 0 && ctx.stdin.kind === 'text' ? ctx.stdin.text : undefined };
    }
    return leaf;
  }
  if (HASH_PROGRAMS.has(name)) return unknown(`${name}: a hashing program without an option table (some write hash files or logs)`, { hash: true });
  if (isBatchEditor(name) && args.length > 0) return batchEditor(name, args, ctx);
  if (isConverter(name)) return converter(name, args);
  const info = versionQuery(name, args) ?? syntaxCheck(name, args);
  if (info) return info;
  if (INTERACTIVE.has(name)) return unknown(`${name} is interactive; keystrokes typed later are never seen by a hook`);
  return unknown(`${name}: not a program this guard knows`);
}
