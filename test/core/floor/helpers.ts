/**
 * One call through the analysis and decide(), as a hook would judge it: a project at /w/p (its
 * root), HOME at /home/u, no files on disk (a probe that finds nothing), the person's floor
 * settings and a contract.
 */
import { analyzeToolCall } from '../../../core/analysis/tool-call';
import { decide } from '../../../core/contract/decide';
import type { Decision } from '../../../core/contract/decide';
import { freshContract } from '../../../core/contract/types';
import type { Contract } from '../../../core/contract/types';
import type { FloorSettings } from '../../../core/floor/floor';
import type { PathProbe } from '../../../core/paths/path-links';
import type { Action } from '../../../core/protocol';
import { claudeRegistry } from '../../../core/registry/claude';
import type { HostRegistry, ToolEntry, ToolKind } from '../../../core/registry/types';

const STANDARD_FLOOR: FloorSettings = { preset: 'standard', exceptions: [], secrets: [] };

export const CWD = '/w/p';
export const HOME = '/home/u';

/** No contract: the fresh session's (no mode confirmed, watch). */
export const NO_CONTRACT: Contract = freshContract();

export function armed(mode: Contract['mode'], o: Partial<Contract> = {}): Contract {
  return { ...freshContract(), mode, level: 'guard', source: 'directive', revision: 1, ...o };
}

/** A command as Claude Code's Bash (or PowerShell) tool hands it to the hook. */
export function shellAction(command: string, powershell = false): Action {
  return toolAction(claudeRegistry, powershell ? 'PowerShell' : 'Bash', { command });
}

export function toolAction(registry: HostRegistry, tool: string, input: unknown): Action {
  return { ...analyzeToolCall(registry, tool, input, { cwd: CWD, home: HOME }) };
}

export interface Judge {
  contract?: Contract;
  settings?: FloorSettings;
  allowed?: (rule: string) => boolean;
  /** what the disk holds (links); nothing by default */
  probe?: PathProbe;
}

export function judge(a: Action, o: Judge = {}): Decision {
  return decide(o.contract ?? NO_CONTRACT, a, {
    selfPaths: [`${HOME}/.config/stopline`, `${HOME}/.claude/settings.json`, `${CWD}/.stopline`],
    home: HOME,
    cwd: CWD,
    probe: o.probe ?? (() => 'missing'),
    floor: { settings: o.settings ?? STANDARD_FLOOR, projectRoot: CWD, tempRoots: [], ...(o.allowed ? { allowed: o.allowed } : {}) },
  });
}

/** `deny FLOOR_GIT_DISCARD`, `ask FLOOR_UNSEEN_CODE`, `allow CONTROL_INACTIVE` … */
export function verdictOf(command: string, o: Judge = {}): string {
  const d = judge(shellAction(command), o);
  return `${d.outcome} ${d.reasonCode}`;
}

/** The input fields that make a tool act as `kind` (the case of its kindBy), {} when it always does, null when it never does. */
export function actingAs(t: ToolEntry, kind: ToolKind): Record<string, unknown> | null {
  if (!t.kindBy) return t.kind === kind ? {} : null;
  const key = Object.keys(t.kindBy.cases).find((k) => t.kindBy!.cases[k] === kind);
  if (key === undefined) return null;
  return { [t.kindBy.field]: key === 'true' ? true : key === 'false' ? false : key };
}

/** `out` of a decision: `deny FLOOR_SECRET_READ`. */
function outcomeOf(d: Decision): string {
  return `${d.outcome} ${d.reasonCode}`;
}

/** verdictOf under `$stopline review`: the floor is judged before the contract. */
export function reviewVerdictOf(command: string, o: Omit<Judge, 'contract'> = {}): string {
  return verdictOf(command, { ...o, contract: armed('review') });
}

/** Every host's shell tools, with the input fields that make each run a command (its kindBy case). */
export function shellTools(registries: readonly HostRegistry[]): { registry: HostRegistry; tool: ToolEntry; as: Record<string, unknown> }[] {
  const out: { registry: HostRegistry; tool: ToolEntry; as: Record<string, unknown> }[] = [];
  for (const registry of registries) {
    for (const tool of registry.tools) {
      const as = actingAs(tool, 'shell');
      if (as !== null) out.push({ registry, tool, as });
    }
  }
  return out;
}

/** A command handed to one host's shell tool, judged as verdictOf judges it. */
export function toolVerdict(registry: HostRegistry, tool: ToolEntry, command: string, o: Judge = {}): string {
  const as = actingAs(tool, 'shell') ?? {};
  return outcomeOf(judge(toolAction(registry, tool.name, { ...as, [tool.commandField ?? 'command']: command }), o));
}
