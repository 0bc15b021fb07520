/**
 * RuntimeEvent v1: one JSON line of metadata per observed check. It answers "what did the
 * guard see and say" without keeping anything the person or the repository wrote: no prompt,
 * command, path, file content, tool input or raw session id. Tool names are kept only when
 * they are a canonical name from the registry (MCP and plugin tool names can carry project
 * or server names); otherwise a short hash lets records be grouped without revealing it.
 */
import { randomHex } from '../digest';
import type { Contract, ControlState } from '../contract/types';
import type { Decision } from '../contract/decide';
import type { PlanCounts } from '../confine/plan';
import type { Action, HostFamily, HostStatus, Mutability } from '../protocol';
import type { Family } from '../registry/reasons';
import { hashText } from '../state/session';
import { RUNTIME_SCHEMA_VERSION, STOPLINE_VERSION } from './version';

/**
 * `bypass`: the host ran something outside every path stopline checks (Pi's user `!cmd`), recorded as metadata.
 * `seen`: a turn end compared the host's own record of tool calls with the calls the guard checked (core/evidence/seen.ts).
 */
export type RuntimeEventType = 'check' | 'after' | 'contract' | 'recovery' | 'bypass' | 'seen';

export interface RuntimeContractSummary {
  mode: string;
  level: string;
  deps: string;
  hash: string;
  agentBudget: number | 'allow';
  agentsUsed: number;
  /** number of files= entries; null = no files= boundary */
  allowedPathCount: number | null;
  revision: number;
  source: string;
}

interface RuntimeActionSummary {
  /** canonical tool name (Bash, Write, ...) or null */
  tool: string | null;
  /** short hash of the host's tool name */
  toolKey: string;
  mutability: Mutability;
  /** null = the targets could not be proven */
  pathCount: number | null;
  delegationCount: number;
  hashIntent: boolean;
  dependencyIntent: boolean;
  unboundedDelegation: boolean;
  /** `after` records only, when the host said: ok, error or blocked (a closed set, no host text) */
  hostStatus?: HostStatus;
  /**
   * The host's id of this tool call, hashed with the raw session id (which evidence never holds),
   * so a turn end can match the host's record to what the guard checked and nobody can read the
   * id back. Absent when the host gives no call id.
   */
  callKey?: string;
}

/** A turn end's comparison of the host's record with the guard's checks: counts and keyed hashes only. */
export interface RuntimeSeenSummary {
  /** how much of the host's record was read: all of it, only its newest part, or nothing */
  read: 'whole' | 'tail' | 'unreadable';
  /** tool calls in what was read */
  hostCalls: number;
  /** of them, calls the guard checked */
  checked: number;
  /** calls that ran and that the guard never checked, first reported by this record */
  unseen: number;
  /** those calls by the kind of their tool (the host's tool table) */
  unseenKinds: Record<string, number>;
  /** their call keys, so a later turn end does not report them again */
  unseenKeys: string[];
  /** calls of tools the host runs without a hook (a blind spot no install can close), counted apart */
  noHook: number;
  /** calls made while the guard was off, not compared */
  whileOff: number;
}

interface RuntimeDecision {
  verdict: 'allow' | 'ask' | 'deny';
  outcome: 'allow' | 'context' | 'ask' | 'deny';
  family: Family | null;
  reasonCode: string;
  /** the other rules the action broke (decide()'s `also`): reason codes only, absent when none */
  alsoReasonCodes?: string[];
  /** what the adapter returned to the host: none, context_returned, ask_returned, or the adapter's deny label */
  response: string;
  hostEffect: 'unobserved';
}

export interface RuntimeEventV1 {
  schemaVersion: typeof RUNTIME_SCHEMA_VERSION;
  eventId: string;
  occurredAt: string;
  type: RuntimeEventType;
  sessionKey: string;
  /** the event came from a subagent / child session of this root */
  child: boolean;
  versions: { stopline: string; protocol: number; host: string | null };
  host: HostFamily;
  controlState: 'off' | 'observing' | 'armed';
  contract: RuntimeContractSummary;
  action?: RuntimeActionSummary;
  decision?: RuntimeDecision;
  /** for `contract` records: what changed it */
  change?: { via: 'directive' | 'correction' | 'host'; rule?: string };
  /** for `seen` records: the turn end's comparison */
  seen?: RuntimeSeenSummary;
  /** a check answered CONFINED: the unproven rules it broke and how many places of each kind the sandbox had (never which) */
  confined?: RuntimeConfinement;
  /**
   * A check a door recorded after the guard's answer (core/answer/controller.ts recordDoorStop):
   * the event id of the guard's record whose answer the door did not hand on (the call was stopped).
   */
  corrects?: string;
}

interface RuntimeConfinement extends PlanCounts {
  /** the reason codes that made it unproven (empty: none broken, its writes could not be placed) */
  rules: string[];
  /** protected paths that did not exist and could not be held (named after the run if created) */
  unguarded: number;
  /** the sandbox is built when the command runs (the Claude Code mod's door): the counts above are not known here and are 0 */
  deferred?: true;
  /** the host was handed the short form (a launcher script in the data folder) rather than the sandbox inline */
  launcher?: true;
}

export function newEventId(): string {
  return 'evt_' + randomHex(10);
}

/** Names like `Bash` or `WebFetch`: registry vocabulary, not user text. */
const CANONICAL_TOOL = /^[A-Z][A-Za-z]{1,31}$/;
/** Versions like `2.1.332` or `0.19.0`. */
const VERSION = /^\d{1,4}(\.\d{1,6}){0,3}$/;

function toolSummary(action: Action): Pick<RuntimeActionSummary, 'tool' | 'toolKey'> {
  const canonical = action.canonicalName && CANONICAL_TOOL.test(action.canonicalName) ? action.canonicalName : null;
  return { tool: canonical, toolKey: hashText('stopline-tool\0' + action.name).slice(0, 12) };
}

function contractSummary(c: Contract): RuntimeContractSummary {
  return {
    mode: c.mode,
    level: c.level,
    deps: c.deps,
    hash: c.hash,
    agentBudget: c.agents,
    agentsUsed: c.agentsUsed,
    allowedPathCount: c.files === null ? null : c.files.length,
    revision: c.revision,
    source: c.source,
  };
}

export function actionSummary(action: Action): RuntimeActionSummary {
  return {
    ...toolSummary(action),
    mutability: action.mutability,
    pathCount: action.affectedPaths === null ? null : action.affectedPaths.length,
    delegationCount: action.delegationCount,
    hashIntent: action.hashIntent,
    dependencyIntent: action.dependencyIntent,
    unboundedDelegation: action.unboundedDelegation,
  };
}

export function decisionSummary(d: Decision, response: string): RuntimeDecision {
  const r: RuntimeDecision = { verdict: d.verdict, outcome: d.outcome, family: d.family, reasonCode: d.reasonCode, response, hostEffect: 'unobserved' };
  if (d.also?.length) r.alsoReasonCodes = d.also.map((b) => b.reasonCode);
  return r;
}

interface BaseInputs {
  type: RuntimeEventType;
  sessionKey: string;
  child: boolean;
  host: { family: HostFamily; version?: string | undefined };
  state: ControlState;
  contract: Contract;
  now: number;
  eventId?: string;
}

export function buildEvent(b: BaseInputs): RuntimeEventV1 {
  return {
    schemaVersion: RUNTIME_SCHEMA_VERSION,
    eventId: b.eventId ?? newEventId(),
    occurredAt: new Date(b.now).toISOString(),
    type: b.type,
    sessionKey: b.sessionKey,
    child: b.child,
    versions: { stopline: STOPLINE_VERSION, protocol: 1, host: b.host.version && VERSION.test(b.host.version) ? b.host.version : null },
    host: b.host.family,
    controlState: b.state === 'ARMED' ? 'armed' : b.state === 'OBSERVING' ? 'observing' : 'off',
    contract: contractSummary(b.contract),
  };
}
