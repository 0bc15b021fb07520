/**
 * Matcher rules, one per form a host's hook-file row names (core/registry/types.ts MatcherForm;
 * the facts behind each host's form are in docs/hosts/<host>.md):
 *
 * - literal-list: alternatives split on `|` or `,` (plus the whitespace after the separator),
 *   each compared exactly, so names with `-`, spaces or non-ASCII work (stopline's own too).
 * - name-list-else-regex: a pattern of only `[A-Za-z0-9_|]` is an exact, case-sensitive name
 *   list split on `|`; anything else is an unanchored regex.
 * - full-regex: a regex that must match the whole tool name, case-sensitive.
 * - search-regex: an unanchored regex.
 * - regex-else-name: an unanchored regex; one that does not compile is compared as an exact name.
 * - names-then-regex: an exact name (the tool's own or an alias: the canonical name stands in for
 *   the host's aliases), else an unanchored regex on the tool's own name; a `|` list not starting
 *   with `^` or `(` is trimmed entry by entry first; a regex that does not compile runs only on
 *   the exact name.
 * - slashed-regex-or-name: `/re/` is a regex on the whole name (one that does not compile never
 *   matches); a pattern holding any of `|.*+?[]()^$\\` is a regex on the whole name, or the exact
 *   name when it does not compile; anything else the exact name; case-sensitive.
 * - glob-ignore-case: a shell glob on the whole tool name, case-insensitive (`*`, `?`, `[seq]`,
 *   `[!seq]` on lowered names). Its `re:` form is a regex whose anchoring is not known, so such
 *   a group never runs and says so rather than run on tools the host would not pick.
 *
 * Missing, empty or `*` match everything. A regex that does not compile never matches
 * (the loader reports it), so a typo can never widen a hook to every tool.
 */
import { DIALECT_LABEL, DIALECT_SHORT, rulesOf } from './dialects';
import type { CompiledMatcher, Dialect } from './types';

interface MatcherProblem {
  level: 'error' | 'warning';
  message: string;
}

interface CompileResult {
  matcher: CompiledMatcher;
  problem?: MatcherProblem;
}

export const MATCH_ALL: CompiledMatcher = Object.freeze({
  mode: 'all' as const,
  test: () => true,
});

const NAME_LIST = /^[A-Za-z0-9_|]+$/;
/** characters that mean "regex" to a Claude Code user; under literal rules they only match themselves */
const REGEX_LOOKING = /[.*+?^$()[\]{}\\]/;

export function compileMatcher(dialect: Dialect, pattern: string | undefined): CompileResult {
  if (pattern === undefined || pattern === '' || pattern === '*') {
    return { matcher: pattern === undefined ? MATCH_ALL : { ...MATCH_ALL, source: pattern } };
  }
  switch (rulesOf(dialect).matcher) {
    case 'literal-list':
      return literal(dialect, pattern);
    case 'name-list-else-regex':
      return NAME_LIST.test(pattern) ? names(pattern) : regex(pattern, false);
    case 'full-regex':
      return regex(pattern, true);
    case 'regex-else-name':
      return regexElseName(pattern);
    case 'names-then-regex':
      return namesThenRegex(pattern);
    case 'search-regex':
      return regex(pattern, false);
    case 'slashed-regex-or-name':
      return slashedRegexOrName(pattern);
    case 'glob-ignore-case':
      return globIgnoreCase(dialect, pattern);
  }
}

const REGEX_CHARS = /[|.*+?[\]()^$\\]/;

function slashedRegexOrName(pattern: string): CompileResult {
  if (pattern.length > 2 && pattern.startsWith('/') && pattern.endsWith('/')) {
    const compiled = regex(pattern.slice(1, -1), true);
    // the host loads the file and the group never matches: a warning, not a broken file
    return { matcher: { ...compiled.matcher, source: pattern }, ...(compiled.problem ? { problem: { level: 'warning', message: compiled.problem.message } } : {}) };
  }
  if (REGEX_CHARS.test(pattern)) {
    const compiled = regex(pattern, true);
    if (compiled.matcher.mode !== 'never') return compiled;
    return { matcher: { source: pattern, mode: 'literal', test: (subjects) => subjects.includes(pattern) } };
  }
  return { matcher: { source: pattern, mode: 'literal', test: (subjects) => subjects.includes(pattern) } };
}

/** A glob on the lowered tool name; `re:` is refused (see the header). */
function globIgnoreCase(dialect: Dialect, pattern: string): CompileResult {
  if (pattern.startsWith('re:')) {
    return {
      matcher: { source: pattern, mode: 'never', test: () => false },
      problem: { level: 'error', message: `${DIALECT_LABEL[dialect]} "re:" matchers are not read (whether ${DIALECT_SHORT[dialect]} anchors them is not known); this group never runs` },
    };
  }
  let source = '';
  for (let k = 0; k < pattern.length; k++) {
    const c = pattern[k]!;
    if (c === '*') source += '[\\s\\S]*';
    else if (c === '?') source += '[\\s\\S]';
    else if (c === '[') {
      // a set runs to the next `]` (one right after `[` or `[!` is a member); unclosed, `[` is itself
      let j = k + 1;
      if (pattern[j] === '!') j++;
      if (pattern[j] === ']') j++;
      while (j < pattern.length && pattern[j] !== ']') j++;
      if (j >= pattern.length) source += '\\[';
      else {
        let body = pattern.slice(k + 1, j);
        const negate = body.startsWith('!');
        if (negate) body = body.slice(1);
        source += `[${negate ? '^' : ''}${body.replace(/[\\\]^]/g, (m) => `\\${m}`)}]`;
        k = j;
      }
    } else source += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  const re = new RegExp(`^(?:${source})$`, 'is');
  return { matcher: { source: pattern, mode: 'regex', test: (subjects) => subjects.some((s) => re.test(s.toLowerCase())) } };
}

/** A regex, or the exact name when the regex does not compile (no error: the host says nothing either). */
function regexElseName(raw: string): CompileResult {
  const pattern = raw.trim();
  if (pattern === '' || pattern === '*') return { matcher: { ...MATCH_ALL, source: raw } };
  const compiled = regex(pattern, false);
  if (compiled.matcher.mode !== 'never') return compiled;
  return { matcher: { source: pattern, mode: 'literal', test: (subjects) => subjects.includes(pattern) } };
}

function namesThenRegex(raw: string): CompileResult {
  const pattern = raw.trim();
  if (pattern === '' || pattern === '*' || pattern === '.*') return { matcher: { ...MATCH_ALL, source: raw } };
  let expression = pattern;
  let exact = [pattern];
  if (pattern.includes('|') && !pattern.startsWith('^') && !pattern.startsWith('(')) {
    exact = pattern.split('|').map((e) => e.trim()).filter((e) => e !== '');
    if (exact.some((e) => e === '*' || e === '.*')) return { matcher: { ...MATCH_ALL, source: raw } };
    expression = exact.join('|');
  }
  const compiled = regex(expression, false);
  const re = compiled.matcher.mode === 'regex' ? compiled.matcher : null;
  return {
    matcher: {
      source: raw,
      mode: re ? 'regex' : 'names',
      // the exact names: the tool's own and every alias; the regex: the tool's own name only
      test: (subjects) => subjects.some((s) => exact.includes(s)) || (re !== null && subjects.length > 0 && re.test(subjects.slice(0, 1))),
    },
    ...(compiled.problem ? { problem: { level: 'error', message: `${compiled.problem.message.replace('; this group never runs', '')}; this group only runs on a tool named exactly ${JSON.stringify(pattern)}` } } : {}),
  };
}

function literal(dialect: Dialect, pattern: string): CompileResult {
  const alternatives = pattern.split(/[|,]\s*/).filter((a) => a !== '');
  const set = new Set(alternatives);
  const matcher: CompiledMatcher = {
    source: pattern,
    mode: 'literal',
    test: (subjects) => subjects.some((s) => set.has(s)),
  };
  if (REGEX_LOOKING.test(pattern)) {
    const who = DIALECT_SHORT[dialect];
    return {
      matcher,
      problem: {
        level: 'warning',
        message: `matcher "${pattern}" looks like a regular expression, but ${who} matchers are compared literally (alternatives split on | or ,); it only matches a tool named exactly ${alternatives.map((a) => JSON.stringify(a)).join(' or ')}`,
      },
    };
  }
  return { matcher };
}

function names(pattern: string): CompileResult {
  const set = new Set(pattern.split('|').filter((a) => a !== ''));
  return { matcher: { source: pattern, mode: 'names', test: (subjects) => subjects.some((s) => set.has(s)) } };
}

/**
 * Translate the Python / Rust spellings JavaScript lacks: named groups `(?P<n>…)`,
 * back-references `(?P=n)` and leading inline flags `(?i)`, `(?s)`, `(?m)`.
 */
function toJsRegex(pattern: string): { source: string; flags: string } {
  let source = pattern;
  let flags = '';
  const lead = /^\(\?([ims]+)\)/.exec(source);
  if (lead) {
    flags = [...new Set(lead[1]!.split(''))].join('');
    source = source.slice(lead[0].length);
  }
  source = source.replace(/\(\?P</g, '(?<').replace(/\(\?P=(\w+)\)/g, '\\k<$1>');
  return { source, flags };
}

function regex(pattern: string, fullMatch: boolean): CompileResult {
  const { source, flags } = toJsRegex(pattern);
  let re: RegExp;
  try {
    re = new RegExp(fullMatch ? `^(?:${source})$` : source, flags);
  } catch (err) {
    const why = err instanceof Error ? err.message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '') : String(err);
    return {
      matcher: { source: pattern, mode: 'never', test: () => false },
      problem: { level: 'error', message: `invalid matcher regex "${pattern}": ${why}; this group never runs` },
    };
  }
  return { matcher: { source: pattern, mode: 'regex', test: (subjects) => subjects.some((s) => re.test(s)) } };
}
