/** Types for generate.mjs. */
export const CASES: string;
export function generate(): [string, string, string, string][];
export function toTsv(rows: [string, string, string, string][]): string;
