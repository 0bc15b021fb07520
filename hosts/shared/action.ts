/**
 * One tool call becomes one Action here, for every door (the command hooks, the bridge, the
 * in-process plugins, the Claude mod, Hermes's shim and shell hooks): the host's tool table
 * (core/registry) says how to read the input, the analysis (core/analysis) reads it, and the
 * options it needs (the folder the tool runs in, the home folder, the variables that name
 * protected folders, the host's version and path base) come from one place.
 *
 * It also gives the answer path (core/answer/answer.ts) the call itself (`ToolCall`): the host's input,
 * the field that holds its command, whether the host runs a rewritten command here (the event
 * row's rewrite column, core/registry/rows.ts `rewriteFormOf`) and the same call analysed again
 * with another command.
 */
import type { ToolCall } from '../../core/answer/answer';
import { analyzeToolCall } from '../../core/analysis/tool-call';
import type { ToolCallOptions } from '../../core/analysis/tool-call';
import type { Action } from '../../core/protocol';
import { findToolEntry } from '../../core/registry/lookup';
import { rewriteFormOf } from '../../core/registry/rows';
import type { EventEntry, HostRegistry } from '../../core/registry/types';
import { pathVars } from '../../core/paths/self-paths';
import { isRecord } from '../../core/check';

export type Env = Readonly<Record<string, string | undefined>>;

/** One tool call as the host gave it. */
export interface ToolCallRef {
  /** the host's tool name */
  tool: string;
  /** the tool's input as the model gave it */
  input: unknown;
  /** the host's id of this call */
  id?: string;
}

/** Where the call runs and what the analysis needs to know about the machine. */
export interface ActionAt {
  /** the folder the tool runs in (relative paths in its input resolve against it) */
  cwd?: string;
  env: Env;
  /** the variables that name protected folders, when the door read them once (default: from env) */
  vars?: Record<string, string>;
  /** the host's version as the door saw it (picks a versioned path resolver) */
  hostVersion?: string;
  /** the folder the host itself joins this call's relative paths with, when it names one */
  hostBase?: string;
}

/** Where an in-process door's call runs: the folder when known, and the vars and host version the door read, each only when set. */
export function actionAt(cwd: string | undefined, t: Pick<ActionAt, 'env' | 'vars' | 'hostVersion'>): ActionAt {
  return { ...(cwd ? { cwd } : {}), env: t.env, ...(t.vars ? { vars: t.vars } : {}), ...(t.hostVersion ? { hostVersion: t.hostVersion } : {}) };
}

function analysisOptions(at: ActionAt): ToolCallOptions {
  const opts: ToolCallOptions = {};
  if (at.cwd) opts.cwd = at.cwd;
  const home = at.env.HOME && at.env.HOME.trim() !== '' ? at.env.HOME : undefined;
  if (home) opts.home = home;
  // `$CODEX_HOME`, `$XDG_CONFIG_HOME`… in a command name the folders self-protection guards
  opts.vars = at.vars ?? pathVars(at.env);
  if (at.hostVersion) opts.hostVersion = at.hostVersion;
  if (at.hostBase) opts.hostBase = at.hostBase;
  return opts;
}

/** The Action of one tool call, analysed against the host's tool table. */
export function actionOf(registry: HostRegistry, call: ToolCallRef, at: ActionAt): Action {
  const action: Action = { ...analyzeToolCall(registry, call.tool, call.input, analysisOptions(at)) };
  if (call.id) action.id = call.id;
  if (at.cwd && !action.cwd) action.cwd = at.cwd;
  return action;
}

/**
 * The call as the answer path sees it: `canRewrite` is what the host's row says for this tool (a
 * door that cannot hand a rewrite on, such as a Hermes shell hook, turns it off: runner.ts).
 */
export function toolCallFor(registry: HostRegistry, row: Pick<EventEntry, 'rewrite'>, call: ToolCallRef, at: ActionAt): ToolCall {
  const entry = findToolEntry(registry, call.tool);
  const form = rewriteFormOf(row, entry);
  const input = call.input;
  return {
    input,
    ...(entry?.commandField ? { commandField: entry.commandField } : {}),
    canRewrite: form !== null && isRecord(input),
    withCommand: (command) => actionOf(registry, { ...call, input: entry?.commandField ? { ...(input as object), [entry.commandField]: command } : input }, at),
  };
}
