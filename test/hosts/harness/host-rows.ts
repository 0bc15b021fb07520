/**
 * The rows a host keeps for the shared suites in its own test folder (test/hosts/<host>/rows.ts),
 * so adding a host leaves the suites' tables alone: folder-rows.ts, rendered from the specs by
 * build/host-files.mjs, brings every such file in.
 */
import type { RenderContext, RenderedTool } from '../../scenarios/renderers';
import type { NeutralTool, PathForm } from '../../scenarios/types';

/** What the shared renderers lend a host's renderer, bound to the host. */
export interface RenderKit {
  /** a write's path in the host's own spelling of the action's path form (its `pathForms`) */
  spell(t: Extract<NeutralTool, { op: 'write' }>, ctx: RenderContext, absolute: boolean): string;
  /** a path as the host sends it: `~/x` the test's home, relative kept unless `absolute` */
  place(path: string, ctx: RenderContext, absolute: boolean): string;
}

export interface HostTestRows {
  /** the path forms the host reads itself (the parity corpus's write paths) */
  readonly pathForms: readonly PathForm[];
  /** a neutral action as the host's hook sees the call; null: the host has no such tool */
  render(t: NeutralTool, ctx: RenderContext, kit: RenderKit): RenderedTool | null;
  /** the before-a-tool event and a write tool, for the payload at the input bound */
  readonly writeEvent: { readonly event: string; readonly tool: string };
}
