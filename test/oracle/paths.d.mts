/** Types for paths.mjs. */
export interface ParsedChange { op: '+' | '-' | '~'; path: string; what: string | null }
export function parseChange(line: string): ParsedChange | null;
export function boxToAbsolute(rel: string, template: string): string;
export interface NewEntry { folder: string; prefix: string }
export function uncovered(changes: string[], affected: string[], opts: { template: string; cwd: string; gitMetadata?: boolean; entries?: NewEntry[] }): (ParsedChange & { abs: string })[];
export const OWN_STATE: RegExp[];
