/**
 * Linters, formatters and type checkers in their check forms (grammar in table.ts). A check
 * is a read only when every option is listed as read-only AND the tool's default does not
 * write: ruff and mypy write caches unless told not to, black --check writes its cache
 * (--diff does not), tsc emits unless --noEmit, rustfmt rewrites unless --check. The project's
 * own config files are code these tools load; that is a residual risk (docs/residual-risks.md).
 */
import type { ProgramTable } from './table';

export interface CheckTool {
  table: ProgramTable;
  /** the tool writes by default; a read needs one of these (each a flag, or flag=value); a list of lists = every group */
  readOnlyWith?: string[] | string[][];
  /** why the default writes (the write verdict's reason) */
  defaultWrites?: string;
  /**
   * `!W` flags that rewrite exactly the files and folders given as operands (and nothing else:
   * no cache, no backup, no file found by following imports), so those operands are the targets
   */
  inPlace?: string[];
  /** first operand is a subcommand that must be one of these (ruff check/format) */
  subcommands?: Record<string, CheckTool>;
}

/** tsc: every compiler option (typescript 5 `tsc --all`); names are case-insensitive */
const TSC_OPTIONS =
  '--all --build!W --init!W --listfilesonly --locale= --project= --showconfig --watch --allowarbitraryextensions --allowimportingtsextensions --allowumdglobalaccess --baseurl= --customconditions= --module= --moduleresolution= --modulesuffixes --noresolve --nouncheckedsideeffectimports --paths= --resolvejsonmodule --resolvepackagejsonexports --resolvepackagejsonimports --rewriterelativeimportextensions --rootdir= --rootdirs= --typeroots= --types= --allowjs --checkjs --maxnodemodulejsdepth= --allowsyntheticdefaultimports --erasablesyntaxonly --esmoduleinterop --forceconsistentcasinginfilenames --isolateddeclarations --isolatedmodules --preservesymlinks --verbatimmodulesyntax --allowunreachablecode --allowunusedlabels --alwaysstrict --exactoptionalpropertytypes --nofallthroughcasesinswitch --noimplicitany --noimplicitoverride --noimplicitreturns --noimplicitthis --nopropertyaccessfromindexsignature --nouncheckedindexedaccess --nounusedlocals --nounusedparameters --strict --strictbindcallapply --strictbuiltiniteratorreturn --strictfunctiontypes --strictnullchecks --strictpropertyinitialization --useunknownincatchvariables --assumechangesonlyaffectdirectdependencies --charset= --importsnotusedasvalues= --keyofstringsonly --noimplicitusestrict --nostrictgenericchecks --out --preservevalueimports --suppressexcesspropertyerrors --suppressimplicitanyindexerrors --composite!W --disablereferencedprojectload --disablesolutionsearching --disablesourceofprojectreferenceredirect --incremental!W --tsbuildinfofile=W --declaration --declarationdir --declarationmap --downleveliteration --emitbom --emitdeclarationonly --importhelpers --inlinesourcemap --inlinesources --maproot= --newline= --noemit --noemithelpers --noemitonerror --outdir= --outfile --preserveconstenums --removecomments --sourcemap --sourceroot --stripinternal --diagnostics --explainfiles --extendeddiagnostics --generatecpuprofile=W --generatetrace=W --listemittedfiles --listfiles --nocheck --traceresolution --disablesizelimit --plugins= --emitdecoratormetadata --experimentaldecorators --jsx= --jsxfactory= --jsxfragmentfactory= --jsximportsource= --lib= --libreplacement --moduledetection= --nolib --reactnamespace= --target= --usedefineforclassfields --noerrortruncation --preservewatchoutput --pretty --skipdefaultlibcheck --skiplibcheck --watchfile= --watchdirectory= --fallbackpolling= --synchronouswatchdirectory --excludedirectories= --excludefiles= --verbose --dry --force!U --clean!U --stopbuildonerrors -p= -b!W -w -t= -m= -d -i!W -f!U -h -v -? --all';

const RUFF_COMMON = '--config= --isolated -q --quiet -s --silent -v --verbose -n --no-cache --cache-dir=W --stdin-filename= --extension= --target-version= --preview --no-preview --exclude= --extend-exclude= --respect-gitignore --no-respect-gitignore --force-exclude --no-force-exclude --line-length= --exit-zero --exit-non-zero-on-fix --output-format= -o=W --output-file=W --diff --check --show-files --show-settings --range=';

/** Each `--name` token also as `-name` (LLVM's command lines accept both). */
function llvmOptions(spec: string): string {
  return spec
    .split(' ')
    .flatMap((t) => [t, t.slice(1)])
    .join(' ');
}

export const CHECK_TOOLS: Record<string, CheckTool> = {
  eslint: {
    inPlace: ['--fix'],
    table: {
      options:
        '--ext= -c= --config= --no-config-lookup --no-eslintrc --env= --parser= --parser-options= --resolve-plugins-relative-to= --rulesdir= --plugin= --rule= --ignore-path= --no-ignore --ignore-pattern= --stdin --stdin-filename= --quiet --max-warnings= -f= --format= --color --no-color --no-inline-config --report-unused-disable-directives --report-unused-disable-directives-severity= --report-unused-inline-configs= --no-error-on-unmatched-pattern --exit-on-fatal-error --debug --print-config= -h -v --env-info --no-warn-ignored --pass-on-no-patterns --pass-on-unpruned-suppressions --flag= --stats --fix-dry-run --fix-type= --cache-strategy= --concurrency= --suppressions-location= ' +
        '--fix!W --cache!W --cache-location=W --cache-file=W -o=W --output-file=W --suppress-all!W --suppress-rule=W --prune-suppressions!W --init!U --inspect-config!U --mcp!U',
    },
  },
  prettier: {
    inPlace: ['-w', '--write'],
    table: {
      options:
        '-c --check -l --list-different --config= --no-config --ignore-path= --parser= --stdin-filepath= --no-editorconfig --with-node-modules --log-level= --loglevel= --no-color --color --find-config-path= --file-info= --support-info --ignore-unknown -u --no-error-on-unmatched-pattern --plugin= --print-width= --tab-width= --use-tabs --semi --no-semi --single-quote --jsx-single-quote --quote-props= --trailing-comma= --bracket-spacing --no-bracket-spacing --bracket-same-line --arrow-parens= --prose-wrap= --end-of-line= --embedded-language-formatting= --single-attribute-per-line --html-whitespace-sensitivity= --vue-indent-script-and-style --object-wrap= --experimental-ternaries --experimental-operator-position= --range-start= --range-end= --require-pragma --config-precedence= --cache-strategy= --no-plugin-search -v -h ' +
        '-w!W --write!W --cache!W --cache-location=W --insert-pragma!W',
    },
  },
  black: {
    readOnlyWith: ['--diff', '-c', '--code'],
    defaultWrites: 'black rewrites files (with --check alone it still writes its cache)',
    table: {
      options:
        '-c= --code= -l= --line-length= -t= --target-version= --pyi --ipynb --python-cell-magics= -x --skip-source-first-line -S --skip-string-normalization -C --skip-magic-trailing-comma --preview --unstable --enable-unstable-feature= --check --diff --color --no-color --fast --safe --required-version= --exclude= --extend-exclude= --force-exclude= --stdin-filename= --include= -W= --workers= -q --quiet -v --verbose --config= --line-ranges= -h',
    },
  },
  isort: {
    readOnlyWith: ['--check-only', '-c', '--check', '--diff', '--df', '--show-config', '--show-files', '--stdout', '-d'],
    defaultWrites: 'isort rewrites imports in place',
    table: { options: '--check-only -c --check --diff --df --profile= -l= --line-length= --line-width= --settings-path= --sp= --settings-file= --settings= -q --quiet -v --verbose --show-config --show-files --stdout -d --skip= -s= --skip-glob= --sg= --filter-files --only-modified --color --jobs= -j= --src= --src-path= --py= --python-version= --float-to-top --ff= --force-sort-within-sections --fss -m= --multi-line= --tc --trailing-comma --ca --combine-as -h -V' },
  },
  mypy: {
    readOnlyWith: ['--cache-dir=/dev/null', '--cache-dir=nul'],
    defaultWrites: 'mypy writes its incremental cache (.mypy_cache) unless --cache-dir=/dev/null',
    table: {
      options:
        '--cache-dir= -p= --package= -m= --module= -c= --command= --config-file= --python-version= --platform= --strict --ignore-missing-imports --follow-imports= --follow-untyped-imports --explicit-package-bases --namespace-packages --no-namespace-packages --exclude= --exclude-gitignore --show-error-codes --hide-error-codes --show-column-numbers --show-error-context --show-absolute-path --pretty --no-pretty --color-output --no-color-output --error-summary --no-error-summary --check-untyped-defs --disallow-untyped-defs --disallow-incomplete-defs --disallow-untyped-calls --disallow-any-generics --disallow-subclassing-any --disallow-untyped-decorators --disallow-any-unimported --disallow-any-expr --disallow-any-decorated --disallow-any-explicit --warn-unused-ignores --warn-redundant-casts --warn-return-any --warn-unreachable --warn-unused-configs --warn-no-return --no-warn-no-return --no-implicit-optional --implicit-optional --no-implicit-reexport --implicit-reexport --strict-equality --strict-optional --no-strict-optional --allow-redefinition --allow-untyped-globals --local-partial-types --enable-error-code= --disable-error-code= --extra-checks --no-incremental --incremental --sqlite-cache --cache-fine-grained --skip-cache-mtime-checks --skip-version-check --no-site-packages --no-silence-site-packages --python-executable= --custom-typeshed-dir= --warn-incomplete-stub --soft-error-limit= --show-traceback --tb --raise-exceptions --scripts-are-modules -v --verbose -V --version -h ' +
        '--install-types!W --non-interactive --junit-xml=W --html-report=W --xml-report=W --txt-report=W --linecount-report=W --linecoverage-report=W --memory-xml-report=W --cobertura-xml-report=W --lineprecision-report=W --any-exprs-report=W --xslt-html-report=W --xslt-txt-report=W',
    },
  },
  pyright: {
    table: { options: '--outputjson -p= --project= --pythonpath= --pythonplatform= --pythonversion= --level= --skipunannotated --stats --verbose --version --warnings --threads[=] -t= --typeshedpath= -v= --venvpath= --dependencies --lib --verifytypes= --ignoreexternal -w --watch -h --help --createstub=W --writebaseline!W' },
  },
  shellcheck: {
    table: { options: '-a --check-sourced -C[=] --color[=] -i= --include= -e= --exclude= --extended-analysis= -f= --format= --list-optional -o= --enable= -P= --source-path= -s= --shell= -S= --severity= -V -W= --wiki-link-count= -x --external-sources --norc --rcfile= -h' },
  },
  gofmt: { inPlace: ['-w'], table: { singleDashLong: true, options: '-l -d -s -e -r= -cpuprofile=W -w!W' } },
  // Pure formatters: they print the formatted source or a diff unless told to rewrite in place,
  // and their config files are data (YAML, INI, TOML, .editorconfig), not code they load.
  'clang-format': {
    inPlace: ['-i'],
    table: {
      singleDashLong: true,
      // LLVM options take one or two dashes; a boolean one also takes `=true`/`=false`.
      // --files names a file that lists more inputs: with -i those are written too, unnamed here
      options: llvmOptions('--dry-run[=] --dump-config[=] --output-replacements-xml[=] --sort-includes[=] --verbose[=] --Werror[=] --Wno-error= --assume-filename= --cursor= --fallback-style= --ferror-limit= --length= --lines= --offset= --qualifier-alignment= --style= --help-list --help-hidden --fcolor-diagnostics[=] --fno-color-diagnostics[=] --files=U') + ' -n[=] -i!W',
    },
  },
  shfmt: {
    inPlace: ['-w', '--write'],
    table: {
      singleDashLong: true,
      options:
        '-l[=] --list[=] -d --diff -s --simplify -mn --minify -p --posix -i= --indent= -bn --binary-next-line -ci --case-indent -sr --space-redirects -kp --keep-padding -fn --func-next-line -ln= --language-dialect= -f[=] --find[=] --filename= --apply-ignore --to-json -tojson --from-json -version -h -w!W --write!W',
    },
  },
  autopep8: {
    inPlace: ['-i', '--in-place'],
    table: {
      options:
        '-v --verbose -d --diff -r --recursive -j= --jobs= -p= --pep8-passes= -a --aggressive --experimental --exclude= --list-fixes --ignore= --select= --max-line-length= --line-range== --range== --indent-size= --hang-closing --exit-code --global-config= --ignore-local-config -h -i!W --in-place!W',
    },
  },
  yapf: {
    inPlace: ['-i', '--in-place'],
    table: { options: '-v --version -d --diff -q --quiet -r --recursive -l= --lines= -e= --exclude= --style= --style-help --no-local-style -p --parallel -m --print-modified --verbose -h -i!W --in-place!W' },
  },
  autoflake: {
    inPlace: ['-i', '--in-place'],
    table: {
      singleDashLong: true,
      options:
        '-c --check -cd --check-diff -r --recursive -j= --jobs= --exclude= --imports= --expand-star-imports --remove-all-unused-imports --ignore-init-module-imports --remove-duplicate-keys --remove-unused-variables --remove-rhs-for-unused-variables --ignore-pass-statements --ignore-pass-after-docstring -s --stdout --stdin-display-name= --config= -q --quiet -v --verbose -h -i!W --in-place!W',
    },
  },
  rustfmt: {
    readOnlyWith: ['--check', '--emit=stdout'],
    defaultWrites: 'rustfmt rewrites files unless --check or --emit stdout',
    table: { options: '--check --emit= --backup --config-path= --edition= --color= --print-config= -l --files-with-diff --config= -v --verbose -q --quiet -h -V --style-edition=' },
  },
  stylelint: {
    inPlace: ['--fix'],
    table: {
      options:
        '--config= -c= --config-basedir= --ignore-path= -i= --ignore-pattern= --ip= --custom-syntax= --formatter= -f= --custom-formatter= -q --quiet --quiet-deprecation-warnings --color --no-color --report-needless-disables --rd --report-invalid-scope-disables --risd --report-descriptionless-disables --rdd --max-warnings= --mw= --stdin --stdin-filename= --allow-empty-input --aei --globbyOptions= --go= --print-config= -v -h --ignore-disables --id --disable-default-ignores --di ' +
        '--fix!W -o=W --output-file=W --cache!W --cache-location=W',
    },
  },
  markdownlint: {
    inPlace: ['--fix'],
    table: { options: '-c= --config= -i= --ignore= -p= --ignore-path= -r= --rules= -s --stdin -j --json -d --dot -q --quiet -V -h --enable= --disable= --fix!W -o=W --output=W' },
  },
  biome: {
    table: { options: '--version -h' },
    subcommands: Object.fromEntries(
      ['lint', 'check', 'format', 'ci'].map((sub) => [
        sub,
        {
          table: {
            options:
              '--config-path= --max-diagnostics= --diagnostic-level= --reporter= --colors= --no-errors-on-unmatched --error-on-warnings --verbose --skip-errors --staged --changed --since= --vcs-enabled= --vcs-client-kind= --vcs-use-ignore-file= --vcs-root= --files-ignore-unknown= --files-max-size= --only= --skip= --log-level= --log-kind= --use-server --stdin-file-path= --indent-style= --indent-width= --line-width= --line-ending= ' +
              '--write!W --fix!W --apply!W --apply-unsafe!W --unsafe!W',
          },
        } satisfies CheckTool,
      ]),
    ),
  },
  hadolint: { table: { options: '', anyOptionReads: true } },
  yamllint: { table: { options: '', anyOptionReads: true } },
  tsc: {
    readOnlyWith: ['--noemit', '--showconfig', '--listfilesonly', '--version', '--help', '--all'],
    defaultWrites: 'tsc emits JavaScript (and declarations) unless --noEmit',
    table: { options: TSC_OPTIONS },
  },
  ruff: {
    table: { options: '-V' },
    subcommands: {
      check: {
        readOnlyWith: ['--no-cache', '-n'],
        defaultWrites: 'ruff check writes .ruff_cache unless --no-cache',
        table: {
          options:
            RUFF_COMMON +
            ' --unsafe-fixes --no-unsafe-fixes --no-fix --show-fixes --no-show-fixes -w --watch -e --statistics --select= --ignore= --extend-select= --extend-ignore= --per-file-ignores= --extend-per-file-ignores= --fixable= --unfixable= --extend-fixable= --dummy-variable-rgx= --ignore-noqa --fix!W --fix-only!W --add-noqa!W',
        },
      },
      format: {
        readOnlyWith: [['--check', '--diff'], ['--no-cache', '-n']],
        defaultWrites: 'ruff format rewrites files unless --check or --diff, and writes .ruff_cache unless --no-cache',
        table: { options: RUFF_COMMON },
      },
      version: { table: { options: '--output-format=' } },
      rule: { table: { options: '--all --output-format=' } },
    },
  },
};
