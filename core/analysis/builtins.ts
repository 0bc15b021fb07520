/**
 * Shell builtins that look like reads but can write files, change what a later name runs,
 * or evaluate code through their arguments: history files, the command hash, array
 * callbacks, and arithmetic / subscript evaluation (bash runs `$(…)` found in an array
 * subscript or an arithmetic string when `let`, `declare -i`, `printf -v`, `read`, `test -v`…
 * evaluate it, even when the text arrived single-quoted).
 */
import { read, write, unknown, type Leaf } from './verdict';
import { sensitiveName } from './wrappers';
import { RUNTIME_ARG, type Arg } from './words';

/** literal text that holds a command substitution: evaluated by arithmetic or a subscript */
function holdsCode(v: string): boolean {
  return /\$\(|`/.test(v);
}

const CODE_WHY = 'holds command-substitution text that bash evaluates in an array subscript or arithmetic';

/** Builtin names this module classifies. */
const SHELL_BUILTINS = new Set([
  'echo', 'printf', ':', 'test', '[', 'type', 'wait', 'read', 'exit', 'return', 'break', 'continue', 'shift', 'let', 'getopts',
  'jobs', 'fg', 'bg', 'disown', 'ulimit', 'umask', 'history', 'hash', 'dirs', 'mapfile', 'readarray', 'caller', 'times',
  'compgen', 'complete', 'compopt', 'help', 'logout', 'suspend', 'unalias', 'enable', 'clear', 'reset',
]);

/** builtins that assign the variables they are given by name */
const ASSIGNS = new Set(['read', 'printf', 'mapfile', 'readarray', 'getopts', 'let']);

export function classifyBuiltin(name: string, args: readonly Arg[]): Leaf | null {
  if (!SHELL_BUILTINS.has(name)) return null;
  const vals = args.map((a) => a.value);
  // read PATH, printf -v BASH_CMDS[ls] …, let IFS=…: an assignment to a name that changes what later commands run
  if (ASSIGNS.has(name)) {
    const named = vals.find((v) => v !== null && !v.startsWith('-') && sensitiveName(name === 'let' || name === 'printf' ? v.replace(/[+\-*/%]?=.*$/s, '') : v));
    const attached = vals.find((v) => v !== null && /^-v./.test(v) && sensitiveName(v.slice(2)));
    if ((named && name !== 'printf') || attached || (name === 'printf' && vals[vals.indexOf('-v') + 1] && vals.indexOf('-v') !== -1 && sensitiveName(vals[vals.indexOf('-v') + 1]!))) {
      return unknown(`${name} assigns ${named ?? attached}, a variable that changes what later commands run or load`);
    }
  }
  switch (name) {
    case 'history': {
      const flags = vals.filter((v) => v !== null && /^-[a-zA-Z]+$/.test(v)).join('');
      if (/[wa]/.test(flags)) {
        const file = args.find((a) => a.value === null || !a.value.startsWith('-'));
        // without a file operand the history goes to $HISTFILE, only known at run time
        return write(`history -${/w/.test(flags) ? 'w' : 'a'} writes the history file`, file && !/^\d+$/.test(file.value ?? '') ? [file] : [RUNTIME_ARG], { writesContent: true });
      }
      return read('history lists or edits the in-memory history');
    }
    case 'hash':
      if (vals.some((v) => v === null || (v.startsWith('-') && v.includes('p')))) return unknown('hash -p makes a name run another program');
      return read('hash lists or fills the command lookup table');
    case 'mapfile':
    case 'readarray':
      if (vals.some((v) => v === null || /^-[a-zA-Z]*C/.test(v))) return unknown(`${name} -C runs a callback command`);
      if (vals.some((v) => v !== null && holdsCode(v))) return unknown(`${name}: an argument ${CODE_WHY}`);
      return read(`${name} reads lines into an array`);
    case 'printf': {
      // the variable may follow -v or be attached to it (`-vNAME`); the format is never code
      const i = vals.indexOf('-v');
      const attached = vals.find((v) => v !== null && /^-v./.test(v));
      if (i !== -1 || attached !== undefined) {
        const target = attached !== undefined ? attached!.slice(2) : vals[i + 1];
        if (target === null || target === undefined || holdsCode(target)) return unknown(`printf -v: the variable name ${CODE_WHY}`);
      }
      if (vals[0] === null) return unknown('printf: an option only known at run time');
      return read('printf prints text');
    }
    case 'read': {
      for (const v of vals) if (v === null || holdsCode(v)) return unknown(`read: a variable name ${v === null ? 'is only known at run time' : CODE_WHY}`);
      return read('read reads a line into variables');
    }
    case 'let':
      for (const v of vals) if (v === null || holdsCode(v)) return unknown(`let: an expression ${v === null ? 'is only known at run time' : CODE_WHY}`);
      return read('let computes');
    case 'test':
    case '[': {
      const i = vals.indexOf('-v');
      if (i !== -1 && (vals[i + 1] === null || holdsCode(vals[i + 1] ?? ''))) return unknown(`${name} -v: the name ${CODE_WHY}`);
      return read(`${name} only tests`);
    }
    case 'enable':
      if (args.length === 0 || vals.every((v) => v === '-a' || v === '-p' || v === '-s' || v === '-ap' || v === '-ps')) return read('enable lists builtins');
      return unknown('enable loads or switches builtins: later names run something else');
    case 'compgen':
    case 'complete':
      if (vals.some((v) => v === null || /^-[a-zA-Z]*[CF]/.test(v))) return unknown(`${name} -C/-F runs a command or function`);
      // -W's word list is expanded by the shell when it is used: `$(…)` inside it runs
      if (vals.some((v) => v !== null && holdsCode(v))) return unknown(`${name}: an argument holds command-substitution text that completion expands and runs`);
      return read(`${name} lists or sets completions`);
    case 'getopts':
      if (vals.some((v) => v === null || holdsCode(v))) return unknown(`getopts: an argument ${CODE_WHY}`);
      return read('getopts parses options');
    case 'echo':
      return read('echo prints text');
    default:
      return read(`${name} only reads or changes shell state`);
  }
}

/** declare/typeset/local/export/readonly arguments that bash evaluates as code. */
export function declareRunsCode(args: readonly Arg[]): string | null {
  const integer = args.some((a) => a.value !== null && /^[-+][a-zA-Z]*i/.test(a.value));
  for (const a of args) {
    const v = a.value;
    if (v === null) continue;
    const eq = v.indexOf('=');
    const lhs = eq === -1 ? v : v.slice(0, eq);
    if (lhs.includes('[') && holdsCode(lhs)) return `${lhs} ${CODE_WHY}`;
    if (integer && eq !== -1 && holdsCode(v.slice(eq + 1))) return `an integer value ${CODE_WHY}`;
  }
  return null;
}
