/**
 * Package managers' option grammars: which options take a value, and which subcommands add
 * named packages. One table per package manager, used twice: the classifiers find the
 * subcommand and the package operands with it (js-packages.ts, python-packages.ts,
 * package-subcommands.ts), and `addsDependency` reads the same argv for dependency intent on
 * every reading the grammar allows.
 *
 * Options are written in the table grammar's tokens (table.ts), without effects:
 *   -a  --all       a flag: the next word is not its value
 *   -n= --name=     takes one value: attached (`-nX`, `--name=X`) or the next word
 *   -p=P --pkg=P    takes one value that names a package (`pip install -e git+…`)
 *   -x? --extra?    may or may not take the next word (an optional value commander/clap read
 *                   from the next word, a value list `<X>...`, versions that disagree)
 *   --color[=]      an optional value, attached only: a flag for the next word
 * An option the table does not list is read both ways (as a flag and as taking the next word),
 * so a missing option can cost precision but never hide a package.
 */
import { compileOptions, type ProgramTable } from './table';
import type { Arg } from './words';

type OptionArity = 'flag' | 'value' | 'maybe';

interface PackageOption {
  name: string;
  arity: OptionArity;
  /** the value names a package to add (pip install -e SPEC, cargo install --git URL) */
  packageValue: boolean;
}

/**
 * What a subcommand does with the words after it:
 *   packages   operands are packages to add (none = restore the declared ones)
 *   always     it adds dependencies whatever follows (uv add -r file, poetry add)
 *   versioned  operands with a version (`go install x@v1`) are packages; a path builds the module
 *   options    only an option whose value is a package adds one (`go mod edit -require=m@v`)
 *   { sub }    a nested subcommand follows (`yarn global add`, `uv pip install`), after `skip`
 *              operands that must come first (`yarn workspace NAME add`) and up to `optionalSkip`
 *              that may (`dotnet add [PROJECT] package`)
 */
type AddRule = 'packages' | 'always' | 'versioned' | 'options' | { sub: Record<string, AddRule>; skip?: number; optionalSkip?: number };

export interface PackageGrammar {
  /** every option of the tool, before and after its subcommand (tokens above) */
  options: string;
  /** go's flags: `-name` is one option, never a cluster of letters */
  singleDashLong?: boolean;
  /** the subcommands that add packages (any other subcommand never does) */
  adds: Record<string, AddRule>;
  /** a first word that only selects a version of the tool (`cargo +nightly`) */
  toolchainSelector?: RegExp;
  /** operands that name the project itself, not a package to add (`npm install .`) */
  notPackages?: RegExp;
}

interface CompiledGrammar {
  long: Map<string, PackageOption>;
  short: Map<string, PackageOption>;
}

/**
 * A grammar's options in the table grammar's tokens (table.ts), read as flag, value or maybe.
 * @keep compilePackageOptions the grammar the package tables are written in: the tests hold its token forms
 *   and its refusal of a bad token, which no table in the tree has
 */
export function compilePackageOptions(spec: string): PackageOption[] {
  return compileOptions(spec).map((r) => {
    // a package grammar says how words are taken, not what options do: no effects, no two-value options
    if (r.arity === 2 || r.effect !== 'read') throw new Error(`bad package option token ${r.name}: a package grammar lists flags, values and maybes only`);
    return { name: r.name, arity: r.arity === 1 ? 'value' : r.arity === 'maybe' ? 'maybe' : 'flag', packageValue: r.valueIsPackage };
  });
}

const compiledCache = new WeakMap<PackageGrammar, CompiledGrammar>();

function compile(g: PackageGrammar): CompiledGrammar {
  let c = compiledCache.get(g);
  if (c) return c;
  const long = new Map<string, PackageOption>();
  const short = new Map<string, PackageOption>();
  for (const o of compilePackageOptions(g.options)) {
    const into = o.name.startsWith('--') || (g.singleDashLong && o.name.length > 2) ? long : short;
    const prev = into.get(o.name);
    // the same name listed twice with different classes (two versions, two subcommands): read both ways
    if (prev && prev.arity !== o.arity) into.set(o.name, { ...o, arity: 'maybe', packageValue: prev.packageValue || o.packageValue });
    else into.set(o.name, prev ? { ...o, packageValue: prev.packageValue || o.packageValue } : o);
  }
  c = { long, short };
  compiledCache.set(g, c);
  return c;
}

/**
 * The options of a grammar, for tests and docs.
 * @keep packageOptions a package grammar's options, compiled: the tests hold them against each package
 *   manager's --help
 */
export function packageOptions(g: PackageGrammar): PackageOption[] {
  const c = compile(g);
  return [...c.long.values(), ...c.short.values()];
}

/** How one option word is read: the indexes the next word may start at, and whether its value is a package. */
interface OptionStep {
  /** each possible index of the next word to read (one when the option is known, two when not) */
  next: number[];
  /** this option's value (attached or the next word) names a package */
  addsPackage: boolean;
}

function optionStep(c: CompiledGrammar, g: PackageGrammar, args: readonly Arg[], i: number): OptionStep {
  const v = args[i]!.value!;
  const nextWord = args[i + 1];
  const valueIsPackage = (value: string | null | undefined) => value === null || (value !== undefined && value !== '' && !(g.notPackages?.test(value) ?? false));
  const longForm = v.startsWith('--') || (g.singleDashLong === true && v.length > 2);
  if (longForm) {
    const eq = v.indexOf('=');
    const name = eq === -1 ? v : v.slice(0, eq);
    // go reads `--flag` and `-flag` alike
    const o = c.long.get(name) ?? (g.singleDashLong ? c.long.get(name.replace(/^--/, '-')) : undefined);
    if (eq !== -1) return { next: [i + 1], addsPackage: !!o?.packageValue && valueIsPackage(v.slice(eq + 1)) };
    if (o?.arity === 'flag') return { next: [i + 1], addsPackage: false };
    if (o?.arity === 'value') return { next: [i + 2], addsPackage: o.packageValue && nextWord !== undefined && valueIsPackage(nextWord.value) };
    return { next: [i + 1, i + 2], addsPackage: !!o?.packageValue && nextWord !== undefined && valueIsPackage(nextWord.value) };
  }
  // a cluster of short options: -abc, -n5, -rFILE
  for (let j = 1; j < v.length; j++) {
    const o = c.short.get('-' + v[j]!);
    const attached = v.slice(j + 1);
    if (o?.arity === 'flag') continue;
    if (o?.arity === 'value') {
      if (attached !== '') return { next: [i + 1], addsPackage: o.packageValue && valueIsPackage(attached) };
      return { next: [i + 2], addsPackage: o.packageValue && nextWord !== undefined && valueIsPackage(nextWord.value) };
    }
    // not listed, or read both ways: the rest of the word may be its value, or more letters that take the next word
    const pkg = !!o?.packageValue && (valueIsPackage(attached) || (nextWord !== undefined && valueIsPackage(nextWord.value)));
    return { next: [i + 1, i + 2], addsPackage: pkg };
  }
  return { next: [i + 1], addsPackage: false };
}

const MAX_READINGS = 256;

/**
 * Whether some reading of `args` (the words after the tool's name) adds a package. Every option
 * the grammar does not know, and every option it reads both ways, is tried both as a flag and as
 * taking the next word; a word only known at run time may be any subcommand or package.
 */
export function addsDependency(g: PackageGrammar, args: readonly Arg[]): boolean {
  const c = compile(g);
  let budget = MAX_READINGS;
  let exhausted = false;
  type Frame = { i: number; rule: AddRule | null; commands: Record<string, AddRule>; skip: number; optionalSkip: number };
  const visit = (f: Frame): boolean => {
    if (--budget < 0) {
      exhausted = true;
      return false;
    }
    let { i, skip, optionalSkip } = f;
    const { rule, commands } = f;
    for (; i < args.length; i++) {
      const a = args[i]!;
      const v = a.value;
      if (v === null) {
        // a run-time word: in subcommand position it may be an adding subcommand followed by packages
        if (rule === null) return args.slice(i + 1).some((x) => x.value === null || !x.value.startsWith('-')) || Object.values(commands).includes('always');
        // in package position it may be a package, or an option whose value is one
        return true;
      }
      if (v === '--') {
        // everything after `--` is an operand
        if (rule === 'packages') return args.slice(i + 1).some((x) => x.value === null || !(g.notPackages?.test(x.value) ?? false));
        if (rule === 'versioned') return args.slice(i + 1).some((x) => x.value === null || x.value.includes('@'));
        continue;
      }
      if (v.startsWith('-') && v !== '-') {
        const step = optionStep(c, g, args, i);
        if (step.addsPackage && rule !== null && typeof rule === 'string') return true;
        if (step.next.length === 1) {
          i = step.next[0]! - 1;
          continue;
        }
        return step.next.some((n) => n <= args.length && visit({ i: n, rule, commands, skip, optionalSkip }));
      }
      // an operand
      if (rule === null) {
        if (i === 0 && g.toolchainSelector?.test(v)) continue;
        if (skip > 0) {
          skip--;
          continue;
        }
        const next = Object.prototype.hasOwnProperty.call(commands, v) ? commands[v]! : undefined;
        if (next === undefined) {
          if (optionalSkip > 0) {
            optionalSkip--;
            continue;
          }
          return false;
        }
        if (next === 'always') return true;
        if (typeof next === 'string') return visit({ i: i + 1, rule: next, commands, skip: 0, optionalSkip: 0 });
        return visit({ i: i + 1, rule: null, commands: next.sub, skip: next.skip ?? 0, optionalSkip: next.optionalSkip ?? 0 });
      }
      if (rule === 'packages' && !(g.notPackages?.test(v) ?? false)) return true;
      if (rule === 'versioned' && v.includes('@')) return true;
    }
    return false;
  };
  const found = visit({ i: 0, rule: null, commands: g.adds, skip: 0, optionalSkip: 0 });
  if (found) return true;
  // too many readings to try: any adding subcommand word (or a run-time word) means it may add one
  if (exhausted) return args.some((a) => a.value === null || Object.prototype.hasOwnProperty.call(g.adds, a.value));
  return false;
}

/** The subcommand of a tool under its grammar: the first operand after the tool's own options (null when none). */
export function firstSubcommand(g: PackageGrammar, args: readonly Arg[]): { index: number; arg: Arg } | null {
  const c = compile(g);
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return { index: i, arg: args[i]! };
    if (v === '--') return args[i + 1] ? { index: i + 1, arg: args[i + 1]! } : null;
    if (v.startsWith('-') && v !== '-') {
      const step = optionStep(c, g, args, i);
      // an option read both ways: take it as a flag here (addsDependency tries the other reading)
      i = step.next[0]! - 1;
      continue;
    }
    if (i === 0 && g.toolchainSelector?.test(v)) continue;
    return { index: i, arg: args[i]! };
  }
  return null;
}

const valueTables = new WeakMap<PackageGrammar, ProgramTable>();

/**
 * The grammar as a table for one plain reading: its short and long options that take a value
 * (an option read both ways is taken as a flag, as `firstSubcommand` does); every other option
 * word is a flag.
 */
export function valueOptionTable(g: PackageGrammar): ProgramTable {
  let t = valueTables.get(g);
  if (t) return t;
  const names = packageOptions(g)
    .filter((o) => o.arity === 'value' && (o.name.startsWith('--') || o.name.length === 2))
    .map((o) => `${o.name}=`);
  t = { options: names.join(' '), valueOptionsOnly: true };
  valueTables.set(g, t);
  return t;
}

// ---------------------------------------------------------------------------------------------
// The grammars. Option lists follow each tool's own help (and npm's config reference, whose
// types say which keys take a value); test/core/analysis/package-options.test.ts checks them
// against the help texts recorded in fixtures/package-manager-options.json and, where the tool
// is installed, against its live help.

/** npm: every config key is an option; keys typed Boolean are flags, every other type takes a value. */
const NPM_FLAGS =
  'all allow-same-version allow-scripts-pending allow-scripts-pin audit bin-links bypass-2fa commit-hooks dangerously-allow-all-scripts description dev diff-ignore-all-space diff-name-only diff-no-prefix diff-text dry-run engine-strict force foreground-scripts format-package-lock fund git-tag-version global global-style if-present ignore-scripts include-attestations include-staged include-workspace-root init-private install-links json legacy-bundling legacy-peer-deps link long offline omit-lockfile-registry-resolved package-lock package-lock-only packages-all parseable prefer-dedupe prefer-offline prefer-online progress provenance read-only rebuild-bundle save save-bundle save-dev save-exact save-optional save-peer save-prod shrinkwrap sign-git-commit sign-git-tag strict-allow-scripts strict-peer-deps strict-ssl timing unicode update-notifier usage version versions workspaces-update ' +
  // the shorthands npm expands to flags
  'silent verbose quiet dd ddd porcelain readonly iwr desc no-save no-package-lock no-audit no-fund no-bin-links help';
/** typed `null or Boolean` (or Boolean or a word): nopt may take `true`/`false` or a word after them */
const NPM_MAYBE = 'browser color expect-results optional production workspaces yes local no ws';
const NPM_VALUES =
  '_auth access allow-directory allow-file allow-git allow-remote allow-scripts also audit-level auth-type before ca cache cache-max cache-min cafile call cert cidr cpu depth diff diff-dst-prefix diff-src-prefix diff-unified editor expect-result-count expires fetch-retries fetch-retry-factor fetch-retry-maxtimeout fetch-retry-mintimeout fetch-timeout git globalconfig heading https-proxy include init-author-email init-author-name init-author-url init-license init-module init-type init-version init.author.email init.author.name init.author.url init.license init.module init.version install-strategy key libc local-address location lockfile-version loglevel logs-dir logs-max maxsockets message min-release-age min-release-age-exclude name node-gyp node-options noproxy omit only orgs orgs-permission os otp pack-destination package packages packages-and-scopes-permission password prefix preid provenance-file proxy registry replace-registry-host save-prefix sbom-format sbom-type scope scopes script-shell searchexclude searchlimit searchopts searchstaleness shell tag tag-version-prefix token-description umask user-agent userconfig viewer which workspace ' +
  'enjoy-by reg';
const NPM_SHORT = '-a -f -g -l -n? -p -q -s -d -S -B -D -E -O -P -y? -h -H -? -v -c= -C= -L= -m= -w=';

const words = (list: string, suffix: string) =>
  list
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => `--${w}${suffix}`)
    .join(' ');

const NPM: PackageGrammar = {
  options: `${words(NPM_FLAGS, '')} ${words(NPM_MAYBE, '?')} ${words(NPM_VALUES, '=')} ${NPM_SHORT}`,
  adds: Object.fromEntries(['install', 'i', 'in', 'ins', 'inst', 'insta', 'instal', 'isnt', 'isnta', 'isntal', 'isntall', 'add', 'install-test', 'it'].map((c) => [c, 'packages' as AddRule])),
  notPackages: /^\.\/?$/,
};

/** pnpm: the global options and those of add, install and the workspace selectors (pnpm 9 to 12). */
const PNPM_ADD_INSTALL: Record<string, AddRule> = { add: 'packages', install: 'packages', i: 'packages', 'install-test': 'packages', it: 'packages' };
const PNPM: PackageGrammar = {
  options:
    '-P --save-prod -p -D --save-dev -d -O --save-optional -o --save-build --save-peer --no-save-peer --prod --production --dev --cpu? --os? --libc? --ignore-scripts --no-ignore-scripts --ignore-pnpmfile --save-types --no-save-types -E --save-exact -e --tilde --save-prefix= --save-catalog --save-catalog-name= --config --workspace --save-workspace-protocol --no-save-workspace-protocol ' +
    '-g --global --ignore-workspace-root-check --auto-dedupe --no-auto-dedupe --allow-build= --lockfile-only --lockfile-dir= --optional --no-optional --force -y --yes --env-file= -C= --dir= --store-dir= --state-dir= --npmrc-auth-file= --ignore-workspace --workspace-packages= --registry= --https-proxy= --http-proxy= --no-proxy= --color[=] --no-color --reporter= --loglevel= --no-progress --stream --aggregate-output --use-stderr ' +
    '-r --recursive -F= --filter= --filter-prod= -w --workspace-root --fail-if-no-match --no-fail-if-no-match --include-workspace-root --no-include-workspace-root --test-pattern= --changed-files-ignore-pattern= --sort --no-sort --reverse --workspace-concurrency= --parallel -h --help -v --version ' +
    '--offline --no-offline --prefer-offline --no-prefer-offline --frozen-lockfile --no-frozen-lockfile --fix-lockfile --prefer-frozen-lockfile --no-prefer-frozen-lockfile --ignore-manifest-check --merge-git-branch-lockfiles --merge-git-branch-lockfiles-branch-pattern= --trust-lockfile --no-trust-lockfile --update-checksums --network-concurrency= --fetch-timeout= --fetch-warn-timeout-ms= --fetch-min-speed-ki-bps= --user-agent= --pnpr-server= --dry-run --no-runtime --node-linker= --frozen-store --no-frozen-store --silent -s',
  adds: { ...PNPM_ADD_INSTALL, recursive: { sub: PNPM_ADD_INSTALL }, multi: { sub: PNPM_ADD_INSTALL }, m: { sub: PNPM_ADD_INSTALL } },
  notPackages: /^\.\/?$/,
};

/** yarn 1 (classic) and yarn 2+ (berry) merged: an option the two read differently is read both ways. */
const YARN_COMMANDS: Record<string, AddRule> = { add: 'packages' };
YARN_COMMANDS.global = { sub: { add: 'packages' } };
YARN_COMMANDS.workspace = { sub: YARN_COMMANDS, skip: 1 };
YARN_COMMANDS.workspaces = { sub: { foreach: { sub: YARN_COMMANDS }, run: { sub: YARN_COMMANDS } } };
const YARN: PackageGrammar = {
  options:
    // yarn 1 (global options and add)
    '-v --version --no-default-rc --use-yarnrc= --verbose --offline --prefer-offline --enable-pnp --pnp --disable-pnp --strict-semver --json --ignore-scripts --har --ignore-platform --ignore-engines --ignore-optional --force --skip-integrity-check --check-files --no-bin-links --flat --prod? --production? --no-lockfile --pure-lockfile --frozen-lockfile --update-checksums --link-duplicates --link-folder= --global-folder= --modules-folder= --preferred-cache-folder= --cache-folder= --mutex= --emoji? -s --silent --cwd= --proxy= --https-proxy= --registry= --no-progress --network-concurrency= --network-timeout= --non-interactive --scripts-prepend-node-path? --no-node-version-check --focus --otp= -W --ignore-workspace-root-check -D --dev -P --peer -O --optional -E --exact -T --tilde -A --audit -h --help ' +
    // yarn 2+ (add, and workspaces foreach before the command it runs)
    '-F --fixed -C --caret --prefer-dev -i --interactive --cached --no-time-gate --mode= --from= --all -R --recursive --worktree -p -j= --jobs= -t --topological --topological-dev --include= --exclude= --no-private --since? -n --dry-run --parallel --interlaced',
  adds: YARN_COMMANDS,
  notPackages: /^\.\/?$/,
};

/** bun: its global options and those of add and install (`-d` is --define globally and --dev for add). */
const BUN: PackageGrammar = {
  options:
    '-c= --config= -y --yarn -p? --production --no-save --save --ca= --cafile= --dry-run --frozen-lockfile -f --force --cache-dir= --no-cache --silent --quiet --verbose --no-progress --no-summary --no-verify --offline --prefer-offline --ignore-scripts --trust -g --global --cwd= --env-file= --no-env-file --backend= --registry= --concurrent-scripts= --network-concurrency= --save-text-lockfile --omit= --lockfile-only --linker= --minimum-release-age= --minimum-release-age-excludes= --cpu= --os= --libc= --use-system-ca --use-openssl-ca --use-bundled-ca -h --help ' +
    '-d? --dev --optional --peer --save-prod -E --exact -F= --filter= -a --analyze --only-missing --catalog= -v --version --revision -b --bun --elide-lines= --shell= --workspaces -r= --preload= --require= --import= -e= --eval= --print= -i --prefer-latest --tsconfig-override= --define= -l= --loader= --smol --no-install --install=',
  adds: { add: 'packages', a: 'packages', install: 'packages', i: 'packages' },
  notPackages: /^\.\/?$/,
};

/** pip (also `python -m pip`, `uv pip`): general options are read anywhere; -e takes a package spec. */
const PIP_OPTIONS =
  '-h --help --debug --isolated --require-virtualenv --python= -v --verbose -V --version -q --quiet --log= --no-input --keyring-provider= --proxy= --retries= --timeout= --exists-action= --trusted-host= --cert= --client-cert= --cache-dir= --no-cache-dir --disable-pip-version-check --no-color --no-python-version-warning --use-feature= --use-deprecated= --resume-retries= ' +
  '-r= --requirement= -c= --constraint= --no-deps --pre -e=P --editable=P --dry-run -t= --target= --platform= --python-version= --implementation= --abi= --user --root= --prefix= --src= -U --upgrade --upgrade-strategy= --force-reinstall -I --ignore-installed --ignore-requires-python --no-build-isolation --use-pep517 --no-use-pep517 --check-build-dependencies --break-system-packages -C= --config-settings= --global-option= --install-option= --compile --no-compile --no-warn-script-location --no-warn-conflicts --no-binary= --only-binary= --prefer-binary --require-hashes --progress-bar= --root-user-action= --report= --no-clean -i= --index-url= --extra-index-url= --no-index -f= --find-links= --group= --only-deps';
const PIP: PackageGrammar = { options: PIP_OPTIONS, adds: { install: 'packages' }, notPackages: /^\.\/?$/ };

/** uv: global options anywhere; `uv add` adds even from `-r file`; pip install and tool install take specs. */
const UV: PackageGrammar = {
  options:
    '-q --quiet -v --verbose --color= --native-tls --system-certs --offline --allow-insecure-host= --no-progress --directory= --project= --config-file= --no-config -h --help -V --version -n --no-cache --cache-dir= --managed-python --no-managed-python --no-python-downloads -p= --python= ' +
    '-r= --requirements= --requirement= -c= --constraints= --constraint= -m= --marker= --dev --optional= --group= --editable --raw --bounds= --rev= --tag= --branch= --lfs --extra= --no-sync --locked --frozen --active --package= --script= --workspace --no-workspace --no-install-project --no-install-workspace --no-install-local --no-install-package= --index= --default-index= -i= --index-url= --extra-index-url= -f= --find-links= --no-index --index-strategy= --keyring-provider= -U --upgrade -P= --upgrade-package= --upgrade-group= --resolution= --prerelease= --prerelease-package= --fork-strategy= --exclude-newer= --exclude-newer-package= --no-sources --no-sources-package= --reinstall --reinstall-package= --link-mode= --compile-bytecode -C= --config-setting= --config-settings-package= --no-build-isolation --no-build-isolation-package= --no-build --no-build-package= --no-binary --no-binary= --no-binary-package= --require-build-hashes --no-require-build-hashes --refresh --refresh-package= ' +
    '-e=P --editable=P --no-editable --no-editable-package= --cert= --check --no-break-system-packages --output-format= -b= -t= --user --system --break-system-packages --target= --prefix= --no-deps --exact --strict --dry-run --torch-backend= --only-binary= --no-verify-hashes --require-hashes --overrides= --excludes= --build-constraints= --pre --all-extras --no-default-groups --all-groups --only-group= --with= --with-editable=P --with-requirements= --force --python-platform= --python-version= --emit-index-url',
  adds: { add: 'always', pip: { sub: { install: 'packages' } }, tool: { sub: { install: 'packages' } } },
  notPackages: /^\.\/?$/,
};

/** poetry: add (also `poetry self add`) always names packages. */
const POETRY: PackageGrammar = {
  options:
    '-h --help -q --quiet -V --version --ansi --no-ansi -n --no-interaction --no-plugins --no-cache -P= --project= -C= --directory= -v -vv -vvv --verbose -G= --group= -D --dev -e --editable -E= --extras= --optional= --python= --platform= --markers= --source= --allow-prereleases --dry-run --lock',
  adds: { add: 'always', self: { sub: { add: 'always' } } },
};

/** pipenv: install adds the packages it names, and imports a requirements file (-r) into the Pipfile. */
const PIPENV: PackageGrammar = {
  options:
    '-h --help --version --where --venv --py --envs --rm --bare --man --support --system --deploy --site-packages --no-site-packages --pypi-mirror= -v --verbose -q --quiet --clear --python= --pre --extra-pip-args= --resolver= -d --dev --categories= --extras= --all --config-settings= -i= --index= -r=P --requirements=P --ignore-pipfile -e=P --editable=P --skip-lock',
  adds: { install: 'packages' },
  notPackages: /^\.\/?$/,
};

/** cargo: global options, then add (always) or install (a crate name, or a --git URL). */
const CARGO: PackageGrammar = {
  options:
    '-V --version --list --explain= -v --verbose -vv -q --quiet --color= -C= --locked --offline --frozen --config= -Z= -h --help ' +
    '--no-default-features --default-features -F= --features= --optional --no-optional --public --no-public --rename= -n --dry-run --manifest-path= --ignore-rust-version -p? --package? --path= --base= --git=P --branch= --tag= --rev= --registry= --dev --build --target? ' +
    '--version= --index= --root= -f --force --no-track --message-format= --debug --bin? --bins --example? --examples --all-features -j= --jobs= --keep-going --profile= --target-dir= --timings?',
  adds: { add: 'always', install: 'packages' },
  toolchainSelector: /^\+/,
};

/** go: single-dash flags (build flags shared by get and install); get adds modules, install only module@version. */
const GO_BUILD = '-C= -o= -a -n -p= -race -msan -asan -cover -covermode= -coverpkg= -v -work -x -asmflags= -buildmode= -buildvcs -compiler= -gccgoflags= -gcflags= -installsuffix= -json -ldflags= -linkshared -mod= -modcacherw -modfile= -overlay= -pgo= -pkgdir= -tags= -trimpath -toolexec=';
const GO: PackageGrammar = {
  singleDashLong: true,
  options: `${GO_BUILD} -d -t -u -tool -insecure -fix -f= -e -json -go= -require=P -droprequire= -replace= -dropreplace= -exclude= -dropexclude= -retract= -dropretract= -toolchain= -godebug= -dropgodebug= -module= -print -fmt -h -help`,
  adds: { get: 'packages', install: 'versioned', mod: { sub: { edit: 'options' } } },
};

/** gem: install options and the global ones (`gem --config-file F install x`). */
const GEM: PackageGrammar = {
  options:
    '--platform= -v= --version= --prerelease --no-prerelease -u --update-sources --no-update-sources -i= --install-dir= -n= --bindir= --document? --build-root= --vendor -N --no-document -E --env-shebang --no-env-shebang -f --force --no-force -w --wrappers --no-wrappers -P= --trust-policy= --ignore-dependencies --format-executable --no-format-executable --user-install --no-user-install --development --development-all --conservative --minimal-deps --no-minimal-deps --post-install-message --no-post-install-message -g? --file? --without= --default --explain --lock --no-lock --suggestions --no-suggestions -l --local -r --remote -b --both -B= --bulk-threshold= --clear-sources -s= --source= -p? --http-proxy? --no-http-proxy -h --help -V --verbose --no-verbose -q --quiet --silent --config-file= --backtrace --debug --norc',
  adds: { install: 'packages', i: 'packages' },
};

/** bundler: add always names a gem; -r is --retry globally and --require for add (both take a value). */
const BUNDLE: PackageGrammar = {
  options: '--no-color -V --verbose -r? --retry= -h --help -v= --version= -g= --group= -s= --source= --require? --path= --git= --github= --branch= --ref= --glob= --quiet --skip-install --optimistic --strict',
  adds: { add: 'always', inject: 'always' },
};

/** composer: Symfony console reads any unique prefix of a command name (`composer req`). */
const COMPOSER_ADDS: Record<string, AddRule> = Object.fromEntries(['req', 'requ', 'requi', 'requir', 'require'].map((c) => [c, 'always' as AddRule]));
const COMPOSER: PackageGrammar = {
  options:
    '-h --help -q --quiet -V --version --ansi --no-ansi -n --no-interaction --profile --no-plugins --no-scripts -d= --working-dir= --no-cache -v -vv -vvv --verbose ' +
    '--dev --dry-run --prefer-source --prefer-dist --prefer-install= --fixed --no-suggest --no-progress --no-update --no-install --no-audit --audit-format= --update-no-dev -w --update-with-dependencies -W --update-with-all-dependencies --with-dependencies --with-all-dependencies --ignore-platform-req= --ignore-platform-reqs --prefer-stable --prefer-lowest -m --minimal-changes --sort-packages -o --optimize-autoloader -a --classmap-authoritative --apcu-autoloader --apcu-autoloader-prefix=',
  adds: { ...COMPOSER_ADDS, global: { sub: COMPOSER_ADDS } },
};

/** dotnet: `dotnet add [PROJECT] package NAME`, `dotnet package add NAME` (.NET 10), `dotnet tool install NAME`. */
const DOTNET: PackageGrammar = {
  options:
    '-h --help -d --diagnostics --info --list-runtimes --list-sdks --version -v= --verbosity= -f= --framework= -n --no-restore -s= --source= --package-directory= --interactive --prerelease --project= ' +
    '-g --global --tool-path= --local --configfile= --add-source= -a= --arch= --create-manifest-if-needed --disable-parallel --ignore-failed-sources --no-cache --allow-downgrade --allow-roll-forward --additionalprobingpath= --additional-deps= --depsfile= --runtimeconfig= --roll-forward= --fx-version=',
  adds: { add: { sub: { package: 'always' }, optionalSkip: 1 }, package: { sub: { add: 'always' } }, tool: { sub: { install: 'packages' } } },
};

/** apt, apt-get, aptitude. */
const APT: PackageGrammar = {
  options:
    '-h --help -v --version -q --quiet -qq -y --yes --assume-yes --assume-no -s --simulate --dry-run --just-print --no-act --recon -d --download-only -f --fix-broken -m --fix-missing --ignore-missing --no-download --no-install-recommends --install-recommends --install-suggests --no-install-suggests -V --verbose-versions -u --show-upgraded -b --compile --build --reinstall --allow-downgrades --allow-remove-essential --allow-change-held-packages --allow-unauthenticated --purge --no-upgrade --only-upgrade --auto-remove --autoremove --fix-policy --trivial-only --no-remove --list-cleanup --no-list-cleanup --ignore-hold --with-new-pkgs --mark-auto --arch-only --indep-only --print-uris --force-yes --solver= -t= --target-release= --default-release= -o= --option= -c= --config-file= -a= --host-architecture= -P= --build-profiles=',
  adds: { install: 'packages', 'build-dep': 'packages', satisfy: 'packages' },
};

/** dnf, yum, microdnf, zypper. */
const DNF_ADDS: Record<string, AddRule> = { install: 'packages', in: 'packages', add: 'packages' };
const DNF: PackageGrammar = {
  options:
    '-h --help --version -y --assumeyes --assumeno -q --quiet -v --verbose -C --cacheonly --refresh -x= --exclude= --repo= --repoid= --enablerepo= --disablerepo= -c= --config= --releasever= --installroot= --setopt= --nogpgcheck --best --nobest --allowerasing --skip-broken --skip-unavailable --downloadonly --downloaddir= --destdir= --forcearch= --security --bugfix --enhancement --advisory= --advisories= --noplugins --disableplugin= --enableplugin= --nodocs --noautoremove -4 -6 --color= --comment= --debuglevel= -d= --errorlevel= -e= --rpmverbosity= --obsoletes --showduplicates --setopt=',
  adds: DNF_ADDS,
};

/** Homebrew. */
const BREW: PackageGrammar = {
  options:
    '-h --help -v --verbose -d --debug -q --quiet -f --force --formula --formulae --cask --casks --HEAD --fetch-HEAD --force-bottle --ignore-dependencies --only-dependencies --cc= -s --build-from-source --include-test --keep-tmp --debug-symbols --display-times --ask --overwrite --no-quarantine --quarantine --appdir= --require-sha --adopt --skip-cask-deps --zap --dry-run -n --no-binaries --binaries --skip-post-install --skip-link --as-dependency -i --interactive -g --git --bottle-arch=',
  adds: { install: 'packages', tap: 'packages' },
};

/** conda, mamba, micromamba: -n/-p name the environment, -c a channel. */
const CONDA: PackageGrammar = {
  options:
    '-h --help -V --version -n= --name= -p= --prefix= -c= --channel= --file= -y --yes --dry-run -d -q --quiet -v --verbose --json --override-channels --use-local --freeze-installed --update-deps -S --satisfied-skip-solve --update-all --update-specs --no-deps --only-deps --force-reinstall --copy -m --mkdir --clobber --offline --no-pin --solver= --repodata-fn= -C --use-index-cache -k --insecure --strict-channel-priority --no-channel-priority --show-channel-urls --no-shortcuts --override-frozen --no-default-packages --clone= --platform= --subdir= --experimental-solver= -r= --root-prefix= --console=',
  adds: { install: 'packages', create: 'packages', add: 'packages' },
};

/** deno: add names packages; install names them too, or restores package.json/deno.json without any. */
const DENO: PackageGrammar = {
  options:
    '-D --dev -O --save-optional --no-save --save-exact --unscoped --npm --jsr --lockfile-only --package-json --env-file[=] --no-check[=] --check[=] --import-map= --no-remote --no-npm --node-modules-dir[=] --vendor[=] --node-modules-linker= -c= --config= --no-config -r[=] --reload[=] --lock? --no-lock --frozen-lockfile[=] --frozen[=] --cert= --unsafely-ignore-certificate-errors[=] --min-dep-age= -g --global -n= --name= --root= -f --force --prod --skip-types -e --entrypoint --compile --os= --arch= ' +
    '--inspect[=] --inspect-brk[=] --inspect-wait[=] --inspect-publish-uid= --cached-only --location= --v8-flags[=] --seed= --preload= --require= --conditions= --allow-scripts[=] -A --allow-all -P[=] --permission-set[=] --no-prompt -R[=] --allow-read[=] -W[=] --allow-write[=] -I[=] --allow-import[=] -N[=] --allow-net[=] -E[=] --allow-env[=] -S[=] --allow-sys[=] --allow-run[=] --allow-ffi[=] --deny-read[=] --deny-write[=] --deny-net[=] --deny-env[=] --deny-sys[=] --deny-run[=] --deny-ffi[=] --deny-import[=] --ignore-env[=] --ignore-read[=] -q --quiet --unstable --log-level= -h --help -V --version',
  adds: { add: 'packages', install: 'packages', i: 'packages' },
  notPackages: /^\.\/?$/,
};

/** apk: -t/--virtual names a virtual package (a value), every other operand of add is a package. */
const APK: PackageGrammar = {
  options:
    '-h --help -V --version -q --quiet -v --verbose -i --interactive -p= --root= -X= --repository= --arch= --keys-dir= --repositories-file= --cache-dir= -U --update-cache --allow-untrusted --no-network --no-progress --progress --no-cache --force --force-overwrite --force-old-apk --force-broken-world --force-non-repository --force-refresh --force-missing-repositories --initdb -u --upgrade -l --latest -t= --virtual= --usermode --no-scripts --no-commit-hooks --simulate -s --clean-protected --overlay-from-stdin --no-chown --wait=',
  adds: { add: 'packages' },
};

/** snap, flatpak, pipx: install names packages (pipx inject names the venv, then packages). */
const SNAP: PackageGrammar = {
  options: '-h --help --classic --channel= --edge --beta --candidate --stable --devmode --dangerous --jailmode --revision= --name= --unaliased --prefer --cohort= --ignore-validation --transaction= --quota-group= --no-wait',
  adds: { install: 'packages' },
};
const FLATPAK: PackageGrammar = {
  options: '-h --help -v --verbose --ostree-verbose --user --system --installation= --arch= --subpath= --gpg-file= --from --bundle --app --runtime --reinstall -y --assumeyes --noninteractive --or-update --no-deps --no-related --no-pull --no-deploy --no-static-deltas --no-auto-pin --include-sdk --include-debug --sideload-repo= --image',
  adds: { install: 'packages' },
};
const PIPX: PackageGrammar = {
  options: '-h --help --version -q --quiet -v --verbose --python= --pip-args= --index-url= --suffix= -f --force --include-deps --include-apps --system-site-packages -e --editable --preinstall= --fetch-missing-python --global --spec=P',
  adds: { install: 'packages', inject: 'packages' },
};

export const PACKAGE_GRAMMARS: Record<string, PackageGrammar> = {
  npm: NPM,
  pnpm: PNPM,
  yarn: YARN,
  bun: BUN,
  pip: PIP,
  pip3: PIP,
  uv: UV,
  poetry: POETRY,
  pipenv: PIPENV,
  cargo: CARGO,
  go: GO,
  gem: GEM,
  bundle: BUNDLE,
  bundler: BUNDLE,
  composer: COMPOSER,
  dotnet: DOTNET,
  apt: APT,
  'apt-get': APT,
  aptitude: APT,
  dnf: DNF,
  yum: DNF,
  microdnf: DNF,
  zypper: DNF,
  brew: BREW,
  conda: CONDA,
  mamba: CONDA,
  micromamba: CONDA,
  deno: DENO,
  apk: APK,
  snap: SNAP,
  flatpak: FLATPAK,
  pipx: PIPX,
};
