/**
 * A neutral action as a host's tool call, built from the host's registry rows (tool name, kind,
 * input field names), so a host's test rows keep only what its registry does not say.
 */
import type { HostRegistry, ToolEntry, ToolKind } from '../../../core/registry/types';
import type { RenderContext, RenderedTool } from '../../scenarios/renderers';
import type { NeutralTool } from '../../scenarios/types';
import type { HostTestRows, RenderKit } from './host-rows';

type Op = NeutralTool['op'];
type OwnCall<K extends Op> = (t: Extract<NeutralTool, { op: K }>, ctx: RenderContext, kit: RenderKit) => RenderedTool | null;

export interface CallShape {
  /** the model sends absolute paths; else they stay as written (relative) */
  readonly absolute: boolean;
  /** an MCP tool's name on this host */
  mcp(server: string, tool: string): string;
  /** calls whose input the host's adapter reshapes before the analysis reads it, spelled by the host's rows */
  readonly own?: { readonly [K in Op]?: OwnCall<K> };
}

/** Whether the tool has this kind, itself or for one value of its `kindBy` field. */
const serves = (tool: ToolEntry, kind: ToolKind): boolean => tool.kind === kind || Object.values(tool.kindBy?.cases ?? {}).includes(kind);

/** The registry row a neutral action is sent as: the tool of that canonical name first, then a tool of several uses. */
function toolFor(reg: HostRegistry, op: 'write' | 'edit' | 'read' | 'shell' | 'delegate'): ToolEntry | undefined {
  const find = (canonical: string, kind: ToolKind) => reg.tools.find((t) => t.canonical === canonical && serves(t, kind) && (kind === 'read' ? !!t.pathFields : true));
  switch (op) {
    case 'write':
      return find('Write', 'write') ?? find('Edit', 'write');
    case 'edit':
      return find('Edit', 'write') ?? find('Edit', 'multi-edit');
    case 'read':
      return find('Read', 'read') ?? reg.tools.find((t) => t.kindBy && serves(t, 'read') && t.pathFields);
    case 'shell':
      return find('Bash', 'shell');
    case 'delegate':
      // a subagent no hook sees is not a delegation the suites can check (the registry says why)
      return reg.tools.find((t) => t.kind === 'delegate' && !t.unseenChildren);
  }
}

/** The `kindBy` value that selects this use of a tool of several uses (empty for a tool of one). */
function useOf(tool: ToolEntry, use: 'create' | 'replace' | 'read'): Record<string, string> {
  if (!tool.kindBy) return {};
  const value = use === 'read' ? Object.keys(tool.kindBy.cases).find((v) => tool.kindBy!.cases[v] === 'read') : tool.kindBy.uses?.[use];
  if (value === undefined) throw new Error(`${tool.name}: the registry names no ${tool.kindBy.field} value for ${use}`);
  return { [tool.kindBy.field]: value };
}

/** The renderer of a host's test rows: each neutral action as the registry's tool row spells it. */
export function registryCalls(reg: HostRegistry, shape: CallShape): HostTestRows['render'] {
  return (t, ctx, kit) => {
    const own = shape.own?.[t.op] as OwnCall<typeof t.op> | undefined;
    if (own) return own(t as never, ctx, kit);
    if (t.op === 'batch') return null;
    if (t.op === 'mcp') return { name: shape.mcp(t.server, t.tool), input: t.args };
    const tool = toolFor(reg, t.op);
    if (!tool) return null;
    const at = (path: string) => ({ [tool.pathFields![0]!]: kit.place(path, ctx, shape.absolute) });
    const hook = (field: string) => tool.hookFields?.[field] ?? field;
    switch (t.op) {
      case 'write':
        return { name: tool.name, input: { ...useOf(tool, 'create'), [tool.pathFields![0]!]: kit.spell(t, ctx, shape.absolute), [tool.hookFields?.content ?? tool.contentFields![0]!]: t.content } };
      case 'edit': {
        const e = tool.hookEdits;
        const texts = e ? { [e.field]: [{ [e.oldText]: t.old, [e.newText]: t.new }] } : { [hook('old_string')]: t.old, [hook('new_string')]: t.new };
        return { name: tool.name, input: { ...useOf(tool, 'replace'), ...at(t.path), ...texts } };
      }
      case 'read':
        return { name: tool.name, input: { ...useOf(tool, 'read'), ...at(t.path) } };
      case 'shell':
        return { name: tool.name, input: { [tool.commandField!]: t.command } };
      case 'delegate':
        return { name: tool.name, input: { [tool.taskField ?? 'prompt']: t.task } };
    }
  };
}
