/**
 * The path resolver tables a host keeps in its test folder (its rows' `hostPaths`), read by
 * test/core/analysis/host-paths.test.ts: the host's write call, and per host version the forms a
 * model writes -> the path the host writes, relative to CWD or absolute outside it, or null
 * where it is unproven.
 */

export const CWD = '/w/proj';
export const HOME = '/w/home';

export type PathRow = [raw: string, expected: string[] | null];

/** The forms every host reads the same way. */
export const COMMON: PathRow[] = [
  ['src/a.ts', ['src/a.ts']],
  ['./src/../src/a.ts', ['src/a.ts']],
  [`${CWD}/src/a.ts`, ['src/a.ts']],
  ['../outside/x.txt', ['/w/outside/x.txt']],
  ['/etc/x', ['/etc/x']],
];

export interface PathTable {
  /** the host and version the rows were observed on */
  readonly title: string;
  /** the version handed to the analysis, for a host whose reading changed between versions */
  readonly version?: string;
  readonly rows: readonly PathRow[];
}

export interface HostPathRows {
  /** a write tool's call with `raw` as its path */
  write(raw: string): { tool: string; input: Record<string, unknown> };
  readonly tables: readonly PathTable[];
}
