/**
 * Package managers read by one subcommand table each (cargo, go, gem, bundler, composer, apt,
 * dnf, brew, conda, deno, dotnet, apk, snap, flatpak, pipx, pacman): each subcommand reads,
 * writes, adds dependencies, runs code or is unknown, and a read's options come from a table.
 */
import { firstSubcommand, PACKAGE_GRAMMARS, type PackageGrammar } from './package-options';
import { runAfterOptions, runner } from './python-packages';
import { parseTable, type ProgramTable } from './table';
import { firstOperand, onlyInfo } from './tool-words';
import { read, unknown, write, type Verdict } from './verdict';
import { literalArg, type Arg } from './words';

/**
 * A tool by its subcommand: `read` subcommands are reads only when every option (before and after
 * the subcommand) is in `readOptions`, the tool's table of options its printing subcommands take.
 */
export function subcommandTable(tool: string, args: readonly Arg[], table: Record<string, 'read' | 'write' | 'dep' | 'unknown' | 'run'>, valueOpts: string[] | PackageGrammar, readOptions: ProgramTable): Verdict {
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

export const CARGO_READ: ProgramTable = {
  options:
    '-q --quiet -v --verbose -vv --color= --frozen --locked --offline --manifest-path= -p= --package= --workspace --all --exclude= -e= --edges= -i= --invert= --prefix= --depth= --charset= --format= -d --duplicates --no-dedupe --target= --all-targets --features= -F= --all-features --no-default-features --format-version= --no-deps --filter-platform= --limit= --index= --registry= --message-format= --list --explain= -h --help -V --version -Z=U --config=U -C=U',
};

export const GO_READ: ProgramTable = {
  singleDashLong: true,
  options:
    '-f= -json[=] -changed -m -u -versions -retracted -deps -test -e -find -reuse= -modfile= -tags= -race -msan -asan -buildvcs= -C= -x -n -v -changed -short -src -all -c -cmd -go= -vendor -ldflags= -gcflags= -asmflags= -trimpath -cover -covermode= -coverpkg= -buildmode= -compiler= -gccgoflags= -installsuffix= -linkshared -p= -a -compiled!U -export!W -mod=U -modcacherw!U -overlay=U -pgo=U -toolexec=X -exec=X -pkgdir=U -http!U -w!W -u!W',
};

export const GEM_READ: ProgramTable = {
  options:
    '-V --verbose --no-verbose -q --quiet --silent --backtrace --debug --norc -h --help -l --local -r --remote -b --both -a --all -i --installed -I --no-installed -e --exact -d --details --versions --prerelease --pre --source= --clear-sources -p= --http-proxy= -v= --version= --platform= --install-dir= --ruby --yaml --marshal --json --lib-only --prefix --no-prefix --spec-dir= --show-install-dir --config-file=U',
};

const BUNDLE_READ: ProgramTable = {
  options: '--paths --name-only --without-group= --only-group= --verbose --parseable --porcelain --strict --minor --major --patch --group= --groups --local --pre --source= --filter-major --filter-minor --filter-patch --only-explicit --gemfile= --quiet --no-color -r --retry= -V -h --help --outdated --print-filename? --dry-run'.replace(' --print-filename?', ''),
};

export const COMPOSER_READ: ProgramTable = {
  options:
    '-h --help -q --quiet -V --version --ansi --no-ansi -n --no-interaction --profile --no-plugins --no-scripts -d= --working-dir= --no-cache -v -vv -vvv --verbose --all --locked -i --installed -p --platform -a --available -s --self -N --name-only -P --path -t --tree -l --latest -o --outdated --ignore= -M --major-only -m --minor-only --patch-only -D --direct --strict --format= -f= --no-dev --no-check-all --check-lock --no-check-lock --no-check-publish --no-check-version -A --with-dependencies -r --recursive --only-name --type= --abandoned= --audit-format= --locked --no-audit? --sort-by-age --ignore-platform-reqs --ignore-platform-req='.replace(' --no-audit?', ''),
};

export const APT_READ: ProgramTable = {
  options: '-q --quiet -qq -a --all-versions --no-all-versions --installed --upgradable --manual-installed -v --verbose -f --full -n --names-only --color= --no-color -h --help --version -t= --target-release= -o=U -c=U --config-file=U',
};

export const DNF_READ: ProgramTable = {
  options: '-q --quiet -v --verbose -C --cacheonly --repo= --repoid= --enablerepo= --disablerepo= --installed --available --updates --upgrades --extras --obsoletes --recent --all --showduplicates --releasever= --arch= -h --help --nogpgcheck --noplugins --disableplugin= --exclude= -x= --json --qf= --queryformat= --setopt=U --installroot=U -c=U --config=U',
};

export const CONDA_READ: ProgramTable = {
  options: '-n= --name= -p= --prefix= --json -e --export --explicit --md5 --revisions --envs -a --all --base --unsafe-channels -s --system -c= --channel= --override-channels --full-name --no-pip --show-channel-urls -v --verbose -q --quiet --offline -h --help --info -i --platform= --subdir= --use-local',
};

export const BREW_READ: ProgramTable = {
  options: '-h --help -v --verbose -d --debug -q --quiet --formula --formulae --cask --casks --json[=] --installed --eval-all --all -1 -l -r -t --versions --pinned --multiple --full-name --installed-on-request --installed-as-dependency --tree --topological --annotate --include-build --include-test --include-optional --skip-recommended --direct --recursive --missing --greedy --greedy-latest --greedy-auto-updates --fetch-HEAD --analytics --days= --category= --github --sizes --name --description --desc --search --list-checks --audit-debug --prefix --cellar --repository --quiet',
};

export const DENO_READ: ProgramTable = {
  options: '-q --quiet --json --compact -c= --config= --no-config --ignore= --rules-tags= --rules-include= --rules-exclude= --rules --unstable --import-map= --lock= --frozen --no-lock --node-modules-dir= --reload -r --log-level= --check --ext= --filter= --private -h --help --recursive --latest --compatible -L --doc --doc-only --unstable-* -v --version --update!W -u!W --fix!W --watch? --permit-no-files --cert='.replace(' --unstable-*', '').replace(' --watch?', ''),
};

export const CARGO = {
  add: 'dep', install: 'dep', build: 'write', b: 'write', check: 'write', c: 'write', clippy: 'write', doc: 'write', d: 'write', fix: 'write', fmt: 'write',
  remove: 'write', rm: 'write', update: 'write', clean: 'write', new: 'write', init: 'write', vendor: 'write', generate: 'write', 'generate-lockfile': 'write', package: 'write', uninstall: 'write',
  test: 'unknown', t: 'unknown', run: 'unknown', r: 'unknown', bench: 'unknown', publish: 'unknown', login: 'unknown', yank: 'unknown', owner: 'unknown',
  tree: 'read', metadata: 'read', search: 'write', 'locate-project': 'read', pkgid: 'read', 'verify-project': 'read', version: 'read', help: 'read', info: 'write', 'read-manifest': 'read',
} as const;

export const GEM = { install: 'dep', i: 'dep', uninstall: 'write', update: 'write', cleanup: 'write', build: 'write', list: 'read', search: 'read', info: 'read', env: 'read', contents: 'read', which: 'read', specification: 'read', help: 'read', outdated: 'read', push: 'unknown', exec: 'run' } as const;

/** bundle config reads with no argument, `list`, `get KEY` or one KEY; with a value or set/unset it writes. check writes the lockfile unless --dry-run. */
export function bundle(args: readonly Arg[]): Verdict {
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

export const COMPOSER = { require: 'dep', req: 'dep', requ: 'dep', requi: 'dep', requir: 'dep', install: 'write', update: 'write', upgrade: 'write', remove: 'write', 'dump-autoload': 'write', dumpautoload: 'write', init: 'write', 'create-project': 'write', reinstall: 'write', bump: 'write', show: 'read', info: 'read', outdated: 'read', validate: 'read', diagnose: 'read', licenses: 'read', depends: 'read', why: 'read', 'why-not': 'read', prohibits: 'read', search: 'read', audit: 'read', check: 'read', 'check-platform-reqs': 'read', help: 'read', list: 'read', 'run-script': 'unknown', run: 'unknown', exec: 'run', global: 'unknown' } as const;

// vet compiles into the build cache and reports; the family default (FAMILY_DEFAULT_WRITES.go) names that write as the tool's own state
export const GO = { get: 'dep', build: 'write', install: 'dep', generate: 'unknown', run: 'unknown', test: 'unknown', vet: 'read', list: 'read', version: 'read', doc: 'read', help: 'read', fmt: 'write', clean: 'write', fix: 'write', tool: 'unknown', work: 'write', telemetry: 'write', bug: 'unknown' } as const;

export const APT = { install: 'dep', reinstall: 'write', remove: 'write', purge: 'write', autoremove: 'write', upgrade: 'write', 'full-upgrade': 'write', 'dist-upgrade': 'write', update: 'write', clean: 'write', autoclean: 'write', 'build-dep': 'dep', source: 'write', download: 'write', list: 'read', search: 'read', show: 'read', showsrc: 'read', policy: 'read', depends: 'read', rdepends: 'read', madison: 'read', changelog: 'read', help: 'read', 'mark': 'write', 'edit-sources': 'unknown' } as const;

export const BREW = { install: 'dep', reinstall: 'write', uninstall: 'write', remove: 'write', rm: 'write', upgrade: 'write', update: 'write', cleanup: 'write', tap: 'dep', untap: 'write', link: 'write', unlink: 'write', pin: 'write', unpin: 'write', bundle: 'write', services: 'unknown', list: 'read', ls: 'read', info: 'read', search: 'read', deps: 'read', uses: 'read', outdated: 'read', doctor: 'read', config: 'read', leaves: 'read', desc: 'read', home: 'read', '--prefix': 'read', '--cellar': 'read', '--repository': 'read', commands: 'read', help: 'read' } as const;

export const DNF = { install: 'dep', add: 'dep', reinstall: 'write', remove: 'write', erase: 'write', del: 'write', upgrade: 'write', update: 'write', 'distro-sync': 'write', autoremove: 'write', clean: 'write', makecache: 'write', list: 'read', info: 'read', search: 'read', provides: 'read', repolist: 'read', check: 'read', 'check-update': 'read', history: 'read', deplist: 'read', show: 'read', policy: 'read', help: 'read' } as const;

export const CONDA = { install: 'dep', create: 'dep', remove: 'write', uninstall: 'write', update: 'write', upgrade: 'write', clean: 'write', env: 'write', init: 'write', config: 'write', list: 'read', info: 'read', search: 'read', 'compare': 'read', doctor: 'read', run: 'run', activate: 'read', deactivate: 'read' } as const;

export const DENO = { add: 'dep', install: 'dep', i: 'dep', remove: 'write', rm: 'write', uninstall: 'write', outdated: 'read', fmt: 'write', lint: 'read', check: 'read', info: 'read', doc: 'read', types: 'read', help: 'read', completions: 'read', run: 'unknown', test: 'unknown', task: 'unknown', eval: 'unknown', repl: 'unknown', serve: 'unknown', bench: 'unknown', compile: 'write', bundle: 'write', cache: 'write', init: 'write', upgrade: 'write', publish: 'unknown', jupyter: 'unknown', clean: 'write' } as const;

/** dotnet commands that write build output or project files */
const DOTNET_WRITES = new Set<string | null>('build restore publish pack clean new format msbuild workload'.split(' '));
/** dotnet commands that run the project's code */
const DOTNET_RUNS = new Set<string | null>('run test watch exec fsi'.split(' '));

export function dotnet(args: readonly Arg[]): Verdict {
  const first = firstOperand(args);
  if (!first) return onlyInfo(args) || args.some((a) => a.value === '--info' || a.value === '--list-sdks' || a.value === '--list-runtimes') ? read('dotnet prints information') : read('dotnet prints usage');
  const cmd = first.arg.value;
  const rest = args.slice(first.index + 1);
  const ops = rest.filter((a) => a.value !== null && !a.value.startsWith('-')).map((a) => a.value);
  if (DOTNET_WRITES.has(cmd)) return write(`dotnet ${cmd} writes build output or project files`);
  if (DOTNET_RUNS.has(cmd)) return unknown(`dotnet ${cmd} runs project code`);
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
    case 'nuget':
      // list source, locals … --list, verify and why read; every other verb changes sources, caches, trust or a feed
      if (ops[0] === 'list' || ops[0] === 'verify' || ops[0] === 'why' || (ops[0] === 'locals' && rest.some((a) => a.value === '-l' || a.value === '--list') && !rest.some((a) => a.value === '-c' || a.value === '--clear'))) return read(`dotnet nuget ${ops[0]} reads`);
      return unknown(`dotnet nuget ${ops[0] ?? ''} changes package sources, caches, trust or a feed`);
    default:
      if (cmd && /\.dll$/i.test(cmd)) return unknown('dotnet <assembly> runs a program');
      return unknown(`dotnet ${cmd ?? ''}: not a known dotnet command`);
  }
}

export function byFirstPair(tool: string, args: readonly Arg[], adds: string[], reads: string[]): Verdict {
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
