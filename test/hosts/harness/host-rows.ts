/**
 * The rows a host keeps for the shared suites in its own test folder (test/hosts/<host>/rows.ts),
 * so adding a host leaves the suites' tables alone: folder-rows.ts, rendered from the specs by
 * build/host-files.mjs, brings every such file in.
 */
import type { CommandHookAdapter, Rendered } from '../../../hosts/shared/adapter';
import type { InstalledHost } from './hosts';
import type { HostDriver, Sandbox, Seen } from '../../scenarios/drivers';
import type { HostPathRows } from './path-tables';
import type { ToolCase } from './tool-cases';
import type { RenderContext, RenderedTool } from '../../scenarios/renderers';
import type { NeutralTool, PathForm } from '../../scenarios/types';

/** What the shared renderers lend a host's renderer, bound to the host. */
export interface RenderKit {
  /** a write's path in the host's own spelling of the action's path form (its `pathForms`) */
  spell(t: Extract<NeutralTool, { op: 'write' }>, ctx: RenderContext, absolute: boolean): string;
  /** a path as the host sends it: `~/x` the test's home, relative kept unless `absolute` */
  place(path: string, ctx: RenderContext, absolute: boolean): string;
}

/** What the scenario drivers lend a host's payloads. */
export interface PayloadKit {
  /** a captured payload of test/fixtures/<host>/, without its capture notes */
  fixture(host: string, name: string): Record<string, unknown>;
  /** an id unique in the run, with a prefix */
  nextId(prefix: string): string;
}

/** The answer's JSON, null for an empty stdout; text that is not JSON throws (the hook printed garbage). */
export function answerJson(stdout: string): Record<string, unknown> | null {
  if (stdout.trim() === '') return null;
  return JSON.parse(stdout) as Record<string, unknown>;
}

/** What the scenario drivers lend a host's own in-process driver. */
export interface DriverKit {
  /** an id unique in the run, with a prefix */
  nextId(prefix: string): string;
  /** the answer with the command the host runs instead of the model's, when the tool input it runs changed */
  withRewrite(seen: Seen, before: unknown, after: unknown): Seen;
}

/** The payloads a command-hook host sends, and how it reads the hook's answer. */
export interface CommandHookRows {
  /** the door the drivers answer through when it is not the host's command-hook adapter (Hermes' plugin door) */
  readonly door?: CommandHookAdapter;
  /** the prompt payload; null: the host has no prompt event (the prompt is placed where the hook reads it, nothing is sent) */
  prompt(s: Sandbox, text: string, kit: PayloadKit): Record<string, unknown> | null;
  /** a before-a-tool payload for a rendered call */
  tool(s: Sandbox, t: RenderedTool, kit: PayloadKit): Record<string, unknown>;
  /** the decision the host reads from the hook's answer */
  decision(r: Rendered): Seen;
  /** the tool input the host runs instead of the model's, from the answer's JSON */
  rewrittenInput(answer: Record<string, unknown>): unknown;
  /** for a host whose payloads name no event: the arguments its hook file passes the script for a prompt and a tool call */
  readonly eventArgs?: { readonly prompt: readonly string[]; readonly tool: readonly string[] };
}

export interface HostTestRows {
  /** the pinned installs (test/hosts/<host>/pins.json) a runner of the real host needs, when not just the host's own name */
  readonly installs?: readonly InstalledHost[];
  /** present for a host whose door is a command hook: the scenario drivers' rows */
  readonly commandHook?: CommandHookRows;
  /** the path forms the host reads itself (the parity corpus's write paths) */
  readonly pathForms: readonly PathForm[];
  /** a neutral action as the host's hook sees the call; null: the host has no such tool */
  render(t: NeutralTool, ctx: RenderContext, kit: RenderKit): RenderedTool | null;
  /** the before-a-tool event and a write tool, for the payload at the input bound */
  readonly writeEvent: { readonly event: string; readonly tool: string };
  /** analyzeToolCall's cases, one at least for every tool of the host's registry */
  readonly toolCases?: readonly ToolCase[];
  /** the host's write call and its path resolver tables */
  readonly hostPaths?: HostPathRows;
  /** an in-process host: the scenario driver that calls its door as the host does */
  driver?(s: Sandbox, kit: DriverKit): HostDriver;
  /**
   * small stand-ins for the host's files in the build's dist/<host>/ beyond its hook script,
   * by path in that folder: the install tests place and register them (test/cli/install/helpers.ts)
   */
  readonly placeholderDist?: Readonly<Record<string, string>>;
}
