/**
 * Reads the lines the in-process artifacts append to STOPLINE_TIMING_FILE
 * ({artifact, hook, ms, outcome}, one per decision, measured inside the host) and summarises
 * them as count, median and p99. Shared by the OpenCode and Pi real-host suites.
 */
import { existsSync, readFileSync } from 'node:fs';

export interface DecisionTiming {
  artifact: string;
  hook: string;
  ms: number;
  outcome: string;
}

export function readDecisionTimings(file: string): DecisionTiming[] {
  if (!file || !existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as DecisionTiming);
}

/** The value at quantile q (0..1) of sorted values, nearest-rank. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const rank = Math.min(s.length, Math.max(1, Math.ceil(q * s.length)));
  return s[rank - 1]!;
}

/** "N decisions, median X ms, p99 Y ms" for one hook, or null when nothing was recorded. */
export function summarizeTimings(file: string, hook: string): string | null {
  const ms = readDecisionTimings(file)
    .filter((t) => t.hook === hook)
    .map((t) => t.ms);
  if (ms.length === 0) return null;
  return `${ms.length} ${hook} decisions, median ${quantile(ms, 0.5).toFixed(1)} ms, p99 ${quantile(ms, 0.99).toFixed(1)} ms`;
}
