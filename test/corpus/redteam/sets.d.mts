/** Types for sets.mjs. */
export interface RedTeamRow { kind: 'M' | 'R'; family: string; oracle: boolean; cmd: string }
export function readSet(text: string): RedTeamRow[];
