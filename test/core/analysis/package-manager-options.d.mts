/** Types for package-manager-options.mjs. */
export type Arity = 'flag' | 'value' | 'maybe';
export const FIXTURE: string;
export const SOURCES: Record<string, { grammar: string; bin: string; env?: string; version: string[]; versionMatch?: RegExp; helps?: string[][]; format?: string }>;
export function optionsOfLine(line: string, opts?: { go?: boolean }): { name: string; arity: Arity }[];
export function optionsOfHelp(text: string, opts?: { go?: boolean; synopsis?: boolean }): Record<string, Arity>;
export function optionsOfNpmConfig(md: string): Record<string, Arity>;
export function collect(key: string): { source: string; options: Record<string, Arity> } | null;
