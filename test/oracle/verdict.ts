/**
 * What the guard says about one shell command under an armed `review` contract, computed the
 * way a host hook computes it: the host's Bash tool through analyzeToolCall (core/analysis),
 * then decide() (core/contract). `read` = the guard would let it run as a read; `scratch` = it
 * would let it write files in a temp folder only; `ask`/`deny` = it would stop it. The oracle's
 * property is about `read`: it must change nothing.
 */
import { analyzeToolCall } from '../../core/analysis/tool-call';
import { decide } from '../../core/contract/decide';
import { freshContract, type Contract } from '../../core/contract/types';
import { claudeRegistry } from '../../core/registry/claude';
import type { Action } from '../../core/protocol';
import { OWN_STATE, type NewEntry } from './paths.mjs';

/** `scratch`: allowed because every file it writes is scratch in a temp folder (core/contract/scratch.ts), not as a read */
export type OracleVerdict = 'read' | 'scratch' | 'ask' | 'deny';

const REVIEW: Contract = { ...freshContract(), mode: 'review', level: 'guard', source: 'directive', revision: 1 };

/** `vars`: the variables the hook would see beside HOME (the sandbox's TMPDIR), as a door passes them to the analysis */
export function reviewVerdict(command: string, cwd: string, home: string, vars?: Record<string, string>): OracleVerdict {
  const action = analyzeToolCall(claudeRegistry, 'Bash', { command }, { cwd, home, ...(vars ? { vars } : {}) });
  const d = decide(REVIEW, { ...action, id: 'oracle' }, { selfPaths: [], home, cwd });
  if (d.verdict !== 'allow') return d.verdict;
  return action.mutability === 'read' ? 'read' : 'scratch';
}

/** The analysis's own one-word class, for the report (read / write / unknown / delegate). */
export function analysisClass(command: string, cwd: string, home: string): string {
  return analyzeToolCall(claudeRegistry, 'Bash', { command }, { cwd, home }).mutability;
}

/**
 * Every place a write names: its affectedPaths, or, when only new entries picked at run time
 * (mktemp) kept them from being listed, the paths of its segments and those entries (each a new
 * name in a folder); null when it writes somewhere nobody placed.
 */
export function placedTargets(a: Action): { paths: string[]; entries: NewEntry[] } | null {
  if (a.affectedPaths !== null) return { paths: a.affectedPaths, entries: [] };
  const segments = a.segments ?? [];
  const writes = segments.filter((s) => s.mutability === 'write');
  if (a.mutability !== 'write' || segments.some((s) => s.mutability === 'unknown')) return null;
  if (!writes.every((s) => (s.pathsProven === true && s.paths.length > 0) || (s.newEntry !== undefined && s.paths.length === 0))) return null;
  return { paths: [...new Set(writes.flatMap((s) => s.paths))], entries: writes.flatMap((s) => (s.newEntry ? [s.newEntry] : [])) };
}

/**
 * Each row with the guard's review verdict and what the analysis says of it as a Bash call in
 * `cwd`: `affected` every place it names, `entries` the new names it places by their folder.
 */
export function judgeRows<T extends { cmd: string }>(rows: T[], cwd: string, home: string, vars?: Record<string, string>) {
  return rows.map((r) => {
    const a = analyzeToolCall(claudeRegistry, 'Bash', { command: r.cmd }, { cwd, home, ...(vars ? { vars } : {}) });
    const placed = placedTargets(a);
    return { ...r, verdict: reviewVerdict(r.cmd, cwd, home, vars), mutability: a.mutability, affected: placed?.paths ?? null, entries: placed?.entries ?? [], git: (a.segments ?? []).some((s) => s.program === 'git') };
  });
}

/** What a run changed beyond the state programs keep for themselves (OWN_STATE) and the mtime of HOME or the cwd. */
export const ownChanges = (o: { changes: string[] }): string[] => o.changes.filter((l) => !OWN_STATE.some((re: RegExp) => re.test(l.slice(1).replace(/ \(.*$/, ''))) && !/^~(home|\.) \(mtime\)$/.test(l));
