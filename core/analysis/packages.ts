/**
 * Package managers, language toolchains and interpreters. A package manager that only
 * restores declared dependencies (`npm ci`, `pip install -r requirements.txt`) writes
 * but has no dependency intent; one that names new packages (`npm i left-pad`,
 * `cargo add serde`, `apt-get install jq`) has. Anything that runs project scripts or
 * code (`npm test`, `cargo run`, `python x.py`, `python -c …`) is unknown.
 */
import { parseOpts, hasAny, type ParsedOpts } from './opts';
import { has, parseTable, value, type TableParse } from './table';
import { CHECK_TOOLS, type CheckTool } from './tool-tables';
import { hashIntentInCode, type CodeLanguage } from './intents';
import { read, write, unknown, type Leaf, type ProgramContext, type Verdict } from './verdict';
import { literalArg, type Arg } from './words';

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
function packageSpecs(p: ParsedOpts): Arg[] {
  return p.operands.filter((a) => !(a.value === '.' || a.value === './'));
}

const NPM_VALUE_OPTS = ['--registry', '--tag', '-w', '--workspace', '--prefix', '--omit', '--include', '--save-prefix', '--cache', '--userconfig', '--loglevel', '-C', '--dir', '--filter', '-F', '--cwd'];

function npmish(tool: string, args: readonly Arg[], ctx: ProgramContext): Verdict {
  const first = firstOperand(args, NPM_VALUE_OPTS);
  const t = tool;
  if (!first) {
    if (onlyInfo(args)) return read(`${t} prints information`);
    if (tool === 'yarn') return write(`${t} installs the declared dependencies`);
    return read(`${t} with no command prints usage`);
  }
  if (first.arg.value === null) return unknown(`${t}: the command is only known at run time`);
  const cmd = first.arg.value;
  const rest = args.slice(first.index + 1);
  const p = parseOpts(rest, { longWithValue: NPM_VALUE_OPTS.filter((o) => o.startsWith('--')).map((o) => o.slice(2)), shortWithValue: 'wCF' });
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
      return rest[0]?.value === 'list' ? read(`${t} global list reads`) : write(`${t} global changes global packages`);
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
    case 'version':
    case 'import':
    case 'patch':
    case 'patch-commit':
      if (cmd === 'version' && p.operands.length === 0 && tool !== 'npm') return read(`${t} version prints versions`);
      if (cmd === 'create' || cmd === 'init') {
        if (p.operands.length > 0) return unknown(`${t} ${cmd} <initializer> runs a package's code`);
        return write(`${t} ${cmd} writes a manifest`);
      }
      return write(`${t} ${cmd} changes installed packages or the manifest`);
    case 'cache':
      return rest[0]?.value === 'ls' || rest[0]?.value === 'list' || rest[0]?.value === 'verify' ? read(`${t} cache reads`) : write(`${t} cache changes the cache`);
    case 'pkg': {
      const op = rest[0]?.value;
      if (op === 'get') return read(`${t} pkg get reads package.json`);
      return write(`${t} pkg ${op ?? ''} edits package.json`, [literalArg('package.json')], { writesContent: true });
    }
    case 'config':
    case 'c': {
      const op = rest[0]?.value;
      return op === 'get' || op === 'list' || op === 'ls' || op === undefined ? read(`${t} config reads`) : write(`${t} config changes settings`);
    }
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
    case 'doctor':
    case 'ping':
    case 'licenses':
    case 'fund':
    case 'docs':
    case 'home':
    case 'repo':
    case 'bugs':
    case 'audit':
    case 'sbom':
    case 'pm':
      if (cmd === 'audit' && rest.some((a) => a.value === 'fix')) return write(`${t} audit fix changes dependencies`);
      if (cmd === 'pm' && rest[0]?.value !== 'ls' && rest[0]?.value !== 'hash' && rest[0]?.value !== 'bin' && rest[0]?.value !== 'cache') return unknown(`${t} pm ${rest[0]?.value ?? ''}`);
      return read(`${t} ${cmd} reads package information`);
    case 'pack':
      return hasAny(p, '--dry-run') ? read(`${t} pack --dry-run only lists`) : write(`${t} pack writes a tarball`);
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
      return { kind: 'exec', argv: binOf(inner.rest), why: `${t} ${cmd} runs a package binary`, keepStdin: true };
    }
    default:
      // run, run-script, test, start, stop, restart, t, tst, or a package.json script name (yarn/pnpm/bun)
      if (tool === 'bun' && cmd.includes('.')) return unknown(`${t} ${cmd} runs a script file`);
      void ctx;
      return unknown(`${t} ${cmd} runs project scripts (package.json can make them do anything)`);
  }
}

/** `prettier@3` -> prettier, `@scope/tool@1` -> tool */
function binOf(argv: readonly Arg[]): Arg[] {
  const [first, ...rest] = argv;
  if (!first || first.value === null) return [...argv];
  let name = first.value;
  const at = name.lastIndexOf('@');
  if (at > 0) name = name.slice(0, at);
  if (name.startsWith('@') && name.includes('/')) name = name.slice(name.indexOf('/') + 1);
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
  return { kind: 'exec', argv: binOf(p.rest), why: `${tool} runs a package binary`, keepStdin: true };
}

function pip(t: string, args: readonly Arg[]): Verdict {
  const first = firstOperand(args, ['--python', '--cache-dir', '--log']);
  if (!first) return onlyInfo(args) ? read(`${t} prints information`) : read(`${t} prints usage`);
  const cmd = first.arg.value;
  if (cmd === null) return unknown(`${t}: the command is only known at run time`);
  const rest = args.slice(first.index + 1);
  const p = parseOpts(rest, {
    shortWithValue: 'rcetidif',
    longWithValue: ['requirement', 'constraint', 'editable', 'target', 'index-url', 'extra-index-url', 'find-links', 'prefix', 'root', 'src', 'upgrade-strategy', 'python-version', 'platform', 'implementation', 'abi', 'no-binary', 'only-binary', 'progress-bar', 'report', 'group', 'config-settings', 'c', 'python'],
  });
  switch (cmd) {
    case 'install': {
      const editable = (p.flags.get('-e') ?? []).concat(p.flags.get('--editable') ?? []).filter((v) => v !== '.' && v !== './');
      const named = packageSpecs(p).length > 0 || editable.length > 0;
      if (hasAny(p, '--dry-run')) return read(`${t} install --dry-run only resolves`, { dep: named });
      return named ? write(`${t} install adds packages`, undefined, { dep: true }) : write(`${t} install installs declared requirements`);
    }
    case 'uninstall':
    case 'download':
    case 'wheel':
    case 'cache':
      if (cmd === 'cache' && ['list', 'dir', 'info'].includes(rest[0]?.value ?? '')) return read(`${t} cache reads`);
      return write(`${t} ${cmd} changes installed packages or files`);
    case 'list':
    case 'show':
    case 'freeze':
    case 'check':
    case 'help':
    case 'search':
    case 'debug':
    case 'inspect':
    case 'index':
    case 'hash':
    case 'completion':
      return read(`${t} ${cmd} reads package information`, { hash: cmd === 'hash' });
    case 'config':
      return ['list', 'get', 'debug'].includes(rest[0]?.value ?? '') ? read(`${t} config reads`) : write(`${t} config changes settings`);
    case 'sync':
    case 'compile':
      return write(`${t} ${cmd} installs or writes requirements`);
    default:
      return unknown(`${t} ${cmd}: not a known pip command`);
  }
}

function uv(args: readonly Arg[]): Verdict {
  const first = firstOperand(args, ['--directory', '--project', '--cache-dir', '--python', '-p', '--config-file']);
  if (!first) return onlyInfo(args) ? read('uv prints information') : read('uv prints usage');
  const cmd = first.arg.value;
  if (cmd === null) return unknown('uv: the command is only known at run time');
  const rest = args.slice(first.index + 1);
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
    case 'tree':
    case 'version':
    case 'help':
      return read(`uv ${cmd} reads`);
    case 'python':
      return rest[0]?.value === 'list' || rest[0]?.value === 'find' ? read('uv python list reads') : write('uv python installs interpreters');
    case 'tool': {
      const op = rest[0]?.value;
      if (op === 'install') return write('uv tool install adds a tool', undefined, { dep: true });
      if (op === 'run') return runAfterOptions('uv tool run', rest.slice(1), ['--from', '--with', '--python', '-p']);
      if (op === 'list' || op === 'dir') return read(`uv tool ${op} reads`);
      return write(`uv tool ${op ?? ''} changes tools`);
    }
    case 'run':
      return runAfterOptions('uv run', rest, ['--with', '--python', '-p', '--package', '--extra', '--group', '--env-file', '--directory', '--project', '--from', '--index', '--with-requirements', '--with-editable']);
    default:
      return unknown(`uv ${cmd}: not a known uv command`);
  }
}

/** Skip a runner's options, then classify what it runs. */
function runAfterOptions(tool: string, args: readonly Arg[], valueOpts: readonly string[]): Verdict {
  const first = firstOperand(args, valueOpts);
  if (!first) return unknown(`${tool} without a command`);
  const inner = args.slice(first.index);
  if (inner[0]?.value && /\.(py|js|ts|mjs|cjs|rb|sh)$/.test(inner[0].value)) return unknown(`${tool} runs a script file whose content is not visible`);
  return { kind: 'exec', argv: binOf(inner), why: `${tool} runs a command`, keepStdin: true };
}

function poetry(args: readonly Arg[]): Verdict {
  const first = firstOperand(args, ['-C', '--directory', '-P', '--project']);
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
    case 'env':
      if (cmd === 'version' && rest.some((a) => a.value !== null && !a.value.startsWith('-'))) return write('poetry version <bump> edits pyproject.toml', [literalArg('pyproject.toml')]);
      if (cmd === 'env' && rest[0]?.value !== 'info' && rest[0]?.value !== 'list') return write('poetry env changes environments');
      return read(`poetry ${cmd} reads`);
    default:
      return unknown(`poetry ${cmd ?? ''}: not a known poetry command`);
  }
}

function subcommandTable(tool: string, args: readonly Arg[], table: Record<string, 'read' | 'write' | 'dep' | 'unknown' | 'run'>, valueOpts: string[] = []): Verdict {
  const first = firstOperand(args, valueOpts);
  if (!first) return onlyInfo(args) ? read(`${tool} prints information`) : unknown(`${tool} with no command`);
  const cmd = first.arg.value;
  if (cmd === null) return unknown(`${tool}: the command is only known at run time`);
  const kind = table[cmd];
  const rest = args.slice(first.index + 1);
  switch (kind) {
    case 'read':
      return read(`${tool} ${cmd} reads`);
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

const CARGO = {
  add: 'dep', install: 'dep', build: 'write', b: 'write', check: 'write', c: 'write', clippy: 'write', doc: 'write', d: 'write', fix: 'write', fmt: 'write',
  remove: 'write', rm: 'write', update: 'write', clean: 'write', new: 'write', init: 'write', vendor: 'write', generate: 'write', 'generate-lockfile': 'write', package: 'write', uninstall: 'write',
  test: 'unknown', t: 'unknown', run: 'unknown', r: 'unknown', bench: 'unknown', publish: 'unknown', login: 'unknown', yank: 'unknown', owner: 'unknown',
  tree: 'read', metadata: 'read', search: 'read', 'locate-project': 'read', pkgid: 'read', 'verify-project': 'read', version: 'read', help: 'read', info: 'read', 'read-manifest': 'read',
} as const;

const GEM = { install: 'dep', i: 'dep', uninstall: 'write', update: 'write', cleanup: 'write', build: 'write', list: 'read', search: 'read', info: 'read', env: 'read', contents: 'read', which: 'read', specification: 'read', help: 'read', outdated: 'read', push: 'unknown', exec: 'run' } as const;
const BUNDLE = { add: 'dep', install: 'write', update: 'write', lock: 'write', remove: 'write', init: 'write', clean: 'write', cache: 'write', package: 'write', exec: 'run', list: 'read', show: 'read', info: 'read', outdated: 'read', check: 'read', config: 'read', help: 'read', version: 'read', doctor: 'read', console: 'unknown', open: 'unknown' } as const;
const COMPOSER = { require: 'dep', install: 'write', update: 'write', upgrade: 'write', remove: 'write', 'dump-autoload': 'write', dumpautoload: 'write', init: 'write', 'create-project': 'write', reinstall: 'write', bump: 'write', show: 'read', info: 'read', outdated: 'read', validate: 'read', diagnose: 'read', licenses: 'read', depends: 'read', why: 'read', 'why-not': 'read', prohibits: 'read', search: 'read', audit: 'read', check: 'read', 'check-platform-reqs': 'read', help: 'read', list: 'read', 'run-script': 'unknown', run: 'unknown', exec: 'run', global: 'unknown' } as const;
const GO = { get: 'dep', build: 'write', install: 'dep', generate: 'unknown', run: 'unknown', test: 'unknown', vet: 'write', list: 'read', version: 'read', doc: 'read', help: 'read', fmt: 'write', clean: 'write', fix: 'write', tool: 'unknown', work: 'write', telemetry: 'read', bug: 'unknown' } as const;
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
    case 'tool':
      if (ops[0] === 'install') return write('dotnet tool install adds a tool', undefined, { dep: true });
      if (ops[0] === 'list' || ops[0] === 'search') return read(`dotnet tool ${ops[0]} reads`);
      if (ops[0] === 'run') return runAfterOptions('dotnet tool run', rest.slice(rest.findIndex((a) => a.value === 'run') + 1), []);
      return write(`dotnet tool ${ops[0] ?? ''} changes tools`);
    case 'list':
    case 'sln':
      if (cmd === 'sln' && ops.some((o) => o === 'add' || o === 'remove')) return write('dotnet sln changes the solution');
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
      return ops.includes('push') || ops.includes('delete') ? unknown('dotnet nuget push changes a feed') : read('dotnet nuget reads');
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
    if (/^-(Q|Ss|Si|F)/.test(flag)) return read('pacman query reads');
    return write(`pacman ${flag} changes packages`);
  }
  if (!first) return onlyInfo(args) ? read(`${tool} prints information`) : unknown(`${tool} with no command`);
  const cmd = first.arg.value ?? '';
  if (adds.includes(cmd)) return write(`${tool} ${cmd} installs packages`, undefined, { dep: true });
  if (reads.includes(cmd)) return read(`${tool} ${cmd} reads`);
  if (tool === 'pipx' && cmd === 'run') return runAfterOptions('pipx run', args.slice(first.index + 1), ['--spec', '--python', '--index-url']);
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
  // python -m pip / venv / json.tool
  if (lang === 'py') {
    const m = args.findIndex((a) => a.value === '-m');
    if (m !== -1 && args.slice(0, m).every((a) => a.value !== null && a.value.startsWith('-') && a.value !== '-c')) {
      const mod = args[m + 1]?.value;
      const rest = args.slice(m + 2);
      if (mod === 'pip' || mod === 'pip3') return pip(`${name} -m pip`, rest);
      if (mod === 'venv' || mod === 'virtualenv') {
        const dir = rest.find((a) => a.value === null || !a.value.startsWith('-'));
        return write(`${name} -m venv creates an environment`, dir ? [dir] : undefined);
      }
      if (mod === 'json.tool' || mod === 'tabnanny' || mod === 'pydoc' || mod === 'site' || mod === 'sysconfig' || mod === 'platform') return read(`${name} -m ${mod} reads`);
      if (mod === 'py_compile' || mod === 'compileall') return write(`${name} -m ${mod} writes bytecode`);
      return unknown(`${name} -m ${mod ?? '<run time>'} runs module code`);
    }
  }
  if (name === 'perl') {
    const p = parseOpts(args, { shortWithValue: 'eEIMmlx0', longWithValue: [] });
    const inplace = [...p.flags.keys()].some((k) => k === '-i') || args.some((a) => a.value !== null && /^-[a-zA-Z]*i/.test(a.value) && !a.value.startsWith('--'));
    const code = [...(p.flags.get('-e') ?? []), ...(p.flags.get('-E') ?? [])];
    if (inplace) {
      const files = code.length ? p.operands : p.operands.slice(1);
      const risky = code.some((c) => c === null || /\b(system|exec|unlink|rename|open|rmdir|mkdir|qx|fork|eval|require|do)\b|`/.test(c));
      return write('perl -i edits files in place', risky ? undefined : files, { writesContent: true });
    }
    if (code.length) return unknown('perl -e runs inline code');
    if (p.operands.length) return unknown('perl runs a script file whose content is not visible');
    return interactive(name, ctx);
  }
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
    if (!v.startsWith('-')) return unknown(`${name} runs the script ${v}; its content is not visible to the hook`);
  }
  return ctx.stdin.kind === 'tty' ? interactive(name, ctx) : stdinCode(name, ctx, lang);
}

function stdinCode(name: string, ctx: ProgramContext, lang: CodeLanguage | null): Leaf {
  const hash = ctx.stdin.kind === 'text' && lang ? hashIntentInCode(lang, ctx.stdin.text) : false;
  return unknown(`${name} runs code read from stdin`, { hash });
}

export function interactive(name: string, _ctx: ProgramContext): Leaf {
  return unknown(`${name} with no script starts an interactive session; input typed later is never seen by a hook`);
}

/** Build tools and task runners run project-defined code. */
const TASK_RUNNERS = new Set(['make', 'gmake', 'cmake', 'ninja', 'just', 'task', 'mvn', 'mvnw', './mvnw', 'gradle', 'gradlew', './gradlew', 'ant', 'sbt', 'bazel', 'bazelisk', 'buck', 'pants', 'rake', 'scons', 'meson', 'xcodebuild', 'turbo', 'nx', 'lerna', 'tox', 'nox', 'invoke', 'pytest', 'py.test', 'vitest', 'jest', 'mocha', 'ava', 'tap', 'karma', 'playwright', 'cypress', 'phpunit', 'rspec', 'nodemon', 'pm2', 'webpack', 'vite', 'rollup', 'esbuild', 'parcel', 'next', 'nuxt', 'astro', 'remix', 'storybook', 'docker-compose', 'terraform', 'pulumi', 'ansible', 'ansible-playbook', 'kubectl', 'helm', 'docker', 'podman']);

/**
 * Infrastructure CLIs: read subcommands (and, where a subcommand has options that write,
 * those options) by tool. Everything else changes containers, clusters or infrastructure.
 */
const INFRA_READS: Record<string, Record<string, string[] | 'any'>> = {
  kubectl: { get: 'any', describe: 'any', logs: 'any', explain: 'any', 'api-resources': 'any', 'api-versions': 'any', 'cluster-info': 'any', version: 'any', top: 'any', 'config view': 'any', 'config get-contexts': 'any', 'config current-context': 'any', 'config get-clusters': 'any', 'auth can-i': 'any' },
  docker: { ps: 'any', images: 'any', logs: 'any', inspect: 'any', version: 'any', info: 'any', stats: 'any', top: 'any', history: 'any', search: 'any', diff: 'any', port: 'any', 'image ls': 'any', 'container ls': 'any', 'network ls': 'any', 'volume ls': 'any', 'compose ps': 'any', 'compose logs': 'any', 'compose config': ['-o', '--output'], 'compose ls': 'any' },
  podman: { ps: 'any', images: 'any', logs: 'any', inspect: 'any', version: 'any', info: 'any', stats: 'any', top: 'any', history: 'any', search: 'any', diff: 'any', port: 'any' },
  helm: { list: 'any', ls: 'any', status: 'any', get: 'any', show: 'any', version: 'any', history: 'any', search: 'any', lint: 'any', template: ['--output-dir'], env: 'any' },
  // terraform plan -out writes a plan file; fmt rewrites unless -check
  terraform: { version: 'any', show: 'any', output: 'any', validate: 'any', providers: 'any', graph: 'any', 'state list': 'any', 'state show': 'any', 'workspace list': 'any', 'workspace show': 'any', plan: ['-out', '--out'], 'fmt -check': 'any' },
  tofu: { version: 'any', show: 'any', output: 'any', validate: 'any', providers: 'any', graph: 'any', 'state list': 'any', 'state show': 'any', plan: ['-out', '--out'] },
};

function infra(name: string, args: readonly Arg[]): Verdict {
  const ops = args.filter((a) => a.value === null || !a.value.startsWith('-'));
  if (ops.some((a) => a.value === null) && ops[0]?.value === null) return unknown(`${name}: the subcommand is only known at run time`);
  const table = INFRA_READS[name]!;
  const one = ops[0]?.value ?? '';
  const two = `${one} ${ops[1]?.value ?? ''}`;
  let entry = table[two] ?? table[one];
  if (name.startsWith('t') && one === 'fmt' && args.some((a) => a.value === '-check' || a.value === '--check') && !args.some((a) => a.value === '-write=true')) entry = 'any';
  if (entry === undefined) return unknown(`${name} ${one}: changes containers, clusters or infrastructure, or is not a subcommand this guard knows as read-only`);
  if (entry !== 'any') {
    const bad = args.find((a) => a.value !== null && entry.some((o) => a.value === o || a.value!.startsWith(o + '=')));
    if (bad) return write(`${name} ${one} ${bad.value} writes a file`, undefined, { writesContent: true });
  }
  return read(`${name} ${table[two] ? two : one} reads`);
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
      if (next === 'false') continue; // `--noEmit false` turns it off
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

export function classifyToolchain(name: string, args: readonly Arg[], ctx: ProgramContext): Verdict | null {
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
      return runAfterOptions('uvx', args, ['--from', '--with', '--python', '-p', '--index']);
    case 'poetry':
      return poetry(args);
    case 'pipx':
      return byFirstPair('pipx', args, ['install', 'inject'], ['list', 'environment', 'completions']);
    case 'cargo':
      if (args.some((a) => a.value === 'fmt') && args.some((a) => a.value === '--check')) return read('cargo fmt --check only checks');
      // tree/metadata resolve the lockfile: without --locked/--frozen they may write Cargo.lock
      if (args.some((a) => a.value === 'tree' || a.value === 'metadata') && !args.some((a) => a.value === '--locked' || a.value === '--frozen')) return write('cargo tree/metadata write Cargo.lock when it is missing or stale (read only with --locked or --frozen)');
      return subcommandTable('cargo', args, CARGO as never, ['--manifest-path', '-Z', '--config', '--color', '-C']);
    case 'go': {
      const op = firstOperand(args)?.arg.value;
      if (op === 'mod') {
        const m = args.slice(args.findIndex((a) => a.value === 'mod') + 1);
        const o = m[0]?.value;
        if (o === 'edit') return m.some((a) => a.value !== null && /^-require=/.test(a.value)) ? write('go mod edit -require adds a dependency', [literalArg('go.mod')], { dep: true }) : write('go mod edit changes go.mod', [literalArg('go.mod')]);
        if (o === 'graph' || o === 'why' || o === 'verify') return read(`go mod ${o} reads`);
        return write(`go mod ${o ?? ''} changes go.mod, go.sum or the module cache`);
      }
      if (op === 'env') return args.some((a) => a.value === '-w' || a.value === '-u') ? write('go env -w changes settings') : read('go env reads');
      if (op === 'install' && !args.some((a) => a.value !== null && a.value.includes('@'))) return write('go install builds and installs the current module');
      return subcommandTable('go', args, GO as never, ['-C']);
    }
    case 'gem':
      return subcommandTable('gem', args, GEM as never);
    case 'bundle':
    case 'bundler':
      if (args.length === 0) return write('bundle installs the declared gems');
      return subcommandTable('bundle', args, BUNDLE as never);
    case 'composer':
      return subcommandTable('composer', args, COMPOSER as never, ['-d', '--working-dir']);
    case 'dotnet':
      return dotnet(args);
    case 'apt':
    case 'apt-get':
    case 'aptitude':
      return subcommandTable(name, args, APT as never, ['-o', '-c', '-t']);
    case 'apt-cache':
    case 'dpkg-query':
      return read(`${name} reads package information`);
    case 'dpkg':
      if (args.some((a) => a.value === '-i' || a.value === '--install')) return write('dpkg -i installs packages', undefined, { dep: true });
      if (args.some((a) => a.value !== null && /^-(l|L|s|S|p|-list|-status|-search|-listfiles)$/.test(a.value))) return read('dpkg query reads');
      return write('dpkg changes packages');
    case 'brew':
      return subcommandTable('brew', args, BREW as never);
    case 'yum':
    case 'dnf':
    case 'microdnf':
    case 'zypper':
      return subcommandTable(name, args, { ...DNF, in: 'dep', rm: 'write', se: 'read' } as never);
    case 'apk':
      return byFirstPair('apk', args, ['add'], ['info', 'search', 'list', 'policy', 'dot', 'stats', 'version']);
    case 'pacman':
      return byFirstPair('pacman', args, [], []);
    case 'snap':
    case 'flatpak':
      return byFirstPair(name, args, ['install'], ['list', 'info', 'find', 'search', 'remote-ls']);
    case 'conda':
    case 'mamba':
    case 'micromamba':
      return subcommandTable(name, args, CONDA as never, ['-n', '--name', '-p', '--prefix', '-c', '--channel']);
    case 'deno': {
      const op = firstOperand(args)?.arg.value;
      // lint/fmt can fix in place; check/info/doc fill DENO_DIR's cache
      if (op === 'lint') return args.some((a) => a.value === '--fix') ? write('deno lint --fix rewrites files') : read('deno lint reads');
      if (op === 'fmt') return args.some((a) => a.value === '--check') ? read('deno fmt --check only checks') : write('deno fmt rewrites files');
      if (op === 'check' || op === 'info' || op === 'doc') return write(`deno ${op} downloads and caches modules and type-check results`);
      return subcommandTable('deno', args, DENO as never);
    }
  }
  const check = CHECK_TOOLS[name];
  if (check) return onlyInfo(args) ? read(`${name} prints information`) : checkTool(name, check, args);
  if (TASK_RUNNERS.has(name)) {
    if (onlyInfo(args)) return read(`${name} prints information`);
    if (name in INFRA_READS) return infra(name, args);
    return unknown(`${name} runs project-defined tasks or tests (their code is not visible to the hook)`);
  }
  return null;
}
