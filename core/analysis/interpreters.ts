/**
 * Interpreters (python, node, ruby, perl, …): a version or help call reads; inline code, a script
 * or a REPL is unknown, except the standard-library modules and perl one-liners whose effects are
 * read from their own options.
 */
import { hashIntentInCode, type CodeLanguage } from './intents';
import { syntaxCheck } from './listings';
import { pip } from './python-packages';
import { parseTable, type ProgramTable } from './table';
import { onlyInfo } from './tool-words';
import { withDependencyIntent, withFamilyDefault } from './toolchains';
import { read, unknown, write, type Leaf, type ProgramContext, type Verdict } from './verdict';
import { backupName, type Arg } from './words';

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
