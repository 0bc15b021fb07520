/**
 * Editors in batch mode whose script only prints: `vim -es -c 'g/TODO/p' -c 'q!' f`,
 * `ex -s +%p +q! f`, `ed -s f <<< $',p\nq'`. Silent Ex mode skips the person's vimrc and
 * plugins (only `-u` would load one), and a script that quits without writing changes nothing
 * however it moves lines in the buffer. Every Ex command must be one that prints, moves the
 * buffer or quits; anything else (`!`, `r`, `source`, `normal`, `call`, an expression, an
 * option) makes the command unknown, and so does a script that does not end by quitting
 * (silent Ex mode then reads more commands from stdin).
 * A script that writes (`wq`, `x`, `w out.txt`, `sav copy.txt`, `redir > log.txt`, ed's `w`) is a
 * write of the files it names: a plain file name, or, for a write with no name, every file the
 * editor was given (the current buffer is one of them). A name vim expands (`%`, `#`, `~`,
 * `$VAR`, a backtick, a wildcard) or a write to a command (`w !cmd`) stays unknown.
 */
import { read, unknown, write, type Leaf, type ProgramContext } from './verdict';
import { literalArg, type Arg } from './words';

/** A line range: `%`, `1,5`, `.,$`, `'a,'b`, `/re/`, `?re?`, `+2`, `;`, and nothing. */
const RANGE = String.raw`(?:[%.$\d]|'[a-z<>]|\/(?:\\.|[^/\\])*\/|\?(?:\\.|[^?\\])*\?|[-+;,]|\s)*`;

/** Ex commands that print, only change the buffer, or quit without writing. */
const PRINTS = /^(p|pr|pri|prin|print|P|nu|num|numb|numbe|number|#|l|li|lis|list|z[-+.^=]?\d*|=)$/;
const EDITS = /^(d|de|del|dele|delet|delete|m|mo|mov|move|t|co|cop|copy|j|jo|joi|join|>+|<+|u|un|und|undo|red|redo|noh|nohlsearch)$/;
const QUITS = /^(q|qu|qui|quit|qa|qal|qall|quita|quitall|cq|cqu|cqui|cquit)!$|^(cq|cqu|cqui|cquit)$/;

/** Ex commands that write the current file, or the file they name. */
const WRITES = /^(w|wr|wri|writ|write|up|upd|upda|updat|update)!?$/;
/** ... and quit (at the top level of the script). */
const WRITE_QUITS = /^(wq|x|xi|xit|exi|exit)!?$/;
/** Write every changed buffer (only files the editor was given are loaded) and maybe quit. */
const WRITE_ALL = /^(wa|wal|wall|wqa|wqal|wqall|xa|xal|xall)!?$/;
const SAVEAS = /^(sav|save|savea|saveas)!?$/;
const REDIR = /^(redi|redir)!?$/;
/** A file name Ex takes as written: no `%`/`#` (buffer names), `~`, `$`, backtick, wildcard or space. */
const PLAIN_FILE = /^[\w./+-]+$/;

/** What a script writes: files it names, and whether it writes the file(s) being edited. */
interface ScriptState {
  quits: boolean;
  writes: string[];
  writesCurrent: boolean;
}

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

/**
 * A write command's file: '' for none (the current file), the name, or null when it is not a
 * plain file name (`!cmd`, `%`, `~/x`, `++opt`).
 */
function writeTarget(args: string): string | null {
  const a = args.trim().replace(/^>>\s*/, '');
  if (a === '') return '';
  return PLAIN_FILE.test(a) && !/^[-+]/.test(a) ? a : null;
}

/** Why one Ex command is not proven harmless, or null. `quits` is set when it quits; writes are noted in `state`. */
function exProblem(raw: string, state: ScriptState, depth = 0): string | null {
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
      const why = exProblem(part, { quits: false, writes: [], writesCurrent: false }, depth + 1);
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
  const writing = WRITES.test(name!) || WRITE_QUITS.test(name!) || WRITE_ALL.test(name!) || SAVEAS.test(name!);
  if (writing || REDIR.test(name!)) {
    // inside :g a write would run once per matching line; not read here
    if (depth > 0) return `:${name} inside :g`;
    if (REDIR.test(name!)) {
      if (/^\s*(END|E)\s*$/.test(args!)) return null;
      const r = /^\s*>>?\s*(.*)$/.exec(args!);
      const f = r ? writeTarget(r[1]!) : null;
      if (!f) return `:${name}${args} is not a redirection to a plain file name`;
      state.writes.push(f);
      return null;
    }
    const f = writeTarget(args!);
    if (f === null || (f !== '' && WRITE_ALL.test(name!)) || (f === '' && SAVEAS.test(name!))) return `:${name}${args} writes to a name this guard does not place`;
    if (f === '') state.writesCurrent = true;
    else state.writes.push(f);
    if (WRITE_QUITS.test(name!) || /^(wqa|wqal|wqall|xa|xal|xall)!?$/.test(name!)) state.quits = true;
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
function scriptProblem(lines: readonly string[], state: ScriptState): string | null {
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
  const files: Arg[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return unknown(`${name}: an argument only known at run time`);
    if (v === '--') {
      files.push(...args.slice(i + 1));
      break;
    }
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
    else files.push(args[i]!);
  }
  if (!ex || !silent) return unknown(`${name} outside silent Ex mode (-es) loads the person's vimrc and plugins or waits for keystrokes`);
  const state: ScriptState = { quits: false, writes: [], writesCurrent: false };
  const why = scriptProblem(commands, state);
  if (why) return unknown(`${name}: ${why}`);
  if (!state.quits) {
    // without a final :q! silent Ex mode goes on reading commands from stdin
    if (ctx.stdin.kind !== 'text') return unknown(`${name} -es without a final q! reads more commands from stdin`);
    const more = scriptProblem(ctx.stdin.text.split('\n'), state);
    if (more) return unknown(`${name}: ${more}`);
    if (!state.quits) return unknown(`${name} -es: the script on stdin does not end by quitting`);
  }
  return scriptResult(name, state, files) ?? read(`${name} -es runs a script that only prints and quits without writing`);
}

/** The write a script makes, null when it writes nothing. */
function scriptResult(name: string, state: ScriptState, files: readonly Arg[]): Leaf | null {
  if (!state.writesCurrent && state.writes.length === 0) return null;
  if (state.writesCurrent && files.length === 0) return unknown(`${name}: the script writes the current file, and no file was given`);
  const targets = [...(state.writesCurrent ? files : []), ...state.writes.map(literalArg)];
  return write(`${name} runs a script that writes the files it names or edits`, targets, { writesContent: true });
}

/**
 * ed: the script on stdin (a here-document) may print, edit the buffer, write and quit; -s is
 * silent, -p sets a prompt.
 */
function edBatch(name: string, args: readonly Arg[], ctx: ProgramContext): Leaf {
  const files: Arg[] = [];
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
    files.push(args[i]!);
  }
  const state: ScriptState = { quits: false, writes: [], writesCurrent: false };
  if (ctx.stdin.kind !== 'text') return unknown(`${name} reads its commands from stdin (typed later or computed)`);
  for (const line of ctx.stdin.text.split('\n')) {
    const t = line.trim();
    if (t === '') continue;
    const m = new RegExp(`^(${RANGE})(.*)$`, 's').exec(t)!;
    const rest = m[2]!.trim();
    if (rest === '' || /^[pnlPhH=]$|^[pnl]+$/.test(rest)) continue;
    if (/^[qQ]$/.test(rest)) continue;
    if (/^[gvGV]([^\w\s])((?:\\.|(?!\1).)*)\1[pnl]*$/.test(rest)) continue;
    // buffer edits: a substitution, delete, join, undo, move or copy changes nothing until a write
    if (/^s([^\w\s]).*$/.test(rest) || /^[dju]$/.test(rest) || /^[mt][\s\d.$,;+-]*$/.test(rest)) continue;
    // w / wq / W (append) to the edited file or a plain name; `w !cmd` runs a command
    const w = /^(wq|w|W)(?:\s+(.*))?$/.exec(rest);
    const f = w ? writeTarget(w[2] ?? '') : null;
    if (f === '') state.writesCurrent = true;
    else if (f !== null) state.writes.push(f);
    if (f !== null) continue;
    return unknown(`${name}: ${rest.slice(0, 20)} writes, runs a command or changes the file`);
  }
  return scriptResult(name, state, files) ?? read(`${name} runs a script that only prints`);
}

export function batchEditor(name: string, args: readonly Arg[], ctx: ProgramContext): Leaf {
  return name === 'ed' || name === 'red' ? edBatch(name, args, ctx) : vimBatch(name, args, ctx);
}
