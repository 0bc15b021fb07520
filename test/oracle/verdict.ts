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
import { OWN_STATE } from './paths.mjs';

/** `scratch`: allowed because every file it writes is scratch in a temp folder (core/contract/scratch.ts), not as a read */
export type OracleVerdict = 'read' | 'scratch' | 'ask' | 'deny';

const REVIEW: Contract = { ...freshContract(), mode: 'review', level: 'guard', source: 'directive', revision: 1 };

export function reviewVerdict(command: string, cwd: string, home: string): OracleVerdict {
  const action = analyzeToolCall(claudeRegistry, 'Bash', { command }, { cwd, home });
  const d = decide(REVIEW, { ...action, id: 'oracle' }, { selfPaths: [], home, cwd });
  if (d.verdict !== 'allow') return d.verdict;
  return action.mutability === 'read' ? 'read' : 'scratch';
}

/** The analysis's own one-word class, for the report (read / write / unknown / delegate). */
export function analysisClass(command: string, cwd: string, home: string): string {
  return analyzeToolCall(claudeRegistry, 'Bash', { command }, { cwd, home }).mutability;
}

/** Each row with the guard's review verdict and what the analysis says of it as a Bash call in `cwd`. */
export function judgeRows<T extends { cmd: string }>(rows: T[], cwd: string, home: string) {
  return rows.map((r) => {
    const a = analyzeToolCall(claudeRegistry, 'Bash', { command: r.cmd }, { cwd, home });
    return { ...r, verdict: reviewVerdict(r.cmd, cwd, home), mutability: a.mutability, affected: a.affectedPaths, git: (a.segments ?? []).some((s) => s.program === 'git') };
  });
}

/** What a run changed beyond the state programs keep for themselves (OWN_STATE) and the mtime of HOME or the cwd. */
export const ownChanges = (o: { changes: string[] }): string[] => o.changes.filter((l) => !OWN_STATE.some((re: RegExp) => re.test(l.slice(1).replace(/ \(.*$/, ''))) && !/^~(home|\.) \(mtime\)$/.test(l));
