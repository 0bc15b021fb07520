/**
 * pip, uv, poetry and pipenv, and the runners uvx and `uv run`: installs write (with dependency
 * intent when they name packages), the printing subcommands read by their tables.
 */
import { binOf } from './js-packages';
import { firstSubcommand, PACKAGE_GRAMMARS, valueOptionTable } from './package-options';
import { has, parseTable, type ProgramTable } from './table';
import { firstOperand, onlyInfo, packageSpecs } from './tool-words';
import { read, unknown, write, type Leaf, type Verdict } from './verdict';
import { literalArg, type Arg } from './words';

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

/** pip commands that print, through its table of read options */
const PIP_READS = new Set('list show freeze check help search debug inspect hash completion'.split(' '));

export function pip(t: string, args: readonly Arg[]): Verdict {
  const first = firstSubcommand(PACKAGE_GRAMMARS.pip!, args);
  if (!first) return onlyInfo(args) ? read(`${t} prints information`) : pipRead(`${t}`, args);
  const cmd = first.arg.value;
  if (cmd === null) return unknown(`${t}: the command is only known at run time`);
  const rest = args.slice(first.index + 1);
  const others = [...args.slice(0, first.index), ...rest];
  const p = parseTable(rest, valueOptionTable(PACKAGE_GRAMMARS.pip!), t);
  if (PIP_READS.has(cmd)) {
    const leaf = pipRead(`${t} ${cmd}`, others);
    return cmd === 'hash' && leaf.mutability === 'read' ? { ...leaf, hash: true } : leaf;
  }
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

/** uv commands that write the environment, the lockfile or other files */
const UV_WRITES = new Set('remove sync lock venv init build export cache self'.split(' '));

export function uv(args: readonly Arg[]): Verdict {
  const first = firstSubcommand(PACKAGE_GRAMMARS.uv!, args);
  if (!first) return onlyInfo(args) ? read('uv prints information') : read('uv prints usage');
  const cmd = first.arg.value;
  if (cmd === null) return unknown('uv: the command is only known at run time');
  const rest = args.slice(first.index + 1);
  const others = [...args.slice(0, first.index), ...rest];
  if (UV_WRITES.has(cmd)) return write(`uv ${cmd} writes the environment, lockfile or files`);
  switch (cmd) {
    case 'add':
      return write('uv add adds dependencies', undefined, { dep: true });
    case 'pip':
      return pip('uv pip', rest);
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
export function runner(tool: string, args: readonly Arg[], valueOpts: readonly string[], addsPackages: readonly string[]): Verdict {
  const adds = args.find((a) => a.value === null || addsPackages.some((o) => a.value === o || a.value!.startsWith(o + '=')));
  const first = firstOperand(args, [...valueOpts, ...addsPackages]);
  if (adds && (!first || args.indexOf(adds) < first.index)) return unknown(`${tool} ${adds.text}: installs another package whose code runs`);
  return runAfterOptions(tool, args, [...valueOpts, ...addsPackages]);
}

/** Skip a runner's options, then classify what it runs. */
export function runAfterOptions(tool: string, args: readonly Arg[], valueOpts: readonly string[]): Verdict {
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

/** poetry commands that change the environment or the project's files */
const POETRY_CHANGES = new Set<string | null>('install lock update remove init new build sync'.split(' '));

export function poetry(args: readonly Arg[]): Verdict {
  const first = firstSubcommand(PACKAGE_GRAMMARS.poetry!, args);
  if (!first) return onlyInfo(args) ? read('poetry prints information') : read('poetry prints usage');
  const cmd = first.arg.value;
  const rest = args.slice(first.index + 1);
  if (POETRY_CHANGES.has(cmd)) return write(`poetry ${cmd} changes the environment or project files`);
  switch (cmd) {
    case 'add':
      return write('poetry add adds dependencies', undefined, { dep: true });
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

/** pipenv commands that change the Pipfile, its lock or the environment */
const PIPENV_CHANGES = new Set<string | null>('uninstall lock sync update upgrade clean'.split(' '));

/**
 * pipenv: its informational options print; install/uninstall/lock/sync/update/upgrade/clean
 * change the Pipfile, the lock or the environment; run runs a command in it. Any other
 * subcommand (graph, requirements, check, scripts, verify, open, shell) is not a form this guard
 * knows as read-only: pipenv creates the project's environment on first use.
 */
export function pipenv(args: readonly Arg[]): Verdict {
  const first = firstSubcommand(PACKAGE_GRAMMARS.pipenv!, args);
  if (!first) {
    // --venv creates the virtualenvs folder when it is missing
    if (args.length > 0 && args.every((a) => a.value !== null && /^--(version|help|where|py|envs|support|man|bare|verbose|quiet)$|^-[hvq]$/.test(a.value))) return read('pipenv prints information');
    if (args.some((a) => a.value === '--rm')) return write('pipenv --rm removes the project environment');
    return unknown(`pipenv ${args[0]?.text ?? ''}: options this guard does not know as read-only`);
  }
  const cmd = first.arg.value;
  const rest = args.slice(first.index + 1);
  if (PIPENV_CHANGES.has(cmd)) return write(`pipenv ${cmd} changes the Pipfile, its lock or the environment`);
  switch (cmd) {
    case 'install': {
      const p = parseTable(rest, valueOptionTable(PACKAGE_GRAMMARS.pipenv!), 'pipenv');
      const named = packageSpecs(p).length > 0 || has(p, '-r', '--requirements') || (p.flags.get('-e') ?? []).concat(p.flags.get('--editable') ?? []).some((v) => v !== '.' && v !== './');
      return named ? write('pipenv install adds packages to the Pipfile', undefined, { dep: true }) : write('pipenv install installs the Pipfile (creating the environment and the lock)');
    }
    case 'run':
      return { kind: 'many', verdicts: [write('pipenv run creates the project environment when it is missing'), runAfterOptions('pipenv run', rest, [])] };
    case 'shell':
      return unknown('pipenv shell starts an interactive shell');
    default:
      return unknown(`pipenv ${first.arg.text}: not a form this guard knows as read-only`);
  }
}
