/**
 * The $stopline directive grammar. Strict on purpose: a directive is only recognised at the
 * start of the first non-empty line, and any word it does not know leaves the contract as it
 * was and comes back as a readable error (the anchor guard silently ignored unknown words and
 * re-armed on mentions inside pasted text).
 *
 *   $stopline <mode> [level] [files=a|dir/**] [deps=deny|ask|allow] [hash=deny|ask|allow]
 *             [agents=N|allow] [confine=off|on] -- task text
 *   $stopline status | help | runtime [all] | explain <event-id> | label <event-id> correct|incorrect|inconclusive
 *   $stopline allow [<event-id>]   let the command the floor stopped (the last one, or that event's)
 *                                  through for the rest of the session
 */
import { expandBraces } from '../paths/paths';
import { LEVELS, MAX_AGENT_BUDGET, MODES, POLICIES } from './types';
import type { AgentBudget, Level, NamedMode, Policy } from './types';

export interface DirectiveSpec {
  mode?: NamedMode;
  level?: Level;
  /** files= entries, case preserved; [] for a bare `files=` (no writes allowed) */
  files?: string[];
  deps?: Policy;
  hash?: Policy;
  agents?: AgentBudget;
  /** `confine=off` (false) or `confine=on` (true): whether unproven commands may run confined */
  confine?: boolean;
  /** the task text after `--` (never stored) */
  task: string;
  /** the person used the `$stop-that-shit` alias */
  alias: boolean;
}

export const LABELS = ['correct', 'incorrect', 'inconclusive'] as const;
export type Label = (typeof LABELS)[number];

export type Query =
  | { kind: 'status' }
  | { kind: 'help' }
  | { kind: 'runtime'; all: boolean }
  | { kind: 'explain'; eventId: string }
  | { kind: 'label'; eventId: string; label: Label };

type DirectiveErrorCode =
  | 'INVALID_DIRECTIVE'
  | 'INVALID_DIRECTIVE_TOKEN'
  | 'CONFLICTING_DIRECTIVE'
  | 'INVALID_AGENT_LIMIT'
  | 'INVALID_POLICY_VALUE'
  | 'INVALID_QUERY';

/** @keep PromptCommand what the prompt grammar returns: the grammar tests are typed with it */
export type PromptCommand =
  | { kind: 'none' }
  | { kind: 'directive'; directive: DirectiveSpec }
  | { kind: 'query'; query: Query }
  /** `$stopline allow [evt_…]`: the floor lets that stopped command through for this session */
  | { kind: 'allow'; eventId?: string }
  | { kind: 'error'; code: DirectiveErrorCode; message: string };

/** Event ids stopline writes: `evt_` + 20 lowercase hex digits. */
export const EVENT_ID_PATTERN = /^evt_[0-9a-f]{20}$/;

const SIGIL = /^(\$stopline|\$stop-that-shit)(?=\s|$)/i;
/** Slash forms the hosts produce for the same command (Claude plugin command, Pi skill). */
const SLASH = /^(\/stopline:stopline|\/stopline|\/skill:stopline|\/stop-that-shit:stop-that-shit|\/stop-that-shit|\/skill:stop-that-shit)(?=\s|$)/i;
/** Up to three spaces of indent; four or a tab make a Markdown code block, which is not a directive. */
const LEAD = /^ {0,3}(?=\S)/;

/**
 * Turn a host's slash form of the command (`/stopline …`, `/stopline:stopline …`,
 * `/skill:stopline …`, and the `stop-that-shit` spellings) into the `$stopline …` directive.
 * Only the start of the first non-empty line is rewritten; anything else is returned unchanged.
 */
export function normalizeSlashDirective(text: string): string {
  const lines = text.split(/\r?\n/);
  const i = lines.findIndex((l) => l.trim() !== '');
  if (i < 0) return text;
  const line = lines[i]!;
  const lead = LEAD.exec(line);
  if (!lead) return text;
  const body = line.slice(lead[0].length);
  const m = SLASH.exec(body);
  if (!m) return text;
  const alias = /stop-that-shit/i.test(m[1]!);
  lines[i] = lead[0] + (alias ? '$stop-that-shit' : '$stopline') + body.slice(m[0].length);
  return lines.join('\n');
}

/** Split the first non-empty line off; null when the prompt is blank. */
function firstLine(text: string): { line: string; rest: string } | null {
  const lines = text.split(/\r?\n/);
  const i = lines.findIndex((l) => l.trim() !== '');
  if (i < 0) return null;
  return { line: lines[i]!, rest: lines.slice(i + 1).join('\n') };
}

function clip(s: string): string {
  const one = s.replace(/\s+/g, ' ');
  return one.length > 40 ? one.slice(0, 37) + '...' : one;
}

interface Tokens {
  words: string[];
  /** text after the head terminator on the first line */
  tail: string;
  error?: string;
}

/**
 * Tokenise the directive head: whitespace separates words, double quotes may wrap a value
 * with spaces (`files="my dir/**"`), a standalone `--` (or an em dash a keyboard made of it)
 * ends the head, and so does a word ending in `:` followed by a space.
 */
function tokenize(head: string): Tokens {
  const words: string[] = [];
  let i = 0;
  const n = head.length;
  while (i < n) {
    while (i < n && /\s/.test(head[i]!)) i++;
    if (i >= n) break;
    let word = '';
    let quoted = false;
    while (i < n && !/\s/.test(head[i]!)) {
      const c = head[i]!;
      if (c === '"') {
        const close = head.indexOf('"', i + 1);
        if (close < 0) return { words, tail: '', error: 'a double quote is not closed' };
        word += head.slice(i + 1, close);
        quoted = true;
        i = close + 1;
        continue;
      }
      word += c;
      i++;
    }
    if (!quoted && (word === '--' || word === '\u2014' || word === '\u2013')) return { words, tail: head.slice(i).trim() };
    if (!quoted && word.length > 1 && word.endsWith(':')) {
      words.push(word.slice(0, -1));
      return { words, tail: head.slice(i).trim() };
    }
    words.push(word);
  }
  return { words, tail: '' };
}

function err(code: DirectiveErrorCode, message: string): PromptCommand {
  return { kind: 'error', code, message };
}

const USAGE = 'Usage: $stopline <answer|review|monitor|change|open> [watch|guard|off] [files=a|dir/**] [deps=deny|ask|allow] [hash=deny|ask|allow] [agents=N|allow] [confine=off] -- task';

function parseQuery(words: string[]): PromptCommand | null {
  const [head, ...args] = words;
  const verb = head?.toLowerCase();
  if (verb === 'status' || verb === 'help') {
    if (args.length) return err('INVALID_QUERY', `\`$stopline ${verb}\` takes no arguments (got "${clip(args.join(' '))}").`);
    return { kind: 'query', query: { kind: verb } };
  }
  if (verb === 'runtime') {
    if (args.length === 0) return { kind: 'query', query: { kind: 'runtime', all: false } };
    if (args.length === 1 && args[0]!.toLowerCase() === 'all') return { kind: 'query', query: { kind: 'runtime', all: true } };
    return err('INVALID_QUERY', 'Use `$stopline runtime` or `$stopline runtime all`.');
  }
  if (verb === 'explain') {
    if (args.length !== 1 || !EVENT_ID_PATTERN.test(args[0]!.toLowerCase())) {
      return err('INVALID_QUERY', 'Use `$stopline explain evt_<20 hex digits>` with an event id from a STOP or WATCH message.');
    }
    return { kind: 'query', query: { kind: 'explain', eventId: args[0]!.toLowerCase() } };
  }
  if (verb === 'label') {
    const id = args[0]?.toLowerCase();
    const label = args[1]?.toLowerCase();
    if (args.length !== 2 || !id || !EVENT_ID_PATTERN.test(id) || !(LABELS as readonly string[]).includes(label ?? '')) {
      return err('INVALID_QUERY', 'Use `$stopline label evt_<20 hex digits> correct|incorrect|inconclusive`.');
    }
    return { kind: 'query', query: { kind: 'label', eventId: id, label: label as Label } };
  }
  return null;
}

const HINTS: Record<string, string> = {
  lock: ' (stopline has no `lock` level; `guard` denies)',
  on: ' (use `guard`)',
  edit: ' (the mode that allows edits is `change`)',
  fix: ' (the mode that allows edits is `change`)',
  read: ' (use `review` or `answer`)',
};

/**
 * Read a prompt. Returns `none` when the first non-empty line is not a directive (the
 * prompt may still be a plain-language correction; see corrections.ts).
 */
export function parsePromptCommand(text: string): PromptCommand {
  const first = firstLine(text);
  if (!first) return { kind: 'none' };
  const lead = LEAD.exec(first.line);
  if (!lead) return { kind: 'none' };
  const body = first.line.slice(lead[0].length);
  const sig = SIGIL.exec(body);
  if (!sig) return { kind: 'none' };
  const alias = sig[1]!.toLowerCase() === '$stop-that-shit';
  const tok = tokenize(body.slice(sig[0].length));
  if (tok.error) return err('INVALID_DIRECTIVE_TOKEN', `${tok.error}. ${USAGE}`);
  const words = tok.words;
  if (words.length === 0) {
    // a bare `$stopline` (or one with only a task) is a request to see where things stand
    return tok.tail || first.rest.trim() ? err('INVALID_DIRECTIVE', `it names no mode or setting. ${USAGE}`) : { kind: 'query', query: { kind: 'status' } };
  }
  const q = parseQuery(words);
  if (q) return q;
  if (words[0]!.toLowerCase() === 'allow') {
    const args = words.slice(1);
    if (args.length === 0) return { kind: 'allow' };
    if (args.length === 1 && EVENT_ID_PATTERN.test(args[0]!.toLowerCase())) return { kind: 'allow', eventId: args[0]!.toLowerCase() };
    return err('INVALID_DIRECTIVE_TOKEN', 'Use `$stopline allow` (the last command the floor stopped) or `$stopline allow evt_<20 hex digits>` with the event id from its STOP message.');
  }

  const spec: DirectiveSpec = { task: [tok.tail, first.rest].filter((s) => s.trim() !== '').join('\n').trim(), alias };
  const seen = new Map<string, string>();
  const set = (key: string, shown: string): PromptCommand | null => {
    const prev = seen.get(key);
    if (prev !== undefined && prev !== shown) {
      return err('CONFLICTING_DIRECTIVE', `it names two ${key}s ("${clip(prev)}" and "${clip(shown)}"). Name one.`);
    }
    seen.set(key, shown);
    return null;
  };

  for (const word of words) {
    const lower = word.toLowerCase();
    if ((MODES as readonly string[]).includes(lower)) {
      const c = set('mode', lower);
      if (c) return c;
      spec.mode = lower as NamedMode;
      continue;
    }
    if ((LEVELS as readonly string[]).includes(lower)) {
      const c = set('level', lower);
      if (c) return c;
      spec.level = lower as Level;
      continue;
    }
    const eq = word.indexOf('=');
    if (eq > 0) {
      const key = word.slice(0, eq).toLowerCase();
      const raw = word.slice(eq + 1);
      if (key === 'files') {
        const entries = raw.split('|').map((s) => s.trim()).filter((s) => s !== '');
        // a lock whose glob cannot expand would match nothing: refuse it instead of arming it
        for (const entry of entries) {
          const x = expandBraces(entry);
          if (!x.ok) return err('INVALID_DIRECTIVE_TOKEN', `files= entry "${clip(entry)}": ${x.error}. Braces list alternatives separated by commas, e.g. files=src/{a,b}.ts.`);
        }
        const c = set('files value', entries.join('|'));
        if (c) return c;
        spec.files = entries;
        continue;
      }
      if (key === 'deps' || key === 'hash') {
        const v = raw.toLowerCase();
        if (!(POLICIES as readonly string[]).includes(v)) {
          return err('INVALID_POLICY_VALUE', `${key}= must be deny, ask or allow (got "${clip(raw)}").`);
        }
        const c = set(`${key} value`, v);
        if (c) return c;
        spec[key] = v as Policy;
        continue;
      }
      if (key === 'agents') {
        const v = raw.toLowerCase();
        let budget: AgentBudget;
        if (v === 'allow') budget = 'allow';
        else if (/^\d{1,3}$/.test(v) && Number(v) <= MAX_AGENT_BUDGET) budget = Number(v);
        else return err('INVALID_AGENT_LIMIT', `agents= must be a whole number from 0 to ${MAX_AGENT_BUDGET}, or allow (got "${clip(raw)}").`);
        const c = set('agents value', String(budget));
        if (c) return c;
        spec.agents = budget;
        continue;
      }
      if (key === 'confine') {
        const v = raw.toLowerCase();
        if (v !== 'off' && v !== 'on') return err('INVALID_POLICY_VALUE', `confine= must be off or on (got "${clip(raw)}").`);
        const c = set('confine value', v);
        if (c) return c;
        spec.confine = v === 'on';
        continue;
      }
      return err('INVALID_DIRECTIVE_TOKEN', `unknown setting "${clip(key)}=". Settings are files=, deps=, hash=, agents=, confine=.`);
    }
    const hint = HINTS[lower] ?? '';
    return err(
      'INVALID_DIRECTIVE_TOKEN',
      `unknown word "${clip(word)}"${hint}. Put the task after \`--\`, e.g. \`$stopline review -- ${clip(word)} ...\`.`,
    );
  }
  return { kind: 'directive', directive: spec };
}
