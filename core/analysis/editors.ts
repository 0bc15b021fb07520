/**
 * Editors in batch mode whose script only prints: `vim -es -c 'g/TODO/p' -c 'q!' f`,
 * `ex -s +%p +q! f`, `ed -s f <<< $',p\nq'`. Silent Ex mode skips the person's vimrc and
 * plugins (only `-u` would load one), and a script that quits without writing changes nothing
 * however it moves lines in the buffer. Every Ex command must be one that prints, moves the
 * buffer or quits without writing; anything else (`w`, `x`, `!`, `r`, `source`, `normal`,
 * `call`, an expression, an option) makes the command unknown, and so does a script that does
 * not end by quitting (silent Ex mode then reads more commands from stdin).
 */
import { read, unknown, type Leaf, type ProgramContext } from './verdict';
import type { Arg } from './words';

/** A line range: `%`, `1,5`, `.,$`, `'a,'b`, `/re/`, `?re?`, `+2`, `;`, and nothing. */
const RANGE = String.raw`(?:[%.$\d]|'[a-z<>]|\/(?:\\.|[^/\\])*\/|\?(?:\\.|[^?\\])*\?|[-+;,]|\s)*`;

/** Ex commands that print, only change the buffer, or quit without writing. */
const PRINTS = /^(p|pr|pri|prin|print|P|nu|num|numb|numbe|number|#|l|li|lis|list|z[-+.^=]?\d*|=)$/;
const EDITS = /^(d|de|del|dele|delet|delete|m|mo|mov|move|t|co|cop|copy|j|jo|joi|join|>+|<+|u|un|und|undo|red|redo|noh|nohlsearch)$/;
const QUITS = /^(q|qu|qui|quit|qa|qal|qall|quita|quitall|cq|cqu|cqui|cquit)!$|^(cq|cqu|cqui|cquit)$/;

/** Split an Ex command line on `|` (the rest of a :g/:v command belongs to it). */
function exCommands(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '\\' && i + 1 < line.length) {
      cur += c + line[i + 1];
      i++;
      continue;
    }
    if (c === '|') {
      if (/^\s*(?:[%.$\d,;]|'[a-z])*\s*(g|gl|glo|glob|globa|global|v|vg|vgl|vglo|vglob|vgloba|vglobal)!?\s*[^\w\s]/.test(cur)) {
        cur += c;
        continue;
      }
      out.push(cur);
      cur = '';
      continue;
    }
    cur += c;
  }
  out.push(cur);
  return out;
}

/** Why one Ex command is not proven harmless, or null. `quits` is set when it quits without writing. */
function exProblem(raw: string, state: { quits: boolean }, depth = 0): string | null {
  const cmd = raw.trim().replace(/^:+/, '');
  if (cmd === '' || cmd.startsWith('"')) return null;
  const m = new RegExp(`^(${RANGE})(.*)$`, 's').exec(cmd)!;
  const rest = m[2]!.trim();
  if (rest === '') return null; // a bare range moves the cursor
  const g = /^(g|gl|glo|glob|globa|global|v|vg|vgl|vglo|vglob|vgloba|vglobal)(!?)\s*([^\w\s"|])((?:\\.|(?!\3).)*)\3(.*)$/s.exec(rest);
  if (g) {
    if (depth > 0) return ':g cannot nest';
    const sub = g[5]!.trim() === '' ? 'p' : g[5]!;
    for (const part of exCommands(sub)) {
      const why = exProblem(part, { quits: false }, depth + 1);
      if (why) return why;
    }
    return null;
  }
  const word = /^([A-Za-z]+!?|#|=|>+|<+)(.*)$/s.exec(rest);
  if (!word) return `${rest.slice(0, 20)} is not an Ex command this guard reads`;
  const [, name, args] = word;
  if (QUITS.test(name!) && args!.trim() === '') {
    if (depth === 0) state.quits = true;
    return null;
  }
  if (PRINTS.test(name!) || EDITS.test(name!)) return /[|`]|\\=/.test(args!) ? `${name} with an argument this guard does not read` : null;
  // :s/pat/rep/flags: the buffer only; `\=` in the replacement evaluates an expression
  const s = /^(s|su|sub|subs|subst|substi|substit|substitu|substitut|substitute)([^\w\s"|])/.exec(rest);
  if (s) return /\\=/.test(rest) ? ':s with an expression in the replacement' : null;
  if (/^(echo|ec)$/.test(name!)) return /^\s*("[^"`\\]*"|'[^']*'|\d+)?\s*$/.test(args!) ? null : 'echo of an expression (it can call functions)';
  if (/^(se|set)$/.test(name!)) return /^\s*((no)?(nu|number|list|ic|ignorecase|magic|ws|wrapscan|rnu|relativenumber|hls|hlsearch)\s*)+$/.test(args!) ? null : 'set of an option this guard does not know as harmless';
  return `:${name} writes, runs a command, reads another file or evaluates code`;
}

/** Why a list of Ex command lines (from -c, +cmd or a script) is not proven, or null; notes a final quit. */
function scriptProblem(lines: readonly string[], state: { quits: boolean }): string | null {
  for (const line of lines) {
    for (const part of exCommands(line)) {
      state.quits = false;
      const why = exProblem(part, state);
      if (why) return why;
    }
  }
  return null;
}

const VIM_NAMES = new Set(['vim', 'vi', 'ex', 'view', 'vim.basic', 'vim.tiny', 'vim.nox', 'vimdiff']);

export function isBatchEditor(name: string): boolean {
  return VIM_NAMES.has(name) || name === 'ed' || name === 'red';
}

/**
 * vim/ex in silent Ex mode: `-es`/`-Es` (or `-e`/`-E` then `-s`, or `ex -s`); -c/+ commands
 * and --cmd must each be proven; the script must quit without writing. Files named are read.
 */
function vimBatch(name: string, args: readonly Arg[], ctx: ProgramContext): Leaf {
  let ex = name === 'ex';
  let silent = false;
  const commands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return unknown(`${name}: an argument only known at run time`);
    if (v === '--') break;
    if (v === '-e' || v === '-E') ex = true;
    else if (v === '-es' || v === '-Es') {
      ex = true;
      silent = true;
    } else if (v === '-s') {
      // -s is silent mode only in Ex mode; otherwise it reads keystrokes from a file
      if (!ex) return unknown(`${name} -s outside Ex mode replays keystrokes from a file`);
      silent = true;
    } else if (v === '-c' || v === '--cmd') {
      const c = args[++i]?.value;
      if (c === null || c === undefined) return unknown(`${name} ${v} with a command only known at run time`);
      commands.push(c);
    } else if (v.startsWith('+')) commands.push(v.slice(1) === '' ? '$' : v.slice(1));
    else if (v === '-u' || v === '-U' || v === '-i') {
      const f = args[++i]?.value;
      if (f !== 'NONE' && f !== 'NORC') return unknown(`${name} ${v} ${f ?? ''} loads or writes a file of its own`);
    } else if (/^-(n|N|R|M|m|X|Z|b|l|C|--not-a-term|-noplugin|-clean)$/.test(v) || /^--(not-a-term|noplugin|clean|nofork)$/.test(v)) continue;
    else if (v.startsWith('-')) return unknown(`${name} ${v}: an option this guard does not know as harmless in batch mode`);
  }
  if (!ex || !silent) return unknown(`${name} outside silent Ex mode (-es) loads the person's vimrc and plugins or waits for keystrokes`);
  const state = { quits: false };
  const why = scriptProblem(commands, state);
  if (why) return unknown(`${name}: ${why}`);
  if (!state.quits) {
    // without a final :q! silent Ex mode goes on reading commands from stdin
    if (ctx.stdin.kind !== 'text') return unknown(`${name} -es without a final q! reads more commands from stdin`);
    const more = scriptProblem(ctx.stdin.text.split('\n'), state);
    if (more) return unknown(`${name}: ${more}`);
    if (!state.quits) return unknown(`${name} -es: the script on stdin does not end by quitting`);
  }
  return read(`${name} -es runs a script that only prints and quits without writing`);
}

/** ed: the script on stdin (a here-document) must only print and quit; -s is silent, -p sets a prompt. */
function edBatch(name: string, args: readonly Arg[], ctx: ProgramContext): Leaf {
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return unknown(`${name}: an argument only known at run time`);
    if (v === '-p' || v === '--prompt') {
      i++;
      continue;
    }
    if (/^-(s|q|G|l|r|v|E)+$/.test(v) || /^--(quiet|silent|loose-exit-status|restricted|verbose|extended-regexp|traditional)$/.test(v) || v === '-') continue;
    if (v.startsWith('!')) return unknown(`${name} ${v} reads the output of a shell command`);
    if (v.startsWith('-')) return unknown(`${name} ${v}: an option this guard does not know`);
  }
  if (ctx.stdin.kind !== 'text') return unknown(`${name} reads its commands from stdin (typed later or computed)`);
  for (const line of ctx.stdin.text.split('\n')) {
    const t = line.trim();
    if (t === '') continue;
    const m = new RegExp(`^(${RANGE})(.*)$`, 's').exec(t)!;
    const rest = m[2]!.trim();
    if (rest === '' || /^[pnlPhH=]$|^[pnl]+$/.test(rest)) continue;
    if (/^[qQ]$/.test(rest)) continue;
    if (/^[gvGV]([^\w\s])((?:\\.|(?!\1).)*)\1[pnl]*$/.test(rest)) continue;
    return unknown(`${name}: ${rest.slice(0, 20)} writes, runs a command or changes the file`);
  }
  return read(`${name} runs a script that only prints`);
}

export function batchEditor(name: string, args: readonly Arg[], ctx: ProgramContext): Leaf {
  return name === 'ed' || name === 'red' ? edBatch(name, args, ctx) : vimBatch(name, args, ctx);
}
