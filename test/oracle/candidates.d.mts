/** Types for candidates.mjs (plain JS so a node script can use it without a build). */
export interface Candidate { cmd: string; source: string }
export interface ProgramSpec { help?: string[] | null; operands: string[][] }
export const PROGRAMS: Record<string, ProgramSpec>;
export const GIT_SUBCOMMANDS: Record<string, string[][]>;
export const MUTATORS: string[];
export function valuesFor(optName: string, meta: string | null): string[];
export function parseHelp(text: string): { spellings: string[]; arg: null | 'required' | 'optional'; meta: string | null }[];
export function optionForms(opt: { spellings: string[]; arg: null | 'required' | 'optional'; meta: string | null }): string[][];
export function joinArgv(argv: string[]): string;
export function helpCandidates(helps: Record<string, string>): Candidate[];
export function prng(seed: number): () => number;
export function grammarCandidates(segments: string[], count: number, seed?: number): Candidate[];
