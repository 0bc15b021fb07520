/** Types for git-man-options.mjs. */
export const SUBCOMMANDS: string[];
export function manOptions(roff: string): string[];
