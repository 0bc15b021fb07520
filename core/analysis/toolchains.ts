/**
 * Package managers, language toolchains, task runners and interpreters: which family a program
 * name belongs to, and the effects a whole family has whatever the command (dependency intent,
 * state every call writes). A package manager that only restores declared dependencies writes
 * without dependency intent; one that names new packages has it; anything that runs project
 * scripts or code is unknown.
 */
import { checkTool } from './check-tools';
import { INFRA, infra } from './infra-clis';
import { npmish, npx } from './js-packages';
import { addsDependency, firstSubcommand, PACKAGE_GRAMMARS } from './package-options';
import { APT, APT_READ, BREW, BREW_READ, bundle, byFirstPair, CARGO, CARGO_READ, COMPOSER, COMPOSER_READ, CONDA, CONDA_READ, DENO, DENO_READ, DNF, DNF_READ, dotnet, GEM, GEM_READ, GO, GO_READ, subcommandTable } from './package-subcommands';
import { pip, pipenv, poetry, runner, uv } from './python-packages';
import { parseTable } from './table';
import { CHECK_TOOLS } from './tool-tables';
import { firstOperand, onlyInfo } from './tool-words';
import { read, unknown, write, type ProgramContext, type Verdict } from './verdict';
import { literalArg, type Arg } from './words';

/** Build tools and task runners run project-defined code. */
const TASK_RUNNERS = new Set(['make', 'gmake', 'cmake', 'ninja', 'just', 'task', 'mvn', 'mvnw', './mvnw', 'gradle', 'gradlew', './gradlew', 'ant', 'sbt', 'bazel', 'bazelisk', 'buck', 'pants', 'rake', 'scons', 'meson', 'xcodebuild', 'turbo', 'nx', 'lerna', 'tox', 'nox', 'invoke', 'pytest', 'py.test', 'vitest', 'jest', 'mocha', 'ava', 'tap', 'karma', 'playwright', 'cypress', 'phpunit', 'rspec', 'nodemon', 'pm2', 'webpack', 'vite', 'rollup', 'esbuild', 'parcel', 'next', 'nuxt', 'astro', 'remix', 'storybook', 'docker-compose', 'terraform', 'tofu', 'pulumi', 'ansible', 'ansible-playbook', 'kubectl', 'helm', 'docker', 'podman']);

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
