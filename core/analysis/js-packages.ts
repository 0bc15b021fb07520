/**
 * npm, pnpm, yarn and bun, and the runners that fetch and run a package's binary (npx, bunx,
 * pnpm dlx): restoring the declared dependencies writes, naming new packages carries dependency
 * intent, running project scripts is unknown, and the printing subcommands read by their table.
 */
import { firstSubcommand, PACKAGE_GRAMMARS, valueOptionTable } from './package-options';
import { has, parseOpts, parseTable, type ProgramTable } from './table';
import { onlyInfo, packageSpecs } from './tool-words';
import { read, unknown, write, type Leaf, type ProgramContext, type Verdict } from './verdict';
import { literalArg, type Arg } from './words';

/** npm's spellings of install (its own shortenings and the misspellings it takes) */
const NPM_INSTALLS = new Set('install i in ins inst insta instal isnt isntal isntall'.split(' '));
/** commands that change installed packages or the manifest */
const NPM_CHANGES = new Set('ci clean-install install-clean sync rebuild dedupe ddp prune update up upgrade uninstall remove rm r un unlink link ln import patch patch-commit'.split(' '));
/** commands that only print (audit fix apart) */
const NPM_READS = new Set('ls list ll la view v info show outdated search s find help whoami root bin prefix explain why query ping licenses fund docs home repo bugs audit sbom'.split(' '));
/** commands that change what the registry holds or the login to it */
const NPM_REGISTRY = new Set('publish deprecate unpublish dist-tag owner access token login logout adduser'.split(' '));

export function npmish(tool: string, args: readonly Arg[], ctx: ProgramContext): Verdict {
  // each of npm, pnpm, yarn and bun has its own options: pnpm's -w is a flag, npm's takes a workspace name
  const grammar = PACKAGE_GRAMMARS[tool]!;
  const first = firstSubcommand(grammar, args);
  const t = tool;
  if (!first) {
    if (onlyInfo(args)) return read(`${t} prints information`);
    if (tool === 'yarn') return write(`${t} installs the declared dependencies`);
    // options and no command: bun -e/-p run code, others print usage; only a bare call is known to print
    return args.length === 0 ? read(`${t} with no command prints usage`) : unknown(`${t} ${args[0]!.text}: options without a command this guard knows`);
  }
  if (first.arg.value === null) return unknown(`${t}: the command is only known at run time`);
  const cmd = first.arg.value;
  const rest = args.slice(first.index + 1);
  const p = parseTable(rest, valueOptionTable(grammar), tool);
  const adds = (why: string): Leaf =>
    packageSpecs(p).length > 0 ? write(`${t} ${cmd} adds packages: ${why}`, undefined, { dep: true }) : write(`${t} ${cmd} installs the declared dependencies`);
  if (NPM_INSTALLS.has(cmd)) return adds('named packages are new dependencies');
  if (cmd === 'create' || cmd === 'init') return p.operands.length > 0 ? unknown(`${t} ${cmd} <initializer> runs a package's code`) : write(`${t} ${cmd} writes a manifest`);
  if (NPM_CHANGES.has(cmd)) return write(`${t} ${cmd} changes installed packages or the manifest`);
  if (NPM_REGISTRY.has(cmd)) return unknown(`${t} ${cmd} changes the registry`);
  if (NPM_READS.has(cmd)) {
    if (cmd === 'audit' && rest.some((a) => a.value === 'fix')) return write(`${t} audit fix changes dependencies`);
    return npmRead(t, cmd, [...args.slice(0, first.index), ...rest]);
  }
  switch (cmd) {
    case 'add':
    case 'a':
      return packageSpecs(p).length > 0 ? write(`${t} add adds packages`, undefined, { dep: true }) : write(`${t} add with no package`);
    case 'global':
      if (rest[0]?.value === 'add') return write(`${t} global add installs packages`, undefined, { dep: true });
      return rest[0]?.value === 'list' ? npmRead(t, 'global list', rest.slice(1)) : write(`${t} global changes global packages`);
    case 'cache': {
      // verify garbage-collects the cache; add/clean/rm change it
      const op = rest[0]?.value;
      return op === 'ls' || op === 'list' ? npmRead(t, `${cmd} ${op}`, [...args.slice(0, first.index), ...rest.slice(1)]) : write(`${t} cache ${op ?? ''} changes the cache`);
    }
    case 'pkg': {
      const op = rest[0]?.value;
      if (op === 'get') return npmRead(t, 'pkg get', [...args.slice(0, first.index), ...rest.slice(1)]);
      return write(`${t} pkg ${op ?? ''} edits package.json`, [literalArg('package.json')], { writesContent: true });
    }
    case 'config':
    case 'c': {
      const op = rest[0]?.value;
      if (op === 'get' || op === 'list' || op === 'ls') return npmRead(t, `config ${op}`, [...args.slice(0, first.index), ...rest.slice(1)]);
      return op === undefined ? read(`${t} config prints usage`) : write(`${t} config changes settings`);
    }
    case 'version':
      // npm/pnpm print versions without an operand; yarn 1 asks for the new version and writes it
      if (tool === 'yarn') return p.operands.length === 0 && rest.length === 0 ? unknown('yarn version asks for a new version and writes it') : write('yarn version writes a new version');
      if (p.operands.length === 0) return npmRead(t, cmd, [...args.slice(0, first.index), ...rest]);
      return write(`${t} version writes a new version`, [literalArg('package.json')], { writesContent: true });
    case 'pm': {
      // bun pm: ls, hash, bin, untrusted and cache (printing its folder) read; cache rm, trust, migrate change things
      const op = rest[0]?.value;
      const reads = op === 'ls' || op === 'hash' || op === 'hash-string' || op === 'hash-print' || op === 'bin' || op === 'untrusted' || op === 'version' || (op === 'cache' && rest.length === 1);
      if (!reads) return unknown(`${t} pm ${op ?? ''} changes packages, the cache or trust`);
      return npmRead(t, `pm ${op}`, [...args.slice(0, first.index), ...rest.slice(1)]);
    }
    case 'doctor':
      return write(`${t} doctor verifies (and garbage-collects) the cache`);
    case 'pack':
      // pack runs the prepack/prepare/postpack scripts even in a dry run, unless --ignore-scripts, and
      // stores the packed tarball in npm's cache (~/.npm/_cacache) even then (measured, npm 11)
      if (npmBoolean(rest, 'dry-run')) return npmBoolean(rest, 'ignore-scripts') ? write(`${t} pack --dry-run stores the tarball in the package manager's cache`) : unknown(`${t} pack --dry-run still runs the package's prepack and prepare scripts`);
      return write(`${t} pack writes a tarball`);
    case 'exec':
    case 'x':
    case 'dlx': {
      // npm exec -- tool args | pnpm dlx tool args | yarn dlx tool args
      const inner = parseOpts(rest, { stopAtOperand: true, shortWithValue: 'pc', longWithValue: ['package', 'call'] });
      const call = inner.flags.get('-c') ?? inner.flags.get('--call');
      if (call) {
        const src = call[call.length - 1];
        return src ? { kind: 'shell', source: src, why: `${t} ${cmd} -c runs a shell command` } : unknown(`${t} ${cmd} -c with a run-time command`);
      }
      if (!inner.rest.length) return unknown(`${t} ${cmd} without a command`);
      if (has(inner, '-p', '--package') || args.slice(0, first.index).some((a) => a.value === null || /^--package(=|$)/.test(a.value))) return unknown(`${t} ${cmd} --package installs a package whose binaries can be any program`);
      return { kind: 'exec', argv: binOf(inner.rest), why: `${t} ${cmd} runs a package binary`, keepStdin: true };
    }
    default:
      // run, run-script, test, start, stop, restart, t, tst, or a package.json script name (yarn/pnpm/bun)
      if (tool === 'bun' && cmd.includes('.')) return unknown(`${t} ${cmd} runs a script file`);
      void ctx;
      return unknown(`${t} ${cmd} runs project scripts (package.json can make them do anything)`);
  }
}

/**
 * A boolean npm option after every spelling of it: `--x`, `--x true|false` (npm reads the word
 * after a boolean when it is true or false), `--x=false`, `--no-x`; the last one given wins.
 */
function npmBoolean(args: readonly Arg[], name: string): boolean {
  let on = false;
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === `--no-${name}`) on = false;
    else if (v === `--${name}`) {
      const next = args[i + 1]?.value;
      on = next !== 'false';
      if (next === 'true' || next === 'false') i++;
    } else if (v !== null && v.startsWith(`--${name}=`)) on = !/^(false|0|)$/.test(v.slice(name.length + 3));
  }
  return on;
}

/**
 * The options the npm/pnpm/yarn/bun read commands take (display, filtering, registry and workspace
 * selection). --browser names a program npm docs/home/repo/bugs/fund/help start; --cache and
 * --logs-dir point the cache and logs elsewhere. An option not listed is unknown.
 */
const NPM_READ_TABLE: ProgramTable = {
  gitStyle: true,
  options:
    '--json --long -l --parseable -p --all -a --depth= --global -g --omit= --include= --link --package-lock-only --workspace= -w= --workspaces -ws --include-workspace-root --prefix= -C= --dir= --cwd= --filter= -F= -r --recursive --registry= --scope= --loglevel= --silent -s --quiet -q --verbose -d --color= --unicode --location= -L= --userconfig= --globalconfig= --offline --prefer-offline --prefer-online --production --prod --dev -D --optional --peer --only= --before= --tag= --audit-level= --expect-results --expect-result-count= --which= --fund --audit --dry-run --sbom-format= --sbom-type= --package-lock --ignore-scripts --update-notifier --logs-max= --heading= --usage -h --help --reporter= --progress --yes -y --depth --frozen-lockfile --lockfile-only --recursive --no-color --format= --summary --omit-lockfile-deps --strict-ssl --ca= --cafile= --cert= --key= --proxy= --https-proxy= --noproxy= --fetch-retries= --fetch-timeout= --registry-url= --long-format --all-versions ' +
    '--browser=X --viewer=U --cache=U --logs-dir=U --foreground-scripts!U --script-shell=X --node-options=U',
};

function npmRead(tool: string, cmd: string, args: readonly Arg[]): Leaf {
  const p = parseTable(args, NPM_READ_TABLE, `${tool} ${cmd}`);
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  if (p.execs.length) return unknown(p.execs[0]!);
  return read(`${tool} ${cmd} reads package information`);
}

/** Scoped packages whose binary is known by name (the package name alone does not say which program runs). */
const SCOPED_BINS: Record<string, string> = { '@biomejs/biome': 'biome' };

/**
 * `prettier@3` -> prettier. A runner installs the package it is given: a scope, a path, a URL, a
 * git or file spec, or a version that is not a version range names a package whose binary can be
 * any program, so only bare names with a version or tag keep their verdict.
 */
export function binOf(argv: readonly Arg[]): Arg[] {
  const [first, ...rest] = argv;
  if (!first || first.value === null) return [...argv];
  const v = first.value;
  const at = v.lastIndexOf('@');
  const name = at > 0 ? v.slice(0, at) : v;
  const version = at > 0 ? v.slice(at + 1) : '';
  const computed = (why: string): Arg[] => [{ text: first.text, value: null, glob: false }, ...rest].map((a, i) => (i === 0 ? { ...a, text: `${first.text} (${why})` } : a));
  if (version !== '' && !/^[\w.^~<>=*|+ -]+$/.test(version)) return computed('a package from a URL, path or repository');
  if (name.startsWith('@')) return SCOPED_BINS[name] ? [literalArg(SCOPED_BINS[name]!), ...rest] : computed('a scoped package: its binary can be any program');
  if (/[/:\\]|^\./.test(name)) return computed('a package from a path or URL');
  return [literalArg(name), ...rest];
}

export function npx(tool: string, args: readonly Arg[]): Verdict {
  const p = parseOpts(args, { stopAtOperand: true, shortWithValue: 'pc', longWithValue: ['package', 'call', 'cache', 'registry'] });
  const call = p.flags.get('-c') ?? p.flags.get('--call');
  if (call) {
    const src = call[call.length - 1];
    return src ? { kind: 'shell', source: src, why: `${tool} -c runs a shell command` } : unknown(`${tool} -c with a run-time command`);
  }
  if (!p.rest.length) return onlyInfo(args) ? read(`${tool} prints information`) : unknown(`${tool} without a package`);
  if (has(p, '-p', '--package')) return unknown(`${tool} --package installs a package whose binaries can be any program`);
  return { kind: 'exec', argv: binOf(p.rest), why: `${tool} runs a package binary`, keepStdin: true };
}
