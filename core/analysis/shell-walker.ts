/**
 * The POSIX shell walker on the unbash AST. Walks lists, pipelines, &&/||, subshells,
 * brace groups, if/while/for/case, functions, command and process substitution,
 * redirections, here-docs and here-strings; hands each simple command to the program
 * table (programs.ts) through apply.ts. Never throws; input over the limits is unknown.
 */
import { parse, forEachChild } from 'unbash';
import type { Command, CompoundList, Node, PipelineNode, AndOr, Redirection, Script, Statement, SyntaxNode, Word } from './unbash-types';
import { DOWNLOADERS, hazardsOfIntent, hazardsOfShell, notePlacedHazard, noteDownloaded, noteReads, pastLimits, positionalInPlace, runArgv, runHazardsOnly, type Scope, type Walk } from './apply';
import { candidateValues, remember } from './candidates';
import { downloads, isDevicePath } from './hazards';
import { contentIntents, isNullDevice, resolvePath } from './collect';
import { afterRejectedToken, lineNameIntents } from './malformed';
import { MAX_COMMAND_CHARS, MAX_NESTING } from './limits';
import type { StdinInfo } from './verdict';
import type { Hazard } from '../protocol';
import { argFromCommandArgument, argFromWord, staticValue, type Arg } from './words';
import { sensitiveAssignment, sensitiveName } from './wrappers';

export function walkShellSource(w: Walk, source: string, scope: Scope, depth: number, why: string): void {
  if (pastLimits(w, source, depth, why)) return;
  const script = parse(source);
  let spans: [number, number][] | undefined;
  const subshells = () => (spans ??= spansOf(script));
  const held: HeldBodies = { byName: new Map(), unsure: false, inBody: [], bodyUnsure: false, source, pending: new Set(), exported: new Set(), aliases: new Map(), loops: 0, calledBefore: new Set(), known: new Map(), knownApart: new Map(), subshells };
  new ShellWalker(w, new Set(), held).script(script, scope, depth);
  // a body never called is never run. A function handed to child shells (`export -f`) may be
  // called by any of them, whose text is not this one's: its name met again anywhere counts
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, defs] of held.byName) {
      if (defs.released) continue;
      if (!held.unsure && !(held.exported.has(name) && mentionCount(source, name) > defs.count)) continue;
      release(held, defs, w);
      changed = true;
    }
  }
}

/**
 * Where `source` runs code in a subshell whose assignments end with it: `( … )` and command
 * substitutions (`$( … )`, backticks). Not a function's body nor a coprocess, whose running the
 * walk does not follow; nothing for text the grammar does not accept.
 */
export function subshellSpans(source: string): [number, number][] {
  return source.length > MAX_COMMAND_CHARS ? [] : spansOf(parse(source));
}

function spansOf(script: Script): [number, number][] {
  if ((script as { errors?: readonly unknown[] }).errors?.length) return [];
  const spans: [number, number][] = [];
  const visit = (n: SyntaxNode, parent: string | undefined): void => {
    if ((n.type === 'Subshell' && parent !== 'Function' && parent !== 'Coproc') || n.type === 'CommandExpansion') spans.push([n.pos, n.end]);
    forEachChild(n, (c) => visit(c, n.type));
  };
  visit(script, undefined);
  return spans;
}

/** How often a function's name is met as a word of the text (names are word letters, `.`, `:` and `-`). */
function mentionCount(text: string, name: string): number {
  return text.match(new RegExp(`(?<![\\w.-])${name.replace(/\./g, '\\.')}(?![\\w.-])`, 'g'))?.length ?? 0;
}

/** A body judged as run: its facts reach the floor, the functions it calls run too, and a call it may hide makes every function suspect. */
function release(held: HeldBodies, defs: HeldBody, w: Walk): void {
  if (defs.released) return;
  defs.released = true;
  for (const h of defs.hazards.splice(0)) w.col.hazard(h);
  if (defs.unsure) held.unsure = true;
  for (const callee of defs.calls) releaseName(held, callee, w);
}

/** A call of `name`: its body runs, or, not defined yet, runs once it is (a trap, a later definition in a loop). */
function releaseName(held: HeldBodies, name: string, w: Walk): void {
  const defs = held.byName.get(name);
  if (defs) release(held, defs, w);
  else held.pending.add(name);
}

interface HeldBody {
  hazards: Hazard[];
  count: number;
  /** the body names a command at run time or evals a variable */
  unsure: boolean;
  released: boolean;
  /** where its last definition ends in the text */
  end: number;
  /** the commands its body runs by name (functions among them run when it runs) */
  calls: Set<string>;
}

/**
 * The floor's facts of function bodies, held until the function is called: a function defined
 * and never called runs nothing. The body's segments still reach the contract where it is defined.
 */
interface HeldBodies {
  byName: Map<string, HeldBody>;
  /** a command named at run time or code from a variable ran: any function may be called */
  unsure: boolean;
  /** the functions whose bodies are being defined, innermost last: what a body calls is its own */
  inBody: Set<string>[];
  bodyUnsure: boolean;
  /** the text walked, where a name may be met between two definitions */
  source: string;
  /** names called before any definition of them exists (a trap fires later; a loop comes round) */
  pending: Set<string>;
  /** functions handed to child shells with `export -f` */
  exported: Set<string>;
  /** aliases this text defines (`alias gr='git reset --hard'`): name -> the words it stands for */
  aliases: Map<string, string>;
  /** inside a loop body: a call before a definition runs it on the next round */
  loops: number;
  /** names run as commands in a loop before they were defined */
  calledBefore: Set<string>;
  /** variables given one literal value on the straight path of this text and never changed elsewhere in it but in subshells */
  known: Map<string, string>;
  /** where a name of `known` is set again inside a subshell or substitution: there it is not known */
  knownApart: Map<string, number[]>;
  /** the text's subshells and command substitutions, as [start, end) offsets */
  subshells: () => [number, number][];
}

/**
 * Whether `name` is set exactly once in the text and only expanded elsewhere: the one assignment
 * is the walker's to read. `${name:=x}`, `read name`, `for name in`, `unset name` all count as sets;
 * not those inside a subshell or command substitution, whose assignments end with it: their places
 * go to `apart`, where the value is not known.
 */
function setOnce(text: string, name: string, subshells: () => readonly (readonly [number, number])[], apart: number[]): boolean {
  let sets = 0;
  const re = new RegExp(`(?<![\\w])${name}(?![\\w])`, 'g');
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const i = m.index;
    const after = text.slice(i + name.length, i + name.length + 3);
    const expanded = text[i - 1] === '$' || (text[i - 1] === '{' && text[i - 2] === '$' && !/^:?[=?+-]/.test(after));
    if (expanded) continue;
    if (subshells().some(([pos, end]) => i >= pos && i < end)) apart.push(i);
    else sets++;
  }
  return sets === 1;
}

/** A call by name at this point: the innermost body being defined calls it, or it runs now. */
function callByName(held: HeldBodies, name: string, defined: boolean, w: Walk): void {
  const body = held.inBody[held.inBody.length - 1];
  if (body !== undefined) {
    body.add(name);
    return;
  }
  if (defined) releaseName(held, name, w);
  else if (held.loops > 0) held.calledBefore.add(name);
}

/** The names of a shell text's words that are commands a shell would run by name (`eval` text, a trap). */
function wordsOf(text: string): string[] {
  return text.match(/[\w.:-]+/g) ?? [];
}

const STDIN_TTY: StdinInfo = { kind: 'tty' };

const ARITH_TEST = new Set(['-eq', '-ne', '-lt', '-le', '-gt', '-ge']);

function testRunsCode(e: unknown, home: string | undefined): boolean {
  const x = e as { type?: string; operator?: string; operand?: unknown; operands?: readonly unknown[]; left?: Word; right?: Word; expression?: unknown };
  const code = (w: Word | undefined) => {
    const v = w ? argFromWord(w, home).value : null;
    return v !== null && /\$\(|`/.test(v);
  };
  switch (x.type) {
    case 'TestUnary':
      return x.operator === '-v' && code(x.operand as Word);
    case 'TestBinary':
      return ARITH_TEST.has(x.operator ?? '') && (code(x.left) || code(x.right));
    case 'TestLogical':
      return (x.operands ?? []).some((o) => testRunsCode(o, home));
    case 'TestNot':
      return testRunsCode(x.operand, home);
    case 'TestGroup':
      return testRunsCode(x.expression, home);
    default:
      return false;
  }
}

class ShellWalker {
  /** inside a branch, a loop or after `||`: an assignment here may not have happened */
  private branchy = 0;

  constructor(
    private readonly w: Walk,
    /** functions defined earlier in this code: calling one runs a body already analysed */
    private readonly functions: Set<string>,
    private readonly held: HeldBodies,
    /** a subshell, a part of a pipe or a substitution: what it assigns is gone after it */
    private readonly inner = false,
  ) {}

  /** A literal value assigned on the straight path of the outer shell, once in the whole text: later words may expand it. */
  private noteKnown(name: string, value: string | null): void {
    if (this.inner || this.branchy > 0 || this.held.inBody.length > 0 || value === null) return;
    // split or globbed when expanded: not one known word
    if (/[\s*?[\]\\]/.test(value) || /\bIFS\b/.test(this.held.source)) return;
    const apart: number[] = [];
    if (!setOnce(this.held.source, name, this.held.subshells, apart)) return;
    this.held.known.set(name, value);
    if (apart.length) this.held.knownApart.set(name, apart);
  }

  /**
   * A subshell or substitution of the command's own text that sets a value of the hook's: inside
   * it that value is not known (the code may expand it after setting it, also through `sh -c` or
   * `eval`); after it the shell has its old value again.
   */
  private apart(n: { pos: number; end: number }, fn: () => void): void {
    const setHere = (at: readonly number[]) => at.some((i) => i >= n.pos && i < n.end);
    const before = this.w.base;
    const names = before.apart && before.apart.source === this.held.source ? [...before.apart.at].filter(([, at]) => setHere(at)).map(([name]) => name) : [];
    const known = [...this.held.knownApart].filter(([name, at]) => this.held.known.has(name) && setHere(at)).map(([name]) => [name, this.held.known.get(name)!] as const);
    if (names.length === 0 && known.length === 0) return fn();
    const vars = { ...(before.vars ?? {}) };
    for (const name of names) delete vars[name];
    if (names.length) this.w.base = { ...before, vars, ...(names.includes('HOME') ? { home: undefined } : {}) };
    for (const [name] of known) this.held.known.delete(name);
    try {
      fn();
    } finally {
      this.w.base = before;
      for (const [name, value] of known) this.held.known.set(name, value);
    }
  }

  /** What words expand with: the hook's values and the ones this text set for certain. */
  private env(scope?: Scope): Walk['base'] & { pwd?: string } {
    const b = this.w.base;
    const pwd = scope ? this.pwd(scope) : undefined;
    if (this.held.known.size === 0) return pwd ? { ...b, pwd } : b;
    return { ...b, vars: { ...(b.vars ?? {}), ...Object.fromEntries(this.held.known) }, ...(pwd ? { pwd } : {}) };
  }

  /**
   * The folder `$(pwd)` and `$PWD` name where this command runs: the folder the walk followed,
   * unless this text may change what they give (its own `pwd` function or alias, an assignment
   * to PWD) or the name would split or glob when expanded.
   */
  private pwd(scope: Scope): string | undefined {
    const cwd = this.w.base.cwd;
    if (scope.dir === null || !cwd || !cwd.startsWith('/')) return undefined;
    // the shell's logical folder: `..` takes off the name before it, as `cd ..` does
    const names: string[] = [];
    for (const n of (scope.dir.startsWith('/') ? scope.dir : `${cwd}/${scope.dir}`).split('/')) {
      if (n === '..') names.pop();
      else if (n !== '' && n !== '.') names.push(n);
    }
    const dir = '/' + names.join('/');
    if (/[\s*?[\]\\]/.test(dir)) return undefined;
    const src = this.held.source;
    if (/\bpwd\s*\(\s*\)|\bfunction\s+pwd\b|\balias\b[^;&|\n]*\bpwd=|\bPWD\s*=|\b(export|read|declare|typeset|local|unset|readonly|printf)\b[^;&|\n]*\bPWD\b|\benable\b/.test(src)) return undefined;
    return dir;
  }

  script(script: Script, scope: Scope, depth: number): void {
    const errors = (script as { errors?: readonly { message: string; pos: number }[] }).errors;
    if (errors && errors.length) {
      this.w.col.unknown('(parse)', `the shell grammar does not accept this command: ${errors[0]!.message}`);
    }
    for (const st of script.commands) this.statement(st, scope, depth);
    // the rest of a line after a token the grammar rejects is what the next try would run
    const rest = errors && errors.length ? afterRejectedToken(this.held.source, errors, script.commands.reduce((end, st) => Math.max(end, st.end), 0)) : null;
    if (rest) hazardsOfIntent(this.w, rest, scope, STDIN_TTY, depth);
  }

  private list(list: CompoundList, scope: Scope, depth: number, stdin: StdinInfo): void {
    for (const st of list.commands) this.node(st.command, scope, depth, stdin);
  }

  private statement(st: Statement, scope: Scope, depth: number): void {
    this.node(st.command, scope, depth, STDIN_TTY);
  }

  /** A loop's body: a name it runs before defining it is called on the next round. */
  private loop(fn: () => void): void {
    this.held.loops++;
    try {
      fn();
    } finally {
      this.held.loops--;
    }
  }

  /** A branch or loop body: a folder change inside it leaves the folder after it unknown. */
  private guarded(scope: Scope, fn: () => void): void {
    const before = scope.dir;
    this.branchy++;
    try {
      fn();
    } finally {
      this.branchy--;
    }
    if (scope.dir !== before) scope.dir = null;
  }

  private node(n: PipelineNode | AndOr | Node, scope: Scope, depth: number, stdin: StdinInfo): void {
    switch (n.type) {
      case 'AndOr': {
        // after `||` the next command runs only if an earlier one failed: a `cd` before it
        // may or may not have happened, so the folder is no longer known
        const before = scope.dir;
        let orSeen = false;
        n.commands.forEach((c, i) => {
          if (i > 0 && n.operators[i - 1] === '||' && scope.dir !== before) scope.dir = null;
          if (i > 0 && n.operators[i - 1] === '||' && !orSeen) {
            orSeen = true;
            this.branchy++;
          }
          this.node(c, scope, depth, stdin);
        });
        if (orSeen) this.branchy--;
        if (scope.dir !== before && n.operators.includes('||')) scope.dir = null;
        return;
      }
      case 'Pipeline': {
        const many = n.commands.length > 1;
        // what a later command reads comes from the network once an earlier one downloads
        let download = false;
        let printed: string | undefined;
        n.commands.forEach((c, i) => {
          const s = many ? { dir: scope.dir } : scope;
          // each part of a pipe runs in a subshell of its own
          const walker = many ? new ShellWalker(this.w, new Set(this.functions), this.held, true) : this;
          walker.node(c, s, depth, i > 0 ? { kind: 'pipe', ...(download ? { download: true } : {}), ...(printed !== undefined ? { text: printed } : {}) } : stdin);
          if (downloadsTo(c, this.w.base)) download = true;
          printed = printedText(c, this.w.base);
        });
        return;
      }
      case 'Command':
        this.command(n, scope, depth, stdin);
        return;
      case 'Subshell':
        // a function defined in `( … )` is gone when it ends
        this.apart(n, () => new ShellWalker(this.w, new Set(this.functions), this.held, true).list(n.body, { dir: scope.dir }, depth, stdin));
        return;
      case 'BraceGroup':
        this.list(n.body, scope, depth, stdin);
        return;
      case 'Redirected': {
        const inStdin = this.redirects(n.redirects, scope, depth, stdin, undefined, 'compound');
        this.node(n.command, scope, depth, inStdin);
        return;
      }
      case 'If':
        this.guarded(scope, () => {
          this.list(n.clause, scope, depth, stdin);
          this.list(n.then, scope, depth, stdin);
          for (const e of n.elif) {
            this.list(e.clause, scope, depth, stdin);
            this.list(e.then, scope, depth, stdin);
          }
          if (n.else) this.list(n.else, scope, depth, stdin);
        });
        return;
      case 'For':
      case 'Select': {
        // `for PATH in …` assigns the loop variable like any assignment
        const v = staticValue(argFromWord(n.name));
        if (v !== null) for (const wd of n.wordlist ?? []) {
          const item = staticValue(argFromWord(wd, this.w.base));
          if (item !== null) remember(this.w.vars, v, item);
        }
        if (v !== null && sensitiveName(v)) this.w.col.unknown(n.type === 'For' ? 'for' : 'select', `the loop assigns ${v}, which changes what the loop's commands run or load`);
        for (const wd of n.wordlist ?? []) this.substitutions(wd, scope, depth);
        // `for f; do` and `for f in "$@"; do` walk the positional words: `"$f"` is each of them
        const walksPositional = n.type === 'For' && v !== null && (n.wordlist ?? []).every((wd) => wd.text === '"$@"');
        const loopVars = (this.w.positional.loopVars ??= new Set());
        const had = v !== null && loopVars.has(v);
        if (walksPositional) loopVars.add(v);
        else if (v !== null) loopVars.delete(v);
        this.loop(() => this.guarded(scope, () => this.list(n.body, scope, depth, stdin)));
        if (v !== null) {
          if (had) loopVars.add(v);
          else loopVars.delete(v);
        }
        return;
      }
      case 'ArithmeticFor':
        for (const e of [n.initialize, n.test, n.update]) if (e) this.substitutions(e, scope, depth);
        this.loop(() => this.guarded(scope, () => this.list(n.body, scope, depth, stdin)));
        return;
      case 'While':
        this.loop(() =>
          this.guarded(scope, () => {
            this.list(n.clause, scope, depth, stdin);
            this.list(n.body, scope, depth, stdin);
          }),
        );
        return;
      case 'Case':
        this.substitutions(n.word, scope, depth);
        this.guarded(scope, () => {
          for (const item of n.items) {
            for (const p of item.pattern) this.substitutions(p, scope, depth);
            this.list(item.body, scope, depth, stdin);
          }
        });
        return;
      case 'Function': {
        const name = staticValue(argFromWord(n.name));
        if (name) this.functions.add(name);
        // the body is analysed where it is defined, as if it runs; its floor facts wait for a call
        const body = n.body;
        const mark = this.w.col.hazards.length;
        const outerUnsure = this.held.bodyUnsure;
        this.held.bodyUnsure = false;
        const calls = new Set<string>();
        this.held.inBody.push(calls);
        this.guarded(scope, () => {
          if (body.type === 'CompoundList') this.list(body, scope, depth, stdin);
          else this.node(body, scope, depth, stdin);
        });
        this.held.inBody.pop();
        const bodyUnsure = this.held.bodyUnsure;
        this.held.bodyUnsure = outerUnsure || bodyUnsure;
        if (name && /^[\w.:-]+$/.test(name)) {
          const defs = this.held.byName.get(name) ?? { hazards: [], count: 0, unsure: false, released: false, end: 0, calls: new Set<string>() };
          // a new definition replaces a body nothing could have called: its name not met since
          // the last one, no command named at run time, not itself inside a body
          if (defs.count > 0 && !defs.released && !this.held.unsure && this.held.inBody.length === 0 && mentionCount(this.held.source.slice(defs.end, n.pos), name) === 0) {
            defs.hazards.length = 0;
            defs.calls.clear();
          }
          defs.end = n.end;
          defs.hazards.push(...this.w.col.hazards.splice(mark));
          defs.count++;
          defs.unsure ||= bodyUnsure;
          for (const c of calls) defs.calls.add(c);
          this.held.byName.set(name, defs);
          // a name called before (or by a body already judged) is judged again at once
          if (defs.released || this.held.pending.has(name) || this.held.calledBefore.has(name)) {
            defs.released = false;
            release(this.held, defs, this.w);
          }
        } else {
          if (bodyUnsure && this.held.inBody.length === 0) this.held.unsure = true;
          // a body without a name the walk can hold: what it calls is called here
          for (const c of calls) callByName(this.held, c, true, this.w);
        }
        return;
      }
      case 'Coproc': {
        const body = n.body;
        const sub = new ShellWalker(this.w, new Set(this.functions), this.held, true);
        if (body.type === 'CompoundList') sub.list(body, { dir: scope.dir }, depth, { kind: 'pipe' });
        else sub.node(body, { dir: scope.dir }, depth, { kind: 'pipe' });
        return;
      }
      case 'TestCommand':
        this.substitutions(n, scope, depth);
        // `[[ 'a[$(cmd)]' -eq 1 ]]`, `[[ -v 'a[$(cmd)]' ]]`: bash evaluates the operand as arithmetic or a subscript and runs the substitution
        if (testRunsCode(n.expression, this.w.base.home)) this.w.col.unknown('[[', 'an arithmetic or subscript operand of [[ … ]] holds command-substitution text that bash runs');
        this.w.col.add({ program: '[[', mutability: 'read', paths: [], pathsProven: true, why: '[[ … ]] only tests' });
        return;
      case 'ArithmeticCommand':
        this.notArithmetic(n.expression, `((${n.body}))`);
        this.substitutions(n, scope, depth);
        this.w.col.add({ program: '((', mutability: 'read', paths: [], pathsProven: true, why: '(( … )) only computes' });
        return;
      default:
        this.w.col.unknown('(shell)', `shell construct ${(n as { type: string }).type} is not analysed`);
    }
  }

  /**
   * `((rm x))` / `$((rm x))`: not arithmetic. bash rejects it at run time, but shells differ
   * on reading `((`/`$((` as nested subshells, so such text is unknown, never a read.
   */
  private notArithmetic(expr: unknown, text: string): void {
    const e = expr as { type?: string; value?: string } | undefined;
    if (!e || (e.type === 'ArithmeticWord' && /\s/.test(e.value ?? '') && /[A-Za-z]/.test(e.value ?? ''))) {
      this.w.col.unknown('((', `${text.slice(0, 60)} is not valid arithmetic; some shells read it as nested subshells`);
    }
  }

  /** Run every command / process substitution inside a node (they execute before the command). */
  private substitutions(node: SyntaxNode, scope: Scope, depth: number): void {
    const visit = (n: SyntaxNode): void => {
      if (n.type === 'ArithmeticExpansion') this.notArithmetic(n.expression, n.text);
      if (n.type === 'CommandExpansion' || n.type === 'ProcessSubstitution' || n.type === 'ArithmeticCommandExpansion') {
        const inner = n.script;
        const label = n.type === 'ProcessSubstitution' ? 'process substitution' : 'command substitution';
        if (!inner) {
          this.w.col.unknown(label, `${label} ${n.text.slice(0, 40)} could not be parsed`);
          return;
        }
        if (depth + 1 > MAX_NESTING) {
          this.w.col.unknown(label, `${label} nested deeper than ${MAX_NESTING} levels`);
          return;
        }
        const stdin: StdinInfo = n.type === 'ProcessSubstitution' && n.operator === '>' ? { kind: 'pipe' } : STDIN_TTY;
        const errors = (inner as { errors?: readonly { message: string; pos: number }[] }).errors;
        if (errors && errors.length) this.w.col.unknown(label, `the shell grammar does not accept the ${label}: ${errors[0]!.message}`);
        const child = new ShellWalker(this.w, new Set(this.functions), this.held, true);
        const s = { dir: scope.dir };
        this.apart(n, () => {
          for (const st of inner.commands) child.node(st.command, s, depth + 1, stdin);
        });
        // its positions are the whole text's; the rest after a rejected token ends before the closing mark
        const close = /[)`]/.test(this.held.source[n.end - 1] ?? '') ? n.end - 1 : n.end;
        const rest = errors && errors.length ? afterRejectedToken(this.held.source.slice(0, close), errors, inner.commands.reduce((end, st) => Math.max(end, st.end), n.pos)) : null;
        if (rest) hazardsOfIntent(this.w, rest, s, stdin, depth + 1);
        return;
      }
      forEachChild(n, visit);
    };
    visit(node);
  }

  /**
   * Record write redirections; return what stdin becomes. `content` is what the command
   * prints on stdout when known (echo, cat <<EOF), used for manifest / code intents.
   */
  private redirects(redirs: readonly Redirection[], scope: Scope, depth: number, stdin: StdinInfo, content: string | undefined, program: string): StdinInfo {
    let result = stdin;
    for (const r of redirs) {
      this.substitutions(r, scope, depth);
      const fd = r.descriptor && r.descriptor.type === 'FileDescriptor' ? r.descriptor.value : undefined;
      if (r.type === 'HereDoc') {
        if (fd === undefined || fd === 0) result = { kind: 'text', text: r.body.text };
        continue;
      }
      if (r.type === 'HereString') {
        if (fd === undefined || fd === 0) {
          const v = r.target ? argFromWord(r.target, this.w.base).value : null;
          result = v === null ? { kind: 'pipe' } : { kind: 'text', text: v + '\n' };
        }
        continue;
      }
      const op = r.operator;
      if (op === '<' || op === '<&') {
        // `bash < <(curl …)`: what the command reads comes from the network
        if ((fd === undefined || fd === 0) && op === '<') result = r.target && downloads(argFromWord(r.target, this.w.base)) ? { kind: 'pipe', download: true } : { kind: 'file' };
        if (op === '<' && r.target) noteReads(this.w, [argFromWord(r.target, this.w.base)], scope);
        continue;
      }
      const target = r.target;
      if (!target) continue;
      // `> >(cmd)`: output goes to a pipe, the substitution was analysed above
      if (target.parts && target.parts.length === 1 && target.parts[0]!.type === 'ProcessSubstitution') continue;
      const arg = argFromWord(target, this.w.base);
      if (op === '>&') {
        if (arg.value !== null && /^(\d+-?|-)$/.test(arg.value)) continue; // fd duplication or move (`2>&1-`), not a file
      }
      if (arg.value !== null && isNullDevice(arg.value)) continue;
      if (arg.value !== null && isDevicePath(arg.value)) this.w.col.hazard({ kind: 'device', form: `${op} /dev/…`, paths: [arg.value] });
      else noteReads(this.w, [arg], scope, false, true);
      const toStdout = fd === undefined || fd === 1 || op === '&>' || op === '&>>';
      const append = op === '>>' || op === '&>>';
      // `: > f`, `> f`, `true > f`: output that is provably nothing empties the file, as `truncate -s0 f` does
      if (!append && toStdout && (content === '' || PRINTS_NOTHING.has(program))) notePlacedHazard(this.w, { kind: 'truncate', form: `${op} with no output`, targets: [arg] }, scope);
      const raw = arg.glob ? null : arg.value;
      const path = raw === null ? null : resolvePath(raw, scope.dir, this.w.base);
      const seg = {
        program: 'redirect',
        mutability: 'write' as const,
        paths: path === null ? [] : [path],
        pathsProven: path !== null,
        why: `${program} output ${op} ${target.text}${path === null ? ' (target only known at run time)' : ''}`,
        dependencyIntent: undefined as boolean | undefined,
        hashIntent: undefined as boolean | undefined,
      };
      if (path !== null && toStdout && content !== undefined) this.w.written.set(path, append ? (this.w.written.get(path) ?? '') + content : content);
      // what a file holds once output nobody can read went into it is not known either
      else if (path !== null) this.w.written.delete(path);
      // `curl URL > i.sh`: the file holds the download
      if (path !== null && toStdout) noteDownloaded(this.w, program, [path]);
      if (path !== null) {
        const ci = contentIntents(path, toStdout ? content : undefined, append);
        seg.dependencyIntent = ci.dep || undefined;
        seg.hashIntent = ci.hash || undefined;
      }
      this.w.col.add(seg);
    }
    return result;
  }

  /**
   * A variable whose quoted value holds `$(…)` or backticks is code waiting to run: bash
   * arithmetic (`(( x ))`, `$((x))`, `[[ x -eq 1 ]]`, array subscripts) evaluates a
   * variable's text and runs substitutions inside it.
   */
  private codeInValues(cmd: Command): void {
    const declares = cmd.name && /^(export|declare|typeset|local|readonly)$/.test(cmd.name.value);
    const items = [...cmd.prefix, ...(declares ? cmd.suffix : [])];
    for (const a of items) {
      if (a.type !== 'Assignment' || a.value.type !== 'Word') continue;
      const parts = a.value.parts ?? [];
      const quotedCode = parts.some((p) => (p.type === 'SingleQuoted' || p.type === 'AnsiCQuoted') && /\$\(|`/.test(p.value)) || (parts.length === 0 && /\$\(|`/.test(a.value.value));
      if (quotedCode) this.w.col.unknown('assignment', `${a.name} holds command-substitution text that arithmetic evaluation or eval would run`);
    }
  }

  /**
   * `export X=v`, `declare -x X=v`, `X=v; export X`: the variables every later command of this
   * line runs with (git's transport and config variables, a shell's start-up file). A value only
   * known at run time is kept as null.
   */
  private noteExports(fname: string, args: readonly Arg[]): void {
    const flags = args.filter((a) => a.value !== null && /^[-+][A-Za-z]+$/.test(a.value)).map((a) => a.value!);
    if (fname !== 'export' && !flags.some((f) => f.startsWith('-') && f.includes('x'))) return;
    if (flags.some((f) => f === '-n' || f === '-f' || f === '-p')) return;
    for (const a of args) {
      const m = /^([A-Za-z_][A-Za-z0-9_]*)(=|$)/.exec(a.value ?? a.text);
      if (!m) continue;
      const name = m[1]!;
      if (m[2] === '=') this.w.exported.set(name, a.value === null ? null : a.value.slice(name.length + 1));
      else {
        const known = this.w.vars.get(name);
        this.w.exported.set(name, known && known.length === 1 ? known[0]! : known && known.length ? null : (this.w.exported.get(name) ?? null));
      }
    }
  }

  private command(cmd: Command, scope: Scope, depth: number, stdin: StdinInfo): void {
    const w = this.w;
    for (const p of cmd.prefix) this.substitutions(p, scope, depth);
    if (cmd.name) this.substitutions(cmd.name, scope, depth);
    for (const s of cmd.suffix) if (s.type === 'Word' || s.type === 'Assignment') this.substitutions(s, scope, depth);

    // stdin first (here-docs feed the command); output redirections after we know what it prints
    const inputs = cmd.redirects.filter((r) => r.type === 'HereDoc' || r.type === 'HereString' || r.operator === '<' || r.operator === '<&');
    const outputs = cmd.redirects.filter((r) => !inputs.includes(r));
    const effectiveStdin = this.redirects(inputs, scope, depth, stdin, undefined, 'input');

    let poisoned: string | null = null;
    // what earlier commands exported runs with this one too; its own assignments come on top
    const assigned = new Map<string, string | null>(w.exported);
    for (const p of cmd.prefix) {
      if (p.type === 'Assignment') {
        const s = sensitiveAssignment(p.text);
        if (s) poisoned = s;
        const v = p.value.type === 'Word' ? staticValue(argFromWord(p.value, this.env())) : null;
        assigned.set(p.name, v);
        if (!cmd.name && v !== null) remember(w.vars, p.name, v);
        if (!cmd.name) this.noteKnown(p.name, v);
        // `key=$(echo … | base64 -d)`: what the substitution decodes to is the value
        if (!cmd.name && v === null && p.value.type === 'Word' && /\$\(|`/.test(p.value.text)) for (const c of candidateValues(argFromWord(p.value, w.base), w.vars, w.base.home)) remember(w.vars, p.name, c);
        // a new value of a variable already exported is what later commands see
        if (!cmd.name && w.exported.has(p.name)) w.exported.set(p.name, v);
      }
    }
    this.codeInValues(cmd);

    if (!cmd.name) {
      if (poisoned) w.col.unknown('assignment', `sets ${poisoned}, which changes what later commands run or load`);
      else if (cmd.prefix.some((p) => p.type === 'Assignment')) w.col.add({ program: 'assignment', mutability: 'read', paths: [], pathsProven: true, why: 'sets shell variables' });
      this.redirects(outputs, scope, depth, effectiveStdin, '', 'redirection');
      return;
    }
    // the name stays as written: a command named through a variable is the contract's unknown
    const env = this.env(scope);
    const argv = [argFromWord(cmd.name, w.base), ...cmd.args.flatMap((a) => positionalInPlace(w, argFromCommandArgument(a, env)))];
    let content: string | undefined;
    const fname = staticValue(argv[0]);
    // a command named at run time, or code a variable holds, may call any function defined here
    // (a file sourced runs in this shell and may call them too)
    if (fname === null || /^(source|\.)$/.test(fname) || (/^(eval|trap)$/.test(fname) && argv.slice(1).some((a) => a.value === null))) {
      if (this.held.inBody.length > 0) this.held.bodyUnsure = true;
      else this.held.unsure = true;
    }
    // text this shell runs later or at once as code: each name in it may be a call
    if (fname === 'alias') for (const a of argv.slice(1)) noteAlias(this.held.aliases, a.value);
    // a name this text made an alias runs the alias's words (with `expand_aliases`, or from the next
    // line on); the floor judges them, the contract keeps the name as written
    const aliased = fname === null ? undefined : this.held.aliases.get(fname);
    if (aliased !== undefined) hazardsOfShell(w, [aliased, ...cmd.args.map((a) => a.text)].join(' '), scope, depth);
    if (fname === 'eval' || fname === 'trap' || fname === 'alias') {
      for (const a of argv.slice(1)) if (a.value !== null) for (const word of wordsOf(a.value)) callByName(this.held, word, true, w);
    }
    // `export -f f`, `declare -fx f`: child shells get the function
    if (fname && /^(export|declare|typeset)$/.test(fname) && argv.slice(1).some((a) => a.value !== null && /^-[A-Za-z]*f/.test(a.value) && (fname === 'export' || a.value.includes('x')))) {
      for (const a of argv.slice(1)) if (a.value !== null && !a.value.startsWith('-')) this.held.exported.add(a.value);
    }
    if (fname && /^(export|declare|typeset|local|readonly)$/.test(fname)) {
      for (const a of argv.slice(1)) {
        const m = a.value === null ? null : /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(a.value);
        if (m) remember(w.vars, m[1]!, m[2]!);
        // `declare -n` (a reference), `-i` (arithmetic), `local` (gone after the function): not the text's value
        if (m && (fname === 'export' || argv.slice(1).every((x) => x.value === null || !x.value.startsWith('-'))) && fname !== 'local') this.noteKnown(m[1]!, m[2]!);
      }
      this.noteExports(fname, argv.slice(1));
    }
    if (fname === 'unset') for (const a of argv.slice(1)) if (a.value !== null) w.exported.delete(a.value);
    // an unset variable expands to nothing
    if (fname === 'unset') for (const a of argv.slice(1)) if (a.value !== null && /^[A-Za-z_]\w*$/.test(a.value)) remember(w.vars, a.value, '');
    // a whole command line written as one word names no program; what it shows is judged by the floor
    if (fname) for (const intent of lineNameIntents(fname, cmd.args.map((a) => a.text))) hazardsOfIntent(w, intent, scope, effectiveStdin, depth);
    if (poisoned) {
      w.col.unknown(fname ?? '(command)', `runs with ${poisoned} changed, so the program or what it loads is not the usual one`);
      runHazardsOnly(w, argv, effectiveStdin, scope, depth, assigned);
    } else if (fname && this.functions.has(fname)) {
      callByName(this.held, fname, true, w);
      w.col.add({ program: fname, mutability: 'read', paths: [], pathsProven: true, why: `calls the function ${fname} defined in this command (its body is analysed where it is defined)` });
    } else {
      // a name not defined (yet) in this shell: a body being defined may still call it later
      if (fname) callByName(this.held, fname, false, w);
      content = runArgv(w, argv, effectiveStdin, scope, depth, '', assigned);
    }
    this.redirects(outputs, scope, depth, effectiveStdin, content, fname ?? 'command');
  }
}


const PASS_THROUGH = new Set(['sudo', 'doas', 'env', 'command', 'nice', 'nohup', 'time', 'timeout', 'stdbuf', 'exec']);

/** Commands that print nothing: their output redirected into a file empties it. */
const PRINTS_NOTHING = new Set([':', 'true', 'false']);

/** `alias name=value`: the words a later command of that name stands for (an alias of itself is left alone). */
function noteAlias(aliases: Map<string, string>, word: string | null): void {
  const m = word === null ? null : /^([^=\s/$`'"]+)=(.*)$/s.exec(word);
  if (!m) return;
  const first = m[2]!.trim().split(/\s+/, 1)[0];
  if (first === m[1]) aliases.delete(m[1]!);
  else aliases.set(m[1]!, m[2]!);
}

/** Whether a pipeline element downloads: its program (after a few transparent wrappers) fetches a URL. */
function downloadsTo(n: PipelineNode | AndOr | Node, base: Walk['base']): boolean {
  if (n.type !== 'Command' || !n.name) return false;
  const words = [argFromWord(n.name, base), ...n.args.map((a) => argFromCommandArgument(a, base))];
  for (const a of words) {
    const v = a.value;
    if (v === null) return false;
    const name = v.replace(/^.*\//, '');
    if (DOWNLOADERS.has(name)) return true;
    if (PASS_THROUGH.has(name) || v.startsWith('-') || /^[A-Za-z_]\w*=/.test(v) || /^\d+(\.\d+)?[smhd]?$/.test(v)) continue;
    return false;
  }
  return false;
}

/** What a pipeline element prints when that is fixed: `echo`/`printf` of literal words only. */
function printedText(n: PipelineNode | AndOr | Node, base: Walk['base']): string | undefined {
  if (n.type !== 'Command' || !n.name || n.redirects.length) return undefined;
  const name = staticValue(argFromWord(n.name, base));
  if (name !== 'echo' && name !== 'printf') return undefined;
  const args = n.args.map((a) => argFromCommandArgument(a, base));
  if (args.some((a) => a.value === null || a.glob)) return undefined;
  const words = args.map((a) => a.value!);
  if (name === 'printf') {
    if (words.length === 1 && !/[%\\]/.test(words[0]!)) return words[0];
    // `printf 'a\nb\n'`: newlines and tabs written as escapes, nothing else to interpret
    if (words.length === 1 && !words[0]!.includes('%') && !/\\[^nt]/.test(words[0]!.replace(/\\\\/g, ''))) return words[0]!.replace(/\\(\\|n|t)/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : '\\'));
    // `printf %s a b`, `printf '%s\n' a b`: the words one after the other
    if (words[0] === '%s') return words.slice(1).join('');
    if (words[0] === '%s\\n') return words.slice(1).map((x) => x + '\n').join('');
    return undefined;
  }
  if (words[0]?.startsWith('-')) return undefined;
  return words.join(' ') + '\n';
}
