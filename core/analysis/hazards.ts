/**
 * What one simple command would destroy or expose, for the always-on floor (core/floor/): the
 * work-destroying git forms, recursive and wholesale deletes, truncation and permission changes,
 * writes to devices, reads of secret files, downloads piped into a shell, and code that exists
 * only at run time. The program tables (programs.ts, git.ts) say whether a command writes and
 * where; this says what kind of harm it is, from the same words after quote removal, wrapper
 * peeling, `cd` tracking and `sh -c` re-entry (apply.ts calls it for every argv it classifies).
 *
 * A fact names its targets as words; apply.ts places them against the folder the command runs
 * in. A word only known at run time is an unplaced target, and the floor judges it as unproven.
 * Nothing here ever frees a command: a missing fact leaves the contract to judge it.
 */
import { parse as parseShell } from 'unbash';
import type { HazardKind } from '../protocol';
import { programName } from './program-name';
import { shellOptions } from './shell-programs';
import { MAX_COMMAND_CHARS } from './limits';
import { READ_TABLES } from './read-tables';
import { has, parseOpts, parseTable } from './table';
import type { StdinInfo } from './verdict';
import { literalArg, type Arg, type FindMatches } from './words';
import { FIND_NAME_TESTS, FIND_WITH_VALUE, findExecUnterminated, findMatches, PARALLEL_TABLE, XARGS_TABLE } from './wrappers';
import { candidateValues, decodeBase64, type ScriptVars } from './candidates';

export interface HazardFact {
  kind: HazardKind;
  form: string;
  /** the words naming its targets; a word whose value is null is only known at run time */
  targets: Arg[];
  recursive?: boolean;
  /** entries below the targets that a test picks (find's narrowed matches), see Hazard.below */
  below?: boolean;
}

interface HazardScan {
  facts: HazardFact[];
  /** words that name a file the command may read (placed and checked against the secret table by apply.ts) */
  reads: Arg[];
  /** every string a one-liner's known code spells (and joins): a path among them may be one it writes */
  codeNames: Arg[];
  /** globs over file names the command reads through (`rg -g .env`, `grep --include=*.pem`) */
  readGlobs: string[];
  /** shell code the command runs that the tables do not walk (a git alias, a one-liner's shell call) */
  shell: string[];
  /** the command reads whole folders (grep -r, rg, tar, cp -r): a folder holding secrets is read too */
  recursiveRead: boolean;
  /** argvs the command may also run, read for the floor's facts only */
  argvs: Arg[][];
  /** what a command that would fail as written shows it means to run, and why it would fail (floor facts only) */
  intents: Intent[];
  /** `sh -c CODE NAME ARG…`: the positional words CODE sees ($0, $1, …); null when no shell code was met */
  positional: readonly Arg[] | null;
  /** files a shell runs as code (its script, --rcfile, BASH_ENV, `source`): read when this command wrote them */
  runsFiles: Arg[];
  /** scripts an interpreter or a program path runs (`python3 x.py`, `./x.sh`): a download made by this command is run unread */
  scripts: Arg[];
  /** start-up files a shell runs before its own code (BASH_ENV, ENV, --rcfile): unseen code unless this command wrote them */
  startup: Arg[];
  /** the shell that reads them (`env BASH_ENV=f bash`: bash) */
  startupShell?: string;
}

/** A malformed command's evident meaning: shell text or an argv, read for the floor only. */
export interface Intent {
  shell?: string;
  argv?: Arg[];
  fails: string;
}

interface HazardContext {
  stdin: StdinInfo;
  /** assignments written before the command (`GIT_DIR=x git …`): name -> value (null: run time) */
  assigned?: ReadonlyMap<string, string | null>;
  /** what this script assigned, for the values a run-time word may take (candidates.ts) */
  vars?: ScriptVars;
  home?: string | undefined;
}

function empty(): HazardScan {
  return { facts: [], reads: [], codeNames: [], readGlobs: [], shell: [], recursiveRead: false, argvs: [], intents: [], positional: null, runsFiles: [], scripts: [], startup: [] };
}

/** A word whose value the shell knows, or null. */
function val(a: Arg | undefined): string | null {
  return a && a.value !== null ? a.value : null;
}

/**
 * A run-time word that a wrapper filled from its input (xargs -I{}, parallel {}, find's {}):
 * the shell itself gave it a static value, so its text holds no expansion.
 */
function fromInput(a: Arg): boolean {
  return a.value === null && !/[$`]/.test(a.text) && !/^<\(|^>\(/.test(a.text);
}

/** A word from the input that may be an option (`{}`, not `./{}`). */
function inputOption(a: Arg): boolean {
  // find's paths start with its root, never with a dash
  return fromInput(a) && !a.found && !/^[./~\w]/.test(a.text.replace(/^['"]/, '').replace(/^\{/, '-'));
}

// ------------------------------------------------------------------------------------- git

/** git's long options may be shortened to any unique prefix of at least two letters. */
function longIs(word: string, option: string): boolean {
  const name = word.split('=', 1)[0]!;
  return name.length >= 4 && name.startsWith('--') && option.startsWith(name);
}

/** Short letters of a cluster before the first one that takes a value. */
function shortLetters(word: string, withValue: string): string {
  if (!/^-[^-]/.test(word)) return '';
  let out = '';
  for (const c of word.slice(1)) {
    out += c;
    if (withValue.includes(c)) break;
  }
  return out;
}

/** The words before `--`, and after it. */
function splitDashes(words: readonly string[]): { before: string[]; after: string[] | null } {
  const i = words.indexOf('--');
  return i === -1 ? { before: [...words], after: null } : { before: words.slice(0, i), after: words.slice(i + 1) };
}

/** Last of several on/off flags wins, as git's option parser does (`--dry-run --no-dry-run`). */
function lastFlag(words: readonly string[], on: (w: string) => boolean, off: (w: string) => boolean): boolean {
  let state = false;
  for (const w of words) {
    if (off(w)) state = false;
    else if (on(w)) state = true;
  }
  return state;
}

const GIT_GLOBAL_WITH_VALUE = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--super-prefix', '--config-env', '--exec-path', '--attr-source', '--list-cmds']);

/** The words before a `--` (after it, git reads pathspecs, never options). */
function beforeDashes(args: readonly Arg[]): Arg[] {
  const i = args.findIndex((a) => a.value === '--');
  return i === -1 ? [...args] : args.slice(0, i);
}

/** Subcommands with a work-destroying form (gitDiscardForm). */
const DISCARD_CAPABLE = new Set(['reset', 'checkout', 'switch', 'restore', 'clean', 'rm', 'stash', 'branch', 'tag', 'push', 'reflog', 'worktree', 'update-ref', 'rebase', 'merge']);

interface GitCall {
  sub: string;
  rest: string[];
  /** settings given on this command line or through GIT_CONFIG_* whose value git runs as a command (null: only known at run time) */
  code: { key: string; value: string | null }[];
  /** aliases given on the command line or through GIT_CONFIG_* (name -> expansion; null: only known at run time) */
  aliases: Map<string, string | null>;
}

/**
 * Settings whose value git runs through the shell as a command: the ssh transport, the pager, the
 * editors, the file-system monitor, the askpass and proxy helpers, diff and merge drivers, filters,
 * a `!` credential helper, the signing program. `core.hooksPath` names a folder (often /dev/null to
 * turn hooks off) and is left to the contract.
 */
const GIT_CODE_KEY =
  /^(core\.(sshcommand|pager|editor|fsmonitor|askpass|gitproxy)|pager\.[^.]+|sequence\.editor|diff\.[^.]+\.(command|textconv)|diff\.external|merge\.[^.]+\.driver|filter\.[^.]+\.(clean|smudge|process)|credential\.(.+\.)?helper|gpg\.(.+\.)?program|remote\.[^.]+\.(uploadpack|receivepack))$/i;

/** Values of those settings that are not a command (a boolean turns a built-in on or off). */
function gitCodeValue(key: string, value: string): boolean {
  if (/^(true|false|yes|no|on|off|1|0|)$/i.test(value.trim())) return false;
  // a credential helper without `!` is a git-credential-<name> program
  if (/^credential\./i.test(key) && !value.startsWith('!')) return false;
  return true;
}

const SSH_KEYS = new Set(['core.sshcommand', 'GIT_SSH']);

/** Folders whose programs the system or a package manager installed, not the session. */
const SYSTEM_PROGRAMS = /^\/(usr|bin|sbin|opt\/homebrew|nix|snap)\//;

/**
 * The program a setting's command names by a path outside the system's program folders, or null
 * (a name found on PATH, such as `ssh -i key` or `cat`). Leading assignments are skipped.
 */
function pathProgram(code: string): string | null {
  const words = code.trim().split(/\s+/);
  let i = 0;
  while (i < words.length && /^[A-Za-z_]\w*=/.test(words[i]!)) i++;
  const w = (words[i] ?? '').replace(/^(['"])(.*)\1$/, '$2');
  if (!w.includes('/') || SYSTEM_PROGRAMS.test(w)) return null;
  return w;
}

/** Subcommands that never open a connection to a remote, so never run the ssh transport. */
const LOCAL_ONLY = new Set(['status', 'log', 'diff', 'show', 'add', 'commit', 'checkout', 'switch', 'branch', 'tag', 'reset', 'restore', 'rm', 'mv', 'stash', 'merge', 'rebase', 'cherry-pick', 'revert', 'config', 'rev-parse', 'init', 'grep', 'blame', 'describe', 'reflog', 'worktree', 'clean', 'bisect', 'notes', 'shortlog', 'gc', 'fsck', 'ls-files', 'ls-tree', 'cat-file', 'help', 'version', 'apply', 'am', 'format-patch', 'diff-tree', 'rev-list', 'show-ref', 'symbolic-ref', 'update-ref', 'update-index', 'var', 'whatchanged', 'range-diff', 'sparse-checkout', 'maintenance']);

/**
 * Whether a git subcommand may reach a remote and so run the ssh transport: `archive` only with
 * `--remote`, `remote` only where it talks to one (`update`, `show`, `prune`, `set-head`), an
 * unknown subcommand (an alias from a config file) as possibly doing so.
 */
function reachesRemote(sub: string, rest: readonly string[]): boolean {
  if (sub === 'archive') return rest.some((w) => w === '\0runtime' || w.startsWith('--remote'));
  if (sub === 'remote') {
    const verb = rest.find((w) => !w.startsWith('-'));
    return verb === undefined ? false : ['update', 'show', 'prune', 'set-head', '\0runtime'].includes(verb);
  }
  return !LOCAL_ONLY.has(sub);
}

/** The subcommand, its words and the command-line aliases and code settings of a git argv. */
function gitCall(args: readonly Arg[], assigned: ReadonlyMap<string, string | null> | undefined): GitCall | null {
  const aliases = new Map<string, string | null>();
  const code: GitCall['code'] = [];
  const add = (key: string, value: string | null) => {
    const a = /^alias\.(.+)$/is.exec(key);
    if (a) aliases.set(a[1]!.toLowerCase(), value);
    else if (GIT_CODE_KEY.test(key) && (value === null || gitCodeValue(key, value))) code.push({ key: key.toLowerCase(), value });
  };
  const addKv = (kv: string) => {
    const eq = kv.indexOf('=');
    if (eq > 0) add(kv.slice(0, eq), kv.slice(eq + 1));
  };
  // `--config-env key=VAR`: the value is the variable's, known only when this command assigned it
  const addEnv = (kv: string) => {
    const eq = kv.indexOf('=');
    if (eq > 0) add(kv.slice(0, eq), assigned?.get(kv.slice(eq + 1)) ?? null);
  };
  // a `-c key="$X"` whose value is only known at run time: its key is in the word as written
  const addRuntime = (a: Arg) => {
    const m = /^([A-Za-z][\w.-]*)=/.exec(a.text);
    if (m) add(m[1]!, null);
    // the whole setting from a wrapper's input (`parallel git -c {} status`): any key, a command included
    else if (fromInput(a)) code.push({ key: 'a setting from its input', value: null });
  };
  const params = assigned?.get('GIT_CONFIG_PARAMETERS');
  if (params) for (const m of params.matchAll(/'([^']*)'(?:='([^']*)')?/g)) (m[2] !== undefined ? add(m[1]!, m[2]) : addKv(m[1]!));
  const count = Number(assigned?.get('GIT_CONFIG_COUNT') ?? '0');
  for (let n = 0; Number.isInteger(count) && n < Math.min(count, 64); n++) {
    const k = assigned?.get(`GIT_CONFIG_KEY_${n}`);
    const v = assigned?.get(`GIT_CONFIG_VALUE_${n}`);
    if (k && v !== undefined) add(k, v);
  }
  // the transport and the ssh program from the environment of this command
  const sshEnv = assigned?.get('GIT_SSH_COMMAND');
  if (sshEnv !== undefined) add('core.sshcommand', sshEnv);
  const sshProgram = assigned?.get('GIT_SSH');
  if (sshProgram !== undefined) code.push({ key: 'GIT_SSH', value: sshProgram === null ? null : shellQuote(sshProgram) });
  const words = args.map((a) => a.value);
  let i = 0;
  for (; i < words.length; i++) {
    const w = words[i];
    if (w === undefined) return null;
    if (w === null) {
      // `--config-env=key=$(…)`, `-ckey=$X`: the key is written out, its value only known at run time
      const set = /^(?:--config-env=|-c)([A-Za-z][\w.-]*)=/.exec(args[i]!.text);
      if (set) {
        add(set[1]!, null);
        continue;
      }
      // the subcommand (or an option before it) comes from the input: any subcommand may run
      return fromInput(args[i]!) ? { sub: '\0input', rest: [], aliases, code } : null;
    }
    if (w === '--') {
      i++;
      break;
    }
    if (!w.startsWith('-')) break;
    if (w === '-c' || w === '--config-env') {
      const next = args[++i];
      if (!next) return null;
      if (next.value === null) addRuntime(next);
      else if (w === '-c') addKv(next.value);
      else addEnv(next.value);
      continue;
    }
    if (w.startsWith('--config-env=')) {
      addEnv(w.slice('--config-env='.length));
      continue;
    }
    if (w.startsWith('-c') && w.length > 2) {
      addKv(w.slice(2));
      continue;
    }
    if (w.startsWith('-C') && w.length > 2) continue;
    const name = w.split('=', 1)[0]!;
    if (GIT_GLOBAL_WITH_VALUE.has(name) && !w.includes('=')) i++;
  }
  const sub = words[i];
  if (sub === null || sub === undefined) return null;
  const rest: string[] = [];
  for (const w of words.slice(i + 1)) {
    if (w === null) rest.push('\0runtime');
    else rest.push(w);
  }
  return { sub: sub.toLowerCase(), rest, aliases, code };
}

/** The work-destroying form of a git subcommand, or null. */
function gitDiscardForm(sub: string, rest: readonly string[]): string | null {
  const { before, after } = splitDashes(rest);
  const flags = (withValue = '') => before.map((w) => shortLetters(w, withValue)).join('');
  const hasLong = (opt: string) => before.some((w) => longIs(w, opt));
  switch (sub) {
    case 'reset': {
      if (before.some((w) => longIs(w, '--hard'))) return 'git reset --hard';
      if (before.some((w) => longIs(w, '--merge'))) return 'git reset --merge';
      return null;
    }
    case 'checkout': {
      if (before.some((w) => /^-[^-]/.test(w) && shortLetters(w, 'bBU').replace(/[bBU]$/, '').includes('p'))) return null;
      if (hasLong('--patch')) return null;
      if (hasLong('--force') || flags('bBU').replace(/[bBU]$/, '').includes('f')) return 'git checkout --force';
      if (before.some((w) => w === '-b' || w === '-B' || w === '--orphan' || /^-[^-]*[bB]/.test(w))) return null;
      if (hasLong('--pathspec-from-file')) return 'git checkout --pathspec-from-file';
      if (after !== null && after.length > 0) return 'git checkout -- <paths>';
      const positional = checkoutPositionals(before);
      if (positional.length >= 2) return 'git checkout <ref> <paths>';
      if (positional.length === 1 && (positional[0] === '.' || positional[0] === ':/' || positional[0] === '*')) return 'git checkout .';
      return null;
    }
    case 'switch': {
      if (hasLong('--discard-changes')) return 'git switch --discard-changes';
      if (hasLong('--force') || flags('cC').replace(/[cC]$/, '').includes('f')) return 'git switch --force';
      return null;
    }
    case 'restore':
      return restoreDiscards(rest) ? 'git restore' : null;
    case 'clean': {
      const dry = lastFlag(before, (w) => w === '-n' || longIs(w, '--dry-run') || (/^-[^-]/.test(w) && shortLetters(w, 'e').includes('n')), (w) => w === '--no-dry-run');
      const interactive = before.some((w) => longIs(w, '--interactive') || (/^-[^-]/.test(w) && shortLetters(w, 'e').includes('i')));
      if (dry || interactive) return null;
      if (hasLong('--force') || flags('e').replace(/e$/, '').includes('f')) return 'git clean --force';
      return null;
    }
    case 'rm': {
      let force = false;
      let cached = false;
      let dry = false;
      for (const w of before) {
        if (longIs(w, '--no-force') || w === '--no-force') force = false;
        else if (longIs(w, '--force')) force = true;
        else if (w === '--no-cached') cached = false;
        else if (longIs(w, '--cached')) cached = true;
        else if (w === '--no-dry-run') dry = false;
        else if (longIs(w, '--dry-run')) dry = true;
        else if (/^-[^-]/.test(w)) {
          if (w.includes('f')) force = true;
          if (w.includes('n')) dry = true;
        }
      }
      return force && !cached && !dry ? 'git rm --force' : null;
    }
    case 'stash': {
      const op = rest.find((w) => !w.startsWith('-'));
      return op === 'drop' || op === 'clear' ? `git stash ${op}` : null;
    }
    case 'branch': {
      const f = flags();
      const del = f.includes('D') || f.includes('d') || hasLong('--delete');
      const force = f.includes('D') || f.includes('f') || hasLong('--force');
      return del && force ? 'git branch -D' : null;
    }
    case 'tag':
      return flags('umF').includes('d') || hasLong('--delete') ? 'git tag --delete' : null;
    case 'push': {
      if (hasLong('--mirror')) return 'git push --mirror';
      const f = flags('o');
      const refs = [...before.filter((w) => !w.startsWith('-')), ...(after ?? [])];
      if (before.some((w) => w === '--force' || longIs(w, '--force') && !w.startsWith('--force-')) || f.includes('f') || refs.some((r) => r.startsWith('+') || r.includes(':+'))) return 'git push --force';
      if (hasLong('--delete') || f.includes('d') || refs.some((r) => r.length > 1 && r.startsWith(':'))) return 'git push --delete';
      if (hasLong('--prune')) return 'git push --prune';
      return null;
    }
    case 'reflog': {
      const op = rest[0];
      if (op === 'delete') return 'git reflog delete';
      if (op === 'expire' && !rest.some((w) => w === '-n' || longIs(w, '--dry-run'))) return 'git reflog expire';
      return null;
    }
    case 'worktree': {
      if (!before.includes('remove')) return null;
      return hasLong('--force') || flags().includes('f') ? 'git worktree remove --force' : null;
    }
    case 'update-ref':
      return flags('m').includes('d') || hasLong('--delete') ? 'git update-ref -d' : null;
    case 'filter-branch':
      return rest.some((w) => w === '-h' || w === '--help') ? null : 'git filter-branch';
    case 'filter-repo':
      return rest.some((w) => w === '-h' || w === '--help' || w === '--analyze' || w === '--dry-run') ? null : 'git filter-repo';
    case 'rebase':
    case 'merge':
    case 'cherry-pick':
    case 'revert':
    case 'am':
      // each puts the work tree back as it was before the operation: resolved conflicts are lost
      return before.some((w) => longIs(w, '--abort')) ? `git ${sub} --abort` : null;
    case 'read-tree':
      // -u writes the index it reads into the work tree; --reset drops what the work tree changed
      return before.some((w) => w === '-u') && before.some((w) => w === '--reset') ? 'git read-tree -u --reset' : null;
    case 'checkout-index':
      return before.some((w) => longIs(w, '--force') || (/^-[^-]/.test(w) && w.includes('f'))) ? 'git checkout-index --force' : null;
  }
  return null;
}

const CHECKOUT_WITH_VALUE = new Set(['-b', '-B', '--orphan', '--conflict', '--pathspec-from-file', '--unified', '--inter-hunk-context', '-U']);

function checkoutPositionals(before: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < before.length; i++) {
    const w = before[i]!;
    if (w === '\0runtime') {
      out.push(w);
      continue;
    }
    if (!w.startsWith('-') || w === '-') {
      if (w !== '-') out.push(w);
      continue;
    }
    if (CHECKOUT_WITH_VALUE.has(w)) {
      i++;
      continue;
    }
    // `--track direct`, `--recurse-submodules checkout`: an optional value git takes only when it is one of these
    if ((w === '--track' || w === '-t') && (before[i + 1] === 'direct' || before[i + 1] === 'inherit')) i++;
    else if (w === '--recurse-submodules' && (before[i + 1] === 'checkout' || before[i + 1] === 'on-demand')) i++;
  }
  return out;
}

/** `git restore` writes the work tree (the default location) for some pathspec, or interactively. */
function restoreDiscards(rest: readonly string[]): boolean {
  let paths = false;
  let patch = false;
  let worktree = true;
  let explicit = false;
  const location = (w: boolean | undefined) => {
    if (!explicit) {
      worktree = false;
      explicit = true;
    }
    if (w !== undefined) worktree = w;
  };
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i]!;
    if (w === '--') {
      if (i + 1 < rest.length) paths = true;
      break;
    }
    if (w === '-h' || w === '--help' || w === '--version') return false;
    if (w.startsWith('--pathspec-from-file')) {
      paths = true;
      if (!w.includes('=')) i++;
      continue;
    }
    if (w === '--staged' || w === '--no-staged') location(undefined);
    else if (w === '--worktree') location(true);
    else if (w === '--no-worktree') location(false);
    else if (w === '--patch') patch = true;
    else if (w === '--no-patch') patch = false;
    else if (w === '--source' || w === '--conflict' || w === '--unified' || w === '--inter-hunk-context') i++;
    else if (w.startsWith('--')) continue;
    else if (w === '-' || !w.startsWith('-')) paths = true;
    else {
      for (let j = 1; j < w.length; j++) {
        const c = w[j]!;
        if (c === 'h') return false;
        if (c === 'S') location(undefined);
        else if (c === 'W') location(true);
        else if (c === 'p') patch = true;
        else if (c === 's' || c === 'U') {
          if (j === w.length - 1) i++;
          break;
        }
      }
    }
  }
  return (paths || patch) && worktree;
}

function gitHazards(args: readonly Arg[], ctx: HazardContext, out: HazardScan, depth = 0): void {
  const call = gitCall(args, ctx.assigned);
  if (!call) return;
  const { sub, rest } = call;
  if (sub === '\0input') {
    out.facts.push({ kind: 'git-discard', form: 'git with its subcommand from its input', targets: [{ text: '<runtime>', value: null, glob: false }] });
    return;
  }
  // git runs these settings' commands through the shell: judged whatever the subcommand, since
  // which subcommand reaches the pager, an editor or the transport is git's business
  for (const c of call.code) {
    if (c.value === null) {
      out.facts.push({ kind: 'unseen-code', form: `git with ${c.key} only known at run time`, targets: [] });
      continue;
    }
    const code = c.value.startsWith('!') ? c.value.slice(1) : c.value;
    out.shell.push(code);
    // a program named by its path outside the system's program folders (`./helper`, `bin/x`,
    // `/tmp/x`) is a file nobody has read that git runs on the side of a harmless-looking
    // subcommand; the ssh transport only runs where the subcommand reaches a remote
    const program = pathProgram(code);
    if (program && (!SSH_KEYS.has(c.key) || reachesRemote(sub, rest))) {
      out.facts.push({ kind: 'unseen-code', form: `git running ${program} from ${c.key}`, targets: [] });
    }
  }
  const alias = call.aliases.get(sub);
  if (alias === null) {
    out.facts.push({ kind: 'unseen-code', form: 'git running an alias only known at run time', targets: [] });
    return;
  }
  if (alias !== undefined && depth < 4) {
    // an alias given on this very command line: a `!` alias is shell code, any other is git words
    if (alias.startsWith('!')) {
      out.shell.push([alias.slice(1), ...rest.filter((w) => w !== '\0runtime')].join(' '));
      return;
    }
    const words = alias.split(/\s+/).filter((w) => w !== '');
    const expanded = [...words.map(literalArg), ...args.slice(args.length - rest.length)];
    gitHazards(expanded, { ...ctx, assigned: new Map() }, out, depth + 1);
    return;
  }
  gitRunsCommand(sub, rest, out);
  const form = gitDiscardForm(sub, rest);
  if (form) out.facts.push({ kind: 'git-discard', form, targets: [] });
  else if (DISCARD_CAPABLE.has(sub) && beforeDashes(args).some(fromInput)) {
    // `xargs -I{} git reset {}`: the word that decides whether work is discarded comes from the input
    out.facts.push({ kind: 'git-discard', form: `git ${sub} with words from its input`, targets: [{ text: '<runtime>', value: null, glob: false }] });
  }
  // git reads file contents into its output for these: a secret shown through git is still shown
  if (['show', 'diff', 'blame', 'annotate', 'cat-file'].includes(sub) || (sub === 'log' && rest.some((w) => w === '-p' || w === '--patch'))) {
    for (const w of rest) if (w !== '\0runtime' && !w.startsWith('-')) out.reads.push(literalArg(w.includes(':') ? w.slice(w.indexOf(':') + 1) : w));
  }
}

/**
 * Subcommands that run a command given in their own words: `submodule foreach` (its words as one
 * shell line, in every submodule), `rebase --exec`/`-x` (after each commit), `bisect run` (a program
 * and its words). Each is judged like the same command typed bare.
 */
function gitRunsCommand(sub: string, rest: readonly string[], out: HazardScan): void {
  const line = (words: readonly string[]): void => {
    if (words.length === 0) return;
    if (words.includes('\0runtime')) out.facts.push({ kind: 'unseen-code', form: `git ${sub} running a command only known at run time`, targets: [] });
    else out.shell.push(words.join(' '));
  };
  if (sub === 'submodule') {
    const at = rest.indexOf('foreach');
    if (at === -1) return;
    let i = at + 1;
    while (i < rest.length && /^--(quiet|recursive)$|^-q$/.test(rest[i]!)) i++;
    if (rest[i] === '--') i++;
    line(rest.slice(i));
  } else if (sub === 'rebase') {
    for (let i = 0; i < rest.length; i++) {
      const w = rest[i]!;
      if (w === '--') break;
      if (w === '-x' || longIs(w, '--exec') && !w.includes('=')) line(rest.slice(i + 1, i + 2));
      else if (w.startsWith('--exec=')) line([w.slice('--exec='.length)]);
      else if (/^-x./.test(w)) line([w.slice(2)]);
    }
  } else if (sub === 'bisect' && rest[0] === 'run') line(rest.slice(1));
}

// --------------------------------------------------------------------- deletes and friends

/** rm and its kin: recursive (or glob) deletes of their operands. */
function removeHazards(name: string, args: readonly Arg[], out: HazardScan): void {
  const p = parseOpts(args, { longWithValue: ['interactive', 'preserve-root'] });
  // getopt takes any unique prefix of a long option (`--recursiv`); a word from the input may be `-rf`
  const long = (full: string) => [...p.flags.keys()].some((k) => k.length >= 5 && full.startsWith(k));
  const fromIn = beforeDashes(args).some((a) => inputOption(a));
  // rimraf and the trash programs take a folder whole, with no option asking for it
  const recursive = has(p, '-r', '-R') || long('--recursive') || name === 'rimraf' || name === 'trash' || name === 'trash-put' || fromIn;
  const force = has(p, '-f') || long('--force');
  if (p.operands.length === 0) return;
  const form = recursive ? `${name} -r${force ? 'f' : ''}` : force ? `${name} -f` : name;
  out.facts.push({ kind: 'delete', form, targets: p.operands, recursive });
}

/**
 * `mv ~ /tmp/old`, `mv / x`: HOME or the root moved away is gone from where everything expects it,
 * as a delete of it would be. Only those places themselves (and the folder holding HOME): a file
 * moved out of HOME is an everyday move.
 */
function movedAway(args: readonly Arg[], home: string | undefined, out: HazardScan): void {
  const p = parseOpts(args, { shortWithValue: 'tS', longWithValue: ['target-directory', 'suffix', 'backup'] });
  const homeParent = home ? home.replace(/\/[^/]+\/?$/, '') : undefined;
  const sources = p.operands.slice(0, has(p, '-t', '--target-directory') ? undefined : -1).filter((a) => {
    const v = a.value === null || a.glob ? null : a.value.replace(/(.)\/+$/, '$1');
    return v !== null && (v === '/' || v === home || (homeParent !== undefined && homeParent !== '' && v === homeParent));
  });
  if (sources.length) out.facts.push({ kind: 'delete', form: 'mv (moves it away)', targets: sources, recursive: true });
}

/**
 * find's facts: `-delete` on what it yields (findMatches), reads by the programs its actions run,
 * and code from its input. A command its actions run on `{}` is judged where it runs
 * (apply.ts places find's `{}` as findDeletes does).
 */
function findHazards(head: Arg, args: readonly Arg[], out: HazardScan): void {
  const roots: Arg[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === '-H' || v === '-L' || v === '-P' || v === '-O' || v === '-D') {
      if (v === '-D') i++;
      continue;
    }
    if (v === '-f') {
      if (args[i + 1]) roots.push(args[i + 1]!);
      i++;
      continue;
    }
    if (v !== null && (v.startsWith('-') || v === '(' || v === '!' || v === ',')) break;
    if (v === null && inputOption(args[i]!)) out.facts.push({ kind: 'unseen-code', form: 'find with an expression from its input', targets: [] });
    roots.push(args[i]!);
  }
  if (roots.length === 0) roots.push(literalArg('.'));
  // find stops at an -exec it cannot end before it acts at all; the unescaped `;` the shell took
  // shows where the agent meant it to end, and the next try, escaped, runs it
  if (findExecUnterminated(args.slice(i))) {
    out.intents.push({ argv: [head, ...args, literalArg(';')], fails: "find's -exec has no `;` or `+` to end it" });
    return;
  }
  const matches = findMatches(args, i, roots);
  let deletes = false;
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) {
      if (inputOption(args[i]!)) out.facts.push({ kind: 'unseen-code', form: 'find with an expression from its input', targets: [] });
      continue;
    }
    // a test's value is not an action (`-inum -delete` tests an inode number)
    if (FIND_NAME_TESTS.has(v) || FIND_WITH_VALUE.has(v) || /^-newer[aBcmt][aBcmt]$/.test(v) || v === '-fprint' || v === '-fprint0' || v === '-fls') i++;
    else if (v === '-fprintf') i += 2;
    else if (v === '-delete') deletes = true;
    else if (v === '-exec' || v === '-execdir' || v === '-ok' || v === '-okdir') {
      const cmd: Arg[] = [];
      let j = i + 1;
      for (; j < args.length; j++) {
        const w = args[j]!.value;
        if (w === ';' || w === '+') break;
        cmd.push(args[j]!);
      }
      i = j;
      const prog = cmd[0] ? programName(cmd[0]) : null;
      const pname = prog && 'name' in prog ? prog.name : null;
      // a program run on each match reads what find picked: by name, or everything below the roots
      if (pname && !NAME_ONLY.has(pname) && cmd.some((a) => a.value !== null && a.value.includes('{}'))) {
        out.reads.push(...roots);
        out.recursiveRead = true;
        for (let k = 0; k < args.length; k++) if (FIND_NAME_TESTS.has(args[k]!.value ?? '') && args[k + 1]?.value) out.readGlobs.push(args[k + 1]!.value!);
      }
      if (cmd[0] && cmd[0].value === null && !/[$`]/.test(cmd[0].text)) out.facts.push({ kind: 'unseen-code', form: `find ${v} running a command from its matches`, targets: [] });
    }
  }
  if (deletes) out.facts.push(...findDeletes('find -delete', matches));
}

/**
 * A delete of each path find yields: of its roots wholesale when nothing narrows the matches,
 * else of entries inside them, with the `.git` entries its tests pick; through links (-L) of
 * wherever they lead.
 */
export function findDeletes(form: string, m: FindMatches): HazardFact[] {
  const out: HazardFact[] = [{ kind: 'delete', form, targets: [...m.roots], ...(m.every ? { recursive: true } : { below: true }) }];
  if (m.git.length) out.push({ kind: 'delete', form: `${form} reaching .git`, targets: [...m.git], recursive: true });
  if (m.follows) out.push({ kind: 'delete', form: `${form} following links`, targets: [{ text: '<link target>', value: null, glob: false }], recursive: true });
  return out;
}

/** chmod / chown / chgrp / chattr / setfacl: recursive with -R, else on their own operands. */
function permissionHazards(name: string, args: readonly Arg[], out: HazardScan): void {
  const ops: Arg[] = [];
  let recursive = false;
  let modeSeen = false;
  let reference = false;
  for (const a of args) {
    const v = a.value;
    if (v !== null && v.startsWith('--')) {
      if (v === '--recursive') recursive = true;
      if (v.startsWith('--reference')) reference = true;
      continue;
    }
    // `chmod -w file`: a mode that starts with a dash, not an option
    if (v !== null && /^-[A-Za-z]+$/.test(v) && !(name === 'chmod' && /^-[rwxXst]+$/.test(v))) {
      if (v.includes('R')) recursive = true;
      continue;
    }
    if (!reference && !modeSeen && name !== 'setfacl') {
      modeSeen = true;
      continue;
    }
    ops.push(a);
  }
  if (ops.length) out.facts.push({ kind: 'permissions', form: `${name}${recursive ? ' -R' : ''}`, targets: ops, recursive });
}

// --------------------------------------------------------------------------------- devices

/** Block devices and the like: writing one destroys a file system, whatever is mounted there. */
export function isDevicePath(p: string): boolean {
  if (!p.startsWith('/dev/')) return false;
  return !/^\/dev\/(null|zero|full|random|urandom|stdin|stdout|stderr|tty\w*|pts\/.*|fd\/.*|shm\/.*|ptmx|console)$/.test(p);
}

function deviceHazards(name: string, args: readonly Arg[], out: HazardScan): void {
  const values = args.map(val);
  switch (name) {
    case 'dd': {
      const of = values.find((v) => v !== null && v.startsWith('of='));
      if (of && isDevicePath(of.slice(3))) out.facts.push({ kind: 'device', form: 'dd of=/dev/…', targets: [literalArg(of.slice(3))] });
      if (!of && args.some((a) => a.value === null && a.text.includes('of='))) out.facts.push({ kind: 'device', form: 'dd of=<run time>', targets: [] });
      return;
    }
    case 'shred': {
      // shred overwrites what it is given so that no copy can be recovered, a file as well as a disk
      const targets = args.filter((a) => a.value === null || !a.value.startsWith('-'));
      if (targets.length) out.facts.push({ kind: 'device', form: 'shred', targets });
      return;
    }
    case 'wipefs':
    case 'blkdiscard':
    case 'mkswap':
      if (values.some((v) => v === '-h' || v === '--help' || v === '-V' || v === '--version')) return;
      if (name === 'wipefs' && values.every((v) => v === null || !v.startsWith('-a') && v !== '--all' && !v.startsWith('-o') && !v.startsWith('--offset'))) return;
      deviceTargets(name, args, out);
      return;
    case 'fdisk':
    case 'sfdisk':
    case 'gdisk':
    case 'sgdisk':
    case 'parted':
    case 'cfdisk': {
      // listing forms only read the partition table; each tool spells them its own way
      // (`parted -s` is script mode and `sgdisk -d` deletes a partition)
      const listing = PARTITION_LISTINGS[name]!;
      if (values.some((v) => v !== null && (listing.has(v) || HELP_WORDS.has(v)))) return;
      deviceTargets(name, args, out);
      return;
    }
    case 'ddrescue':
      // ddrescue copies its first operand onto its second
      deviceTargets(name, args.filter((a) => a.value === null || !a.value.startsWith('-')).slice(1, 2), out);
      return;
    case 'hdparm':
      if (values.some((v) => v !== null && HDPARM_WRITES.some((o) => v === o || v.startsWith(`${o}=`)))) deviceTargets(name, args, out);
      return;
  }
  const erasing = DEVICE_SUBCOMMANDS[name];
  if (erasing) {
    const sub = values.find((v) => v !== null && !v.startsWith('-'));
    // diskutil names a disk by its identifier (`disk2`) as often as by its path
    if (sub && erasing.has(sub.toLowerCase())) out.facts.push({ kind: 'device', form: `${name} ${sub}`, targets: [] });
    return;
  }
  switch (name) {
    case 'badblocks':
      if (values.some((v) => v !== null && /^-[a-zA-Z]*[wn]/.test(v))) out.facts.push({ kind: 'device', form: 'badblocks -w', targets: [] });
      return;
  }
  if (name === 'mkfs' || name.startsWith('mkfs.') || name === 'mke2fs' || name === 'newfs' || name === 'mkdosfs' || name === 'mkntfs') {
    if (values.some((v) => v === '-V' || v === '--version' || v === '-h' || v === '--help')) return;
    deviceTargets(name, args, out);
  }
}

const HELP_WORDS = new Set(['-h', '--help', '-V', '--version']);

/** The options and words with which each partition tool only shows the table. */
const PARTITION_LISTINGS: Record<string, ReadonlySet<string>> = {
  fdisk: new Set(['-l', '--list', '-s', '--getsz', '-x', '--list-details']),
  sfdisk: new Set(['-l', '--list', '-s', '--show-size', '-d', '--dump', '-J', '--json', '-F', '--list-free', '-g', '--show-geometry', '-V', '--verify']),
  gdisk: new Set(['-l']),
  sgdisk: new Set(['-p', '--print', '-O', '--print-mbr', '-v', '--verify', '-P', '--pretend']),
  parted: new Set(['-l', '--list', 'print', 'p']),
  cfdisk: new Set(),
};

/** hdparm options that write to the disk or erase it (the rest read or tune it). */
const HDPARM_WRITES = ['--security-erase', '--security-erase-enhanced', '--trim-sector-ranges', '--trim-sector-ranges-stdin', '--write-sector', '--make-bad-sector', '--fwdownload', '--fwdownload-mode3', '--fwdownload-mode3-max', '--fwdownload-mode7'];

/** Volume and disk managers: the subcommands that erase, format or relabel what they are given. */
const DEVICE_SUBCOMMANDS: Record<string, ReadonlySet<string>> = {
  diskutil: new Set(['erasedisk', 'erasevolume', 'zerodisk', 'randomdisk', 'secureerase', 'partitiondisk', 'reformat', 'splitpartition', 'mergepartitions', 'deletevolume']),
  cryptsetup: new Set(['luksformat', 'erase', 'lukserase', 'reencrypt']),
  nvme: new Set(['format', 'sanitize', 'write-zeroes', 'write', 'fw-download']),
  zpool: new Set(['create', 'labelclear', 'add', 'replace', 'attach', 'destroy']),
};

/**
 * A file-system or partition tool aimed at a device (or at a target only known at run time); the
 * same tool on an image file in the project builds an image and destroys nothing.
 */
function deviceTargets(name: string, args: readonly Arg[], out: HazardScan): void {
  const ops = args.filter((a) => a.value === null || !a.value.startsWith('-'));
  if (ops.length === 0 || ops.some((a) => a.value === null || isDevicePath(a.value))) out.facts.push({ kind: 'device', form: name, targets: ops.filter((a) => a.value === null || isDevicePath(a.value)) });
}

// ------------------------------------------------------------------------------- secrets

/** Programs that only look at a path's name and attributes, never at what the file holds. */
const NAME_ONLY = new Set([
  'ls', 'dir', 'vdir', 'stat', 'test', '[', 'du', 'readlink', 'realpath', 'basename', 'dirname', 'pathchk', 'namei', 'lsattr', 'getfacl', 'touch', 'mkdir', 'rmdir',
  'chmod', 'chown', 'chgrp', 'chattr', 'echo', 'printf', 'true', 'false', 'type', 'which', 'whereis', 'command', 'hash', 'rm', 'unlink', 'trash', 'trash-put', 'cd', 'pushd', 'popd',
  'export', 'declare', 'local', 'readonly', 'unset', 'set', 'alias', 'exit', 'return', 'wait', 'kill', 'sleep', 'git', 'mv', 'ln', 'find', 'fd', 'fdfind', 'tree', 'exa', 'eza', 'lsd',
  'curl', 'wget', 'http', 'https', 'xh', 'xhs', 'ssh', 'scp', 'rsync', 'sftp', 'ssh-add', 'ssh-keygen', 'gpg', 'dd',
]);

/** gpg commands that turn a file's content into output (encrypted, signed, armored, printed). */
const GPG_TRANSFORMS = /^(-[a-zA-Z]*[ecsab]|--(symmetric|encrypt|sign|clearsign|clear-sign|detach-sign|armor|enarmor|store|print-md))$/;

/** The files gpg reads: its operands, not the values of its options that take one. */
function gpgOperands(args: readonly Arg[]): Arg[] {
  const out: Arg[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v !== null && /^(-[oru]|--(output|recipient|local-user|homedir|passphrase|passphrase-file|cipher-algo|compress-algo|digest-algo|default-key|trust-model|keyring|secret-keyring))$/.test(v)) {
      i++;
      continue;
    }
    if (v === null || !v.startsWith('-')) out.push(args[i]!);
  }
  return out;
}

/** Files a downloader uploads: `curl -T/--upload-file F`, `wget --post-file=F`/`--body-file=F`, httpie's `@F` and `name@F`. */
function uploadedFiles(args: readonly Arg[]): Arg[] {
  const out: Arg[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) continue;
    if (v === '-T' || v === '--upload-file' || v === '--post-file' || v === '--body-file') {
      if (args[i + 1]) out.push(args[i + 1]!);
      i++;
    } else if (/^-T./.test(v)) out.push(literalArg(v.slice(2)));
    else if (/^--(upload-file|post-file|body-file)=/.test(v)) out.push(literalArg(v.slice(v.indexOf('=') + 1)));
    else if (/^[\w-]*@[^@]/.test(v) && !v.includes('://') && !/^[^@]+@[^@]+\.[^@]+$/.test(v)) out.push(literalArg(v.slice(v.indexOf('@') + 1)));
  }
  return out;
}

/** Programs whose first operand is a pattern or program, not a file (unless -e / -f give it). */
const PATTERN_FIRST = new Set(['grep', 'egrep', 'fgrep', 'zgrep', 'rg', 'ripgrep', 'ag', 'ack', 'sed', 'jq', 'yq', 'awk', 'gawk', 'mawk', 'nawk']);

/**
 * What a command may read, for the secret check: every word of a program this file does not know
 * as name-only, with the option values written `--opt=VALUE` and `@FILE`; for grep-like programs
 * the files after the pattern and the -f pattern files.
 */
function readHazards(name: string, args: readonly Arg[], out: HazardScan): void {
  if (NAME_ONLY.has(name)) {
    if (name === 'dd') for (const a of args) if (a.value !== null && a.value.startsWith('if=')) out.reads.push(literalArg(a.value.slice(3)));
    if (name === 'scp' || name === 'rsync') {
      out.recursiveRead = true;
      for (const a of args) if (a.value !== null && !a.value.startsWith('-') && !a.value.includes(':')) out.reads.push(a);
    }
    if (name === 'curl') for (const a of args) if (a.value !== null && /^@[^@]/.test(a.value)) out.reads.push(literalArg(a.value.slice(1)));
    if (name === 'curl') for (const a of args) if (a.value !== null && /^[a-z][\w-]*=@/.test(a.value)) out.reads.push(literalArg(a.value.slice(a.value.indexOf('@') + 1)));
    // an upload sends the file it names off the machine (`curl -T f`, `wget --post-file=f`)
    if (name === 'curl' || name === 'wget' || name === 'http' || name === 'https' || name === 'xh' || name === 'xhs') out.reads.push(...uploadedFiles(args));
    if (name === 'ssh-keygen' || name === 'gpg') {
      // printing a key's fingerprint or exporting one shows it; generating or listing does not
      const vs = args.map(val);
      if (vs.some((v) => v === '-y' || v === '-e' || v === '--export-secret-keys' || v === '--export')) for (const a of args) if (a.value !== null && !a.value.startsWith('-')) out.reads.push(a);
      // encrypting, signing or armoring a file writes what it holds out in another form
      if (name === 'gpg' && vs.some((v) => v !== null && GPG_TRANSFORMS.test(v))) out.reads.push(...gpgOperands(args));
    }
    if (name === 'mv' || name === 'ln') {
      // a secret moved or linked into the open is read later under another name
      const ops = args.filter((a) => a.value === null || !a.value.startsWith('-'));
      out.reads.push(...ops.slice(0, -1));
    }
    return;
  }
  if (name === 'grep' || name === 'egrep' || name === 'fgrep' || name === 'zgrep' || name === 'rg' || name === 'ripgrep') {
    const table = READ_TABLES[name === 'ripgrep' ? 'rg' : name]!;
    const p = parseTable(args, table, name);
    const files = name.startsWith('r') && has(p, '--files');
    out.recursiveRead = name.startsWith('r') || has(p, '-r', '-R', '--recursive', '--dereference-recursive');
    const patternGiven = has(p, '-e', '--regexp', '-f', '--file');
    out.reads.push(...(files || patternGiven ? p.operands : p.operands.slice(1)));
    for (const f of [...(p.flags.get('-f') ?? []), ...(p.flags.get('--file') ?? [])]) if (f !== null) out.reads.push(literalArg(f));
    for (const g of [...(p.flags.get('--include') ?? []), ...(p.flags.get('-g') ?? []), ...(p.flags.get('--glob') ?? []), ...(p.flags.get('--iglob') ?? [])]) if (g !== null && !g.startsWith('!')) out.readGlobs.push(g);
    return;
  }
  if (PATTERN_FIRST.has(name)) {
    out.recursiveRead = name === 'ag' || name === 'ack';
    const ops = args.filter((a) => a.value === null || !a.value.startsWith('-') || a.value === '-');
    const given = args.some((a) => a.value !== null && /^(-[ef]|--expression|--file|--from-file)/.test(a.value));
    out.reads.push(...(given ? ops : ops.slice(1)));
    if (name.endsWith('awk')) {
      const program = given ? undefined : ops[0]?.value;
      // getline from a file named in the program reads it
      if (program) for (const m of program.matchAll(/getline\b[^<;}]*<\s*"([^"]+)"/g)) out.reads.push(literalArg(m[1]!));
    }
    return;
  }
  out.recursiveRead = /^(tar|bsdtar|gtar|zip|7z|7za|7zz|cpio|pax|borg|restic)$/.test(name) || (name === 'cp' && args.some((a) => a.value !== null && /^-[a-zA-Z]*[rRa]/.test(a.value)));
  for (const a of args) {
    const v = a.value;
    if (v === null) {
      out.reads.push(a);
      continue;
    }
    if (v.startsWith('-')) {
      const eq = v.indexOf('=');
      if (eq > 0) out.reads.push(literalArg(v.slice(eq + 1)));
      continue;
    }
    const kv = /^[A-Za-z_][\w.-]*=(.+)$/.exec(v);
    if (kv) out.reads.push(literalArg(kv[1]!));
    out.reads.push(v.startsWith('@') ? literalArg(v.slice(1)) : a);
  }
}

// ------------------------------------------------------------------------ code and shells

const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'busybox-sh', 'fish', 'csh', 'tcsh']);
const INTERPRETERS = new Set(['python', 'python2', 'python3', 'pypy', 'pypy3', 'node', 'nodejs', 'bun', 'deno', 'ruby', 'perl', 'php', 'lua', 'luajit', 'rscript']);

/** Options of a bundle (`-MFile::Path`, `-I/lib`) that take the rest of the word as their value. */
function valueLetters(name: string): string {
  if (name === 'perl') return 'MmIxl0FiCdD';
  if (name === 'ruby') return 'IrxCEFKTWl0';
  if (name.startsWith('py')) return 'WXQ';
  return 'l';
}

/** A word that holds a command substitution or process substitution running a download. */
export function downloads(a: Arg): boolean {
  return /(\$\(|`|<\()\s*(sudo\s+)?(curl|wget2?|fetch|https?|xh|aria2c)\b/.test(a.text);
}

/**
 * Shell programs that print setup code meant for `eval "$(…)"` (an agent, a version manager, a
 * prompt): the code comes from a program the person installed, and evaluating it is how these
 * tools are set up.
 */
const SETUP_PRINTERS = /^"?\$\(\s*(\/[\w./-]+\/)?(ssh-agent|direnv|brew|pyenv|rbenv|nodenv|goenv|zoxide|starship|fnm|mise|rtx|conda|luarocks|opam|keychain|gpg-agent)\b[^`$()|;&<>]*\)"?$/;

/** `$1`, `"$@"` … in the position of a command: the code runs whatever words it is given. */
const RUNS_POSITIONAL = /(^|[;&|({]\s*|\$\(\s*|\b(then|do|else|eval|exec|command|builtin|env|sudo|nohup|time|nice|xargs)\s+)"?\$(\{)?[1-9@*]/;

/** Where the code a shell runs comes from: `-c CODE`, a script operand, or stdin. */
function shellCode(args: readonly Arg[]): { c?: Arg | null; script?: Arg; noexec: boolean; stdin: boolean } {
  const { at: i, wantsC, noexec, readStdin } = shellOptions(args);
  const operand = args[i];
  if (wantsC) return { c: operand ?? null, noexec, stdin: false };
  if (operand && !readStdin) return { script: operand, noexec, stdin: false };
  return { noexec, stdin: true };
}

/**
 * The files a shell runs before its own code: `--rcfile`/`--init-file`, bash's BASH_ENV (read by
 * every non-interactive bash), ENV (read by an interactive sh, dash, ksh or bash). A variable only
 * known at run time is a file nobody can name.
 */
function startupFiles(name: string, args: readonly Arg[], assigned: ReadonlyMap<string, string | null> | undefined): Arg[] {
  const out: Arg[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if ((v === '--rcfile' || v === '--init-file') && args[i + 1]) out.push(args[i + 1]!);
    if (v !== null && (v.startsWith('--rcfile=') || v.startsWith('--init-file='))) out.push(literalArg(v.slice(v.indexOf('=') + 1)));
  }
  const fileOf = (v: string): void => {
    const f = assigned?.get(v);
    if (f === null) out.push(RUNTIME_WORD);
    else if (f) out.push(literalArg(f));
  };
  // an interactive shell reads --rcfile and ENV, a non-interactive bash reads BASH_ENV
  const interactive = args.some((a) => a.value !== null && /^-[A-Za-z]*i/.test(a.value));
  if (!interactive) {
    out.length = 0;
    if (name === 'bash') fileOf('BASH_ENV');
    return out;
  }
  fileOf('ENV');
  return out;
}

const RUNTIME_WORD: Arg = { text: '<runtime>', value: null, glob: false };

/** Inline code of an interpreter (`python -c`, `node -e`, `perl -e`, `ruby -e`, `php -r`), or undefined. */
function inlineCode(name: string, args: readonly Arg[]): { code: Arg | null } | { script: Arg } | { stdin: true } | null {
  const letters = name.startsWith('python') || name.startsWith('pypy') ? 'c' : name === 'php' ? 'r' : 'eE';
  // `deno eval CODE`
  if (name === 'deno') {
    const sub = args.findIndex((a) => a.value === null || !a.value.startsWith('-'));
    return sub !== -1 && args[sub]!.value === 'eval' ? { code: args.slice(sub + 1).find((a) => a.value === null || !a.value.startsWith('-')) ?? null } : null;
  }
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    // a word after a long option without `=` is that option's value (`--title {}`)
    if (v === null) {
      if (i > 0 && /^--[^=]+$/.test(args[i - 1]!.value ?? '')) return null;
      // `python3 <(curl …)`: a process substitution in the script's place is the script
      if (/^<\(/.test(a.text)) return { script: a };
      return fromInput(a) || /^"?\$/.test(a.text) ? { code: a } : null;
    }
    if (v === '--eval' || v === '--print' || v === '-p' && name.startsWith('node')) return { code: args[i + 1] ?? null };
    if (v.startsWith('--eval=')) return { code: literalArg(v.slice(7)) };
    // a module named by the input (`xargs -I{} python3 -m {}`) runs the input's choice of code
    if (v === '-m' && name.startsWith('py')) return args[i + 1] && fromInput(args[i + 1]!) ? { code: args[i + 1]! } : null;
    if (v === '-') return { stdin: true };
    if (/^-[A-Za-z]+/.test(v) && !v.startsWith('--')) {
      const body = v.slice(1);
      // a letter that takes the rest of the word as its value hides the letters after it
      const valued = [...body].findIndex((c) => valueLetters(name).includes(c));
      const at = [...body].findIndex((c, k) => letters.includes(c) && (valued === -1 || k < valued));
      if (at !== -1) {
        const attached = body.slice(at + 1);
        return { code: attached ? literalArg(attached) : args[i + 1] ?? null };
      }
      if (/^-[WXIMmr]$/.test(v) || (name.startsWith('node') && (v === '-r' || v === '--require' || v === '--import'))) {
        // a module it loads named by the input runs the input's code
        const next = args[i + 1];
        if (next && fromInput(next) && /^-[Mmr]$|^--(require|import)$/.test(v)) return { code: next };
        i++;
      }
      continue;
    }
    if (/^--(require|import|loader|experimental-loader)$/.test(v)) {
      const next = args[i + 1];
      if (next && fromInput(next)) return { code: next };
      i++;
      continue;
    }
    if (v.startsWith('--')) continue;
    return { script: a };
  }
  return { stdin: true };
}

/** String literals in inline code passed to a call that runs a shell (os.system, execSync, system, backticks). */
function shellCallsIn(code: string, backticks: boolean): { literals: string[]; dynamic: boolean } {
  const literals: string[] = [];
  let dynamic = false;
  // `subprocess` imported under another name (`import subprocess as s; s.run(…)`) keeps its calls' names
  const call = /\b(os\.system|os\.popen|os\.exec\w*|os\.spawn\w*|os\.execute|(?:[A-Za-z_]\w*\.)?(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)|commands\.getoutput|execSync|exec|spawnSync|spawn|execFileSync|execFile|system|popen|shell_exec|passthru|proc_open|pcntl_exec|qx|%x|Kernel\.system|Kernel\.exec|IO\.popen|Open3\.\w+)(?:\s*\(\s*|\s+(?=["'`\[]))/g;
  for (const m of code.matchAll(call)) {
    const after = code.slice(m.index! + m[0].length);
    const lit = /^(?:r|b|f)?("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`)/.exec(after);
    if (lit) {
      // a program and its words (`spawnSync('rm', ['-rf', '/'])`, Perl's `system("git", "reset", "--hard")`)
      const words = [unquote(lit[1]!), ...argumentWords(after.slice(lit[0].length))];
      literals.push(words.length > 1 ? words.map(shellQuote).join(' ') : words[0]!);
      continue;
    }
    // a list form: ["rm", "-rf", "/x"]
    const list = /^\[\s*((?:(?:"[^"]*"|'[^']*')\s*,?\s*)+)\]/.exec(after);
    if (list) {
      literals.push([...list[1]!.matchAll(/"([^"]*)"|'([^']*)'/g)].map((x) => shellQuote(x[1] ?? x[2] ?? '')).join(' '));
      continue;
    }
    dynamic = true;
  }
  if (backticks) for (const m of code.matchAll(/`([^`]+)`/g)) literals.push(m[1]!);
  return { literals, dynamic };
}

/** The literal words after a call's first argument: more literals, or one list of them; stops at anything else. */
function argumentWords(rest: string): string[] {
  const words: string[] = [];
  const lit = /^\s*,\s*(?:r|b|f)?("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')/;
  const list = /^\s*,\s*\[\s*((?:(?:"[^"]*"|'[^']*')\s*,?\s*)+)\]/;
  for (let left = rest; words.length < 64; ) {
    const l = lit.exec(left);
    if (l) {
      words.push(unquote(l[1]!));
      left = left.slice(l[0].length);
      continue;
    }
    const m = list.exec(left);
    if (m) words.push(...[...m[1]!.matchAll(/"([^"]*)"|'([^']*)'/g)].map((x) => x[1] ?? x[2] ?? ''));
    break;
  }
  return words;
}

/** The most text `sh -c CODE ARG…` may become once its arguments are put in; more is judged as code not seen. */
const MAX_POSITIONAL_CODE = 64 * 1024;

/**
 * `sh -c CODE $0 $1 …` with the positional words put in: unquoted `$1` splits into words, a quoted
 * one stays one word. Null when a word needed is only known at run time.
 */
function withPositional(code: string, positional: readonly Arg[]): string | null {
  let failed = false;
  // a word past the last one is empty
  const word = (n: number): string => {
    if (positional[n]?.value === null) failed = true;
    return positional[n]?.value ?? '';
  };
  const all = () => positional.slice(1).map((_, i) => word(i + 1));
  const out = code
    .replace(/"\$(?:\{([1-9])\}|([1-9]))"/g, (_, a, b) => shellQuote(word(Number(a ?? b))))
    .replace(/"\$(?:\{[@*]\}|[@*])"/g, () => all().map(shellQuote).join(' '))
    .replace(/\$(?:\{([1-9])\}|([1-9]))/g, (_, a, b) => word(Number(a ?? b)))
    .replace(/\$(?:\{[@*]\}|[@*])/g, () => all().join(' '));
  return failed ? null : out;
}

function unquote(lit: string): string {
  const body = lit.slice(1, -1);
  return body
    .replace(/\\([0-7]{1,3})/g, (_, o: string) => String.fromCharCode(parseInt(o, 8)))
    .replace(/\\x([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    .replace(/\\t/g, '\t')
    .replace(/\\n/g, '\n')
    .replace(/\\(["'`\\])/g, '$1');
}

function shellQuote(s: string): string {
  return /^[\w./=:@%+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Calls in inline code that delete a tree or read a file, with their literal path. */
function fileCallsIn(code: string, out: HazardScan, program: string): void {
  const lit = String.raw`\s*\(\s*(?:r|b|f)?(?:"([^"]*)"|'([^']*)'|([^)"']*))`;
  const tree = new RegExp(String.raw`\b(shutil\.rmtree|rmtree|remove_tree|rm_rf|rm_r|FileUtils\.rm_rf|FileUtils\.remove_dir|fs\.rmSync|fs\.rm|fs\.promises\.rm|rmSync|rmdirSync|Deno\.removeSync|Deno\.remove)` + lit, 'g');
  for (const m of code.matchAll(tree)) {
    const path = m[2] ?? m[3];
    const target = path !== undefined ? literalArg(path) : { text: m[4] ?? '<code>', value: null, glob: false };
    const recursive = /rmtree|remove_tree|rm_rf|rm_r|remove_dir/.test(m[1]!) || /recursive\s*:\s*true/.test(code.slice(m.index!, m.index! + 200));
    out.facts.push({ kind: 'delete', form: `${program} ${m[1]}`, targets: [target], recursive });
  }
  // Perl's `unlink glob("~/*")`: every file the glob matches, as `rm -f ~/*` deletes them
  for (const m of code.matchAll(/\bunlink\s*\(?\s*glob\s*\(?\s*(?:"([^"]*)"|'([^']*)')/g)) {
    const path = m[1] ?? m[2]!;
    out.facts.push({ kind: 'delete', form: `${program} unlink glob`, targets: [{ text: path, value: path, glob: /[*?[]/.test(path) }], recursive: false });
  }
  // R's `unlink(path, recursive = TRUE)` deletes a tree
  for (const m of code.matchAll(/\bunlink\s*\(\s*(?:"([^"]*)"|'([^']*)')\s*,\s*recursive\s*=\s*(?:TRUE|T)\b/g)) {
    out.facts.push({ kind: 'delete', form: `${program} unlink recursive`, targets: [literalArg(m[1] ?? m[2]!)], recursive: true });
  }
  const reads = new RegExp(String.raw`\b(open|readFileSync|readFile|read_text|read_bytes|File\.read|IO\.read|file_get_contents|Bun\.file|Deno\.readTextFile|Path)` + lit, 'g');
  for (const m of code.matchAll(reads)) {
    const path = m[2] ?? m[3];
    if (path !== undefined) out.reads.push(literalArg(path));
  }
}

/**
 * String literals joined by `+` (JavaScript, Python, Ruby), `.` (Perl, PHP) or only by spaces
 * (Python's adjacent literals), each run folded into the one string the code builds. Literals are
 * read left to right with their quotes and escapes, so a quote inside one never starts another.
 */
function joinedLiterals(code: string): string[] {
  const lits: { start: number; end: number; body: string }[] = [];
  for (let i = 0; i < code.length && lits.length < 400; i++) {
    const q = code[i]!;
    if (q !== '"' && q !== "'") continue;
    let j = i + 1;
    while (j < code.length && code[j] !== q && code[j] !== '\n') j += code[j] === '\\' ? 2 : 1;
    if (code[j] !== q) break;
    lits.push({ start: i, end: j + 1, body: unquote(code.slice(i, j + 1)) });
    i = j;
  }
  const out: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length > 1) out.push(run.join(''));
    run = [];
  };
  for (let k = 0; k < lits.length; k++) {
    const joined = k > 0 && /^\s*[+.]?\s*$/.test(code.slice(lits[k - 1]!.end, lits[k]!.start));
    if (!joined) flush();
    run.push(lits[k]!.body);
  }
  flush();
  return out;
}

/** What a one-liner's code does that the floor reads: shell calls, tree deletes, file reads. */
function inlineHazards(code: string, out: HazardScan, program: string): void {
  // backticks run a shell command in Ruby, Perl and PHP; in JavaScript they are a string
  const backticks = /^(ruby|perl|php)/.test(program);
  for (const whole of joinedLiterals(code)) out.codeNames.push(literalArg(whole));
  for (const m of code.matchAll(/(["'`])((?:(?!\1)[^\\\n]|\\.){1,200})\1/g)) out.codeNames.push(literalArg(m[2]!));
  out.shell.push(...shellCallsIn(code, backticks).literals);
  fileCallsIn(code, out, program);
  // a literal naming a secret in code that reads files or runs commands (`p = ".env"; readFileSync(p)`)
  const runs = /execSync|execFileSync|exec\s*\(|spawn|system\s*\(|popen|shell_exec|passthru/.test(code) || (backticks && code.includes('`'));
  if (runs || /readFile|\bopen\s*\(|File\.read|IO\.read|Bun\.file|Deno\.read|file_get_contents|read_text|read_bytes|eval\s*\(/.test(code)) {
    // a name the code decodes from base64 (`Buffer.from('LmVudg==', 'base64')`, `b64decode(…)`) is the name it opens
    const decodes = /base64|b64decode|decode64|atob\s*\(/i.test(code);
    // a name spelled in pieces (`'.' + 'env'`, Perl's `'.ss' . 'h/id_rsa'`) is the whole name it opens
    for (const whole of joinedLiterals(code)) out.reads.push(literalArg(whole));
    for (const m of code.matchAll(/(["'`])((?:(?!\1)[^\\\n]|\\.){1,200})\1/g)) {
      out.reads.push(literalArg(m[2]!));
      const decoded = decodes && /^[A-Za-z0-9+/_-]{4,}={0,2}$/.test(m[2]!) ? decodeBase64(m[2]!) : null;
      if (decoded) out.reads.push(literalArg(decoded));
      // a string held in a variable and then run (`c = "rm -rf x"; execSync(c)`)
      if (runs && /\s/.test(m[2]!)) out.shell.push(m[2]!);
    }
  }
}

/** How the stamp names the language an interpreter reads. */
function languageOf(name: string): string {
  if (name.startsWith('py')) return 'Python';
  if (name === 'ruby') return 'Ruby';
  if (name === 'perl') return 'Perl';
  if (name === 'php') return 'PHP';
  return 'JavaScript';
}

/** `x = …`, `const x = …`, `my $x = …`: a statement the languages read as an assignment (or a comparison), never a command. */
const ASSIGNS = /(^|[;\n])\s*(?:(?:const|let|var|my|our|local)\s+)?[$@%]?[A-Za-z_][\w.]*(?:\[[^\]\n]*\])?\s+\S{0,2}=\s/;

/**
 * Functions and statements each language has under the name of a shell program or builtin
 * (Perl's `unlink x`, Ruby's `system 'ls'`, Python 2's `print x`): a line that starts with one is
 * valid code of the language, whatever it means to a shell.
 */
const LANGUAGE_WORDS: Record<string, ReadonlySet<string>> = {
  Perl: new Set(['unlink', 'rmdir', 'mkdir', 'chmod', 'chown', 'truncate', 'rename', 'link', 'symlink', 'kill', 'chdir', 'chroot', 'utime', 'eval', 'exec', 'system', 'do', 'require', 'use', 'print', 'printf', 'open', 'sort', 'grep', 'map', 'join', 'split', 'sleep', 'exit', 'die', 'warn', 'local', 'my', 'our', 'sub', 'read', 'wait', 'times', 'umask', 'reset', 'dump']),
  Ruby: new Set(['eval', 'exec', 'system', 'spawn', 'puts', 'print', 'require', 'load', 'sleep', 'exit', 'abort', 'open', 'p', 'pp', 'test', 'trap', 'fork']),
  PHP: new Set(['unlink', 'rmdir', 'mkdir', 'chmod', 'chown', 'eval', 'exec', 'system', 'passthru', 'echo', 'print', 'exit', 'die', 'include', 'require', 'touch', 'copy', 'rename', 'link', 'symlink']),
  Python: new Set(['exec', 'eval', 'print', 'import', 'from', 'del', 'assert', 'raise', 'pass', 'exit', 'global']),
  JavaScript: new Set(['eval', 'require', 'import', 'await', 'typeof', 'void', 'delete']),
};

/**
 * Code whose text is known: read in its language, and when that finds nothing it understands
 * (`node -e "rm -rf /"`, a here-doc of shell lines handed to `python3 -`), read as the shell line
 * it spells. As written the interpreter stops at the first line; the agent's next try, in a
 * shell, would run it. Code the shell grammar rejects, or that assigns, stays the language's.
 */
function knownCode(code: string, out: HazardScan, name: string): void {
  const seen = out.facts.length + out.shell.length + out.reads.length;
  inlineHazards(code, out, name);
  if (out.facts.length + out.shell.length + out.reads.length !== seen) return;
  if (code.trim() === '' || code.length > MAX_COMMAND_CHARS || ASSIGNS.test(code)) return;
  const language = languageOf(name);
  const own = LANGUAGE_WORDS[language]!;
  if (code.split(/[;\n|&]+/).some((st) => own.has(st.trim().split(/[\s(]/, 1)[0]!))) return;
  if ((parseShell(code) as { errors?: readonly unknown[] }).errors?.length) return;
  out.intents.push({ shell: code, fails: `the code is not valid ${language}` });
}

function codeHazards(name: string, args: readonly Arg[], ctx: HazardContext, out: HazardScan): void {
  const fromDownload = ctx.stdin.kind === 'pipe' && ctx.stdin.download === true;
  if (SHELLS.has(name)) {
    if (args.length === 1 && (args[0]!.value === '--version' || args[0]!.value === '--help')) return;
    const startup = startupFiles(name, args, ctx.assigned);
    out.runsFiles.push(...startup);
    out.startup.push(...startup);
    out.startupShell = name;
    const s = shellCode(args);
    if (s.noexec && !args.some((a) => a.value !== null && /^-[A-Za-z]*[il]/.test(a.value))) return;
    if (s.c !== undefined) {
      if (s.c === null) return;
      if (s.c.value === null) out.facts.push(downloads(s.c) ? { kind: 'download-exec', form: `${name} -c "$(curl …)"`, targets: [] } : { kind: 'unseen-code', form: `${name} -c <code only known at run time>`, targets: [] });
      else {
        // `sh -c '$1' _ 'git reset --hard'`: the code runs its positional words
        const at = args.indexOf(s.c);
        const positional = args.slice(at + 1);
        out.positional = positional;
        // with IFS changed the words split differently than the floor can follow
        if (positional.length > 0 && RUNS_POSITIONAL.test(s.c.value) && !/\bIFS=/.test(s.c.value)) {
          const subst = withPositional(s.c.value, positional);
          // every `$@` repeats every argument: a line can grow quadratically past what the hook can read in its time
          if (subst === null || subst.length > MAX_POSITIONAL_CODE) out.facts.push({ kind: 'unseen-code', form: `${name} -c running its arguments`, targets: [] });
          else out.shell.push(subst);
        }
      }
      return;
    }
    if (s.script && stdinNamed(s.script)) {
      codeFromStdin(name, ctx.stdin, out);
      return;
    }
    if (s.script) {
      out.runsFiles.push(s.script);
      if (downloads(s.script)) out.facts.push({ kind: 'download-exec', form: `${name} <(curl …)`, targets: [] });
      else if (s.script.value === null && candidateValues(s.script, ctx.vars, ctx.home).length === 0) out.facts.push({ kind: 'unseen-code', form: `${name} <script named only at run time>`, targets: [] });
      return;
    }
    if (fromDownload) out.facts.push({ kind: 'download-exec', form: `curl … | ${name}`, targets: [] });
    else if (ctx.stdin.kind === 'pipe') {
      if (ctx.stdin.text !== undefined) out.shell.push(ctx.stdin.text);
      else out.facts.push({ kind: 'unseen-code', form: `… | ${name}`, targets: [] });
    }
    return;
  }
  if (INTERPRETERS.has(name) || /^python\d(\.\d+)?$/.test(name)) {
    const ic = inlineCode(name, args);
    // `python3 -m base64 f`, `python -m json.tool .env`: the words after the module are files it may read
    const module = name.startsWith('py') ? args.findIndex((a) => a.value === '-m') : -1;
    if (!ic && module !== -1) out.reads.push(...args.slice(module + 2).filter((a) => a.value === null || !a.value.startsWith('-')));
    if (!ic) return;
    // code an interpreter gets from a variable or a pipe is left to the contract (unknown); only a
    // download run as code is the floor's, and code whose text is known is read like a one-liner
    if ('stdin' in ic) {
      if (fromDownload) out.facts.push({ kind: 'download-exec', form: `curl … | ${name}`, targets: [] });
      else if (ctx.stdin.kind === 'text') knownCode(ctx.stdin.text, out, name);
      else if (ctx.stdin.kind === 'pipe' && ctx.stdin.text !== undefined) knownCode(ctx.stdin.text, out, name);
      return;
    }
    if ('script' in ic) {
      if (downloads(ic.script)) out.facts.push({ kind: 'download-exec', form: `${name} <(curl …)`, targets: [] });
      else out.scripts.push(ic.script);
      // the script and the words after it are files it may read (`python3 ~/.ssh/id_rsa`)
      if (!downloads(ic.script)) out.reads.push(...args.slice(args.indexOf(ic.script)).filter((a) => a.value === null || !a.value.startsWith('-')));
      return;
    }
    if (ic.code === null) return;
    if (ic.code.value === null) {
      if (downloads(ic.code)) out.facts.push({ kind: 'download-exec', form: `${name} -c "$(curl …)"`, targets: [] });
      else if (fromInput(ic.code)) out.facts.push({ kind: 'unseen-code', form: `${name} running code from its input`, targets: [] });
      else for (const c of candidateValues(ic.code, ctx.vars, ctx.home)) inlineHazards(c, out, name);
      return;
    }
    knownCode(ic.code.value, out, name);
    // `perl -ne CODE FILE…`, `ruby -pe CODE FILE…`: the loop reads every file named after the code
    if ((name === 'perl' || name === 'ruby') && args.some((a) => a.value !== null && /^-[a-zA-Z]*[np]/.test(a.value) && !a.value.startsWith('--'))) {
      out.reads.push(...args.slice(args.indexOf(ic.code) + 1).filter((a) => a.value === null || !a.value.startsWith('-')));
    }
    return;
  }
  if (name === 'eval') {
    const dyn = args.filter((a) => a.value === null);
    if (dyn.length === 0) return;
    if (dyn.some(downloads)) out.facts.push({ kind: 'download-exec', form: 'eval "$(curl …)"', targets: [] });
    else if (!(args.length === 1 && SETUP_PRINTERS.test(args[0]!.text))) out.facts.push({ kind: 'unseen-code', form: 'eval <code only known at run time>', targets: [] });
    return;
  }
  if (name === 'source' || name === '.') {
    // bash's `source -p PATH FILE` searches PATH for FILE
    const script = args[0]?.value === '-p' ? args[2] : args[0];
    if (script && stdinNamed(script)) {
      codeFromStdin(name, ctx.stdin, out);
      return;
    }
    if (script) out.runsFiles.push(script);
    // with the search path only known at run time, so is the file it finds
    if (args[0]?.value === '-p' && args[1] && args[1].value === null && candidateValues(args[1], ctx.vars, ctx.home).length === 0) {
      out.facts.push({ kind: 'unseen-code', form: `${name} -p <search path only known at run time>`, targets: [] });
      return;
    }
    if (script && downloads(script)) out.facts.push({ kind: 'download-exec', form: `${name} <(curl …)`, targets: [] });
    else if (script && script.value === null && !/^<\(/.test(script.text) && candidateValues(script, ctx.vars, ctx.home).length === 0) out.facts.push({ kind: 'unseen-code', form: `${name} <file named only at run time>`, targets: [] });
    return;
  }
  if (name === 'trap') {
    const handler = args[0];
    if (handler && handler.value === null) out.facts.push(downloads(handler) ? { kind: 'download-exec', form: 'trap "$(curl …)"', targets: [] } : { kind: 'unseen-code', form: 'trap <code only known at run time>', targets: [] });
    return;
  }
  if (name === 'awk' || name === 'gawk' || name === 'mawk' || name === 'nawk') {
    const ops = args.filter((a) => a.value === null || !a.value.startsWith('-'));
    const given = args.some((a) => a.value !== null && /^(-f|--file|-e|--source)/.test(a.value));
    const flagged = args.findIndex((a) => a.value !== null && /^(-f|--file|-e|--source)$/.test(a.value));
    if (flagged !== -1 && args[flagged + 1] && fromInput(args[flagged + 1]!)) out.facts.push({ kind: 'unseen-code', form: `${name} <program from its input>`, targets: [] });
    let program = given ? null : ops[0];
    if (!program) return;
    // a program in single quotes that a wrapper took for a replacement string (`parallel awk '{ print }'`)
    let filled = false;
    if (program.value === null && /^'[^']*'$/.test(program.text)) {
      program = literalArg(program.text.slice(1, -1));
      filled = true;
    }
    // ... and a command it runs with the wrapper's `{}` in it is built from the input
    const shellOf = (cmd: string): void => {
      if (filled && /\{[^}\s]*\}/.test(cmd)) out.facts.push({ kind: 'unseen-code', form: `${name} running a command built from its input`, targets: [] });
      else out.shell.push(cmd);
    };
    if (program.value === null) {
      if (fromInput(program)) out.facts.push({ kind: 'unseen-code', form: `${name} <program from its input>`, targets: [] });
      return;
    }
    // print … | "command" runs the command through the shell
    for (const m of program.value.matchAll(/\|\s*("([^"\\]|\\.)*")/g)) shellOf(unquote(m[1]!));
    for (const m of program.value.matchAll(/\bsystem\s*\(\s*("([^"\\]|\\.)*")?/g)) {
      if (m[1]) shellOf(unquote(m[1]));
      else out.facts.push({ kind: 'unseen-code', form: `${name} system(<computed command>)`, targets: [] });
    }
    for (const m of program.value.matchAll(/("([^"\\]|\\.)*"|[\w$]+)\s*\|\s*getline/g)) {
      if (m[1]!.startsWith('"')) shellOf(unquote(m[1]!));
      else out.facts.push({ kind: 'unseen-code', form: `${name} <computed command> | getline`, targets: [] });
    }
  }
}

/** Programs whose command line the floor looks for inside the words of a program it does not know. */
/** A program's path held in a variable the shell or the toolchain sets (`$SHELL`, `$EDITOR`, `$CC`): a known program, not code. */
const SETUP_HEAD = /^"?\$\{?(SHELL|BASH|EDITOR|VISUAL|PAGER|CC|CXX|MAKE|PYTHON|GIT|NODE|NPM|JAVA|GO|CARGO|RUSTC|BROWSER)\}?"?$/;

/** `${Date.now()}`: not a parameter the shell can expand; it stops with "bad substitution" and runs nothing. */
const BAD_SUBSTITUTION = /\$\{[A-Za-z_][A-Za-z0-9_]*[^A-Za-z0-9_}:\-=?+#%\/^,[@]/;

/** `--version` or `--help` alone: whatever program it names only describes itself. */
function onlyDescribes(args: readonly Arg[]): boolean {
  return args.length === 1 && (args[0]!.value === '--version' || args[0]!.value === '--help');
}

const EMBEDDED_HEADS = /^(git|rm|rmdir|find|sh|bash|zsh|dash|ksh|dd|shred|wipefs|truncate|chmod|chown|sudo|env|xargs|eval|cat|mkfs(\..+)?)$/;

/**
 * The command lines a program the guard does not know may run with its words (`rtk git reset
 * --hard`, `ssh host git clean -f`, `docker run img rm -rf /data`): each stretch of words that
 * starts with a program the floor knows, read as a command of its own.
 */
export function embeddedArgvs(args: readonly Arg[]): { argv: Arg[]; movedDir: boolean }[] {
  const out: { argv: Arg[]; movedDir: boolean }[] = [];
  let moved = false;
  for (let k = 0; k < args.length && out.length < 4; k++) {
    const v = args[k]!.value;
    // a folder option before the command (`--chdir=$X`, `-C dir`): it runs somewhere else
    if (v === null || /^(-C|-D|-w|--chdir|--directory|--cwd|--workdir)/.test(v)) moved = true;
    if (v === null) continue;
    const base = v.replace(/^.*\//, '').replace(/\.exe$/i, '').toLowerCase();
    if (EMBEDDED_HEADS.test(base) && k + 1 < args.length) {
      out.push({ argv: args.slice(k), movedDir: moved });
      if (base === 'sh' || base === 'bash' || base === 'git' || base === 'sudo' || base === 'env' || base === 'xargs') break;
    }
  }
  return out;
}

/**
 * `env GIT_SSH_COMMAND=… git fetch`: the assignments env makes are the git settings' values as
 * much as ones written before the command (the wrapper peeling hands git on without them).
 */
function envGitHazards(args: readonly Arg[], ctx: HazardContext, out: HazardScan): void {
  const assigned = new Map(ctx.assigned ?? []);
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    const m = /^([A-Za-z_]\w*)=/.exec(a.value ?? a.text);
    if (m) {
      assigned.set(m[1]!, a.value === null ? null : a.value.slice(m[0].length));
      continue;
    }
    if (a.value === null) return;
    if (a.value === '-u' || a.value === '-C' || a.value === '--unset' || a.value === '--chdir') i++;
    else if (!a.value.startsWith('-')) break;
  }
  const head = args[i];
  if (!head || head.value === null) return;
  const pn = programName(head);
  if ('name' in pn && pn.name.toLowerCase() === 'git') gitHazards(args.slice(i + 1), { ...ctx, assigned }, out);
  else if ('name' in pn && SHELLS.has(pn.name.toLowerCase())) {
    const startup = startupFiles(pn.name.toLowerCase(), args.slice(i + 1), assigned);
    out.runsFiles.push(...startup);
    out.startup.push(...startup);
    out.startupShell = pn.name.toLowerCase();
  }
}

// --------------------------------------------------------------------------- entry point

/**
 * The hazards of one argv (program name first). `ctx.stdin` says where its input comes from
 * (a download piped in is `{kind: 'pipe', download: true}`).
 */
export function scanArgv(argv: readonly Arg[], ctx: HazardContext): HazardScan {
  const out = empty();
  const head = argv[0];
  if (!head) return out;
  const pn = programName(head);
  if ('computed' in pn) {
    if (fromInput(head)) out.facts.push({ kind: 'unseen-code', form: 'a command named by its input', targets: [] });
    // `r$(printf m) -rf`, `$*` after `IFS=,`, `$CMD`: a name built when the command runs is code
    // nobody has read, unless the values this script gave it are known (apply.ts reads those)
    else if (head.value === null && /[$`]/.test(head.text) && !SETUP_HEAD.test(head.text) && !BAD_SUBSTITUTION.test(head.text) && !onlyDescribes(argv.slice(1)) && candidateValues(head, ctx.vars, ctx.home).length === 0) {
      out.facts.push({ kind: 'unseen-code', form: 'a command named only at run time', targets: [] });
    }
    return out;
  }
  if ('file' in pn) {
    out.scripts.push(head);
    return out;
  }
  const name = pn.name.toLowerCase();
  const args = argv.slice(1);
  if (name === 'git') gitHazards(args, ctx, out);
  else if (name === 'env') envGitHazards(args, ctx, out);
  else if (name === 'rm' || name === 'unlink' || name === 'rimraf' || name === 'trash' || name === 'trash-put' || name === 'srm' || name === 'rmdir') {
    if (name !== 'rmdir') removeHazards(name, args, out);
    else out.facts.push({ kind: 'delete', form: 'rmdir', targets: args.filter((a) => a.value === null || !a.value.startsWith('-')), recursive: false });
  } else if (name === 'find') findHazards(head, args, out);
  else if (name === 'mv') movedAway(args, ctx.home, out);
  else if (name === 'cp') {
    // `cp /dev/null f` empties f, as `truncate -s0 f` does
    const ops = args.filter((a) => a.value === null || !a.value.startsWith('-'));
    if (ops.length === 2 && ops[0]!.value === '/dev/null') out.facts.push({ kind: 'truncate', form: 'cp /dev/null', targets: [ops[1]!] });
  }
  else if (name === 'truncate') {
    const p = parseOpts(args, { shortWithValue: 'sr', longWithValue: ['size', 'reference'] });
    if (p.operands.length) out.facts.push({ kind: 'truncate', form: 'truncate', targets: p.operands });
  } else if (name === 'chmod' || name === 'chown' || name === 'chgrp' || name === 'chattr' || name === 'setfacl') permissionHazards(name, args, out);
  deviceHazards(name, args, out);
  codeHazards(name, args, ctx, out);
  if (!INTERPRETERS.has(name) && !SHELLS.has(name) && name !== 'eval') readHazards(name, args, out);
  if (name === 'parallel' || name === 'env_parallel') parallelHazards(args, out);
  if (name === 'xargs' && ctx.stdin.kind === 'pipe' && ctx.stdin.text !== undefined) {
    // `echo ~/.ssh/id_rsa | xargs cat`: the input is known, so are the words xargs hands on
    const words = ctx.stdin.text.split(/\s+/).filter((w) => w !== '').slice(0, 16).map(literalArg);
    const cmd = args.findIndex((a) => a.value === null || !a.value.startsWith('-'));
    if (cmd !== -1 && words.length) out.argvs.push([...args.slice(cmd), ...words]);
  }
  if (name === 'xargs') xargsIntents(head, args, ctx.stdin, out);
  shellEscapes(name, args, ctx.stdin, out);
  if (name === 'watch') {
    // procps watch joins its words into one `sh -c` string; other builds run them as they are
    // (`watch -x`): the floor reads them that way too, so neither reading hides a hazard
    const p = parseOpts(args, { stopAtOperand: true, shortWithValue: 'nq', longWithValue: ['interval', 'equexit'] });
    if (p.rest.length && !has(p, '-x', '--exec')) out.argvs.push(p.rest);
  }
  return out;
}

/** `/dev/stdin` and its other names: a script named so is what the command reads from its input. */
function stdinNamed(a: Arg): boolean {
  return a.value !== null && /^\/(dev\/stdin|dev\/fd\/0|proc\/self\/fd\/0)$/.test(a.value);
}

/** `. /dev/stdin <<< 'rm -rf ~'`, `curl … | bash /dev/stdin`: the input is the code. */
function codeFromStdin(name: string, stdin: StdinInfo, out: HazardScan): void {
  const text = knownStdin(stdin);
  if (stdin.kind === 'pipe' && stdin.download === true) out.facts.push({ kind: 'download-exec', form: `curl … | ${name} /dev/stdin`, targets: [] });
  else if (text !== null) out.shell.push(text);
  else if (stdin.kind === 'pipe') out.facts.push({ kind: 'unseen-code', form: `… | ${name} /dev/stdin`, targets: [] });
}

const VIM_LIKE = new Set(['vim', 'vi', 'nvim', 'ex', 'view', 'vimdiff', 'gvim', 'rvim']);

/** An editor command that runs a shell line (`!rm -rf ~`, `:silent !make`), the line; else null. */
function vimBang(cmd: string): string | null {
  const m = /^[\s:]*(?:sil(?:ent)?!?\s*)?!(.+)$/s.exec(cmd);
  return m ? m[1]! : null;
}

/** The text a program reads from stdin when it is known (a here-string, a heredoc, `echo … |`). */
function knownStdin(stdin: StdinInfo): string | null {
  if (stdin.kind === 'text') return stdin.text;
  return stdin.kind === 'pipe' && stdin.text !== undefined ? stdin.text : null;
}

/**
 * Programs with a shell escape of their own, given the line in their words or their input:
 * `script -c`, vim's `-c '!…'`/`+'!…'`/`--cmd`, ed's `!` lines, sqlite3's `.shell`/`.system`.
 * Each line is judged as the same command typed bare.
 */
function shellEscapes(name: string, args: readonly Arg[], stdin: StdinInfo, out: HazardScan): void {
  const values = args.map((a) => a.value);
  if (name === 'script') {
    values.forEach((v, i) => {
      if (v === '-c' || v === '--command' || (v !== null && /^-[a-zA-Z]*c$/.test(v) && !v.startsWith('--'))) {
        const code = values[i + 1];
        if (code) out.shell.push(code);
      } else if (v?.startsWith('--command=')) out.shell.push(v.slice('--command='.length));
    });
    return;
  }
  if (VIM_LIKE.has(name)) {
    values.forEach((v, i) => {
      const cmd = v === '-c' || v === '--cmd' ? values[i + 1] : v !== null && v.startsWith('+') ? v.slice(1) : undefined;
      const line = cmd ? vimBang(cmd) : null;
      if (line) out.shell.push(line);
    });
    return;
  }
  const text = knownStdin(stdin);
  // `make -f - <<EOF`: the makefile is the input, and each recipe line (a tab first) is a shell line
  if ((name === 'make' || name === 'gmake') && text !== null && values.some((v, i) => (v === '-f' || v === '--file' || v === '--makefile') ? values[i + 1] === '-' : v === '-f-' || v === '--file=-' || v === '--makefile=-')) {
    for (const l of text.split('\n')) {
      const m = /^\t[@+-]*(.*)$/.exec(l);
      if (m && m[1]!.trim()) out.shell.push(m[1]!.replace(/\$\$/g, '$'));
    }
    return;
  }
  if (name === 'ed' || name === 'red') {
    for (const l of (text ?? '').split('\n')) if (l.startsWith('!')) out.shell.push(l.slice(1));
    return;
  }
  if (name === 'sqlite3') {
    const lines = [...values.slice(1).filter((v): v is string => v !== null), ...(text ?? '').split('\n')];
    for (const l of lines) {
      const m = /^\s*\.(shell|system)\s+(.+)$/s.exec(l);
      if (m) out.shell.push(m[2]!);
    }
  }
}

/**
 * xargs lines that run nothing as written but show the command meant. GNU xargs given an empty
 * `--replace=` runs nothing; with the default `{}` it runs the command on each line. A shell
 * with `-c` and no code after it gets its input as the code: with no replacement string, xargs
 * splits it into words and the shell runs only the first (`echo 'rm -rf /' | xargs bash -c`
 * runs a bare `rm`); with one, `-c` gets nothing at all. The text the input holds is the command.
 */
function xargsIntents(head: Arg, args: readonly Arg[], stdin: StdinInfo, out: HazardScan): void {
  const p = parseTable(args, XARGS_TABLE, 'xargs');
  if (p.unknowns.length || p.operands.length === 0) return;
  const emptyReplace = (p.flags.get('--replace') ?? []).includes('');
  if (emptyReplace) {
    out.intents.push({ argv: [head, ...args.map((a) => (a.value === '--replace=' ? literalArg('--replace') : a))], fails: 'an empty --replace= makes xargs run nothing' });
    return;
  }
  const pn = programName(p.operands[0]!);
  if (!('name' in pn) || !SHELLS.has(pn.name.toLowerCase())) return;
  const sh = shellOptions(p.operands.slice(1));
  if (!sh.wantsC || sh.runTime || sh.at < p.operands.length - 1) return;
  // xargs reads quotes and backslashes its own way, and -0/-d/-a hand it other input
  if (stdin.kind !== 'pipe' || stdin.text === undefined || /['"\\]/.test(stdin.text) || has(p, '-a', '--arg-file', '-0', '--null', '-d', '--delimiter')) return;
  const replaced = has(p, '-I', '-J', '-i', '--replace');
  const words = stdin.text.split(/\s+/).filter((w) => w !== '');
  // one word is code the shell runs as it is: that line works, and the floor reads it as fed
  if (words.length === 0 || (!replaced && words.length < 2)) return;
  out.intents.push({ shell: stdin.text, fails: replaced ? 'xargs puts its input only where the replacement string is, so `-c` gets no code' : 'xargs splits its input into words and the shell runs only the first as code' });
}

/**
 * GNU parallel with no command runs each input as a command: the `:::` values when they are
 * written out (walked as shell code), its stdin otherwise (code nobody can see).
 */
function parallelHazards(args: readonly Arg[], out: HazardScan): void {
  const sep = args.findIndex((a) => a.value !== null && /^:::+\+?$/.test(a.value));
  const words = sep === -1 ? args : args.slice(0, sep);
  const p = parseTable(words, PARALLEL_TABLE, 'parallel');
  if (p.operands.length > 0) {
    // `--env NAME` hands each job the caller's NAME, and env_parallel (or `export -f`) a function
    // or alias by that name: when it names the command, or is `_` (all of them) or only known at
    // run time, what runs is a body this line does not show
    const command = p.operands[0]!.value;
    const dry = p.flags.has('--dry-run') || p.flags.has('--dryrun');
    if (!dry && (p.flags.get('--env') ?? []).some((n) => n === null || n === '_' || n === command))
      out.facts.push({ kind: 'unseen-code', form: 'parallel --env naming the command it runs', targets: [] });
    return;
  }
  if (args.some((a) => a.value === '--dry-run' || a.value === '--dryrun' || a.value === '--version' || a.value === '--help' || a.value === '-h')) return;
  if (sep === -1) {
    out.facts.push({ kind: 'unseen-code', form: 'parallel running the commands on its input', targets: [] });
    return;
  }
  for (const a of args.slice(sep + 1)) {
    if (a.value === null) out.facts.push({ kind: 'unseen-code', form: 'parallel running a command only known at run time', targets: [] });
    else if (!/^:::+\+?$/.test(a.value)) out.shell.push(a.value);
  }
}
