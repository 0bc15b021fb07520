/**
 * Turning program verdicts into segments: resolve targets against the current folder,
 * follow wrappers (`exec`), re-enter the shell or PowerShell walker for code strings,
 * parse patches, track `cd`. Shared by the POSIX and PowerShell walkers.
 */
import type { Hazard } from '../protocol';
import { candidateValues, type ScriptVars } from './candidates';
import { expandBraces } from '../paths/paths';
import { Collector, contentIntents, isAbsoluteLike, isNullDevice, joinDir, patchSegments, resolvePath, type Base } from './collect';
import { embeddedArgvs, findDeletes, isDevicePath, scanArgv, type HazardFact, type Intent } from './hazards';
import { MAX_COMMAND_CHARS, MAX_NESTING } from './limits';
import { lineNameIntents } from './malformed';
import { parsePatch } from './patch';
import { classifyArgv } from './programs';
import { programName } from './program-name';
import { READ_TABLES } from './read-tables';
import { remember } from './candidates';
import type { Leaf, StdinInfo, Verdict } from './verdict';
import { globNamesSecret, holdsHomeSecrets, secretKindOf } from './secrets';
import { literalArg, RUNTIME_ARG, staticValue, type Arg, type FindMatches } from './words';

/** Where commands run: '' = the action cwd, a path, or null = not known. */
export interface Scope {
  dir: string | null;
}

export interface Walk {
  col: Collector;
  base: Base;
  /** literal values this script assigned to its variables, for the floor's candidates (candidates.ts) */
  vars: ScriptVars;
  /** files this command wrote with known text (`cat > x.sh <<EOF`), by placed path: a shell that then runs one runs that text */
  written: Map<string, string>;
  /** files a downloader wrote in this command, by placed path: nobody has read them yet */
  downloaded: Set<string>;
  /** variables an earlier command exported (`export GIT_SSH_COMMAND=…; git fetch`): every later command runs with them (null: run time) */
  exported: Map<string, string | null>;
  /** the positional words the latest `sh -c CODE NAME ARG…` handed its code ($0, $1, …) */
  positional: {
    args: readonly Arg[];
    /** loop variables that take each positional word in turn (`for f; do`, `for f in "$@"; do`) */
    loopVars?: Set<string>;
  };
  /** a walk of its own over the same base and variables: what it finds goes to its own collector */
  fork(): Walk;
  /** parse and walk POSIX shell code */
  shell(source: string, scope: Scope, depth: number, why: string): void;
  /** parse and walk PowerShell code */
  powershell(source: string, scope: Scope, depth: number, why: string): void;
}

const MAX_WRAPPER_HOPS = 64;

/** Source past a hard bound (length, nesting) is unknown with the bound named; true when it was. */
export function pastLimits(w: Walk, source: string, depth: number, why: string): boolean {
  const bound = source.length > MAX_COMMAND_CHARS ? `longer than ${MAX_COMMAND_CHARS} characters; not analysed` : depth > MAX_NESTING ? `nested deeper than ${MAX_NESTING} levels` : null;
  if (bound) w.col.unknown('(input)', `${why ? why + ': ' : ''}${bound}`);
  return bound !== null;
}

export function resolveDir(arg: Arg, scope: Scope, base: Base): string | null {
  const raw = staticValue(arg);
  if (raw === null) return null;
  if (isAbsoluteLike(raw)) {
    if ((raw === '~' || raw.startsWith('~/')) && base.home) return base.home + raw.slice(1);
    return raw;
  }
  if (scope.dir === null) return null;
  return joinDir(scope.dir, raw);
}

function displayName(arg: Arg | undefined): string {
  if (!arg) return '(empty)';
  const pn = programName(arg);
  return 'name' in pn ? pn.name : 'file' in pn ? pn.file : pn.computed;
}

/**
 * Classify and record one argv; returns the text it prints when that is statically known.
 * `assigned`: the assignments written before it (`GIT_DIR=x git …`), for the floor's reading.
 */
export function runArgv(w: Walk, argv: readonly Arg[], stdin: StdinInfo, scope: Scope, depth: number, prefix = '', assigned?: ReadonlyMap<string, string | null>): string | undefined {
  // the positional words a `sh -c` here hands its code hold for that code only
  const positional = w.positional.args;
  noteHazards(w, argv, stdin, scope, depth, assigned);
  const v = classifyArgv(argv, { stdin, home: w.base.home, tmpdir: tmpdirOf(w, assigned) });
  noteEmbedded(w, v, argv, stdin, scope, depth);
  const printed = applyVerdict(w, v, displayName(argv[0]), scope, depth, stdin, prefix, 0);
  w.positional.args = positional;
  return printed;
}

/**
 * The folder temp names go to by default, as analyzeShell found it; null once this command sets
 * TMPDIR before here (`TMPDIR=… mktemp`, an export, an assignment the walk met in nested code).
 */
function tmpdirOf(w: Walk, assigned?: ReadonlyMap<string, string | null>): string | null {
  if (w.vars.has('TMPDIR') || assigned?.has('TMPDIR')) return null;
  return w.base.tmpdir ?? null;
}

/** A program the tables cannot place may run the command line in its words: the floor reads those too. */
function noteEmbedded(w: Walk, v: Verdict, argv: readonly Arg[], stdin: StdinInfo, scope: Scope, depth: number): void {
  if (v.kind !== 'leaf' || v.mutability !== 'unknown' || depth + 1 > MAX_NESTING || !argv[0]) return;
  // a program with an option table only met an option it does not list, or one that shows text: its words are its own
  const pn = programName(argv[0]);
  if ('name' in pn && (READ_TABLES[pn.name] || VIEWERS.has(pn.name))) return;
  const computedHead = argv[0].value === null;
  for (const e of embeddedArgvs(argv.slice(1))) runHazardsOnly(w, e.argv, stdin, e.movedDir || computedHead ? { dir: null } : scope, depth + 1);
}

/** Programs that show or edit the words they are given, never run them. */
const VIEWERS = new Set(['less', 'more', 'most', 'man', 'info', 'vi', 'vim', 'nvim', 'nano', 'emacs', 'code', 'open', 'xdg-open', 'pico', 'ed', 'view']);

/** Write targets that are secrets: replacing a key or a `.env` loses what nobody can restore. */
function noteSecretWrites(w: Walk, paths: readonly string[]): void {
  for (const p of paths) {
    const kind = secretKindOf(p, w.base);
    if (kind) w.col.hazard({ kind: 'secret', form: `writes ${kind}`, paths: [p], write: true });
  }
}

/** Programs that fetch a web address into the files they write. */
export const DOWNLOADERS = new Set(['curl', 'wget', 'wget2', 'fetch', 'http', 'https', 'xh', 'xhs', 'aria2c']);

/** Programs that change a file's attributes, never what it holds. */
const ATTRIBUTE_WRITERS = new Set(['chmod', 'chown', 'chgrp', 'chattr', 'setfacl', 'touch', 'xattr']);

/** A file a downloader wrote holds what the network sent; a write of its content replaces that. */
export function noteDownloaded(w: Walk, program: string, paths: readonly string[]): void {
  if (ATTRIBUTE_WRITERS.has(program)) return;
  for (const p of paths) {
    if (DOWNLOADERS.has(program)) w.downloaded.add(p);
    else w.downloaded.delete(p);
  }
}

/**
 * Write targets that are disks: a program that writes its file operand (`tee /dev/sda`,
 * `cp disk.img /dev/sdb`) overwrites the file system there as a redirection into it does.
 */
function noteDeviceWrites(w: Walk, program: string, paths: readonly string[]): void {
  const devices = paths.filter(isDevicePath);
  if (devices.length) w.col.hazard({ kind: 'device', form: `${program} writing /dev/…`, paths: devices });
}

/**
 * Only the floor's facts of an argv the walker does not classify (a command run with a changed
 * PATH or GIT_DIR is unknown to the tables, but `GIT_DIR=x git reset --hard` still discards work).
 */
export function runHazardsOnly(w: Walk, argv: readonly Arg[], stdin: StdinInfo, scope: Scope, depth: number, assigned?: ReadonlyMap<string, string | null>): void {
  const f = w.fork();
  runArgv(f, argv, stdin, { dir: scope.dir }, depth, '', assigned);
  for (const h of f.col.hazards) w.col.hazard(h);
}

/** Walk shell code for the floor's facts only (its segments are not the command's: the tables already judged it). */
export function hazardsOfShell(w: Walk, source: string, scope: Scope, depth: number): void {
  if (depth + 1 > MAX_NESTING) return;
  const f = w.fork();
  f.shell(source, { dir: scope.dir }, depth + 1, 'floor');
  for (const h of f.col.hazards) w.col.hazard(h);
}

/**
 * What a command that would fail as written shows it means to do, for the floor only: its
 * hazards carry why it would fail, so the stamp can say both. The command's own verdict stays
 * what the tables gave (a line the shell rejects changes nothing).
 */
export function hazardsOfIntent(w: Walk, intent: Intent, scope: Scope, stdin: StdinInfo, depth: number): void {
  if (depth + 1 > MAX_NESTING) return;
  const f = w.fork();
  if (intent.shell !== undefined) f.shell(intent.shell, { dir: scope.dir }, depth + 1, 'floor');
  if (intent.argv) runArgv(f, intent.argv, stdin, { dir: scope.dir }, depth + 1, '');
  for (const h of f.col.hazards) w.col.hazard(h.fails ? h : { ...h, fails: intent.fails });
}

/** `"$1"`, `"${1}"`, `"$@"`: a positional word written whole and quoted, so it is not split */
const QUOTED_POSITIONAL = /^"\$(?:([1-9@])|\{([1-9@])\})"$/;

/** `"$f"`, `"${f}"`: a variable written whole and quoted */
const QUOTED_VARIABLE = /^"\$(?:([A-Za-z_]\w*)|\{([A-Za-z_]\w*)\})"$/;

/**
 * `sh -c 'rm -rf "$1"' _ {}`: a quoted `"$1"` or `"$@"` standing for find's `{}` is that word,
 * judged as if written in place, and so is a loop variable that walks the positional words
 * (`for f; do rm -rf "$f"; done`: each word in turn, which the floor judges as all of them at
 * once). Known strings handed along with `{}` (`sh -c 'rm "$@"' _ -rf {}`) are in place too; known
 * strings alone stay run-time words here (the floor guesses them as candidates), as does anything
 * unquoted or mixed with other text.
 */
export function positionalInPlace(w: Walk, a: Arg): Arg[] {
  if (a.value !== null) return [a];
  const m = QUOTED_POSITIONAL.exec(a.text);
  let n = m?.[1] ?? m?.[2];
  if (n === undefined) {
    const l = QUOTED_VARIABLE.exec(a.text);
    if (l && w.positional.loopVars?.has(l[1] ?? l[2]!)) n = '@';
  }
  if (n === undefined) return [a];
  const words = n === '@' ? w.positional.args.slice(1) : w.positional.args.slice(Number(n), Number(n) + 1);
  return words.some((x) => x.found) && words.every((x) => x.found || x.value !== null) ? [...words] : [a];
}

/**
 * A fact's targets placed in the folder the command runs in: one hazard for the targets that can
 * be placed and one (paths null) for those only known at run time. `climbs`: a target written
 * with `..` (it leaves where it starts, so it is never taken for scratch space).
 */
function placeFacts(f: HazardFact, scope: Scope, w: Walk): Hazard[] {
  const found = f.targets.filter((a) => a.found);
  if (found.length) {
    const rest = f.targets.filter((a) => !a.found);
    const placedFound = found.flatMap((a) => foundFacts(f, a.found!).flatMap((x) => placeFacts(x, a.found!.dir === undefined ? scope : { dir: a.found!.dir }, w)));
    return [...(rest.length ? placeFacts({ ...f, targets: rest }, scope, w) : []), ...placedFound];
  }
  const base = w.base;
  const placed: string[] = [];
  let unplaced = false;
  let recursive = f.recursive === true;
  let climbs = false;
  for (const a of f.targets) {
    const raws = a.value === null ? [] : a.glob && a.value.includes('{') ? braceAlternatives(a.value) : [a.value];
    if (a.value === null) unplaced = true;
    for (const raw of raws) {
      const p = resolvePath(raw, scope.dir, base);
      if (p === null) {
        unplaced = true;
        continue;
      }
      if (a.glob && /[*?[]/.test(raw)) recursive = true;
      // `..` as written, or after a `cd ..`: it climbs out of where the command started
      const joined = isAbsoluteLike(raw) || scope.dir === null ? raw : joinDir(scope.dir, raw);
      if (/(^|[\\/])\.\.([\\/]|$)/.test(joined)) climbs = true;
      // `rm -rf link/` empties where the link leads, `rm -rf link` removes the link: the floor needs the slash
      const q = f.kind === 'delete' && /[\\/]$/.test(raw) && !/[\\/]$/.test(p) ? `${p}/` : p;
      if (!placed.includes(q)) placed.push(q);
    }
  }
  const one = (paths: string[] | null): Hazard => {
    const h: Hazard = { kind: f.kind, form: f.form, paths };
    if (recursive) h.recursive = true;
    if (climbs && paths !== null) h.climbs = true;
    if (f.below && !recursive) h.below = true;
    return h;
  };
  if (f.targets.length === 0) return [one([])];
  return [...(placed.length ? [one(placed)] : []), ...(unplaced ? [one(null)] : [])];
}

/**
 * A fact about find's `{}`, each path find yields: a delete of them is find's own delete
 * (findDeletes), a git command over them reaches the roots. A truncation or permission change
 * reaches a root itself when it recurses over every path; one over the entries a test picks, or
 * over each path without recursing, changes entries below the roots, as many as match.
 */
function foundFacts(f: HazardFact, found: FindMatches): HazardFact[] {
  if (f.kind === 'delete') return findDeletes(f.form, found);
  if ((f.kind === 'truncate' || f.kind === 'permissions') && !(f.recursive && found.every)) return [{ kind: f.kind, form: f.form, targets: [...found.roots], below: true }];
  return [{ ...f, targets: [...found.roots] }];
}

/** One of the floor's facts found outside an argv (a PowerShell cmdlet), placed like the others. */
export function notePlacedHazard(w: Walk, f: HazardFact, scope: Scope): void {
  for (const h of placeFacts(f, scope, w)) w.col.hazard(h);
}

/** `a{b,c}d` -> `abd`, `acd` (one level of shell braces; more is left as written). */
function braceAlternatives(v: string): string[] {
  const x = expandBraces(v);
  return x.ok ? x.alternatives : [v];
}

/** The floor's facts of one argv: hazards placed in the folder it runs in, reads checked against the secret table. */
function noteHazards(w: Walk, argv: readonly Arg[], stdin: StdinInfo, scope: Scope, depth: number, assigned?: ReadonlyMap<string, string | null>): void {
  const scan = scanArgv(argv, { stdin, assigned, vars: w.vars, home: w.base.home });
  for (const f of scan.facts) for (const h of placeFacts(f, scope, w)) w.col.hazard(h);
  // the positional words `sh -c CODE` hands its code: known ones for the floor's candidates, all for positionalInPlace
  if (scan.positional) {
    w.positional.args = scan.positional;
    scan.positional.forEach((a, i) => {
      if (a.value !== null) remember(w.vars, String(i), a.value);
    });
  }
  noteReads(w, scan.reads, scope, scan.recursiveRead);
  for (const a of scan.codeNames) {
    const p = a.value !== null && /[./~]/.test(a.value) ? resolvePath(a.value, scope.dir, w.base) : null;
    if (p !== null) w.col.codeName(p);
  }
  for (const g of scan.readGlobs) {
    if (globNamesSecret(g)) w.col.hazard({ kind: 'secret', form: `${displayName(argv[0])} over files named ${g}`, paths: [g] });
  }
  for (const src of scan.shell) hazardsOfShell(w, src, scope, depth);
  for (const i of scan.intents) hazardsOfIntent(w, i, scope, stdin, depth);
  if (depth < MAX_NESTING) for (const a of scan.argvs) runHazardsOnly(w, a, stdin, scope, depth + 1);
  // words held in variables this script set (`W='rm -rf x'; $W`, `env $W`, `"$1"`): each value
  // they may hold, unquoted ones split into words; `$SHELL` is a shell
  if (depth < MAX_NESTING) {
    for (const v of variants(argv, w)) {
      // a whole line a variable holds, expanded quoted as the program's name (`W='rm -rf ~'; "$W"`):
      // as written no program has that name, but the line shows what the command asks for
      const head = staticValue(v[0]);
      if (head !== null && argv[0]?.value === null) for (const intent of lineNameIntents(head, v.slice(1).map((a) => a.text))) hazardsOfIntent(w, intent, scope, stdin, depth);
      runHazardsOnly(w, v, stdin, scope, depth + 1);
    }
  }
  for (const f of [...scan.runsFiles, ...scan.scripts]) {
    const p = f.value === null ? null : resolvePath(f.value, scope.dir, w.base);
    // `curl -o i.sh URL && sh i.sh`: the download runs before anyone read it
    if (p !== null && w.downloaded.has(p)) w.col.hazard({ kind: 'download-exec', form: `${displayName(argv[0])} running a file this command downloaded`, paths: [] });
    if (!scan.runsFiles.includes(f)) continue;
    const text = p === null ? undefined : w.written.get(p);
    if (text !== undefined) hazardsOfShell(w, text, scope, depth);
    // a start-up file runs before the code the command shows: unless this line wrote it, nobody has read it
    else if (scan.startup.includes(f) && !(p !== null && isNullDevice(p))) w.col.hazard({ kind: 'unseen-code', form: `${scan.startupShell ?? displayName(argv[0])} running a start-up file nobody has read`, paths: [] });
  }
}

/**
 * `echo a b | xargs rm -rf`: the words xargs appends are known when the text it reads is, so the
 * floor judges them instead of a run-time word. Not when xargs would read that text its own way
 * (quotes, backslashes) or when there are too many words to list.
 */
function fedArgv(v: Extract<Verdict, { kind: 'exec' }>, stdin: StdinInfo): Arg[] | null {
  if (!v.stdinWords || stdin.kind !== 'pipe' || stdin.text === undefined) return null;
  let words: string[];
  if (v.stdinDelimiter !== undefined) {
    // one word per delimited piece, blanks and quotes kept; a delimiter ending the input ends the last word
    words = stdin.text.split(v.stdinDelimiter);
    if (words[words.length - 1] === '') words.pop();
  } else {
    if (/['"\\]/.test(stdin.text)) return null;
    words = stdin.text.split(/\s+/).filter((x) => x !== '');
  }
  return words.length > 64 ? null : [...v.argv, ...words.map(literalArg)];
}

/**
 * `printf 'a\nb\n' | xargs -I{} sh -c {}`: with the text xargs reads known, each line put in
 * place of the replacement string is a command the floor can judge. Not when xargs would read the
 * text its own way (quotes, backslashes) or there are too many lines to list.
 */
function fedLines(v: Extract<Verdict, { kind: 'exec' }>, stdin: StdinInfo): Arg[][] | null {
  const l = v.stdinLines;
  if (!l || stdin.kind !== 'pipe' || stdin.text === undefined || /['"\\]/.test(stdin.text)) return null;
  const lines = stdin.text.split('\n').map((x) => x.replace(/^[ \t]+/, '')).filter((x) => x !== '');
  if (lines.length === 0 || lines.length > 16 || l.template.some((a) => a.value === null)) return null;
  return lines.map((line) => l.template.map((a) => (a.value!.includes(l.replace) ? literalArg(a.value!.split(l.replace).join(line)) : a)));
}

/** The argvs a command may become once its variables hold what this script gave them (at most 4). */
function variants(argv: readonly Arg[], w: Walk): Arg[][] {
  // each variant is its own array, so a plain word is pushed in place: copying every variant per
  // word made a long command line cost the square of its length
  let out: Arg[][] = [[]];
  let changed = false;
  for (const a of argv) {
    const m = a.value === null ? /^("?)\$(\{)?([A-Za-z_0-9@*][A-Za-z0-9_]*)\}?\1$/.exec(a.text) : null;
    const name = m?.[3];
    const values = name === undefined ? [] : name === 'SHELL' || name === 'BASH' ? ['sh'] : candidateValues(a, w.vars, w.base.home).slice(0, 4);
    if (!m || values.length === 0) {
      for (const x of out) x.push(a);
      continue;
    }
    changed = true;
    // unquoted, the value splits on IFS (whitespace unless this script set it); a quoted `"$@"` stays one word per argument
    const ifs = w.vars.get('IFS');
    const splitter = m[1] === '' ? (!ifs ? /\s+/ : ifs.length === 1 && ifs[0] !== '' ? new RegExp(`[${ifs[0]!.replace(/[\]\\^-]/g, '\\$&')}]+`) : null) : name === '@' ? /\s+/ : null;
    const next: Arg[][] = [];
    for (const x of out) for (const v of values) if (next.length < 4) next.push([...x, ...(splitter ? v.split(splitter).filter((y) => y !== '') : [v]).map(literalArg)]);
    out = next;
  }
  return changed ? out : [];
}

/**
 * Words a command may read, checked against the secret table (secrets.ts); a word only known at
 * run time is checked with the values this script may have given it. `recursive`: the command
 * reads whole folders (grep -r, rg, tar), so HOME itself holds its secrets.
 */
export function noteReads(w: Walk, words: readonly Arg[], scope: Scope, recursive = false, write = false): void {
  const base = w.base;
  const secret = (what: string, paths: string[]) => w.col.hazard({ kind: 'secret', form: `${write ? 'writes' : 'reads'} ${what}`, paths, ...(write ? { write: true } : {}) });
  const check = (raw: string) => {
    const placed = resolvePath(raw, scope.dir, base);
    // in a folder only known at run time (-execdir, `cd "$D"`) a name that is a secret in any folder still is one
    const p = placed ?? (scope.dir === null ? raw : null);
    if (p === null) return;
    if (placed !== null && !write && /[./]/.test(raw)) w.col.read(p);
    const kind = secretKindOf(p, base) ?? (recursive ? holdsHomeSecrets(p, base) : null);
    if (kind) secret(kind, [p]);
  };
  for (const a of words) {
    if (a.value !== null) {
      check(a.value);
      // `cat .env*`, `base64 *.pem`: a glob the shell fills with a secret's name reads that secret
      const kind = a.glob ? globNamesSecret(a.value) : null;
      const placed = kind ? resolvePath(a.value, scope.dir, base) : null;
      if (kind) secret(kind, [placed ?? a.value]);
    } else {
      const values = candidateValues(a, w.vars, base.home);
      for (const c of values) check(c);
      // a name decoded when the command runs (`cat $(echo … | xxd -r -p)`) cannot be proven not to be a secret
      if (values.length === 0 && DECODES.test(a.text)) secret('a file whose name is decoded at run time', []);
    }
    // `"$CODEX_HOME/auth.json"`, the variable's value known or not: the file it names is still the agent's key
    const t = a.text.replace(/"/g, '');
    if (/^\$\{?[A-Za-z_]\w*\}?\/[^$`*?[]+$/.test(t)) {
      const kind = secretKindOf(t, base);
      if (kind) secret(kind, [t]);
    }
  }
}

/** A substitution in a word that decodes or unscrambles text (base64, hex, rot13, reversed). */
const DECODES = /(\$\(|`)[^)`]*\b(base(64|32)\s+(-\w*[dD]|--decode)|basenc\b[^)`]*(-d|--decode)|xxd\s+(-\w+\s+)*-r|openssl\s+(enc|base64)\b|uudecode|rev\b|tr\s+['"]?[A-Za-z]-[A-Za-z]['"]?\s+['"]?[A-Za-z]-[A-Za-z])/;

/** Where the program files a leaf runs are, placed as targets are (those that cannot be placed are left out). */
function placedRuns(runs: readonly Arg[] | undefined, scope: Scope, base: Base): { runs?: string[] } {
  const out: string[] = [];
  for (const a of runs ?? []) {
    const raw = staticValue(a);
    const p = raw === null ? null : resolvePath(raw, scope.dir, base);
    if (p !== null && !out.includes(p)) out.push(p);
  }
  return out.length ? { runs: out } : {};
}

function placedLinks(links: readonly Arg[] | undefined, scope: Scope, base: Base): { links?: string[] } {
  const r = placedRuns(links, scope, base).runs;
  return r ? { links: r } : {};
}

/** A write's new entry (mktemp), its folder placed like a target; nothing when the folder is only known at run time. */
function placedEntry(v: Leaf, scope: Scope, base: Base): { newEntry?: { folder: string; prefix: string } } {
  if (v.mutability !== 'write' || !v.newEntry || v.paths?.length) return {};
  const raw = staticValue(v.newEntry.folder);
  // the kernel takes a `..` after the links before it, which the text cannot follow
  const folder = raw === null || raw.split('/').includes('..') ? null : resolvePath(raw, scope.dir, base);
  return folder === null ? {} : { newEntry: { folder, prefix: v.newEntry.prefix } };
}

function applyVerdict(w: Walk, v: Verdict, program: string, scope: Scope, depth: number, stdin: StdinInfo, prefix: string, hops: number): string | undefined {
  const base = w.base;
  switch (v.kind) {
    case 'leaf': {
      const paths: string[] = [];
      let proven = v.mutability === 'write' ? v.paths !== undefined : v.mutability === 'read';
      for (const a of v.paths ?? []) {
        const raw = staticValue(a);
        if (raw === null && a.below) {
          // a match of find is written at or below its roots, as find -delete's are
          for (const root of a.below) {
            const p = resolvePath(root.value!, scope.dir, base);
            if (p === null) proven = false;
            else if (!paths.includes(p)) paths.push(p);
          }
          continue;
        }
        if (raw === null) {
          proven = false;
          continue;
        }
        if (isNullDevice(raw)) continue;
        const p = resolvePath(raw, scope.dir, base);
        if (p === null) proven = false;
        else if (!paths.includes(p)) paths.push(p);
      }
      // a write that names nothing it writes has not proven where it writes
      if (v.mutability === 'write' && paths.length === 0) proven = false;
      let dep = !!v.dep;
      let hash = !!v.hash;
      if (v.mutability === 'write' && v.writesContent) {
        for (const p of paths) {
          const ci = contentIntents(p, v.content, !!v.append);
          dep ||= ci.dep;
          hash ||= ci.hash;
        }
      }
      // git's pathspecs name files it stages, untracks or restores, not files it shows or fills in
      if (v.mutability === 'write' && program !== 'git') noteSecretWrites(w, paths);
      if (v.mutability === 'write') noteDeviceWrites(w, program, paths);
      // a file a program wrote (`cp x rc`) no longer holds the text this command wrote into it before
      if (v.mutability === 'write') for (const p of paths) w.written.delete(p);
      if (v.mutability === 'write') noteDownloaded(w, program, paths);
      w.col.add({
        program,
        mutability: v.mutability,
        paths: v.mutability === 'write' ? paths : [],
        pathsProven: proven,
        why: prefix + v.why,
        dependencyIntent: dep || undefined,
        hashIntent: hash || undefined,
        ...(v.toolState && v.mutability === 'write' && paths.length === 0 ? { toolState: true } : {}),
        ...(v.selfTarget && v.mutability === 'write' ? { selfTarget: true } : {}),
        ...(v.onlyIfMissing && v.mutability === 'write' ? { onlyIfMissing: true } : {}),
        ...placedRuns(v.runs, scope, base),
        ...placedLinks(v.links, scope, base),
        ...placedEntry(v, scope, base),
      });
      return v.mutability === 'read' ? v.content : undefined;
    }
    case 'exec': {
      if (hops >= MAX_WRAPPER_HOPS) {
        w.col.unknown(program, prefix + `more than ${MAX_WRAPPER_HOPS} nested wrappers`);
        return undefined;
      }
      const inner: Scope = v.cwd ? { dir: resolveDir(v.cwd, scope, base) } : scope;
      // find's roots are written from the folder find runs in, not from -execdir's folder of each match
      const argv = (v.runtimeArgs ? [...v.argv, RUNTIME_ARG] : v.argv).map((a) => (a.found && a.found.dir === undefined ? { ...a, found: { ...a.found, dir: scope.dir } } : a));
      const innerStdin: StdinInfo = v.keepStdin ? stdin : { kind: 'file' };
      const mark = w.col.hazards.length;
      // a whole command line a wrapper is handed as one word (`sudo 'rm -rf ~'`) names no program either
      const head = staticValue(argv[0]);
      if (head !== null) for (const intent of lineNameIntents(head, argv.slice(1).map((a) => a.text))) hazardsOfIntent(w, intent, inner, innerStdin, depth);
      noteHazards(w, argv, innerStdin, inner, depth);
      // a wrapper may set TMPDIR for what it runs (`env TMPDIR=x mktemp`): the folder is the run's
      const next = classifyArgv(argv, { stdin: innerStdin, home: base.home, tmpdir: null });
      noteEmbedded(w, next, argv, innerStdin, inner, depth);
      const content = applyVerdict(w, next, displayName(argv[0]), inner, depth, innerStdin, `${prefix}${v.why}; `, hops + 1);
      // the contract keeps judging a run-time word; the floor judges the words xargs is fed instead
      const fed = fedArgv(v, stdin);
      const lines = fed ? null : fedLines(v, stdin);
      if (fed) {
        w.col.hazards.length = mark;
        runHazardsOnly(w, fed, innerStdin, inner, depth);
      } else if (lines) {
        w.col.hazards.length = mark;
        for (const line of lines) runHazardsOnly(w, line, innerStdin, inner, depth);
      }
      return content;
    }
    case 'shell':
    case 'powershell': {
      if (depth + 1 > MAX_NESTING) {
        w.col.unknown(program, `${prefix}${v.why}, nested deeper than ${MAX_NESTING} levels`);
        return undefined;
      }
      const child: Scope = { dir: v.kind === 'shell' && v.cwdUnknown ? null : scope.dir };
      if (v.kind === 'shell') w.shell(v.source, child, depth + 1, prefix + v.why);
      else w.powershell(v.source, child, depth + 1, prefix + v.why);
      // eval/trap/source may run in this shell: a folder change inside leaves us unsure where we are
      if (child.dir !== scope.dir && !(v.kind === 'shell' && v.cwdUnknown)) scope.dir = null;
      return undefined;
    }
    case 'patch': {
      const parsed = parsePatch(v.text);
      const unproven = v.targetsUnproven || (v.needsGitPrefixes && parsed.files.some((f) => !f.gitPrefixed));
      for (const s of patchSegments(program, parsed.files, parsed.problems, scope.dir, base, prefix + v.why)) {
        noteSecretWrites(w, s.paths);
        w.col.add(unproven ? { ...s, paths: [], pathsProven: false, why: `${s.why} (path prefixes stripped as ${program} decides at run time)` } : s);
      }
      return undefined;
    }
    case 'cd': {
      w.col.add({ program, mutability: 'read', paths: [], pathsProven: true, why: prefix + v.why });
      scope.dir = v.target ? resolveDir(v.target, scope, base) : null;
      return undefined;
    }
    case 'many': {
      for (const sub of v.verdicts) applyVerdict(w, sub, program, scope, depth, stdin, prefix, hops);
      return undefined;
    }
  }
}
