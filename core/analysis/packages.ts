/**
 * Package managers, language toolchains and interpreters. A package manager that only
 * restores declared dependencies (`npm ci`, `pip install -r requirements.txt`) writes
 * but has no dependency intent; one that names new packages (`npm i left-pad`,
 * `cargo add serde`, `apt-get install jq`) has. Anything that runs project scripts or
 * code (`npm test`, `cargo run`, `python x.py`, `python -c …`) is unknown.
 */
import { addsDependency, firstSubcommand, PACKAGE_GRAMMARS, valueOptionTable, type PackageGrammar } from './package-options';
import { has, parseOpts, parseTable, value, type ProgramTable, type TableParse } from './table';

import { syntaxCheck } from './listings';
import { CHECK_TOOLS, type CheckTool } from './tool-tables';
import { hashIntentInCode, type CodeLanguage } from './intents';
import { read, write, unknown, type Leaf, type ProgramContext, type Verdict } from './verdict';
import { backupName, literalArg, type Arg } from './words';

const INFO_FLAGS = new Set(['--version', '-v', '-V', '--help', '-h', 'version', 'help', '-version', '--versions']);

function onlyInfo(args: readonly Arg[]): boolean {
  return args.length > 0 && args.every((a) => a.value !== null && INFO_FLAGS.has(a.value));
}

function firstOperand(args: readonly Arg[], valueOpts: readonly string[] = []): { index: number; arg: Arg } | null {
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return { index: i, arg: args[i]! };
    if (valueOpts.includes(v)) {
      i++;
      continue;
    }
    if (!v.startsWith('-')) return { index: i, arg: args[i]! };
  }
  return null;
}

/** package specs named on the command line (not options, not local paths that restore the project) */
function packageSpecs(p: TableParse): Arg[] {
  return p.operands.filter((a) => !(a.value === '.' || a.value === './'));
}

function npmish(tool: string, args: readonly Arg[], ctx: ProgramContext): Verdict {
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
  switch (cmd) {
    case 'install':
    case 'i':
    case 'in':
    case 'ins':
    case 'inst':
    case 'insta':
    case 'instal':
    case 'isnt':
    case 'isntal':
    case 'isntall':
      return adds('named packages are new dependencies');
    case 'add':
    case 'a':
      return packageSpecs(p).length > 0 ? write(`${t} add adds packages`, undefined, { dep: true }) : write(`${t} add with no package`);
    case 'global':
      if (rest[0]?.value === 'add') return write(`${t} global add installs packages`, undefined, { dep: true });
      return rest[0]?.value === 'list' ? npmRead(t, 'global list', rest.slice(1)) : write(`${t} global changes global packages`);
    case 'ci':
    case 'clean-install':
    case 'install-clean':
    case 'sync':
    case 'rebuild':
    case 'dedupe':
    case 'ddp':
    case 'prune':
    case 'update':
    case 'up':
    case 'upgrade':
    case 'uninstall':
    case 'remove':
    case 'rm':
    case 'r':
    case 'un':
    case 'unlink':
    case 'link':
    case 'ln':
    case 'init':
    case 'create':
    case 'import':
    case 'patch':
    case 'patch-commit':
      if (cmd === 'create' || cmd === 'init') {
        if (p.operands.length > 0) return unknown(`${t} ${cmd} <initializer> runs a package's code`);
        return write(`${t} ${cmd} writes a manifest`);
      }
      return write(`${t} ${cmd} changes installed packages or the manifest`);
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
    case 'ls':
    case 'list':
    case 'll':
    case 'la':
    case 'view':
    case 'v':
    case 'info':
    case 'show':
    case 'outdated':
    case 'search':
    case 's':
    case 'find':
    case 'help':
    case 'whoami':
    case 'root':
    case 'bin':
    case 'prefix':
    case 'explain':
    case 'why':
    case 'query':
    case 'ping':
    case 'licenses':
    case 'fund':
    case 'docs':
    case 'home':
    case 'repo':
    case 'bugs':
    case 'audit':
    case 'sbom':
    case 'pm': {
      if (cmd === 'audit' && rest.some((a) => a.value === 'fix')) return write(`${t} audit fix changes dependencies`);
      if (cmd === 'pm') {
        // bun pm: ls, hash, bin, untrusted and cache (printing its folder) read; cache rm, trust, migrate change things
        const op = rest[0]?.value;
        const reads = op === 'ls' || op === 'hash' || op === 'hash-string' || op === 'hash-print' || op === 'bin' || op === 'untrusted' || op === 'version' || (op === 'cache' && rest.length === 1);
        if (!reads) return unknown(`${t} pm ${op ?? ''} changes packages, the cache or trust`);
        return npmRead(t, `pm ${op}`, [...args.slice(0, first.index), ...rest.slice(1)]);
      }
      return npmRead(t, cmd, [...args.slice(0, first.index), ...rest]);
    }
    case 'doctor':
      return write(`${t} doctor verifies (and garbage-collects) the cache`);
    case 'pack':
      // pack runs the prepack/prepare/postpack scripts even in a dry run, unless --ignore-scripts, and
      // stores the packed tarball in npm's cache (~/.npm/_cacache) even then (measured, npm 11)
      if (npmBoolean(rest, 'dry-run')) return npmBoolean(rest, 'ignore-scripts') ? write(`${t} pack --dry-run stores the tarball in the package manager's cache`) : unknown(`${t} pack --dry-run still runs the package's prepack and prepare scripts`);
      return write(`${t} pack writes a tarball`);
    case 'publish':
    case 'deprecate':
    case 'unpublish':
    case 'dist-tag':
    case 'owner':
    case 'access':
    case 'token':
    case 'login':
    case 'logout':
    case 'adduser':
      return unknown(`${t} ${cmd} changes the registry`);
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
function binOf(argv: readonly Arg[]): Arg[] {
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

function npx(tool: string, args: readonly Arg[]): Verdict {
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

/**
 * pip's general options and the options of its printing commands. --log writes a log file,
 * --cache-dir points the cache elsewhere; an option not listed is unknown.
 */
const PIP_READ_TABLE: ProgramTable = {
  options:
    '-h --help --debug --isolated --require-virtualenv --python=X -v --verbose -V --version -q --quiet --no-input --keyring-provider= --proxy= --retries= --timeout= --exists-action= --trusted-host= --cert= --client-cert= --no-cache-dir --disable-pip-version-check --no-color --no-python-version-warning --use-feature= --use-deprecated= --resume-retries= ' +
    '-o --outdated -u --uptodate -e --editable -l --local --user --path= --pre --format= --not-required --exclude-editable --include-editable --exclude= -i= --index-url= --extra-index-url= --no-index -f= --find-links= -r= --requirement= --all -a= --algorithm= --platform= --python-version= --implementation= --abi= --json --global --site ' +
    '--log=W --log-file=W --cache-dir=U --editor=U',
};

function pipRead(label: string, args: readonly Arg[]): Leaf {
  const p = parseTable(args, PIP_READ_TABLE, label);
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  if (p.execs.length) return unknown(`${p.execs[0]!}: pip re-runs itself under that interpreter`);
  if (p.targets.length) return write(`${label} --log writes a log file`, p.targets, { writesContent: true });
  return read(`${label} reads package information`);
}

function pip(t: string, args: readonly Arg[]): Verdict {
  const first = firstSubcommand(PACKAGE_GRAMMARS.pip!, args);
  if (!first) return onlyInfo(args) ? read(`${t} prints information`) : pipRead(`${t}`, args);
  const cmd = first.arg.value;
  if (cmd === null) return unknown(`${t}: the command is only known at run time`);
  const rest = args.slice(first.index + 1);
  const others = [...args.slice(0, first.index), ...rest];
  const p = parseTable(rest, valueOptionTable(PACKAGE_GRAMMARS.pip!), t);
  switch (cmd) {
    case 'install': {
      const editable = (p.flags.get('-e') ?? []).concat(p.flags.get('--editable') ?? []).filter((v) => v !== '.' && v !== './');
      const named = packageSpecs(p).length > 0 || editable.length > 0;
      // a dry run still builds source distributions to learn their metadata: that runs their build code
      if (has(p, '--dry-run')) return unknown(`${t} install --dry-run builds packages to resolve them (build code runs)`, { dep: named });
      return named ? write(`${t} install adds packages`, undefined, { dep: true }) : write(`${t} install installs declared requirements`);
    }
    case 'uninstall':
    case 'download':
    case 'wheel':
      return write(`${t} ${cmd} changes installed packages or files`);
    case 'cache':
      if (['list', 'dir', 'info'].includes(rest[0]?.value ?? '')) return pipRead(`${t} cache ${rest[0]!.value}`, [...args.slice(0, first.index), ...rest.slice(1)]);
      return write(`${t} cache ${rest[0]?.value ?? ''} changes the cache`);
    case 'list':
    case 'show':
    case 'freeze':
    case 'check':
    case 'help':
    case 'search':
    case 'debug':
    case 'inspect':
    case 'hash':
    case 'completion': {
      const leaf = pipRead(`${t} ${cmd}`, others);
      return cmd === 'hash' && leaf.mutability === 'read' ? { ...leaf, hash: true } : leaf;
    }
    case 'index':
      return rest[0]?.value === 'versions' ? pipRead(`${t} index versions`, [...args.slice(0, first.index), ...rest.slice(1)]) : unknown(`${t} index ${rest[0]?.value ?? ''}`);
    case 'config':
      return ['list', 'get', 'debug'].includes(rest[0]?.value ?? '') ? pipRead(`${t} config ${rest[0]!.value}`, [...args.slice(0, first.index), ...rest.slice(1)]) : write(`${t} config changes settings`);
    case 'sync':
    case 'compile':
      return write(`${t} ${cmd} installs or writes requirements`);
    default:
      return unknown(`${t} ${cmd}: not a known pip command`);
  }
}

/** uv's general options and those of its printing commands; --cache-dir moves the cache. */
const UV_READ_TABLE: ProgramTable = {
  options:
    '-q --quiet -v --verbose --color= --native-tls --offline --no-progress --no-cache -n --python-preference= --no-python-downloads --directory= --project= --config-file= --no-config -h --help -V --version --frozen --locked --depth= -d= --prune= --package= --no-dedupe --invert --outdated --universal --python-version= --python-platform= --no-dev --only-dev --group= --no-group= --only-group= --all-groups --extra= --all-extras --no-default-groups --script= --show-sizes --python=U -p=U --short --output-format= --dry-run --all-versions --only-installed --only-downloads --show-urls --system --managed-python --no-managed-python --show-paths --show-with --show-extras --show-version-specifiers --strict --format= --exclude-editable --editable --exclude= --cache-dir=U --bump=U',
};

function uvRead(label: string, args: readonly Arg[]): Leaf {
  const p = parseTable(args, UV_READ_TABLE, label);
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  return read(`${label} reads`);
}

function uv(args: readonly Arg[]): Verdict {
  const first = firstSubcommand(PACKAGE_GRAMMARS.uv!, args);
  if (!first) return onlyInfo(args) ? read('uv prints information') : read('uv prints usage');
  const cmd = first.arg.value;
  if (cmd === null) return unknown('uv: the command is only known at run time');
  const rest = args.slice(first.index + 1);
  const others = [...args.slice(0, first.index), ...rest];
  switch (cmd) {
    case 'add':
      return write('uv add adds dependencies', undefined, { dep: true });
    case 'pip':
      return pip('uv pip', rest);
    case 'remove':
    case 'sync':
    case 'lock':
    case 'venv':
    case 'init':
    case 'build':
    case 'export':
    case 'cache':
    case 'self':
      return write(`uv ${cmd} writes the environment, lockfile or files`);
    case 'tree': {
      // tree resolves the project first and writes uv.lock unless --frozen or --locked
      const p = parseTable(others, UV_READ_TABLE, 'uv tree');
      if (p.unknowns.length) return unknown(p.unknowns[0]!);
      return has(p, '--frozen', '--locked') ? read('uv tree --frozen reads the lockfile') : write('uv tree locks the project (writes uv.lock)');
    }
    case 'version': {
      // `uv version X` and --bump set the version (and re-lock) unless --dry-run
      const p = parseTable(others, UV_READ_TABLE, 'uv version');
      if (p.unknowns.length) return unknown(p.unknowns[0]!);
      if ((p.operands.length || has(p, '--bump')) && !has(p, '--dry-run')) return write('uv version sets the project version', [literalArg('pyproject.toml')], { writesContent: true });
      return read('uv version prints the version');
    }
    case 'help':
      return read('uv help prints usage');
    case 'python':
      return rest[0]?.value === 'list' || rest[0]?.value === 'find' || rest[0]?.value === 'dir' ? uvRead(`uv python ${rest[0]!.value}`, [...args.slice(0, first.index), ...rest.slice(1)]) : write('uv python installs, pins or removes interpreters');
    case 'tool': {
      const op = rest[0]?.value;
      if (op === 'install') return write('uv tool install adds a tool', undefined, { dep: true });
      if (op === 'run') return runner('uv tool run', rest.slice(1), ['--python', '-p', '--index', '--default-index', '--directory', '--project'], ['--from', '--with', '--with-requirements', '--with-editable']);
      if (op === 'list' || op === 'dir') return uvRead(`uv tool ${op}`, [...args.slice(0, first.index), ...rest.slice(1)]);
      return write(`uv tool ${op ?? ''} changes tools`);
    }
    case 'run': {
      // uv run syncs the project's environment (.venv, uv.lock) before it runs the command
      const inner = runner('uv run', rest, ['--python', '-p', '--package', '--extra', '--group', '--env-file', '--directory', '--project', '--index'], ['--with', '--with-requirements', '--with-editable', '--from']);
      return { kind: 'many', verdicts: [write('uv run creates or syncs the project environment (.venv, uv.lock)'), inner] };
    }
    default:
      return unknown(`uv ${cmd}: not a known uv command`);
  }
}

/**
 * A runner that installs what it runs (uvx, uv tool run, pipx run): --from/--spec/--with name
 * other packages, whose code then runs (a binary of another package, or its build code).
 */
function runner(tool: string, args: readonly Arg[], valueOpts: readonly string[], addsPackages: readonly string[]): Verdict {
  const adds = args.find((a) => a.value === null || addsPackages.some((o) => a.value === o || a.value!.startsWith(o + '=')));
  const first = firstOperand(args, [...valueOpts, ...addsPackages]);
  if (adds && (!first || args.indexOf(adds) < first.index)) return unknown(`${tool} ${adds.text}: installs another package whose code runs`);
  return runAfterOptions(tool, args, [...valueOpts, ...addsPackages]);
}

/** Skip a runner's options, then classify what it runs. */
function runAfterOptions(tool: string, args: readonly Arg[], valueOpts: readonly string[]): Verdict {
  const first = firstOperand(args, valueOpts);
  if (!first) return unknown(`${tool} without a command`);
  const inner = args.slice(first.index);
  if (inner[0]?.value && /\.(py|js|ts|mjs|cjs|rb|sh)$/.test(inner[0].value)) return unknown(`${tool} runs a script file whose content is not visible`, { runs: [inner[0]] });
  return { kind: 'exec', argv: binOf(inner), why: `${tool} runs a command`, keepStdin: true };
}

/** poetry's general options and those of its printing commands; config --unset writes. */
const POETRY_READ_TABLE: ProgramTable = {
  options:
    '-h --help -q --quiet -V --version --ansi --no-ansi -n --no-interaction --no-plugins --no-cache -C= --directory= -P= --project= -v -vv -vvv --verbose --tree --latest -l --outdated -o --all -a --why --only= --without= --with= --no-dev --top-level -T --full-path -p --path --short -s --lock --strict --local --list --next-phase --dry-run --unset!W',
};

function poetry(args: readonly Arg[]): Verdict {
  const first = firstSubcommand(PACKAGE_GRAMMARS.poetry!, args);
  if (!first) return onlyInfo(args) ? read('poetry prints information') : read('poetry prints usage');
  const cmd = first.arg.value;
  const rest = args.slice(first.index + 1);
  switch (cmd) {
    case 'add':
      return write('poetry add adds dependencies', undefined, { dep: true });
    case 'install':
    case 'lock':
    case 'update':
    case 'remove':
    case 'init':
    case 'new':
    case 'build':
    case 'sync':
      return write(`poetry ${cmd} changes the environment or project files`);
    case 'run':
      return runAfterOptions('poetry run', rest, []);
    case 'shell':
      return unknown('poetry shell starts an interactive shell');
    case 'show':
    case 'check':
    case 'version':
    case 'about':
    case 'search':
    case 'config':
    case 'env': {
      if (cmd === 'version' && rest.some((a) => a.value !== null && !a.value.startsWith('-'))) return write('poetry version <bump> edits pyproject.toml', [literalArg('pyproject.toml')]);
      if (cmd === 'env' && rest[0]?.value !== 'info' && rest[0]?.value !== 'list') return write('poetry env changes environments');
      const p = parseTable([...args.slice(0, first.index), ...(cmd === 'env' ? rest.slice(1) : rest)], POETRY_READ_TABLE, `poetry ${cmd}`);
      if (p.unknowns.length) return unknown(p.unknowns[0]!);
      // `poetry config KEY VALUE` and --unset set; `poetry config KEY` and --list print
      if (cmd === 'config' && (p.writes.length || p.operands.length > 1)) return write('poetry config changes settings (config.toml or poetry.toml)');
      return read(`poetry ${cmd} reads`);
    }
    default:
      return unknown(`poetry ${cmd ?? ''}: not a known poetry command`);
  }
}

/**
 * pipenv: its informational options print; install/uninstall/lock/sync/update/upgrade/clean
 * change the Pipfile, the lock or the environment; run runs a command in it. Any other
 * subcommand (graph, requirements, check, scripts, verify, open, shell) is not a form this guard
 * knows as read-only: pipenv creates the project's environment on first use.
 */
function pipenv(args: readonly Arg[]): Verdict {
  const first = firstSubcommand(PACKAGE_GRAMMARS.pipenv!, args);
  if (!first) {
    // --venv creates the virtualenvs folder when it is missing
    if (args.length > 0 && args.every((a) => a.value !== null && /^--(version|help|where|py|envs|support|man|bare|verbose|quiet)$|^-[hvq]$/.test(a.value))) return read('pipenv prints information');
    if (args.some((a) => a.value === '--rm')) return write('pipenv --rm removes the project environment');
    return unknown(`pipenv ${args[0]?.text ?? ''}: options this guard does not know as read-only`);
  }
  const cmd = first.arg.value;
  const rest = args.slice(first.index + 1);
  switch (cmd) {
    case 'install': {
      const p = parseTable(rest, valueOptionTable(PACKAGE_GRAMMARS.pipenv!), 'pipenv');
      const named = packageSpecs(p).length > 0 || has(p, '-r', '--requirements') || (p.flags.get('-e') ?? []).concat(p.flags.get('--editable') ?? []).some((v) => v !== '.' && v !== './');
      return named ? write('pipenv install adds packages to the Pipfile', undefined, { dep: true }) : write('pipenv install installs the Pipfile (creating the environment and the lock)');
    }
    case 'uninstall':
    case 'lock':
    case 'sync':
    case 'update':
    case 'upgrade':
    case 'clean':
      return write(`pipenv ${cmd} changes the Pipfile, its lock or the environment`);
    case 'run':
      return { kind: 'many', verdicts: [write('pipenv run creates the project environment when it is missing'), runAfterOptions('pipenv run', rest, [])] };
    case 'shell':
      return unknown('pipenv shell starts an interactive shell');
    default:
      return unknown(`pipenv ${first.arg.text}: not a form this guard knows as read-only`);
  }
}

/**
 * A tool by its subcommand: `read` subcommands are reads only when every option (before and after
 * the subcommand) is in `readOptions`, the tool's table of options its printing subcommands take.
 */
function subcommandTable(tool: string, args: readonly Arg[], table: Record<string, 'read' | 'write' | 'dep' | 'unknown' | 'run'>, valueOpts: string[] | PackageGrammar, readOptions: ProgramTable): Verdict {
  const first = Array.isArray(valueOpts) ? firstOperand(args, valueOpts) : firstSubcommand(valueOpts, args);
  if (!first) return onlyInfo(args) ? read(`${tool} prints information`) : unknown(`${tool} with no command`);
  const cmd = first.arg.value;
  if (cmd === null) return unknown(`${tool}: the command is only known at run time`);
  const kind = Object.prototype.hasOwnProperty.call(table, cmd) ? table[cmd] : undefined;
  const rest = args.slice(first.index + 1);
  switch (kind) {
    case 'read': {
      const p = parseTable([...args.slice(0, first.index), ...rest], readOptions, `${tool} ${cmd}`);
      if (p.unknowns.length) return unknown(p.unknowns[0]!);
      if (p.execs.length) return unknown(p.execs[0]!);
      if (p.writes.length || p.targets.length) return write(p.writes[0] ?? `${tool} ${cmd} writes a file`, p.writes.length ? undefined : p.targets);
      return read(`${tool} ${cmd} reads`);
    }
    case 'write':
      return write(`${tool} ${cmd} writes files or installed packages`);
    case 'dep': {
      const named = rest.some((a) => a.value === null || !a.value.startsWith('-'));
      return named ? write(`${tool} ${cmd} adds packages`, undefined, { dep: true }) : write(`${tool} ${cmd} installs declared dependencies`);
    }
    case 'run':
      return runAfterOptions(`${tool} ${cmd}`, rest, []);
    case 'unknown':
      return unknown(`${tool} ${cmd} runs project code or talks to other systems`);
    default:
      return unknown(`${tool} ${cmd}: not a known ${tool} command`);
  }
}

const CARGO_READ: ProgramTable = {
  options:
    '-q --quiet -v --verbose -vv --color= --frozen --locked --offline --manifest-path= -p= --package= --workspace --all --exclude= -e= --edges= -i= --invert= --prefix= --depth= --charset= --format= -d --duplicates --no-dedupe --target= --all-targets --features= -F= --all-features --no-default-features --format-version= --no-deps --filter-platform= --limit= --index= --registry= --message-format= --list --explain= -h --help -V --version -Z=U --config=U -C=U',
};
const GO_READ: ProgramTable = {
  singleDashLong: true,
  options:
    '-f= -json[=] -changed -m -u -versions -retracted -deps -test -e -find -reuse= -modfile= -tags= -race -msan -asan -buildvcs= -C= -x -n -v -changed -short -src -all -c -cmd -go= -vendor -ldflags= -gcflags= -asmflags= -trimpath -cover -covermode= -coverpkg= -buildmode= -compiler= -gccgoflags= -installsuffix= -linkshared -p= -a -compiled!U -export!W -mod=U -modcacherw!U -overlay=U -pgo=U -toolexec=X -exec=X -pkgdir=U -http!U -w!W -u!W',
};
const GEM_READ: ProgramTable = {
  options:
    '-V --verbose --no-verbose -q --quiet --silent --backtrace --debug --norc -h --help -l --local -r --remote -b --both -a --all -i --installed -I --no-installed -e --exact -d --details --versions --prerelease --pre --source= --clear-sources -p= --http-proxy= -v= --version= --platform= --install-dir= --ruby --yaml --marshal --json --lib-only --prefix --no-prefix --spec-dir= --show-install-dir --config-file=U',
};
const BUNDLE_READ: ProgramTable = {
  options: '--paths --name-only --without-group= --only-group= --verbose --parseable --porcelain --strict --minor --major --patch --group= --groups --local --pre --source= --filter-major --filter-minor --filter-patch --only-explicit --gemfile= --quiet --no-color -r --retry= -V -h --help --outdated --print-filename? --dry-run'.replace(' --print-filename?', ''),
};
const COMPOSER_READ: ProgramTable = {
  options:
    '-h --help -q --quiet -V --version --ansi --no-ansi -n --no-interaction --profile --no-plugins --no-scripts -d= --working-dir= --no-cache -v -vv -vvv --verbose --all --locked -i --installed -p --platform -a --available -s --self -N --name-only -P --path -t --tree -l --latest -o --outdated --ignore= -M --major-only -m --minor-only --patch-only -D --direct --strict --format= -f= --no-dev --no-check-all --check-lock --no-check-lock --no-check-publish --no-check-version -A --with-dependencies -r --recursive --only-name --type= --abandoned= --audit-format= --locked --no-audit? --sort-by-age --ignore-platform-reqs --ignore-platform-req='.replace(' --no-audit?', ''),
};
const APT_READ: ProgramTable = {
  options: '-q --quiet -qq -a --all-versions --no-all-versions --installed --upgradable --manual-installed -v --verbose -f --full -n --names-only --color= --no-color -h --help --version -t= --target-release= -o=U -c=U --config-file=U',
};
const DNF_READ: ProgramTable = {
  options: '-q --quiet -v --verbose -C --cacheonly --repo= --repoid= --enablerepo= --disablerepo= --installed --available --updates --upgrades --extras --obsoletes --recent --all --showduplicates --releasever= --arch= -h --help --nogpgcheck --noplugins --disableplugin= --exclude= -x= --json --qf= --queryformat= --setopt=U --installroot=U -c=U --config=U',
};
const CONDA_READ: ProgramTable = {
  options: '-n= --name= -p= --prefix= --json -e --export --explicit --md5 --revisions --envs -a --all --base --unsafe-channels -s --system -c= --channel= --override-channels --full-name --no-pip --show-channel-urls -v --verbose -q --quiet --offline -h --help --info -i --platform= --subdir= --use-local',
};
const BREW_READ: ProgramTable = {
  options: '-h --help -v --verbose -d --debug -q --quiet --formula --formulae --cask --casks --json[=] --installed --eval-all --all -1 -l -r -t --versions --pinned --multiple --full-name --installed-on-request --installed-as-dependency --tree --topological --annotate --include-build --include-test --include-optional --skip-recommended --direct --recursive --missing --greedy --greedy-latest --greedy-auto-updates --fetch-HEAD --analytics --days= --category= --github --sizes --name --description --desc --search --list-checks --audit-debug --prefix --cellar --repository --quiet',
};
const DENO_READ: ProgramTable = {
  options: '-q --quiet --json --compact -c= --config= --no-config --ignore= --rules-tags= --rules-include= --rules-exclude= --rules --unstable --import-map= --lock= --frozen --no-lock --node-modules-dir= --reload -r --log-level= --check --ext= --filter= --private -h --help --recursive --latest --compatible -L --doc --doc-only --unstable-* -v --version --update!W -u!W --fix!W --watch? --permit-no-files --cert='.replace(' --unstable-*', '').replace(' --watch?', ''),
};

const CARGO = {
  add: 'dep', install: 'dep', build: 'write', b: 'write', check: 'write', c: 'write', clippy: 'write', doc: 'write', d: 'write', fix: 'write', fmt: 'write',
  remove: 'write', rm: 'write', update: 'write', clean: 'write', new: 'write', init: 'write', vendor: 'write', generate: 'write', 'generate-lockfile': 'write', package: 'write', uninstall: 'write',
  test: 'unknown', t: 'unknown', run: 'unknown', r: 'unknown', bench: 'unknown', publish: 'unknown', login: 'unknown', yank: 'unknown', owner: 'unknown',
  tree: 'read', metadata: 'read', search: 'write', 'locate-project': 'read', pkgid: 'read', 'verify-project': 'read', version: 'read', help: 'read', info: 'write', 'read-manifest': 'read',
} as const;

const GEM = { install: 'dep', i: 'dep', uninstall: 'write', update: 'write', cleanup: 'write', build: 'write', list: 'read', search: 'read', info: 'read', env: 'read', contents: 'read', which: 'read', specification: 'read', help: 'read', outdated: 'read', push: 'unknown', exec: 'run' } as const;
/** bundle config reads with no argument, `list`, `get KEY` or one KEY; with a value or set/unset it writes. check writes the lockfile unless --dry-run. */
function bundle(args: readonly Arg[]): Verdict {
  const cmd = args[0]?.value;
  if (cmd === 'config') {
    const rest = args.slice(1).filter((a) => a.value === null || !a.value.startsWith('-'));
    const opts = args.slice(1).filter((a) => a.value !== null && a.value.startsWith('-'));
    const op = rest[0]?.value;
    if (opts.length === 0 && (rest.length === 0 || op === 'list' || (op === 'get' && rest.length === 2) || (rest.length === 1 && op !== null && !['set', 'unset'].includes(op!)))) return read('bundle config reads settings');
    return write('bundle config changes settings (.bundle/config or the user config)');
  }
  if (cmd === 'check' && !args.some((a) => a.value === '--dry-run')) return write('bundle check writes Gemfile.lock when it resolves (read only with --dry-run)', [literalArg('Gemfile.lock')]);
  return subcommandTable('bundle', args, BUNDLE as never, PACKAGE_GRAMMARS.bundle!, BUNDLE_READ);
}

const BUNDLE = { add: 'dep', install: 'write', update: 'write', lock: 'write', remove: 'write', init: 'write', clean: 'write', cache: 'write', package: 'write', exec: 'run', list: 'read', show: 'read', info: 'read', outdated: 'read', check: 'read', config: 'write', help: 'read', version: 'read', doctor: 'read', platform: 'read', console: 'unknown', open: 'unknown' } as const;
const COMPOSER = { require: 'dep', req: 'dep', requ: 'dep', requi: 'dep', requir: 'dep', install: 'write', update: 'write', upgrade: 'write', remove: 'write', 'dump-autoload': 'write', dumpautoload: 'write', init: 'write', 'create-project': 'write', reinstall: 'write', bump: 'write', show: 'read', info: 'read', outdated: 'read', validate: 'read', diagnose: 'read', licenses: 'read', depends: 'read', why: 'read', 'why-not': 'read', prohibits: 'read', search: 'read', audit: 'read', check: 'read', 'check-platform-reqs': 'read', help: 'read', list: 'read', 'run-script': 'unknown', run: 'unknown', exec: 'run', global: 'unknown' } as const;
// vet compiles into the build cache and reports; the family default (FAMILY_DEFAULT_WRITES.go) names that write as the tool's own state
const GO = { get: 'dep', build: 'write', install: 'dep', generate: 'unknown', run: 'unknown', test: 'unknown', vet: 'read', list: 'read', version: 'read', doc: 'read', help: 'read', fmt: 'write', clean: 'write', fix: 'write', tool: 'unknown', work: 'write', telemetry: 'write', bug: 'unknown' } as const;
const APT = { install: 'dep', reinstall: 'write', remove: 'write', purge: 'write', autoremove: 'write', upgrade: 'write', 'full-upgrade': 'write', 'dist-upgrade': 'write', update: 'write', clean: 'write', autoclean: 'write', 'build-dep': 'dep', source: 'write', download: 'write', list: 'read', search: 'read', show: 'read', showsrc: 'read', policy: 'read', depends: 'read', rdepends: 'read', madison: 'read', changelog: 'read', help: 'read', 'mark': 'write', 'edit-sources': 'unknown' } as const;
const BREW = { install: 'dep', reinstall: 'write', uninstall: 'write', remove: 'write', rm: 'write', upgrade: 'write', update: 'write', cleanup: 'write', tap: 'dep', untap: 'write', link: 'write', unlink: 'write', pin: 'write', unpin: 'write', bundle: 'write', services: 'unknown', list: 'read', ls: 'read', info: 'read', search: 'read', deps: 'read', uses: 'read', outdated: 'read', doctor: 'read', config: 'read', leaves: 'read', desc: 'read', home: 'read', '--prefix': 'read', '--cellar': 'read', '--repository': 'read', commands: 'read', help: 'read' } as const;
const DNF = { install: 'dep', add: 'dep', reinstall: 'write', remove: 'write', erase: 'write', del: 'write', upgrade: 'write', update: 'write', 'distro-sync': 'write', autoremove: 'write', clean: 'write', makecache: 'write', list: 'read', info: 'read', search: 'read', provides: 'read', repolist: 'read', check: 'read', 'check-update': 'read', history: 'read', deplist: 'read', show: 'read', policy: 'read', help: 'read' } as const;
const CONDA = { install: 'dep', create: 'dep', remove: 'write', uninstall: 'write', update: 'write', upgrade: 'write', clean: 'write', env: 'write', init: 'write', config: 'write', list: 'read', info: 'read', search: 'read', 'compare': 'read', doctor: 'read', run: 'run', activate: 'read', deactivate: 'read' } as const;
const DENO = { add: 'dep', install: 'dep', i: 'dep', remove: 'write', rm: 'write', uninstall: 'write', outdated: 'read', fmt: 'write', lint: 'read', check: 'read', info: 'read', doc: 'read', types: 'read', help: 'read', completions: 'read', run: 'unknown', test: 'unknown', task: 'unknown', eval: 'unknown', repl: 'unknown', serve: 'unknown', bench: 'unknown', compile: 'write', bundle: 'write', cache: 'write', init: 'write', upgrade: 'write', publish: 'unknown', jupyter: 'unknown', clean: 'write' } as const;

function dotnet(args: readonly Arg[]): Verdict {
  const first = firstOperand(args);
  if (!first) return onlyInfo(args) || args.some((a) => a.value === '--info' || a.value === '--list-sdks' || a.value === '--list-runtimes') ? read('dotnet prints information') : read('dotnet prints usage');
  const cmd = first.arg.value;
  const rest = args.slice(first.index + 1);
  const ops = rest.filter((a) => a.value !== null && !a.value.startsWith('-')).map((a) => a.value);
  switch (cmd) {
    case 'add':
      if (ops.includes('package')) return write('dotnet add package adds a dependency', undefined, { dep: true });
      return write('dotnet add reference changes the project file');
    case 'remove':
      return write('dotnet remove changes the project file');
    case 'package':
      // .NET 10: `dotnet package add|remove|list|search`
      if (ops[0] === 'add') return write('dotnet package add adds a dependency', undefined, { dep: true });
      return unknown(`dotnet package ${ops[0] ?? ''} changes or lists the project's packages (not a form this guard knows as read-only)`);
    case 'tool':
      if (ops[0] === 'install') return write('dotnet tool install adds a tool', undefined, { dep: true });
      if (ops[0] === 'list' || ops[0] === 'search') return read(`dotnet tool ${ops[0]} reads`);
      if (ops[0] === 'run') return runAfterOptions('dotnet tool run', rest.slice(rest.findIndex((a) => a.value === 'run') + 1), []);
      return write(`dotnet tool ${ops[0] ?? ''} changes tools`);
    case 'list':
    case 'sln':
      if (cmd === 'sln' && ops[ops.length - 1] !== 'list') return write(`dotnet sln ${ops.join(' ')} changes or migrates the solution`);
      return read(`dotnet ${cmd} reads`);
    case 'build':
    case 'restore':
    case 'publish':
    case 'pack':
    case 'clean':
    case 'new':
    case 'format':
    case 'msbuild':
    case 'workload':
      return write(`dotnet ${cmd} writes build output or project files`);
    case 'run':
    case 'test':
    case 'watch':
    case 'exec':
    case 'fsi':
      return unknown(`dotnet ${cmd} runs project code`);
    case 'nuget':
      // list source, locals … --list, verify and why read; every other verb changes sources, caches, trust or a feed
      if (ops[0] === 'list' || ops[0] === 'verify' || ops[0] === 'why' || (ops[0] === 'locals' && rest.some((a) => a.value === '-l' || a.value === '--list') && !rest.some((a) => a.value === '-c' || a.value === '--clear'))) return read(`dotnet nuget ${ops[0]} reads`);
      return unknown(`dotnet nuget ${ops[0] ?? ''} changes package sources, caches, trust or a feed`);
    default:
      if (cmd && /\.dll$/i.test(cmd)) return unknown('dotnet <assembly> runs a program');
      return unknown(`dotnet ${cmd ?? ''}: not a known dotnet command`);
  }
}

function byFirstPair(tool: string, args: readonly Arg[], adds: string[], reads: string[]): Verdict {
  // apk add / pacman -S / zypper in / snap install / flatpak install / pipx install
  const first = firstOperand(args);
  const flag = args[0]?.value ?? '';
  if (tool === 'pacman') {
    if (/^-S[a-z]*$/.test(flag) && !/[sicglpu]/.test(flag.slice(2).replace('y', '').replace('u', ''))) {
      const named = args.slice(1).some((a) => a.value === null || !a.value.startsWith('-'));
      return named ? write('pacman -S installs packages', undefined, { dep: true }) : write('pacman -S syncs packages');
    }
    // -y (in any cluster) downloads fresh databases: a write
    if (/^-(Q|Ss|Si|F)/.test(flag) && !/^-[A-Za-z]*y/.test(flag) && !args.some((a) => a.value === '--refresh' || a.value === '-y')) return read('pacman query reads');
    return write(`pacman ${flag} changes packages`);
  }
  if (!first) return onlyInfo(args) ? read(`${tool} prints information`) : unknown(`${tool} with no command`);
  const cmd = first.arg.value ?? '';
  if (adds.includes(cmd)) return write(`${tool} ${cmd} installs packages`, undefined, { dep: true });
  if (reads.includes(cmd)) return read(`${tool} ${cmd} reads`);
  if (tool === 'pipx' && cmd === 'run') return runner('pipx run', args.slice(first.index + 1), ['--python', '--index-url', '--pip-args'], ['--spec']);
  return write(`${tool} ${cmd} changes installed packages`);
}

const INTERPRETER_LANG: Record<string, CodeLanguage | null> = {
  python: 'py', python2: 'py', python3: 'py', py: 'py', pypy: 'py', pypy3: 'py',
  node: 'js', nodejs: 'js', deno: 'js', bun: 'js', tsx: 'js', 'ts-node': 'js',
  ruby: 'rb', perl: null, php: 'php', lua: null, luajit: null, Rscript: null, R: null, julia: null, java: 'jvm',
  jshell: 'jvm', groovy: 'jvm', kotlin: 'jvm', scala: 'jvm', swift: 'swift', osascript: null, tclsh: null, wish: null,
  irb: 'rb', ghci: null, erl: null, elixir: null, iex: null, guile: null, racket: null, sbcl: null, clojure: null,
};

export function isInterpreter(name: string): boolean {
  return name in INTERPRETER_LANG || /^python\d(\.\d+)?$/.test(name);
}

const INLINE_CODE_FLAGS: Record<string, string[]> = {
  py: ['-c'], js: ['-e', '--eval', '-p', '--print'], rb: ['-e'], php: ['-r'], jvm: [], swift: ['-e'],
};

/** python/node/ruby/perl/… : a known read only for version/help; inline code and scripts are unknown. */
export function classifyInterpreter(name: string, args: readonly Arg[], ctx: ProgramContext): Verdict {
  const lang = INTERPRETER_LANG[name] ?? (/^python\d/.test(name) ? 'py' : null);
  if (onlyInfo(args) || (args.length === 1 && args[0]!.value === '--version')) return read(`${name} prints its version`);
  const check = syntaxCheck(name, args);
  if (check) return check;
  // python -m pip / venv / json.tool
  if (lang === 'py') {
    const m = args.findIndex((a) => a.value === '-m');
    if (m !== -1 && args.slice(0, m).every((a) => a.value !== null && a.value.startsWith('-') && a.value !== '-c')) {
      const mod = args[m + 1]?.value;
      const rest = args.slice(m + 2);
      if (mod === 'pip' || mod === 'pip3') return withDependencyIntent('pip', rest, withFamilyDefault('pip', rest, pip(`${name} -m pip`, rest)));
      if (mod === 'venv' || mod === 'virtualenv') {
        const dir = rest.find((a) => a.value === null || !a.value.startsWith('-'));
        return write(`${name} -m venv creates an environment`, dir ? [dir] : undefined);
      }
      const modTable = mod ? PYTHON_READ_MODULES[mod] : undefined;
      if (modTable) return pythonModule(`${name} -m ${mod}`, modTable, rest);
      if (mod === 'py_compile' || mod === 'compileall') return write(`${name} -m ${mod} writes bytecode`);
      return unknown(`${name} -m ${mod ?? '<run time>'} runs module code`);
    }
  }
  if (name === 'perl') return perl(args, ctx);
  const inline = lang ? INLINE_CODE_FLAGS[lang] ?? [] : [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return unknown(`${name}: an argument is only known at run time`);
    const attached = inline.find((f) => f.length === 2 && v.startsWith(f) && v.length > 2 && !v.startsWith('--'));
    if (inline.includes(v) || attached) {
      const code = attached ? v.slice(2) : args[i + 1]?.value ?? null;
      const hash = code !== null && lang ? hashIntentInCode(lang, code) : false;
      return unknown(`${name} ${attached ?? v} runs inline code (a hook cannot see what it does)`, { hash });
    }
    if (v === '-' ) return stdinCode(name, ctx, lang);
    if (!v.startsWith('-')) return unknown(`${name} runs the script ${v}; its content is not visible to the hook`, { runs: [args[i]!] });
  }
  return ctx.stdin.kind === 'tty' ? interactive(name, ctx) : stdinCode(name, ctx, lang);
}

/**
 * Standard-library modules run as programs that only print, with their option tables:
 * json.tool writes its second operand (INFILE OUTFILE); pydoc -w writes NAME.html and -p/-b start a server.
 */
const PYTHON_READ_MODULES: Record<string, ProgramTable & { secondOperandWritten?: boolean }> = {
  'json.tool': { options: '--sort-keys --no-ensure-ascii --json-lines --indent= --tab --no-indent --compact --no-type-hints -h --help', secondOperandWritten: true },
  // archive listings and tests; -e extracts and -c creates (their files are named at run time)
  zipfile: { options: '-l= --list= -t= --test= -e!W --extract!W -c!W --create!W --metadata-encoding= -h --help' },
  tarfile: { options: '-v --verbose -l= --list= -t= --test= -e!W --extract!W -c!W --create!W --filter= -h --help' },
  tabnanny: { options: '-q -v' },
  pydoc: { options: '-k= -n=U -p=U -b!U -w!W' },
  site: { options: '--user-base --user-site' },
  sysconfig: { options: '' },
  platform: { options: '--terse --nonaliased' },
};

function pythonModule(label: string, t: ProgramTable & { secondOperandWritten?: boolean }, args: readonly Arg[]): Leaf {
  const p = parseTable(args, t, label);
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  if (p.execs.length) return unknown(p.execs[0]!);
  if (p.writes.length) return write(p.writes[0]!, undefined, { writesContent: true });
  if (t.secondOperandWritten && p.operands.length >= 2) return write(`${label} writes its output file`, [p.operands[1]!], { writesContent: true });
  return read(`${label} prints`);
}

/**
 * perl's switches cluster (`-lane`, `-pi.bak`, `-0777ne`): -e/-E take the code (rest of the word
 * or the next one), -i takes its backup extension from the rest of the word, -M/-m/-I/-x/-d/-D/
 * -C/-F take the rest of the word, -l and -0 take the digits that follow.
 */
function perl(args: readonly Arg[], ctx: ProgramContext): Leaf {
  const code: (string | null)[] = [];
  let inplace: string | null | undefined;
  let loadsCode = false;
  let i = 0;
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return unknown('perl: an argument only known at run time');
    if (v === '--') {
      i++;
      break;
    }
    if (!v.startsWith('-') || v === '-') break;
    for (let j = 1; j < v.length; j++) {
      const c = v[j]!;
      const rest = v.slice(j + 1);
      if (c === 'e' || c === 'E') {
        code.push(rest !== '' ? rest : args[++i]?.value ?? null);
        break;
      }
      if (c === 'i') {
        inplace = rest;
        break;
      }
      if ('MmIxdDCF'.includes(c)) {
        if (c !== 'C' && c !== 'F') loadsCode = true;
        if (rest === '' && (c === 'I' || c === 'M' || c === 'm')) i++;
        break;
      }
      if (c === 'l' || c === '0') {
        while (j + 1 < v.length && /[0-9a-fA-FxX]/.test(v[j + 1]!)) j++;
        continue;
      }
    }
  }
  const operands = args.slice(i);
  if (inplace !== undefined) {
    const files = code.length ? operands : operands.slice(1);
    const risky = loadsCode || !code.length || code.some((c) => c === null || /\b(system|exec|unlink|rename|open|rmdir|mkdir|qx|fork|eval|require|do|use)\b|`/.test(c));
    const targets = [...files, ...(inplace ? files.map((f) => backupName(f, inplace!)) : [])];
    return write('perl -i edits files in place', risky || files.length === 0 ? undefined : targets, { writesContent: true });
  }
  if (code.length) return unknown('perl -e runs inline code');
  if (operands.length) return unknown('perl runs a script file whose content is not visible', { runs: [operands[0]!] });
  return ctx.stdin.kind === 'tty' ? interactive('perl', ctx) : unknown('perl runs code read from stdin');
}

function stdinCode(name: string, ctx: ProgramContext, lang: CodeLanguage | null): Leaf {
  const hash = ctx.stdin.kind === 'text' && lang ? hashIntentInCode(lang, ctx.stdin.text) : false;
  return unknown(`${name} runs code read from stdin`, { hash });
}

export function interactive(name: string, _ctx: ProgramContext): Leaf {
  return unknown(`${name} with no script starts an interactive session; input typed later is never seen by a hook`);
}

/** Build tools and task runners run project-defined code. */
const TASK_RUNNERS = new Set(['make', 'gmake', 'cmake', 'ninja', 'just', 'task', 'mvn', 'mvnw', './mvnw', 'gradle', 'gradlew', './gradlew', 'ant', 'sbt', 'bazel', 'bazelisk', 'buck', 'pants', 'rake', 'scons', 'meson', 'xcodebuild', 'turbo', 'nx', 'lerna', 'tox', 'nox', 'invoke', 'pytest', 'py.test', 'vitest', 'jest', 'mocha', 'ava', 'tap', 'karma', 'playwright', 'cypress', 'phpunit', 'rspec', 'nodemon', 'pm2', 'webpack', 'vite', 'rollup', 'esbuild', 'parcel', 'next', 'nuxt', 'astro', 'remix', 'storybook', 'docker-compose', 'terraform', 'tofu', 'pulumi', 'ansible', 'ansible-playbook', 'kubectl', 'helm', 'docker', 'podman']);

/**
 * Infrastructure CLIs: the tool's own options are parsed from a table (so an option value is never
 * taken for the subcommand: `kubectl -n get delete pod x` deletes), then the read subcommands take
 * options from a table of display, selection and connection options. Anything else changes
 * containers, clusters or infrastructure, or runs code (helm --post-renderer), or writes a file
 * (terraform plan -out, kubectl --profile-output, helm template --output-dir).
 */
interface Infra {
  globals: ProgramTable;
  /** subcommand (one or two words) -> the options that subcommand's read form takes */
  reads: Record<string, ProgramTable>;
}
const KUBE_CONN = '-n= --namespace= --context= --cluster= --user= --kubeconfig= -s= --server= --token= --as= --as-group= --as-uid= --request-timeout= --certificate-authority= --client-certificate= --client-key= --insecure-skip-tls-verify --tls-server-name= --disable-compression --match-server-version --password= --username= -v= --v= --vmodule= --warnings-as-errors --log-flush-frequency= --cache-dir=W --profile=U --profile-output=W -h --help';
const KUBE_SHOW = '-o= --output= -l= --selector= -A --all-namespaces -w --watch --watch-only --show-labels -L= --label-columns= --sort-by= --field-selector= --no-headers --show-kind --chunk-size= --raw= --subresource= --ignore-not-found --template= --allow-missing-template-keys --show-managed-fields --output-watch-events -f= --filename= -R --recursive -k= --kustomize= --show-events --all';
const kube = (extra: string): ProgramTable => ({ options: `${KUBE_CONN} ${extra}` });
const DOCKER_CONN = '--config=U -c= --context= -D --debug -H= --host= -l= --log-level= --tls --tlscacert= --tlscert= --tlskey= --tlsverify -h --help';
const docker = (extra: string): ProgramTable => ({ options: `${DOCKER_CONN} ${extra}` });
const COMPOSE_CONN = '-f= --file= -p= --project-name= --project-directory= --profile= --env-file= --ansi= --progress= --parallel= --all-resources --compatibility --dry-run';
const HELM_CONN = '--kube-context= --kubeconfig= -n= --namespace= --debug --burst-limit= --qps= --registry-config= --repository-cache=U --repository-config= --kube-apiserver= --kube-as-user= --kube-as-group= --kube-ca-file= --kube-insecure-skip-tls-verify --kube-tls-server-name= --kube-token= --content-cache=U -h --help';
const helm = (extra: string): ProgramTable => ({ options: `${HELM_CONN} ${extra}` });
const TF = '-chdir= -no-color -json -h -help --help -version --version';
const tf = (extra: string): ProgramTable => ({ singleDashLong: true, options: `${TF} ${extra}` });
const TF_PLAN = tf('-var= -var-file= -target= -replace= -refresh= -refresh-only -destroy -lock= -lock-timeout= -input= -parallelism= -compact-warnings -detailed-exitcode -state= -out=W --out=W -generate-config-out=W -state-out=W -backup=W');

const INFRA: Record<string, Infra> = {
  kubectl: {
    globals: kube(''),
    reads: {
      get: kube(KUBE_SHOW),
      describe: kube(KUBE_SHOW),
      explain: kube('--recursive --api-version= --output='),
      logs: kube('-f --follow -p --previous --tail= --since= --since-time= --timestamps --prefix --all-containers --all-pods --max-log-requests= --limit-bytes= -c= --container= --pod-running-timeout= --ignore-errors -l= --selector='),
      top: kube('-A --all-namespaces -l= --selector= --sort-by= --no-headers --containers --use-protocol-buffers --show-capacity --sum --field-selector='),
      'api-resources': kube('-o= --output= --namespaced= --api-group= --sort-by= --verbs= --cached --no-headers --categories='),
      'api-versions': kube(''),
      'cluster-info': kube(''),
      version: kube('--client -o= --output='),
      'config view': kube('--raw --minify --flatten -o= --output= --template='),
      'config get-contexts': kube('-o= --output= --no-headers'),
      'config current-context': kube(''),
      'config get-clusters': kube(''),
      'config get-users': kube(''),
      'auth can-i': kube('-A --all-namespaces --list --no-headers -q --quiet --subresource='),
      'auth whoami': kube('-o= --output='),
    },
  },
  docker: {
    globals: docker('-v --version'),
    reads: {
      ps: docker('-a --all -f= --filter= --format= -n= --last= -l --latest --no-trunc -q --quiet -s --size'),
      images: docker('-a --all --digests -f= --filter= --format= --no-trunc -q --quiet --tree'),
      'image ls': docker('-a --all --digests -f= --filter= --format= --no-trunc -q --quiet --tree'),
      'container ls': docker('-a --all -f= --filter= --format= -n= --last= -l --latest --no-trunc -q --quiet -s --size'),
      logs: docker('--details -f --follow --since= -n= --tail= -t --timestamps --until='),
      inspect: docker('-f= --format= -s --size --type='),
      version: docker('-f= --format='),
      info: docker('-f= --format='),
      stats: docker('-a --all --format= --no-stream --no-trunc'),
      top: docker(''),
      history: docker('--format= -H --human --no-trunc -q --quiet --platform='),
      search: docker('-f= --filter= --format= --limit= --no-trunc'),
      diff: docker(''),
      port: docker(''),
      'network ls': docker('-f= --filter= --format= --no-trunc -q --quiet'),
      'volume ls': docker('--cluster -f= --filter= --format= -q --quiet'),
      'compose ps': docker(`${COMPOSE_CONN} -a --all --format= -q --quiet --services --status= --filter= --no-trunc --orphans`),
      'compose logs': docker(`${COMPOSE_CONN} -f --follow --index= --no-color --no-log-prefix --since= -n= --tail= -t --timestamps --until=`),
      'compose config': docker(`${COMPOSE_CONN} --format= --hash= --images --no-consistency --no-interpolate --no-normalize --no-path-resolution --profiles -q --quiet --resolve-image-digests --services --variables --volumes --environment -o=W --output=W`),
      'compose ls': docker(`${COMPOSE_CONN} -a --all --filter= --format= -q --quiet`),
    },
  },
  helm: {
    globals: helm(''),
    reads: {
      list: helm('-a --all -A --all-namespaces -d --date --deployed --failed --filter= -m= --max= --no-headers --offset= -o= --output= --pending -r --reverse -l= --selector= -q --short --superseded --time-format= --uninstalled --uninstalling'),
      ls: helm('-a --all -A --all-namespaces -d --date --deployed --failed --filter= -m= --max= --no-headers --offset= -o= --output= --pending -r --reverse -l= --selector= -q --short --superseded --time-format= --uninstalled --uninstalling'),
      status: helm('-o= --output= --revision= --show-desc --show-resources'),
      'get values': helm('-a --all -o= --output= --revision='),
      'get manifest': helm('--revision='),
      'get notes': helm('--revision='),
      'get hooks': helm('--revision='),
      'get all': helm('--revision= --template='),
      'get metadata': helm('-o= --output= --revision='),
      'show chart': helm('--version= --devel --verify --keyring= --ca-file= --cert-file= --key-file= --insecure-skip-tls-verify --plain-http --username= --password= --pass-credentials'),
      'show values': helm('--version= --devel --jsonpath= --verify --keyring= --ca-file= --cert-file= --key-file= --insecure-skip-tls-verify --plain-http --username= --password='),
      'show readme': helm('--version= --devel'),
      'show all': helm('--version= --devel'),
      'show crds': helm('--version= --devel'),
      version: helm('--short --template= -c --client'),
      history: helm('--max= -o= --output='),
      'search repo': helm('-r --regexp --devel -l --versions --version= -o= --output= --max-col-width= --fail-on-no-result'),
      'search hub': helm('--endpoint= -o= --output= --max-col-width= --list-repo-url --fail-on-no-result'),
      lint: helm('--strict --with-subcharts -f= --values= --set= --set-string= --set-file= --set-json= --set-literal= --quiet --kube-version= --skip-schema-validation'),
      template: helm(
        '-f= --values= --set= --set-string= --set-file= --set-json= --set-literal= --version= --devel --skip-crds --include-crds --skip-tests --is-upgrade --api-versions= -a= --kube-version= --validate --release-name --name-template= --create-namespace -s= --show-only= --no-hooks --disable-openapi-validation --description= --enable-dns --labels= --hide-notes --skip-schema-validation --verify --keyring= --post-renderer=X --post-renderer-args=X --output-dir=W --dependency-update!W --repo=U --username=U --password=U --ca-file= --cert-file= --key-file= --insecure-skip-tls-verify --plain-http --pass-credentials',
      ),
      env: helm(''),
      'repo list': helm('-o= --output='),
      'plugin list': helm(''),
    },
  },
  terraform: {
    globals: tf(''),
    reads: {
      version: tf(''),
      show: tf(''),
      output: tf('-raw -state='),
      validate: tf('-no-tests -test-directory='),
      providers: tf(''),
      'providers schema': tf(''),
      graph: tf('-type= -draw-cycles -plan= -module-depth='),
      'state list': tf('-state= -id='),
      'state show': tf('-state='),
      'workspace list': tf(''),
      'workspace show': tf(''),
      plan: TF_PLAN,
      fmt: tf('-check -diff -recursive -list= -write= '),
    },
  },
};
INFRA.tofu = INFRA.terraform!;
INFRA.podman = INFRA.docker!;

function infra(name: string, args: readonly Arg[]): Verdict {
  const t = INFRA[name]!;
  // the tool's own options first, then the subcommand words
  const g = parseTable(args, { ...t.globals, stopAtOperand: true }, name);
  if (g.unknowns.length) return unknown(g.unknowns[0]!);
  if (g.writes.length || g.targets.length) return write(g.writes[0] ?? `${name} writes a profile or cache file`, g.writes.length ? undefined : g.targets);
  const words = g.operands;
  const one = words[0]?.value;
  if (one === null) return unknown(`${name}: the subcommand is only known at run time`);
  if (one === undefined) return read(`${name} prints usage`);
  const two = words[1]?.value ? `${one} ${words[1]!.value}` : undefined;
  const key = two !== undefined && t.reads[two] ? two : t.reads[one] ? one : undefined;
  if (key === undefined) return unknown(`${name} ${two ?? one}: changes containers, clusters or infrastructure, or is not a subcommand this guard knows as read-only`);
  const before = args.slice(0, args.length - words.length);
  const rest = words.slice(key.split(' ').length);
  // terraform's read subcommands that take no operand: a word after them is a subcommand (providers lock, providers mirror)
  if ((name === 'terraform' || name === 'tofu') && /^(providers|version|validate|workspace list|workspace show|providers schema)$/.test(key) && rest.some((w) => w.value === null || !w.value.startsWith('-'))) return unknown(`${name} ${key} ${rest[0]!.text}: not a subcommand this guard knows as read-only`);
  const p = parseTable([...before, ...rest], t.reads[key]!, `${name} ${key}`);
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  if (p.execs.length) return unknown(p.execs[0]!);
  if (p.writes.length || p.targets.length) return write(p.writes[0] ?? `${name} ${key} writes a file`, p.writes.length ? undefined : p.targets, { writesContent: true });
  if (key === 'fmt') {
    // terraform fmt rewrites files unless -check (or -write=false)
    const w = value(p, '-write');
    if ((!has(p, '-check') && w !== 'false') || w === 'true' || (has(p, '-write') && w !== 'false')) return write(`${name} fmt rewrites files`);
  }
  return read(`${name} ${key} reads`);
}

/** tsc option words: case-insensitive, one or two dashes, short aliases, `--flag false` */
function normalizeTsc(args: readonly Arg[]): Arg[] | string {
  const alias: Record<string, string> = { p: 'project', b: 'build', w: 'watch', t: 'target', m: 'module', d: 'declaration', h: 'help', v: 'version', i: 'incremental', f: 'force', '?': 'help' };
  const out: Arg[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (v === null || !v.startsWith('-') || v === '-' || v === '--') {
      out.push(a);
      continue;
    }
    let name = v.replace(/^--?/, '').toLowerCase();
    name = alias[name] ?? name;
    const next = args[i + 1]?.value;
    if (next === 'false' || next === 'true') {
      i++;
      // `--noEmit false` turns it off, also after an earlier `--noEmit`: the last one given wins
      if (next === 'false') {
        for (let j = out.length - 1; j >= 0; j--) if (out[j]!.value === '--' + name) out.splice(j, 1);
        continue;
      }
    }
    out.push(literalArg('--' + name));
  }
  return out;
}

function satisfied(p: TableParse, words: readonly Arg[], group: readonly string[]): boolean {
  return group.some((g) => {
    const eq = g.indexOf('=');
    if (eq === -1) return has(p, g);
    const v = value(p, g.slice(0, eq));
    return v === g.slice(eq + 1) || words.some((w) => w.value === g);
  });
}

function checkTool(name: string, tool: CheckTool, args: readonly Arg[]): Leaf {
  if (tool.subcommands) {
    const first = args.findIndex((a) => a.value === null || !a.value.startsWith('-'));
    const sub = first === -1 ? undefined : args[first]!.value;
    if (sub === null) return unknown(`${name}: the subcommand is only known at run time`);
    if (sub === undefined) return onlyInfo(args) ? read(`${name} prints information`) : unknown(`${name} with no subcommand`);
    const st = tool.subcommands[sub];
    if (!st) return unknown(`${name} ${sub}: not a subcommand this guard knows as read-only (older ${name} versions took paths here and fixed them)`);
    return checkTool(`${name} ${sub}`, st, [...args.slice(0, first), ...args.slice(first + 1)]);
  }
  const words = name === 'tsc' ? normalizeTsc(args) : args;
  if (typeof words === 'string') return unknown(words);
  const p = parseTable(words, tool.table, name);
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  if (p.execs.length) return unknown(p.execs[0]!);
  if (p.writes.length || p.targets.length) return write(p.writes[0] ?? `${name} writes a report or cache file`, p.writes.length ? undefined : p.targets, { writesContent: true });
  if (tool.readOnlyWith) {
    const groups = (Array.isArray(tool.readOnlyWith[0]) ? tool.readOnlyWith : [tool.readOnlyWith]) as string[][];
    if (!groups.every((g) => satisfied(p, words, g))) return write(tool.defaultWrites ?? `${name} writes files by default`, undefined, { writesContent: true });
  }
  return read(`${name} only checks and reports (its config files are code the hook does not read)`);
}

/** Whether a verdict already carries dependency intent somewhere (a leaf, or a part of `many`). */
function carriesDependency(v: Verdict): boolean {
  if (v.kind === 'leaf') return !!v.dep;
  if (v.kind === 'many') return v.verdicts.some(carriesDependency);
  return false;
}

/**
 * Dependency intent on every reading of the package manager's options: when some reading adds a
 * package and the verdict does not say so (an option the table reads both ways, one it does not
 * list, a subcommand found past a run-time word), the verdict gains a write that adds a package.
 */
export function withDependencyIntent(name: string, args: readonly Arg[], v: Verdict): Verdict {
  const grammar = PACKAGE_GRAMMARS[name];
  if (!grammar || carriesDependency(v) || !addsDependency(grammar, args)) return v;
  return { kind: 'many', verdicts: [v, write(`${name} may add a package (on some reading of its options this command names one)`, undefined, { dep: true })] };
}

export function classifyToolchain(name: string, args: readonly Arg[], ctx: ProgramContext): Verdict | null {
  const v = classifyToolchainBy(name, args, ctx);
  return v === null ? v : withDependencyIntent(name, args, withFamilyDefault(name, args, v));
}

const has1 = (args: readonly Arg[], ...names: string[]) => args.some((a) => a.value !== null && names.some((n) => a.value === n || a.value!.startsWith(n + '=')));

/**
 * Defaults that write across a tool's whole family of commands, measured in a fresh HOME: a form
 * the tool's tables call a read still writes outside the project unless an option turns that off.
 * Each returns why, or null when these arguments do not write.
 */
const FAMILY_DEFAULT_WRITES: Record<string, (args: readonly Arg[]) => string | null> = {
  // Go 1.23+ keeps telemetry counters (local mode by default) for every go command, `go version` included,
  // and list/doc/mod why fill the build cache as vet and test do
  go: () => 'go writes telemetry counters in the user config folder (the default since Go 1.23) and fills its build cache',
  pnpm: (args) => (onlyInfo(args) ? null : 'pnpm creates its data and state folders (PNPM_HOME) on first use'),
  yarn: () => 'yarn 1 writes a compiled-code cache into TMPDIR on every run; yarn 2+ creates its global folder',
  composer: (args) => (onlyInfo(args) ? null : 'composer creates its home folder (COMPOSER_HOME) on first use'),
  // uv creates and locks its cache folder for every command that reads packages; --no-cache uses a temporary one
  uv: (args) => (onlyInfo(args) || has1(args, '-n', '--no-cache') || /^(help|version)$/.test(firstSubcommand(PACKAGE_GRAMMARS.uv!, args)?.arg.value ?? 'help') ? null : 'uv creates and locks its cache folder'),
  poetry: (args) => (/^(show|search|config)$/.test(firstSubcommand(PACKAGE_GRAMMARS.poetry!, args)?.arg.value ?? '') ? 'poetry show/search fill its cache and poetry config writes its config.toml' : null),
  // pip's index commands record their check for a newer pip (~/.cache/pip/selfcheck) unless told not to check
  pip: (args) => (/^(list|index)$/.test(firstSubcommand(PACKAGE_GRAMMARS.pip!, args)?.arg.value ?? '') && !has1(args, '--disable-pip-version-check', '--no-index') ? 'pip checks for a newer pip and records the check in its cache' : null),
  pip3: (args) => FAMILY_DEFAULT_WRITES.pip!(args),
  // every .NET CLI command writes the first-run sentinel and telemetry under ~/.dotnet; the host's own listings do not
  dotnet: (args) => (args.length > 0 && args.every((a) => a.value === '--list-sdks' || a.value === '--list-runtimes') ? null : 'the .NET CLI writes its first-run sentinel and telemetry under ~/.dotnet'),
};

export function withFamilyDefault(name: string, args: readonly Arg[], v: Verdict): Verdict {
  const rule = FAMILY_DEFAULT_WRITES[name];
  if (!rule || v.kind !== 'leaf' || v.mutability !== 'read') return v;
  const why = rule(args);
  // the command itself only reads: what it writes is the tool's own state, not the project
  return why === null ? v : write(why, undefined, { hash: v.hash, toolState: true });
}

function classifyToolchainBy(name: string, args: readonly Arg[], ctx: ProgramContext): Verdict | null {
  switch (name) {
    case 'npm':
    case 'pnpm':
    case 'yarn':
    case 'bun':
      if (name === 'bun' && args[0]?.value && /\.(m?[jt]sx?|cjs)$/.test(args[0].value)) return unknown('bun runs a script file');
      if (name === 'bun' && (args[0]?.value === 'x' )) return npx('bunx', args.slice(1));
      return npmish(name, args, ctx);
    case 'npx':
    case 'bunx':
    case 'pnpx':
      return npx(name, args);
    case 'corepack': {
      // `corepack pnpm add x` runs that package manager: its verdict (and dependency intent) carries over
      const first = firstOperand(args);
      if (!first) return onlyInfo(args) ? read('corepack prints information') : unknown('corepack with no command');
      const cmd = first.arg.value;
      if (cmd === null) return unknown('corepack: the command is only known at run time');
      if (['npm', 'npx', 'pnpm', 'pnpx', 'yarn', 'yarnpkg'].includes(cmd)) return { kind: 'exec', argv: [literalArg(cmd === 'yarnpkg' ? 'yarn' : cmd), ...args.slice(first.index + 1)], why: `corepack runs ${cmd}`, keepStdin: true };
      if (cmd === 'help') return read('corepack help prints usage');
      return write(`corepack ${cmd} installs package managers, shims or the packageManager field`);
    }
    case 'pip':
    case 'pip3':
      return pip(name, args);
    case 'uv':
      return uv(args);
    case 'uvx':
      return runner('uvx', args, ['--python', '-p', '--index', '--default-index'], ['--from', '--with', '--with-requirements', '--with-editable']);
    case 'poetry':
      return poetry(args);
    case 'pipenv':
      return pipenv(args);
    case 'pipx':
      return byFirstPair('pipx', args, ['install', 'inject'], ['list', 'environment', 'completions']);
    case 'cargo':
      if (args[0]?.value === 'fmt' && args.some((a) => a.value === '--check')) {
        // cargo fmt --check passes what follows `--` to rustfmt, which may write (--emit files)
        const dd = args.findIndex((a) => a.value === '--');
        const own = dd === -1 ? args.slice(1) : args.slice(1, dd);
        const passed = dd === -1 ? [] : args.slice(dd + 1);
        const bad =
          own.find((a) => a.value === null || !/^(--check|--all|-p|--package|--manifest-path|-v|--verbose|-q|--quiet|--message-format=.*|--package=.*|--manifest-path=.*|[^-].*)$/.test(a.value)) ??
          passed.find((a) => a.value === null || !/^(--check|-v|--verbose|-q|--quiet|--edition=\d+|--color=\w+|-l|--files-with-diff)$/.test(a.value));
        return bad ? unknown(`cargo fmt ${bad.text}: an option this guard does not know as read-only`) : read('cargo fmt --check only checks');
      }
      {
        // tree and metadata resolve the dependency graph: Cargo.lock when it is missing or stale, and
        // (cargo 1.78+) the package cache lock and global cache tracker in CARGO_HOME even with
        // --locked; metadata --no-deps reads the manifest only. pkgid writes a stale lock unless --locked.
        const sub = firstSubcommand(PACKAGE_GRAMMARS.cargo!, args)?.arg.value;
        const locked = args.some((a) => a.value === '--locked' || a.value === '--frozen');
        if (sub === 'tree' || (sub === 'metadata' && !args.some((a) => a.value === '--no-deps'))) return write(`cargo ${sub} resolves dependencies: it writes Cargo.lock when missing or stale and CARGO_HOME's package cache (also with --locked)`);
        if (sub === 'pkgid' && !locked) return write('cargo pkgid writes Cargo.lock when it is missing or stale (read only with --locked or --frozen)');
      }
      if (args.length > 0 && args.every((a) => a.value !== null && /^(-V|--version|-v|-vV|-Vv|--verbose|--list|-h|--help)$/.test(a.value))) return read('cargo prints its version or its commands');
      return subcommandTable('cargo', args, CARGO as never, PACKAGE_GRAMMARS.cargo!, CARGO_READ);
    case 'go': {
      const op = firstOperand(args)?.arg.value;
      if (op === 'mod') {
        const m = args.slice(args.findIndex((a) => a.value === 'mod') + 1);
        const o = m[0]?.value;
        if (o === 'edit') return m.some((a) => a.value !== null && /^-require=/.test(a.value)) ? write('go mod edit -require adds a dependency', [literalArg('go.mod')], { dep: true }) : write('go mod edit changes go.mod', [literalArg('go.mod')]);
        if (o === 'graph' || o === 'why' || o === 'verify') {
          const p = parseTable(m.slice(1), GO_READ, `go mod ${o}`);
          return p.unknowns.length || p.execs.length ? unknown(p.unknowns[0] ?? p.execs[0]!) : read(`go mod ${o} reads`);
        }
        return write(`go mod ${o ?? ''} changes go.mod, go.sum or the module cache`);
      }
      if (op === 'env') {
        const p = parseTable(args.slice(args.findIndex((a) => a.value === 'env') + 1), GO_READ, 'go env');
        if (p.writes.length) return write('go env -w/-u changes settings');
        return p.unknowns.length ? unknown(p.unknowns[0]!) : read('go env reads');
      }
      if (op === 'install' && !args.some((a) => a.value !== null && a.value.includes('@'))) return write('go install builds and installs the current module');
      if (op === 'telemetry') return args.length === 1 ? read('go telemetry prints the mode') : write('go telemetry on/off/local changes the telemetry mode');
      return subcommandTable('go', args, GO as never, PACKAGE_GRAMMARS.go!, GO_READ);
    }
    case 'gem':
      return subcommandTable('gem', args, GEM as never, PACKAGE_GRAMMARS.gem!, GEM_READ);
    case 'bundle':
    case 'bundler':
      if (args.length === 0) return write('bundle installs the declared gems');
      return bundle(args);
    case 'composer':
      return subcommandTable('composer', args, COMPOSER as never, PACKAGE_GRAMMARS.composer!, COMPOSER_READ);
    case 'dotnet':
      return dotnet(args);
    case 'apt':
    case 'apt-get':
    case 'aptitude':
      return subcommandTable(name, args, APT as never, PACKAGE_GRAMMARS[name]!, APT_READ);
    case 'apt-cache': {
      // gencaches (and the cache-file options) write apt's caches; the rest print
      const sub = firstOperand(args, ['-o', '-c', '-p', '--pkg-cache', '-s', '--src-cache', '-t'])?.arg.value;
      if (sub === 'gencaches' || args.some((a) => a.value !== null && /^(-[ps]$|--pkg-cache|--src-cache|-o$|-c$|--config-file)/.test(a.value))) return unknown(`apt-cache ${sub ?? ''}: writes or reconfigures apt's caches`);
      return sub === undefined || /^(show|showsrc|showpkg|policy|search|depends|rdepends|madison|stats|dump|dumpavail|pkgnames|unmet|xvcg|dotty|showauto|help)$/.test(sub ?? '') ? read('apt-cache reads package information') : unknown(`apt-cache ${sub}`);
    }
    case 'dpkg-query':
      return read(`${name} reads package information`);
    case 'dpkg':
      if (args.some((a) => a.value === '-i' || a.value === '--install')) return write('dpkg -i installs packages', undefined, { dep: true });
      if (args.some((a) => a.value !== null && /^-(l|L|s|S|p|-list|-status|-search|-listfiles)$/.test(a.value))) return read('dpkg query reads');
      return write('dpkg changes packages');
    case 'brew':
      return subcommandTable('brew', args, BREW as never, PACKAGE_GRAMMARS.brew!, BREW_READ);
    case 'yum':
    case 'dnf':
    case 'microdnf':
    case 'zypper':
      if (args.some((a) => a.value === 'history')) {
        // history lists; history undo/redo/rollback/rollback replay transactions
        const op = args[args.findIndex((a) => a.value === 'history') + 1]?.value;
        if (op !== undefined && op !== 'list' && op !== 'info' && op !== 'summary' && op !== 'userinstalled' && !/^\d+$/.test(op ?? '')) return write(`${name} history ${op ?? ''} changes installed packages`);
      }
      return subcommandTable(name, args, { ...DNF, in: 'dep', rm: 'write', se: 'read' } as never, PACKAGE_GRAMMARS[name]!, DNF_READ);
    case 'apk':
      return byFirstPair('apk', args, ['add'], ['info', 'search', 'list', 'policy', 'dot', 'stats', 'version']);
    case 'pacman':
      return byFirstPair('pacman', args, [], []);
    case 'snap':
    case 'flatpak':
      return byFirstPair(name, args, ['install'], ['list', 'info', 'find', 'search', 'remote-ls']);
    case 'conda':
      if (args[0]?.value === 'env' && (args[1]?.value === 'list' || (args[1]?.value === 'export' && !args.some((a) => a.value !== null && /^(-f|--file)/.test(a.value))))) {
        const p = parseTable(args.slice(2), CONDA_READ, `conda env ${args[1]!.value}`);
        return p.unknowns.length ? unknown(p.unknowns[0]!) : read(`conda env ${args[1]!.value} reads`);
      }
      if (false) break;
    case 'mamba':
    case 'micromamba':
      return subcommandTable(name, args, CONDA as never, PACKAGE_GRAMMARS[name]!, CONDA_READ);
    case 'deno': {
      const op = firstOperand(args)?.arg.value;
      // lint/fmt can fix in place; check/info/doc fill DENO_DIR's cache
      if (op === 'lint' || (op === 'fmt' && args.some((a) => a.value === '--check'))) {
        const p = parseTable(args.slice(args.findIndex((a) => a.value === op) + 1), DENO_READ, `deno ${op}`);
        if (p.writes.length) return write(`deno ${op} --fix rewrites files`);
        return p.unknowns.length ? unknown(p.unknowns[0]!) : read(`deno ${op} only checks`);
      }
      if (op === 'fmt') return write('deno fmt rewrites files');
      if (op === 'check' || op === 'info' || op === 'doc') return write(`deno ${op} downloads and caches modules and type-check results`);
      return subcommandTable('deno', args, DENO as never, PACKAGE_GRAMMARS.deno!, DENO_READ);
    }
  }
  const check = CHECK_TOOLS[name];
  if (check) return onlyInfo(args) ? read(`${name} prints information`) : checkTool(name, check, args);
  if (TASK_RUNNERS.has(name)) {
    if (onlyInfo(args)) return read(`${name} prints information`);
    if (name in INFRA) return infra(name, args);
    return unknown(`${name} runs project-defined tasks or tests (their code is not visible to the hook)`);
  }
  return null;
}
