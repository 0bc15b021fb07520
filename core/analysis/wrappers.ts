/**
 * Transparent wrappers: programs whose job is to run another argv (sudo, env, timeout,
 * xargs, find -exec …). Each returns an `exec` verdict for the wrapped command, with
 * run-time arguments marked unknown, or a `shell` verdict when the wrapper runs a string
 * through a shell (watch, su -c, flock -c, sh -c).
 */
import { isNullDevice } from './collect';
import { READ_TABLES } from './read-tables';
import { has, mayBeOption, parseOpts, parseTable, tableOptions, value, type OptSpec, type ProgramTable } from './table';
import { read, write, unknown, type ProgramContext, type Verdict } from './verdict';
import { literalArg, printedWord, RUNTIME_ARG, type Arg, type FindMatches } from './words';

/**
 * Environment names whose value changes which program runs, what it loads, or makes it write a
 * file: loaders and interpreters' startup code, pagers, editors and browsers, the option
 * variables programs read as if typed (TAR_OPTIONS, GZIP, XZ_OPT, RIPGREP_CONFIG_PATH, MAKEFLAGS),
 * and the ones that name a file to write (SSLKEYLOGFILE, NODE_V8_COVERAGE, HISTFILE).
 */
const SENSITIVE_ENV =
  /^(PATH|LD_PRELOAD|LD_LIBRARY_PATH|LD_AUDIT|DYLD_\w+|BASH_ENV|ENV|IFS|PS[0-4]|PROMPT_COMMAND|BASH_FUNC_\w+|NODE_OPTIONS|NODE_PATH|NODE_V8_COVERAGE|NODE_REDIRECT_WARNINGS|PYTHONSTARTUP|PYTHONPATH|PYTHONHOME|PYTHONUSERBASE|PERL5OPT|PERL5LIB|PERLLIB|RUBYOPT|RUBYLIB|GIT_(?!AUTHOR_|COMMITTER_|TERMINAL_PROMPT$|OPTIONAL_LOCKS$|TRACE)\w+|GCONV_PATH|SHELLOPTS|BASHOPTS|SHELL|EDITOR|VISUAL|FCEDIT|SUDO_EDITOR|PAGER|MANPAGER|GH_PAGER|GH_BROWSER|BROWSER|LESS|LESSOPEN|LESSCLOSE|LESSHISTFILE|HISTFILE|SSH_ASKPASS|SUDO_ASKPASS|SSLKEYLOGFILE|TAR_OPTIONS|GZIP|BZIP|BZIP2|XZ_OPT|XZ_DEFAULTS|RIPGREP_CONFIG_PATH|MAKEFLAGS|GNUMAKEFLAGS|MFLAGS|CURL_HOME|WGETRC|TAPE|VERSION_CONTROL|PATCH_VERSION_CONTROL|SIMPLE_BACKUP_SUFFIX|BASH_CMDS|BASH_ALIASES|CDPATH|GLOBIGNORE|HOME|XDG_CONFIG_HOME|XDG_CONFIG_DIRS|ZDOTDIR|npm_config_\w+|NPM_CONFIG_\w+)$/;

/** GIT_TRACE* print to stderr for 0/1/2/true/false, but a path value makes git write that file. */
const TRACE_TO_STDERR = /^(|0|1|2|true|false)$/i;

/**
 * Families of names programs read the same way: a pager, editor, browser or askpass program to run
 * (BAT_PAGER, GH_EDITOR, SYSTEMD_PAGER), a config file that can name one (BAT_CONFIG_PATH), or
 * options taken as if typed (MAVEN_OPTS, *_OPTIONS).
 */
const SENSITIVE_FAMILY = /(PAGER|EDITOR|BROWSER|ASKPASS|_CONFIG_PATH|_CONFIG_FILE|_OPTS|_OPTIONS|_ARGS|_FLAGS)$/;

/** A variable name (or NAME[subscript]) a builtin or a loop assigns: sensitive like an assignment. */
export function sensitiveName(name: string): boolean {
  const base = name.replace(/\[.*$/s, '');
  return SENSITIVE_ENV.test(base) || SENSITIVE_FAMILY.test(base) || /^GIT_TRACE\w*$/.test(base);
}

export function sensitiveAssignment(text: string): string | null {
  // NAME=, NAME+=, and an element of an array: BASH_CMDS[ls]=/usr/bin/touch makes `ls` run touch
  const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[[^\]]*\])?\+?=(.*)$/s.exec(text);
  if (!m) return null;
  const name = m[1]!;
  if (SENSITIVE_ENV.test(name) || SENSITIVE_FAMILY.test(name)) return name;
  if (/^GIT_TRACE\w*$/.test(name) && !TRACE_TO_STDERR.test(m[2]!.replace(/^['"]|['"]$/g, ''))) return name;
  return null;
}

function execRest(rest: Arg[], why: string, extra: Partial<Extract<Verdict, { kind: 'exec' }>> = {}): Verdict {
  if (rest.length === 0) return read(`${why.split(' ')[0]} with no command`);
  return { kind: 'exec', argv: rest, why, keepStdin: true, ...extra };
}

/** Generic "options, then the command" wrapper. */
function simple(name: string, args: readonly Arg[], spec: OptSpec, noCmd: Verdict = read(`${name} with no command`)): Verdict {
  const p = parseOpts(args, { ...spec, stopAtOperand: true });
  if (p.rest.length === 0) return noCmd;
  return { kind: 'exec', argv: p.rest, why: `${name} runs the command after its options`, keepStdin: true };
}

function sudo(args: readonly Arg[]): Verdict {
  const p = parseOpts(args, {
    stopAtOperand: true,
    shortWithValue: 'ugCDhprtTUR',
    longWithValue: ['user', 'group', 'close-from', 'chdir', 'host', 'prompt', 'role', 'type', 'command-timeout', 'other-user', 'chroot'],
  });
  if (has(p, '-e', '--edit')) return write('sudo -e edits files', p.rest, { writesContent: true });
  if (has(p, '-l', '--list', '-v', '--validate', '-k', '-K', '--reset-timestamp', '--remove-timestamp', '-V', '--version', '-h', '--help') && p.rest.length === 0) return read('sudo only checks or lists rights');
  if (has(p, '-R', '--chroot')) return unknown('sudo -R runs inside another root folder');
  const shellMode = has(p, '-i', '--login', '-s', '--shell');
  if (p.rest.length === 0) return shellMode ? unknown('sudo -i/-s starts an interactive shell; input typed later is never seen by a hook') : read('sudo with no command');
  const dir = value(p, '-D', '--chdir');
  const cwd = dir === undefined ? undefined : dir === null ? RUNTIME_ARG : literalArg(dir);
  return { kind: 'exec', argv: p.rest, why: 'sudo runs the command as another user', keepStdin: true, cwd };
}

function env(args: readonly Arg[]): Verdict {
  let i = 0;
  let cwd: Arg | undefined;
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return unknown('env: an argument is only known at run time');
    if (v === '--') {
      i++;
      break;
    }
    if (v === '-u' || v === '--unset') {
      i++;
      continue;
    }
    if (v.startsWith('--unset=') || v === '-i' || v === '--ignore-environment' || v === '-0' || v === '--null' || v === '-v' || v === '--debug' || v === '-') continue;
    if (v.startsWith('--block-signal') || v.startsWith('--default-signal') || v.startsWith('--ignore-signal') || v === '--list-signal-handling') continue;
    if (v === '-C' || v === '--chdir') {
      cwd = args[i + 1] ?? RUNTIME_ARG;
      i++;
      continue;
    }
    if (v.startsWith('--chdir=')) {
      cwd = literalArg(v.slice('--chdir='.length));
      continue;
    }
    if (v === '-S' || v === '--split-string' || v.startsWith('--split-string=') || (v.startsWith('-S') && v.length > 2)) {
      const str = v === '-S' || v === '--split-string' ? args[i + 1]?.value : v.startsWith('-S') ? v.slice(2) : v.slice('--split-string='.length);
      if (str === null || str === undefined) return unknown('env -S with a string only known at run time');
      const after = args.slice(v === '-S' || v === '--split-string' ? i + 2 : i + 1);
      // plain words split at blanks; the words after the string reach the command as they are (find's `{}`)
      if (/^[\w\s./:=@%+,-]*$/.test(str)) return env([...str.split(/\s+/).filter((x) => x !== '').map(literalArg), ...after]);
      const tail = after.map((a) => a.text).join(' ');
      return { kind: 'shell', source: tail ? `${str} ${tail}` : str, why: 'env -S splits a string into a command' };
    }
    if (/^-[a-zA-Z]/.test(v)) {
      if (/^-[iv0]+$/.test(v)) continue;
      if (/^-u./.test(v) || /^-C./.test(v)) {
        if (v.startsWith('-C')) cwd = literalArg(v.slice(2));
        continue;
      }
      return unknown(`env ${v}: option not known`);
    }
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(v)) {
      const name = sensitiveAssignment(v);
      if (name) return unknown(`env sets ${name}, which changes what the command runs or loads`);
      continue;
    }
    break;
  }
  const rest = args.slice(i);
  if (rest.length === 0) return read('env with no command prints the environment');
  return { kind: 'exec', argv: rest, why: 'env runs the command with a changed environment', keepStdin: true, cwd };
}

function nice(args: readonly Arg[]): Verdict {
  let i = 0;
  while (i < args.length) {
    const v = args[i]!.value;
    if (v === null) return unknown('nice: an argument is only known at run time');
    if (v === '-n' || v === '--adjustment') i += 2;
    else if (/^-(n)?-?\d+$/.test(v) || v.startsWith('--adjustment=')) i++;
    else if (v === '--') {
      i++;
      break;
    } else break;
  }
  return execRest(args.slice(i), 'nice runs the command at another priority');
}

function timeout(args: readonly Arg[]): Verdict {
  const p = parseOpts(args, { stopAtOperand: true, shortWithValue: 'sk', longWithValue: ['signal', 'kill-after'] });
  if (p.rest.length === 0) return read('timeout with no command');
  return execRest(p.rest.slice(1), 'timeout runs the command with a time limit');
}

function stdbuf(args: readonly Arg[]): Verdict {
  return simple('stdbuf', args, { shortWithValue: 'ioe', longWithValue: ['input', 'output', 'error'] });
}

function ionice(args: readonly Arg[]): Verdict {
  const p = parseOpts(args, { stopAtOperand: true, shortWithValue: 'cnpPu', longWithValue: ['class', 'classdata', 'pid', 'pgid', 'uid'] });
  if (has(p, '-p', '--pid', '-P', '--pgid', '-u', '--uid')) return unknown('ionice -p changes another process');
  return p.rest.length ? { kind: 'exec', argv: p.rest, why: 'ionice runs the command at another I/O priority', keepStdin: true } : read('ionice prints a priority');
}

function firstOperandThenCommand(name: string, args: readonly Arg[], spec: OptSpec, pidFlags: string[]): Verdict {
  const p = parseOpts(args, { ...spec, stopAtOperand: true });
  if (has(p, ...pidFlags)) return unknown(`${name} -p changes another process`);
  if (p.rest.length <= 1) return read(`${name} with no command`);
  return { kind: 'exec', argv: p.rest.slice(1), why: `${name} runs the command`, keepStdin: true };
}

function flock(args: readonly Arg[]): Verdict {
  const p = parseOpts(args, { stopAtOperand: true, shortWithValue: 'wEc', longWithValue: ['timeout', 'conflict-exit-code', 'command'] });
  const lock = p.rest[0];
  const lockWrite = lock && !/^\d+$/.test(lock.value ?? '') ? [write('flock creates its lock file', [lock])] : [];
  const cmd = value(p, '-c', '--command');
  if (cmd !== undefined) {
    if (cmd === null) return unknown('flock -c with a command only known at run time');
    return { kind: 'many', verdicts: [...lockWrite, { kind: 'shell', source: cmd, why: 'flock -c runs a shell command' }] };
  }
  const rest = p.rest.slice(1);
  const idx = rest.findIndex((a) => a.value === '-c' || a.value === '--command');
  if (idx !== -1) {
    const src = rest[idx + 1]?.value;
    if (!src) return unknown('flock -c with a command only known at run time');
    return { kind: 'many', verdicts: [...lockWrite, { kind: 'shell', source: src, why: 'flock -c runs a shell command' }] };
  }
  if (rest.length === 0) return lockWrite[0] ?? read('flock on a file descriptor');
  return { kind: 'many', verdicts: [...lockWrite, { kind: 'exec', argv: rest, why: 'flock runs the command holding a lock', keepStdin: true }] };
}

function timeProgram(args: readonly Arg[]): Verdict {
  const p = parseOpts(args, { stopAtOperand: true, shortWithValue: 'of', longWithValue: ['output', 'format'] });
  const out = value(p, '-o', '--output');
  const verdicts: Verdict[] = [];
  if (out !== undefined) verdicts.push(write('time -o writes its report', [out === null ? RUNTIME_ARG : literalArg(out)], { writesContent: true }));
  verdicts.push(execRest(p.rest, 'time runs the command and measures it'));
  return verdicts.length === 1 ? verdicts[0]! : { kind: 'many', verdicts };
}

function strace(name: string, args: readonly Arg[]): Verdict {
  const p = parseOpts(args, { stopAtOperand: true, shortWithValue: 'oepsuEIaXbPS', longWithValue: ['output', 'expr', 'attach', 'string-limit', 'user', 'env'] });
  if (has(p, '-p', '--attach')) return unknown(`${name} -p attaches to another process`);
  const out = value(p, '-o', '--output');
  const verdicts: Verdict[] = [];
  // -ff / --output-separately write FILE.PID, one per process
  const perProcess = (p.flags.get('-f')?.length ?? 0) >= 2 || has(p, '--output-separately');
  if (out !== undefined) verdicts.push(write(`${name} -o writes a trace`, [out === null || perProcess ? RUNTIME_ARG : literalArg(out)], { writesContent: true }));
  verdicts.push(execRest(p.rest, `${name} runs the command under a tracer`));
  return verdicts.length === 1 ? verdicts[0]! : { kind: 'many', verdicts };
}

/**
 * xargs's own options (GNU and BSD); its command starts at the first operand. The floor reads
 * them too (hazards.ts), and the option-completeness test holds them against xargs's --help.
 */
export const XARGS_TABLE: ProgramTable = {
  stopAtOperand: true,
  options:
    '-0 --null -a= --arg-file= -d= --delimiter= -E= -e[=] --eof[=] -I= -i[=] --replace[=] -L= -l[=] --max-lines[=] -n= --max-args= -o --open-tty -P= --max-procs= -p --interactive -r --no-run-if-empty -s= --max-chars= --show-limits -t --verbose -x --exit --process-slot-var= -J= -R= -S=',
};

const C_ESCAPES: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };

/**
 * The one character GNU xargs -d splits on: a character, a C escape (`\n`), an octal (`\0`, `\012`)
 * or hex (`\x0a`) code. null: only known at run time, or a value xargs refuses (it then runs nothing).
 */
function delimiterOf(v: string | null | undefined): string | null {
  if (v === null || v === undefined) return null;
  if (v.length === 1) return v;
  const c = /^\\(?:([abfnrtv\\])|([0-7]{1,3})|x([0-9a-fA-F]{1,2}))$/.exec(v);
  if (!c) return null;
  if (c[1]) return C_ESCAPES[c[1]]!;
  return String.fromCharCode(c[2] ? parseInt(c[2], 8) : parseInt(c[3]!, 16));
}

function xargs(args: readonly Arg[]): Verdict {
  const p = parseTable(args, XARGS_TABLE, 'xargs');
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  const rest = p.operands;
  // BSD -J %: the input replaces the % word; GNU -I R / -i[R] / --replace[=R]: R anywhere in a word
  const replaceValue = value(p, '-I', '-J') ?? value(p, '-i', '--replace');
  const replace = replaceValue === undefined ? undefined : replaceValue === null ? (has(p, '-I', '-J') ? null : '{}') : replaceValue;
  if (rest.length === 0) return read('xargs with no command echoes its input');
  if (replace === null) return unknown('xargs: the replacement string is only known at run time');
  // the input decides the arguments: replacement strings and appended words are run-time values
  const argv = rest.map((a, i) => (i > 0 && replace && (a.value === null || a.value.includes(replace)) ? { ...a, value: null } : a));
  const exec: Verdict = { kind: 'exec', argv, why: 'xargs runs the command with arguments read from its input', runtimeArgs: !replace };
  if (!replace && !has(p, '-a', '--arg-file')) {
    // -0 and -d split the input on one character, quotes and all: `echo 'rm -rf ~' | xargs -d '\n' sh -c`
    // hands the whole line to the shell as its code
    const delimiter = has(p, '-0', '--null') ? '\0' : has(p, '-d', '--delimiter') ? delimiterOf(value(p, '-d', '--delimiter')) : undefined;
    if (delimiter !== null) exec.stdinWords = true;
    if (typeof delimiter === 'string') exec.stdinDelimiter = delimiter;
  }
  // one line at a time, each one put in place of the replacement string: known when the input is
  if (replace && !has(p, '-a', '--arg-file', '-0', '--null', '-d', '--delimiter', '-E', '-e', '--eof')) exec.stdinLines = { replace, template: [...rest] };
  return exec;
}

/**
 * GNU parallel's options: the ones that write files (--joblog, --results, --files), send work
 * to other machines (-S) or read commands from elsewhere are classified; an unlisted one is unknown.
 */
export const PARALLEL_TABLE: ProgramTable = {
  stopAtOperand: true,
  options:
    '-j= --jobs= -P= --max-procs= -k --keep-order -v --verbose -t -q --quote -n= --max-args= -N= --max-replace-args= -L= --max-lines= -l[=] -X --xargs -m -0 --null -d= --delimiter= -E= --eof= -a= --arg-file= -C= --colsep= --trim= --header= --tag --tagstring= --line-buffer --lb --group --ungroup -u --halt= --halt-on-error= --timeout= --retries= --delay= --load= --memfree= --noswap --eta --progress --bar --dry-run --dryrun --no-notice --will-cite --citation --nice= --shuf --shellquote --env= --plain --rpl= --plus --keep-going --round-robin --round --block= --block-size= --recstart= --recend= --regexp --pipe --pipepart --cat --fifo --group-by= --null --i -i[=] -I= --replace[=] -s= --max-chars= --no-run-if-empty -r --show-limits --jobs-from-file= -h --help --version -V --number-of-cpus --number-of-cores --number-of-threads --number-of-sockets --joblog=W --results=W --res=W --files!W --files0!W --output-as-files!W --tmpdir=W --tempdir=W --compress!U --compress-program=X --decompress-program=X --sshlogin=U -S=U --sshloginfile=U --slf=U --transferfile=U --transfer!U --return=U --cleanup!U --basefile=U --bf=U --workdir=U --wd=U --controlmaster!U --semaphore!U --sem!U --fg!U --bg!U --resume!U --resume-failed!U --retry-failed!U --shebang!U --shebang-wrap!U --tmux!U --tmuxpane!U --record-env!U --session!U --embed!U --filter=U --ctag!U --ctagstring=U --template=U --tmpl=U',
};

const MAX_PARALLEL_JOBS = 16;

/**
 * One job of `parallel CMD ::: VALUE`: the replacement strings whose meaning is fixed put in
 * (`{}` `{1}` the value, `{.}` without its extension, `{/}` its base name, `{//}` its folder,
 * `{/.}` both), the value appended when the command has none. Null for any other `{…}`.
 */
function parallelJob(cmd: readonly Arg[], value: string): Arg[] | null {
  const base = value.replace(/\/+$/, '').split('/').pop() ?? value;
  const noExt = (x: string) => x.replace(/\.[^./]*$/, '');
  const dir = value.includes('/') ? value.replace(/\/[^/]*$/, '') || '/' : '.';
  const put: Record<string, string> = { '{}': value, '{1}': value, '{.}': noExt(value), '{/}': base, '{//}': dir, '{/.}': noExt(base) };
  let used = false;
  const out: Arg[] = [];
  for (const a of cmd) {
    if (a.value === null || !/\{[^}]*\}/.test(a.value)) {
      out.push(a);
      continue;
    }
    let bad = false;
    const v = a.value.replace(/\{[^}]*\}/g, (m) => {
      const r = put[m];
      if (r === undefined) bad = true;
      used = true;
      return r ?? m;
    });
    if (bad) return null;
    out.push(literalArg(v));
  }
  if (!used) out.push(literalArg(value));
  return out;
}

function parallel(args: readonly Arg[]): Verdict {
  const p = parseTable(args, PARALLEL_TABLE, 'parallel');
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  if (p.execs.length) return unknown(p.execs[0]!);
  const rest = p.operands;
  const sep = rest.findIndex((a) => a.value !== null && /^:::+\+?$/.test(a.value));
  const cmd = sep === -1 ? rest : rest.slice(0, sep);
  // --dry-run prints each command instead of running it
  if (has(p, '--dry-run', '--dryrun') && !p.writes.length && !p.targets.length) return read('parallel --dry-run prints the commands it would run');
  if (cmd.length === 0) return unknown('parallel runs input lines as commands');
  const argv = cmd.map((a) => (a.value !== null && /\{[^}]*\}/.test(a.value) ? { ...a, value: null } : a));
  const listed = sep === -1 ? null : rest.slice(sep + 1);
  // one `:::` list written out: each job is the command with its value put in (or appended);
  // a value repeated makes the same job again, so only the distinct ones count against the cap
  const values = listed && listed.every((v) => v.value !== null) ? [...new Set(listed.map((v) => v.value!))] : null;
  const jobs = values && values.length > 0 && values.length <= MAX_PARALLEL_JOBS && values.every((v) => !/^:::/.test(v)) ? values.map((v) => parallelJob(cmd, v)) : null;
  // with a replacement string in the command the input goes there and is not appended
  const replaced = cmd.some((a) => a.value !== null && /\{(?:\d+(?:\.|\/|\/\/|\/\.)?|\.|\/|\/\/|\/\.|#|%|=[^}]*=)?\}/.test(a.value));
  // parallel hands each job's line to a shell: a command word holding blanks or shell syntax is code there
  const code = /[\s;&|<>()$`'"\\]/.test(cmd[0]!.value ?? '') && cmd.every((a) => a.value !== null) && !has(p, '-q', '--quote');
  const each = 'parallel runs the command for each value';
  let run: Verdict;
  if (jobs && jobs.every((j) => j !== null) && (!code || values!.every((v) => /^[\w./:=@%+,-]*$/.test(v)))) {
    run = { kind: 'many', verdicts: jobs.map((j) => (code ? { kind: 'shell' as const, source: j!.map((a) => a.value).join(' '), why: each } : { kind: 'exec' as const, argv: j!, why: each })) };
  } else if (code) {
    const source = cmd.map((a) => a.value!.replace(/\{[^}]*\}/g, '"$_"')).join(' ') + (replaced ? '' : ' "$_"');
    run = { kind: 'many', verdicts: [unknown('parallel runs its command line with each input put in'), { kind: 'shell', source, why: 'parallel runs the command line for each input' }] };
  } else run = { kind: 'exec', argv, why: 'parallel runs the command for each input', runtimeArgs: !replaced };
  if (p.writes.length || p.targets.length) return { kind: 'many', verdicts: [write(p.writes[0] ?? 'parallel writes its job log or results', p.writes.length ? undefined : p.targets, { writesContent: true }), run] };
  return run;
}

function watch(args: readonly Arg[]): Verdict {
  const p = parseOpts(args, { stopAtOperand: true, shortWithValue: 'nq', longWithValue: ['interval', 'equexit'] });
  if (p.rest.length === 0) return read('watch with no command');
  if (has(p, '-x', '--exec')) return { kind: 'exec', argv: p.rest, why: 'watch -x runs the command repeatedly' };
  if (p.rest[0]!.value === null) return unknown('watch runs a command only known at run time');
  const run: Verdict = { kind: 'shell', source: p.rest.map((a) => a.value ?? '"$_"').join(' '), why: 'watch runs the words through sh -c repeatedly' };
  // words only known at run time (xargs' input): the code is unknown, but what its known words run still counts
  return p.rest.some((a) => a.value === null) ? { kind: 'many', verdicts: [unknown('watch runs a command only known at run time'), run] } : run;
}

/** GNU and BSD find expressions that only test, print or steer the walk (the rest are handled above) */
export const FIND_WITH_VALUE = new Set([
  '-amin', '-anewer', '-atime', '-cmin', '-cnewer', '-context', '-ctime', '-fstype', '-gid', '-group', '-ilname', '-iname', '-inum', '-ipath', '-iregex', '-iwholename', '-links', '-lname', '-mmin', '-mtime', '-name', '-newer', '-path', '-perm', '-regex', '-samefile', '-size', '-type', '-uid', '-used', '-user', '-wholename', '-xtype', '-maxdepth', '-mindepth', '-regextype', '-files0-from', '-printf', '-Bmin', '-Btime', '-Bnewer', '-flags',
]);
const FIND_FLAGS = new Set([
  '-empty', '-executable', '-false', '-true', '-nogroup', '-nouser', '-readable', '-writable', '-d', '-depth', '-ignore_readdir_race', '-noignore_readdir_race', '-mount', '-xdev', '-noleaf', '-warn', '-nowarn', '-daystart', '-follow', '-help', '--help', '-version', '--version', '-ls', '-print', '-print0', '-prune', '-quit', '(', ')', '!', '-not', '-a', '-and', '-o', '-or', ',', '-s', '-x', '-E', '-X',
]);

export const FIND_NAME_TESTS = new Set(['-name', '-iname', '-path', '-ipath', '-wholename', '-iwholename', '-regex', '-iregex', '-lname', '-ilname']);

/**
 * What a repository keeps below `.git` (its hooks are code, its objects and refs the history):
 * find walks into `.git` like any folder, so a name test that picks one of these picks it there.
 */
const GIT_METADATA = ['.git', 'HEAD', 'config', 'index', 'hooks', 'objects', 'refs', 'logs', 'info', 'packed-refs', 'modules', 'worktrees', 'description', 'ORIG_HEAD', 'FETCH_HEAD', 'COMMIT_EDITMSG'];
const GIT_HOOKS = ['applypatch-msg', 'pre-applypatch', 'post-applypatch', 'pre-commit', 'pre-merge-commit', 'prepare-commit-msg', 'commit-msg', 'post-commit', 'pre-rebase', 'post-checkout', 'post-merge', 'pre-push', 'pre-receive', 'update', 'post-receive', 'post-update', 'reference-transaction', 'push-to-checkout', 'post-rewrite', 'sendemail-validate', 'fsmonitor-watchman', 'pre-auto-gc'];

/** A find pattern as a RegExp: `*` and `?` match any character (a `/` too in a -path test), `[…]` a class. */
function findPattern(pattern: string, wholePath: boolean, ci: boolean): RegExp | null {
  let src = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*') src += wholePath ? '.*' : '[^/]*';
    else if (c === '?') src += wholePath ? '.' : '[^/]';
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end === -1) return null;
      src += '[' + pattern.slice(i + 1, end).replace(/^!/, '^').replace(/\\/g, '\\\\') + ']';
      i = end;
    } else src += c.replace(/[.+^${}()|\\\/]/g, '\\$&');
  }
  try {
    return new RegExp(`^${src}$`, ci ? 'i' : '');
  } catch {
    return null;
  }
}

/**
 * `find . -name hooks -execdir rm -rf {} +`: the entries of each root's `.git` its name and path
 * tests pick, as delete targets. None when the expression names `.git` to leave it out (`-prune`,
 * `-not -path './.git/*'`), or a test's pattern is only known at run time.
 */
function gitMetadataTargets(args: readonly Arg[], roots: readonly Arg[]): Arg[] {
  if (args.some((a) => a.value !== null && a.value.includes('.git') && !FIND_NAME_TESTS.has(a.value)) && args.some((a) => a.value === '-prune' || a.value === '-not' || a.value === '!')) return [];
  const tests: { re: RegExp; path: boolean }[] = [];
  for (let k = 0; k < args.length; k++) {
    const t = args[k]!.value;
    if (t === null || !FIND_NAME_TESTS.has(t) || /regex|lname/.test(t)) continue;
    const pat = args[k + 1]?.value;
    if (pat === null || pat === undefined) return [];
    const path = /path|wholename/.test(t);
    const re = findPattern(pat, path, t.includes('-i'));
    if (re) tests.push({ re, path });
  }
  const out: Arg[] = [];
  for (const r of roots) {
    if (r.value === null) continue;
    const root = r.value.replace(/\/+$/, '') || '/';
    const entries = [...GIT_METADATA.map((m) => (m === '.git' ? '.git' : `.git/${m}`)), ...GIT_HOOKS.map((h) => `.git/hooks/${h}`)];
    for (const e of entries) {
      const full = `${root}/${e}`;
      const base = e.slice(e.lastIndexOf('/') + 1);
      if (tests.some((t) => t.re.test(t.path ? full : base))) out.push(literalArg(full));
      if (out.length >= 8) return out;
    }
  }
  return out;
}

/** find's tests whose value does not narrow what matches (depth, the regex dialect, a format). */
const FIND_WIDE = new Set(['-type', '-xtype', '-maxdepth', '-mindepth', '-regextype', '-printf']);

/**
 * What find yields from its expression (the words after the roots): without a test that picks by
 * name, time or size (or `-empty`, which picks only what holds nothing), everything below its
 * roots and the roots themselves. `-type` and `-mindepth` leave that whole: every file, or all
 * below the start point, is still all of it.
 */
export function findMatches(args: readonly Arg[], expr: number, roots: readonly Arg[]): FindMatches {
  let every = true;
  for (let i = expr; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) continue;
    if (FIND_NAME_TESTS.has(v)) {
      const pat = args[i + 1]?.value;
      if (pat !== null && pat !== undefined && !/^[*.?/]*$/.test(pat.replace(/\.\*/g, '*'))) every = false;
      i++;
    } else if (FIND_WITH_VALUE.has(v) || /^-newer[aBcmt][aBcmt]$/.test(v)) {
      // a test's value is not an action (`-inum -delete` tests an inode number)
      if (!FIND_WIDE.has(v)) every = false;
      i++;
    } else if (v === '-fprint' || v === '-fprint0' || v === '-fls') i++;
    else if (v === '-fprintf') i += 2;
    else if (v === '-empty') every = false;
    else if (v === '-exec' || v === '-execdir' || v === '-ok' || v === '-okdir') {
      while (i + 1 < args.length && args[i + 1]!.value !== ';' && args[i + 1]!.value !== '+') i++;
      i++;
    }
  }
  const follows = args.some((a) => a.value === '-L' || a.value === '-follow');
  return { roots, every, git: every ? [] : gitMetadataTargets(args, roots), follows };
}

/** The search roots when every one is known before run time. */
function staticRoots(roots: readonly Arg[]): readonly Arg[] | undefined {
  return roots.every((r) => r.value !== null && !r.glob) ? roots : undefined;
}

/**
 * An -exec, -execdir, -ok or -okdir with no `;` (nor a `+` right after `{}`) to end it: find
 * reads its whole expression first and stops with an error, running nothing. Only when every word
 * after it is known, and no -fprint file is opened on the way.
 */
export function findExecUnterminated(expr: readonly Arg[]): boolean {
  // GNU find opens (and empties) an -fprint file while it reads the expression, before it fails
  if (expr.some((a) => a.value === '-fprint' || a.value === '-fprint0' || a.value === '-fprintf' || a.value === '-fls')) return false;
  const at = expr.findIndex((a) => a.value === '-exec' || a.value === '-execdir' || a.value === '-ok' || a.value === '-okdir');
  if (at === -1) return false;
  // a word printed by `$(printf rm)` is that word; any other run-time word may be the `;`
  const rest = expr.slice(at + 1).map((a) => a.value ?? printedWord(a.text));
  if (rest.some((w) => w === null)) return false;
  for (let j = 0; j < rest.length; j++) {
    const w = rest[j];
    if (w === ';' || (w === '+' && j > 0 && rest[j - 1] === '{}')) return findExecUnterminated(expr.slice(at + 1 + j + 1));
  }
  return true;
}

function findCmd(args: readonly Arg[]): Verdict {
  // operands before the first expression token are the search roots
  let i = 0;
  const roots: Arg[] = [];
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === '-H' || v === '-L' || v === '-P' || v === '-O' || /^-D$/.test(v ?? '')) {
      if (v === '-D') i++;
      continue;
    }
    if (v === null && mayBeOption(args[i]!)) return unknown(`find ${args[i]!.text}: a word only known at run time could be an expression or action (-delete, -exec)`);
    if (v !== null && (v.startsWith('-') || v === '(' || v === '!' || v === ',')) break;
    roots.push(args[i]!);
  }
  if (roots.length === 0) roots.push(literalArg('.'));
  if (findExecUnterminated(args.slice(i))) return read('find refuses an -exec with no `;` or `+` before it runs anything');
  const found = findMatches(args, i, roots);
  const verdicts: Verdict[] = [];
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) {
      if (mayBeOption(args[i]!)) return unknown(`find ${args[i]!.text}: a word only known at run time could be an action (-delete, -exec)`);
      continue;
    }
    if (v === '-exec' || v === '-execdir' || v === '-ok' || v === '-okdir') {
      const cmd: Arg[] = [];
      // `{}` alone names a match: something at or below a search root (with -execdir it is
      // written from the match's own folder, which the word cannot place)
      const below = v === '-exec' || v === '-ok' ? staticRoots(roots) : undefined;
      let j = i + 1;
      for (; j < args.length; j++) {
        const w = args[j]!.value;
        if (w === ';' || w === '+') break;
        if (w === '{}') cmd.push({ ...args[j]!, value: null, found, ...(below ? { below } : {}) });
        else cmd.push(w !== null && w.includes('{}') ? { ...args[j]!, value: null } : args[j]!);
      }
      i = j;
      if (cmd.length === 0) continue;
      verdicts.push({
        kind: 'exec',
        argv: cmd,
        why: `find ${v} runs the command on each match`,
        cwd: v.endsWith('dir') ? RUNTIME_ARG : undefined,
      });
    } else if (v === '-delete') {
      verdicts.push(write('find -delete removes matches under its search roots', roots));
    } else if (v === '-fprint' || v === '-fprint0' || v === '-fls' || v === '-fprintf') {
      const f = args[i + 1];
      if (!(f && f.value !== null && isNullDevice(f.value))) verdicts.push(write(`find ${v} writes a file`, f ? [f] : undefined, { writesContent: true }));
      i += v === '-fprintf' ? 2 : 1;
    } else if (FIND_WITH_VALUE.has(v) || /^-newer[aBcmt][aBcmt]$/.test(v)) {
      i++;
    } else if (!FIND_FLAGS.has(v)) {
      // an expression word find does not have fails; one this table lacks may be a new action
      verdicts.push(unknown(`find ${v}: not an expression this guard's table lists`));
    }
  }
  if (verdicts.length === 0) return read('find only searches');
  return { kind: 'many', verdicts };
}

/**
 * fd/fdfind -x/-X (--exec, --exec-batch) run a command on the matches; the flags may sit in a
 * cluster (`-Hx`, `-tf -X`). Without them fd is a table read (read-tables.ts).
 */
function fd(args: readonly Arg[]): Verdict | null {
  const rules = tableOptions(READ_TABLES.fd!);
  const valueLetters = new Set(rules.filter((r) => /^-[^-]$/.test(r.name) && r.arity === 1).map((r) => r.name[1]!));
  let at = -1;
  let first: Arg | null = null;
  for (let i = 0; i < args.length && at === -1; i++) {
    const v = args[i]!.value;
    if (v === null || v === '--') break;
    if (v === '--exec' || v === '--exec-batch') at = i;
    else if (v.startsWith('--exec=') || v.startsWith('--exec-batch=')) {
      at = i;
      first = literalArg(v.slice(v.indexOf('=') + 1));
    } else if (/^-[^-]/.test(v)) {
      for (let j = 1; j < v.length; j++) {
        const c = v[j]!;
        if (c === 'x' || c === 'X') {
          at = i;
          if (j + 1 < v.length) first = literalArg(v.slice(j + 1));
          break;
        }
        if (valueLetters.has(c)) {
          if (j + 1 === v.length) i++;
          break;
        }
      }
    } else if (v.startsWith('--') && !v.includes('=') && rules.some((r) => r.name === v && r.arity === 1)) i++;
  }
  if (at === -1) return null;
  const cmd = [...(first ? [first] : []), ...args.slice(at + 1)];
  const end = cmd.findIndex((a) => a.value === ';');
  const argv = (end === -1 ? cmd : cmd.slice(0, end)).map((a) => (a.value === null || /\{[^}]*\}/.test(a.value) ? { ...a, value: null } : a));
  if (argv.length === 0) return unknown('fd --exec without a command');
  return { kind: 'exec', argv, why: 'fd --exec runs the command on each match', runtimeArgs: true };
}

/** Wrappers that take their options, then run the command as it is */
const PLAIN_WRAPPERS = new Set('unbuffer caffeinate chronic systemd-inhibit dbus-launch catchsegv winpty'.split(' '));
/** Wrappers that run the command in another root or namespace */
const OTHER_ROOTS = new Set('chroot nsenter unshare firejail bwrap proot fakeroot fakechroot'.split(' '));

export function classifyWrapper(name: string, args: readonly Arg[], _ctx: ProgramContext): Verdict | null {
  switch (name) {
    case 'sudo':
      return sudo(args);
    case 'sudoedit':
      return write('sudoedit edits files', args.filter((a) => a.value === null || !a.value.startsWith('-')), { writesContent: true });
    case 'doas': {
      const p = parseOpts(args, { stopAtOperand: true, shortWithValue: 'uC' });
      if (has(p, '-C')) return read('doas -C checks a config');
      if (p.rest.length === 0) return has(p, '-s') ? unknown('doas -s starts an interactive shell') : read('doas with no command');
      return { kind: 'exec', argv: p.rest, why: 'doas runs the command as another user', keepStdin: true };
    }
    case 'env':
      return env(args);
    case 'command': {
      const p = parseOpts(args, { stopAtOperand: true });
      if (has(p, '-v', '-V')) return read('command -v looks a name up');
      return execRest(p.rest, 'command runs the named program');
    }
    case 'builtin':
      return execRest([...args], 'builtin runs the named builtin');
    case 'exec': {
      const p = parseOpts(args, { stopAtOperand: true, shortWithValue: 'a' });
      if (p.rest.length === 0) return read('exec with only redirections');
      return { kind: 'exec', argv: p.rest, why: 'exec replaces the shell with the command', keepStdin: true };
    }
    case 'nohup':
      return execRest(args[0]?.value === '--' ? args.slice(1) : [...args], 'nohup runs the command detached from the terminal');
    case 'nice':
      return nice(args);
    case 'time':
      return timeProgram(args);
    case 'timeout':
      return timeout(args);
    case 'stdbuf':
      return stdbuf(args);
    case 'ionice':
      return ionice(args);
    case 'setsid':
      return simple('setsid', args, {});
    case 'taskset':
      return firstOperandThenCommand('taskset', args, {}, ['-p', '--pid']);
    case 'chrt':
      return firstOperandThenCommand('chrt', args, { shortWithValue: 'T', longWithValue: ['sched-runtime', 'sched-period', 'sched-deadline'] }, ['-p', '--pid']);
    case 'flock':
      return flock(args);
    case 'strace':
    case 'ltrace':
      return strace(name, args);
    case 'xargs':
      return xargs(args);
    case 'parallel':
    case 'env_parallel':
      return parallel(args);
    case 'watch':
      return watch(args);
    case 'find':
      return findCmd(args);
    case 'fd':
    case 'fdfind':
      return fd(args);
    case 'busybox':
    case 'toybox':
      if (args.length === 0 || args[0]!.value === '--list' || args[0]!.value === '--help') return read(`${name} lists applets`);
      return { kind: 'exec', argv: [...args], why: `${name} runs an applet`, keepStdin: true };
  }
  if (PLAIN_WRAPPERS.has(name)) return simple(name, args, { shortWithValue: name === 'caffeinate' ? 'tw' : '' });
  return OTHER_ROOTS.has(name) ? unknown(`${name} runs the command in another root or namespace; its paths cannot be placed`) : null;
}
