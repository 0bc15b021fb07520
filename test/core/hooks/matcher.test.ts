import { describe, expect, it } from 'vitest';
import { compileMatcher } from '../../../core/hooks/matcher';
import type { Dialect } from '../../../core/hooks/types';

type Row = [pattern: string | undefined, subject: string, matches: boolean];

function check(dialect: Dialect, rows: Row[]): void {
  for (const [pattern, subject, want] of rows) {
    const { matcher } = compileMatcher(dialect, pattern);
    expect({ dialect, pattern, subject, got: matcher.test([subject]) }).toEqual({ dialect, pattern, subject, got: want });
  }
}

describe('matchers: match-all sentinels (every dialect)', () => {
  it.each<Dialect>(['native', 'claude', 'codex', 'hermes'])('%s: missing, "" and "*" match everything, even no subject', (d) => {
    for (const p of [undefined, '', '*']) {
      const { matcher, problem } = compileMatcher(d, p);
      expect(matcher.mode).toBe('all');
      expect(matcher.test(['anything'])).toBe(true);
      expect(matcher.test([])).toBe(true);
      expect(problem).toBeUndefined();
    }
  });
});

describe('matchers: claude and native are literal alternatives', () => {
  const rows: Row[] = [
    ['Bash', 'Bash', true],
    ['Bash', 'BashOutput', false],
    ['Bash', 'bash', false],
    ['Bash|Write', 'Write', true],
    ['Bash|Write', 'Edit', false],
    ['Bash, Write', 'Write', true],
    ['Bash,Write', 'Write', true],
    ['Bash|  Write', 'Write', true],
    ['code-reviewer', 'code-reviewer', true],
    ['code-reviewer', 'my-code-reviewer-tool', false],
    ['my tool|other', 'my tool', true],
    ['schreiben|lesen-ä', 'lesen-ä', true],
    ['Bash ', 'Bash', false], // only whitespace after a separator is dropped
  ];
  it.each<Dialect>(['claude', 'native'])('%s', (d) => check(d, rows));

  it('warns when a Claude matcher looks like a regex, and still compares literally', () => {
    const { matcher, problem } = compileMatcher('claude', 'mcp__github__.*');
    expect(problem?.level).toBe('warning');
    expect(problem?.message).toContain('compared literally');
    expect(matcher.test(['mcp__github__create_issue'])).toBe(false);
    expect(matcher.test(['mcp__github__.*'])).toBe(true);
  });
});

describe('matchers: codex names-or-regex', () => {
  it('a pattern of only [A-Za-z0-9_|] is an exact, case-sensitive name list', () => {
    check('codex', [
      ['Bash', 'Bash', true],
      ['Bash', 'BashOutput', false],
      ['Bash', 'bash', false],
      ['Bash|apply_patch', 'apply_patch', true],
      ['Bash|apply_patch', 'exec_command', false],
    ]);
    expect(compileMatcher('codex', 'Bash|apply_patch').matcher.mode).toBe('names');
  });
  it('anything else is an unanchored regex', () => {
    check('codex', [
      ['^B', 'Bash', true],
      ['^B', 'TheBash', false],
      ['B.*h$', 'Bash', true],
      ['.*', 'whatever', true],
      ['ash', 'Bash', false], // only name-list characters: exact, not a substring
      ['a.h', 'Bash', true], // regex: unanchored substring match
      ['mcp__.*', 'mcp__github__create_issue', true],
      ['(?i)^bash$', 'BASH', true], // Rust inline flag
    ]);
    expect(compileMatcher('codex', '^B').matcher.mode).toBe('regex');
  });
  it('an invalid regex is an error and never matches', () => {
    const { matcher, problem } = compileMatcher('codex', '[');
    expect(problem?.level).toBe('error');
    expect(problem?.message).toContain('invalid matcher regex "["');
    expect(matcher.mode).toBe('never');
    expect(matcher.test(['['])).toBe(false);
    expect(matcher.test(['Bash'])).toBe(false);
  });
});

describe('matchers: hermes full-match regex', () => {
  it('must match the whole tool name', () => {
    check('hermes', [
      ['write_file|patch', 'write_file', true],
      ['write_file|patch', 'patch', true],
      ['write_file|patch', 'write_file_v2', false],
      ['terminal', 'terminal', true],
      ['term', 'terminal', false],
      ['mcp_.*', 'mcp_github_create_issue', true],
      ['Terminal', 'terminal', false],
      ['(?P<t>term)inal', 'terminal', true], // Python named group
    ]);
  });
  it('an invalid regex is an error and never matches', () => {
    const { matcher, problem } = compileMatcher('hermes', '(unclosed');
    expect(problem?.level).toBe('error');
    expect(matcher.test(['(unclosed'])).toBe(false);
  });
});

describe('matchers: several subjects (host name + canonical name)', () => {
  it('matches when either the host tool name or the canonical name matches', () => {
    const claude = compileMatcher('claude', 'Bash|Write').matcher;
    expect(claude.test(['bash', 'Bash'])).toBe(true); // OpenCode / Pi bash
    expect(claude.test(['write_file', 'Write'])).toBe(true); // Hermes write_file
    expect(claude.test(['read_file', 'Read'])).toBe(false);
    const hermes = compileMatcher('hermes', 'terminal').matcher;
    expect(hermes.test(['Bash', 'terminal'])).toBe(true);
    expect(hermes.test([])).toBe(false); // a specific matcher never matches a missing subject
  });
});
