/** sed, awk and yq: their options from tables, their scripts read for in-place edits, files written and commands run. */
import { awkEffects, sedEffects } from './scripts';
import { has, parseTable, value, type ProgramTable } from './table';
import { tableProblem } from './table-read';
import { read, unknown, write, type Leaf, type Verdict } from './verdict';
import { backupName, literalArg, type Arg } from './words';

/** @keep SED_TABLE the option-completeness test holds it against the installed sed's --help */
export const SED_TABLE: ProgramTable = {
  options:
    '-n --quiet --silent --debug -e= --expression= -f= --file= --follow-symlinks -i[=] --in-place[=] -l= --line-length= --posix -E -r --regexp-extended -s --separate --sandbox -u --unbuffered -z --null-data -b --binary',
};

export function sed(args: readonly Arg[]): Leaf {
  const p = parseTable(args, SED_TABLE, 'sed');
  const bad = tableProblem(p);
  if (bad) return bad;
  const inPlace = has(p, '-i', '--in-place');
  const scripts = [...(p.flags.get('-e') ?? []), ...(p.flags.get('--expression') ?? [])];
  const hasScriptFile = has(p, '-f', '--file');
  let files = p.operands;
  if (scripts.length === 0 && !hasScriptFile) {
    if (!p.operands[0]) return read('sed without a script fails');
    scripts.push(p.operands[0].value);
    files = p.operands.slice(1);
  }
  if (hasScriptFile) return inPlace ? write('sed -i -f edits files with a script file (it may also write with w or run e)', undefined, { writesContent: true }) : unknown('sed -f runs a script file the hook cannot see (it may write with w or run e)');
  if (scripts.some((x) => x === null)) return unknown('sed script only known at run time');
  const fx = sedEffects(scripts.join('\n'));
  if (fx.unreadable) return unknown(`sed script not understood: ${fx.unreadable}`);
  if (fx.runs) return unknown('sed script runs shell commands (e)');
  const targets: Arg[] = [...(inPlace ? files : []), ...fx.writes.map(literalArg)];
  if (inPlace && files.length === 0) return write('sed -i with no file fails or edits files only known at run time', undefined, { writesContent: true });
  // -iSUFFIX keeps the original as FILE+SUFFIX (a `*` in SUFFIX stands for the file's name)
  const suffix = inPlace ? value(p, '-i', '--in-place') : undefined;
  if (suffix) targets.push(...files.map((f) => backupName(f, suffix)));
  if (targets.length) return write(inPlace ? 'sed -i edits files in place' : 'sed w writes files', targets, { writesContent: true });
  return read('sed prints the edited text');
}

/** @keep AWK_TABLE the option-completeness test holds it against the installed gawk's --help */
export const AWK_TABLE: ProgramTable = {
  options:
    '-f=X --file=X -v= --assign= -F= --field-separator= -i= --include= -E=X --exec=X -l=X --load=X -e= --source= -b --characters-as-bytes -c --traditional -C --copyright -d[=] --dump-variables[=] -D[=]U --debug[=]U -g --gen-pot -I --trace -k --csv -L[=] --lint[=] -M --bignum -N --use-lc-numeric -n --non-decimal-data -o[=]W --pretty-print[=]W -O --optimize -p[=]W --profile[=]W -P --posix -r --re-interval -s --no-optimize -S --sandbox -t --lint-old -V -h -W=',
};

export function awk(name: string, args: readonly Arg[]): Verdict {
  const p = parseTable(args, AWK_TABLE, name);
  const includes = [...(p.flags.get('-i') ?? []), ...(p.flags.get('--include') ?? [])];
  const inplace = includes.includes('inplace');
  if (includes.some((x) => x !== 'inplace')) return unknown(`${name} -i loads a library the hook cannot see`);
  if (has(p, '-W')) return unknown(`${name} -W: implementation options are not read by this guard`);
  const bad = tableProblem(p);
  if (bad) return bad.mutability === 'write' ? unknown(`${name}: ${bad.why}`) : bad;
  const source = value(p, '-e', '--source');
  const src = source !== undefined ? source : p.operands[0]?.value ?? null;
  const files = p.operands.slice(source !== undefined ? 0 : 1);
  if (src === null || src === undefined) return unknown(`${name} program only known at run time`);
  const fx = awkEffects(src);
  if (fx.unreadable) return unknown(`${name} program: ${fx.unreadable}`);
  if (fx.runs) return unknown(`${name} program runs commands whose text is computed (system() or a pipe)`);
  const targets = [...(inplace ? files : []), ...fx.writes.map(literalArg)];
  let leaf: Leaf;
  if (fx.unprovenWrite) leaf = write(`${name} program prints into a file whose name is computed`, undefined, { writesContent: true });
  else if (inplace && files.length === 0) leaf = write(`${name} -i inplace with no file`, undefined, { writesContent: true });
  else if (targets.length) leaf = write(inplace ? `${name} -i inplace edits files` : `${name} program prints into files`, targets, { writesContent: true });
  else leaf = read(`${name} prints computed text`);
  // commands the program runs through sh as literal strings (print | "sort -u", "date" | getline) are read as shell code
  const commands = fx.commands ?? [];
  if (commands.length === 0) return leaf;
  return { kind: 'many', verdicts: [leaf, ...commands.map((c): Verdict => ({ kind: 'shell', source: c, why: `${name} runs "${c.slice(0, 40)}" through sh` }))] };
}

/**
 * yq (two programs share the name: the Python jq wrapper and the Go one). Options from both;
 * -i/--inplace/--in-place edit their files, Go yq -s/--split-exp writes one file per document,
 * and Python yq's -s (--slurp) is the same letter: unknown which program runs, so -s is unprovable.
 * @keep YQ_TABLE the option-completeness test holds it against yq's --help
 */
export const YQ_TABLE: ProgramTable = {
  options:
    '-i!W --inplace!W --in-place!W -s=U --split-exp=U --split-exp-file=U -y --yaml-output --yml-output -Y --yaml-roundtrip --yml-roundtrip --yaml-output-grammar-version= -w= -t --toml-output -x --xml-output --xml-item-depth= --xml-dtd --xml-root= --xml-force-list= --explicit-start --explicit-end --width= --indentless-lists --indentless --yml-out-ver= -e --exit-status -n --null-input -r --raw-output -j --join-output -a --ascii-output -c --compact-output -C --color-output -M --monochrome-output -S --sort-keys --tab --indent= --arg== --argjson== --slurpfile== --rawfile== --args --jsonargs -f= --from-file= -L= --seq --stream -R --raw-input -I= -p= --input-format= -o= --output-format= -P --prettyPrint -N --no-doc --no-colors --colors -0 --nul-output --header-preprocess --no-header-preprocess --front-matter= --expression= --lua-globals --lua-prefix= --lua-suffix= --lua-unquoted --properties-separator= --properties-array-brackets --csv-auto-parse --csv-separator= --tsv-auto-parse --xml-attribute-prefix= --xml-content-name= --xml-directive-name= --xml-keep-namespace --xml-proc-inst-prefix= --xml-raw-token --xml-skip-directives --xml-skip-proc-inst --xml-strict-mode -v --verbose -V --version -h --help --unwrapScalar --unwrap-scalar --string-interpolation --no-string-interpolation --security-disable-env-ops --security-disable-file-ops',
};

export function yq(args: readonly Arg[]): Leaf {
  const p = parseTable(args, YQ_TABLE, 'yq');
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  if (p.writes.length) {
    const ops = p.operands[0]?.value && /^(e|eval|ea|eval-all)$/.test(p.operands[0].value) ? p.operands.slice(2) : p.operands.slice(1);
    return write('yq -i edits files in place', ops.length ? ops : undefined, { writesContent: true });
  }
  return read('yq prints');
}
