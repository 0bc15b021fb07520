/**
 * The cases of analyzeToolCall a host keeps in its test folder (its rows' `toolCases`), read by
 * test/core/analysis/tool-call.test.ts: one per tool its registry lists, with where the input
 * comes from (a captured payload of test/fixtures/<host>/, or the documented input shape).
 */

export type Mutability = 'read' | 'write' | 'delegate' | 'control' | 'unknown';

export interface ToolCase {
  tool: string;
  input: unknown;
  cwd: string;
  mutability: Mutability;
  /** expected affectedPaths; omitted = [] for read/control/delegate, null for unknown */
  paths?: string[] | null;
  delegation?: number;
  unbounded?: boolean;
  dep?: boolean;
  hash?: boolean;
  /** where the input comes from */
  from: 'fixture' | 'host notes';
}

/** The project folder of the documented inputs (and of the captures that name none). */
export const PROJECT = '/home/dev/project';

/** A case whose input is a captured payload's, in the folder the capture names. */
export const fx = (tool: string, input: unknown, cwd: string, mutability: Mutability, rest: Partial<ToolCase> = {}): ToolCase => ({ tool, input, cwd, mutability, from: 'fixture', ...rest });

/** A case whose input is the documented shape, in PROJECT unless `rest.cwd` says another folder. */
export const doc = (tool: string, input: unknown, mutability: Mutability, rest: Partial<ToolCase> = {}): ToolCase => ({ tool, input, cwd: rest.cwd ?? PROJECT, mutability, from: 'host notes', ...rest });
