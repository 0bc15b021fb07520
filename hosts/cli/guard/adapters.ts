/**
 * The dialects `stopline guard` accepts, each as a CommandHookAdapter so one runner
 * (hosts/shared/runner.ts: fail mode, one answer, the person's hooks) serves them all:
 *
 * - native (default): stopline's own canonical form, the payload universal hooks receive:
 *   `{"hook_event_name":"tool:before","session_id","cwd","tool_name":"Bash","tool_input":{…}}`,
 *   with canonical tool names and Claude's field names (file_path, command, …);
 * - claude, codex, hermes, gemini, qwen, copilot, droid, kimi, openhands, vibe: the host adapters themselves, unchanged
 *   (a Copilot payload names its event in hook_event_name, as its plugin form does);
 * - opencode, pi: their hook arguments as one JSON object (these hosts run stopline in
 *   process, so there is no stdin payload to copy); mapped with their adapters' own functions.
 *
 * Nothing here decides: the mapping is the adapters', the decision the core's.
 */
import { CANONICAL, CANONICAL_EVENTS } from '../../../core/canonical';
import type { Answer } from '../../../core/answer/outcome';
import { stampOf } from '../../../core/answer/outcome';
import type { ControlEvent, HostFamily } from '../../../core/protocol';
import { pathVars } from '../../../core/paths/self-paths';
import { claudeRegistry } from '../../../core/registry/claude';
import { opencodeRegistry } from '../../../core/registry/opencode';
import { OPENCODE_FORKS } from '../../../core/registry/opencode-hosts';
import { kiloRegistry } from '../../../core/registry/kilo';
import { piRegistry } from '../../../core/registry/pi';
import { openclawRegistry } from '../../../core/registry/openclaw';
import { findToolEntry } from '../../../core/registry/lookup';
import { hookInput } from '../../../core/registry/hook-input';
import { eventRow, rowsFor } from '../../../core/registry/rows';
import type { EventEntry, HostRegistry } from '../../../core/registry/types';
import { claudeAdapter } from '../../claude/adapter';
import { codexAdapter } from '../../codex/adapter';
import { copilotAdapter } from '../../copilot/adapter';
import { clineAdapter } from '../../cline/adapter';
import { droidAdapter } from '../../droid/adapter';
import { kimiAdapter } from '../../kimi/adapter';
import { vibeAdapter } from '../../vibe/adapter';
import { geminiAdapter } from '../../gemini/adapter';
import { shellHookDoor } from '../../hermes/doors';
import * as oc from '../../opencode/adapter';
import * as pi from '../../pi/adapter';
import * as claw from '../../openclaw/adapter';
import { qwenAdapter } from '../../qwen/adapter';
import { openhandsAdapter } from '../../openhands/adapter';
import type { CommandHookAdapter, HookEnv, MappedEvent, NativeEvent, Rendered, UserHooksSupport } from '../../shared/adapter';
import { SILENT } from '../../shared/adapter';
import { HOST_NAMES, type HostName } from '../../../core/registry/host-specs';
import { classifyEvent, commonHostInfo, eventSkeleton, mappedEvent, promptText, mapToolEvent } from '../../shared/command-hook';
import { HookInputError, nonEmptyString, objectField, optionalString } from '../../shared/payload';
import type { HookPayload } from '../../shared/payload';
import { isRecord } from '../../../core/check';

/** the payload dialects the bridge reads: stopline's own form, and every host's (core/registry/host-specs.ts) */
export const DIALECTS: readonly GuardDialect[] = ['native', ...HOST_NAMES];
export type GuardDialect = 'native' | HostName;

export function isGuardDialect(name: string): name is GuardDialect {
  return (DIALECTS as readonly string[]).includes(name);
}

/** A deny is exit 2 with the stamp on stderr: the guard's own answer form. */
function exitAnswer(outcome: Pick<Answer, 'kind' | 'message' | 'reasonCode'>): Rendered {
  if (outcome.kind !== 'deny' && outcome.kind !== 'ask') return SILENT;
  const stamp = stampOf(outcome);
  return { stdout: '', stderr: stamp.endsWith('\n') ? stamp : `${stamp}\n`, exitCode: 2 };
}

// ------------------------------------------------------------------- the person's hooks

/**
 * The person's hooks on a dialect no host runs here: every dialect of hook runs (none is
 * skipped), and the in-process hosts' arguments are turned into the Claude-shaped payload hooks
 * receive. The project folder is the payload's cwd, else the event's, else the bridge's own.
 */
function bridgeHooks(dialect: InProcessDialect): UserHooksSupport {
  return {
    whereGuardIgnores: true,
    shape: (payload, event, cwd) => hookPayload(dialect, payload, event, cwd),
    projectDir: (shaped, _env, cwd) => (typeof shaped.cwd === 'string' && shaped.cwd !== '' ? shaped.cwd : cwd),
    canonicalInput: (payload, event) => {
      const shaped = hookPayload(dialect, payload, event, '');
      return isRecord(shaped.canonical_input) ? shaped.canonical_input : undefined;
    },
  };
}

/** The payload in the shape universal hooks read (Claude's), for the dialects that lack it. */
/** The dialects whose payload is a host's in-process arguments (and stopline's own). */
type InProcessDialect = 'native' | 'opencode' | 'pi' | 'openclaw';

function hookPayload(dialect: InProcessDialect, p: HookPayload, event: ControlEvent | undefined, cwd: string): HookPayload {
  if (dialect === 'native') return { ...p, ...(isRecord(p.tool_input) ? { canonical_input: p.tool_input } : {}) };
  const base: HookPayload = { session_id: event?.sessionId ?? '', cwd: event?.cwd ?? cwd };
  if (dialect === 'opencode') {
    const input = isRecord(p.input) ? p.input : {};
    const output = isRecord(p.output) ? p.output : {};
    const tool = typeof input.tool === 'string' ? input.tool : undefined;
    const args = p.hook_event_name === 'tool.execute.after' ? input.args : output.args;
    if (tool) {
      base.tool_name = tool;
      base.tool_input = args;
      base.tool_use_id = input.callID;
      const c = oc.canonicalInput(tool, args);
      if (c) base.canonical_input = c;
    }
    if (event?.prompt) base.prompt = event.prompt.text;
    return base;
  }
  const ev = isRecord(p.event) ? p.event : {};
  if (typeof ev.toolName === 'string') {
    // Pi names the tool's arguments `input`, OpenClaw `params`
    const args = dialect === 'openclaw' ? ev.params : ev.input;
    base.tool_name = ev.toolName;
    base.tool_input = args;
    base.tool_use_id = ev.toolCallId;
    const entry = findToolEntry(dialect === 'openclaw' ? openclawRegistry : piRegistry, ev.toolName);
    const c = entry ? hookInput(entry, args) : undefined;
    if (c) base.canonical_input = c;
  }
  if (event?.prompt) base.prompt = event.prompt.text;
  return base;
}

// ----------------------------------------------------------------------------------- native

/**
 * The native event table: every canonical event under its own name. Tool names are the
 * canonical ones (Bash, Write, Edit, MultiEdit, Read, …) with Claude's input fields, which is
 * Claude Code's tool table; an unlisted tool name is unknown (never a silent read).
 */
export const nativeRegistry: HostRegistry = {
  family: 'guard',
  displayName: 'stopline guard (native)',
  verifiedVersion: '1',
  events: CANONICAL_EVENTS.map(
    (name): EventEntry => eventRow(name, name, CANONICAL[name].controlKind, CANONICAL[name].blockable, { plugin: true }),
  ),
  tools: claudeRegistry.tools,
  toolPatterns: claudeRegistry.toolPatterns,
  deny: 'guard-exit2',
  ask: 'deny',
  context: 'the "context" field of the one JSON line on stdout',
  unsupported: [],
  blindSpots: [],
  callRecord: { status: 'none', why: 'the calling harness keeps its own record; the bridge is handed one event at a time' },
};

function nativeToControlEvent(payload: HookPayload, env: HookEnv): MappedEvent {
  const native: NativeEvent = { name: String(payload.hook_event_name ?? '') };
  const c = classifyEvent(nativeRegistry, native);
  if ('answer' in c) return c.answer;
  const host = commonHostInfo('guard', payload);
  // a bridge has nobody to ask: an ask is rendered as a deny
  host.hasHuman = false;
  const event = eventSkeleton({ kind: c.entry.control, payload, host, turnId: nonEmptyString(payload, 'turn_id') });
  if (c.entry.control === 'prompt.submit') {
    event.prompt = { text: promptText(payload), source: host.agentId ? 'subagent' : 'user' };
  } else if (c.entry.control === 'action.before' || c.entry.control === 'action.after') {
    return mapToolEvent(nativeRegistry, native, c.entry, event, payload, optionalString(payload, 'cwd'), env);
  }
  return mappedEvent(native, c.entry, event);
}

export const nativeAdapter: CommandHookAdapter = {
  registry: nativeRegistry,
  label: 'stopline guard',
  denyResponse: 'guard_exit2_returned',
  toControlEvent: nativeToControlEvent,
  canAsk: () => false,
  render: exitAnswer,
  renderUnidentifiedDeny: (message) => exitAnswer({ kind: 'deny', message }),
  userHooks: bridgeHooks('native'),
};

export function nativeEventNames(): readonly string[] {
  return CANONICAL_EVENTS;
}

// ------------------------------------------------------------------------- in-process hosts

/**
 * The host's registry as the bridge reads it: each row with the bridge door takes its `bridgeAs`
 * reading where it has one. The bridge gets the whole hook call as one payload, where the
 * in-process plugin may read the same event differently (OpenCode's plugin reads the person's
 * words back from message.part.updated; the bridge has chat.message with the parts in it).
 */
function bridgeRegistry(base: HostRegistry): HostRegistry {
  return { ...base, events: base.events.map((e) => (e.bridgeAs && e.doors.includes('bridge') ? { ...e, ...e.bridgeAs } : e)) };
}

function recordField(payload: HookPayload, key: string): HookPayload {
  return objectField(payload, key);
}

/**
 * OpenCode and the forks that load its plugin (core/registry/opencode-hosts.ts):
 * `{"hook":<a bridge-door row>,"input":{…},"output":{…},"cwd"?}`, read with the host's own rows.
 */
function opencodeToControlEvent(host: HostRegistry, payload: HookPayload, env: HookEnv): MappedEvent {
  const native: NativeEvent = { name: String(payload.hook_event_name ?? '') };
  const c = classifyEvent(host, native);
  if ('answer' in c) return c.answer;
  const input = recordField(payload, 'input');
  const output = recordField(payload, 'output');
  const cwd = optionalString(payload, 'cwd');
  const version = optionalString(payload, 'version');
  if (native.name === 'chat.message') {
    const sessionId = nonEmptyString(input, 'sessionID');
    if (!sessionId) throw new HookInputError('input.sessionID: required, missing or empty');
    const message = oc.userMessage({ info: output.message, parts: output.parts });
    if (!message) return { kind: 'ignored', native, row: c.entry, why: 'not a user message with text the person wrote' };
    return mappedEvent(native, c.entry, oc.promptEvent({ sessionId, rootId: sessionId, certain: true }, message.text, { cwd, family: host.family, ...(version ? { version } : {}), ...(message.agent ? { agent: message.agent } : {}) }));
  }
  let call: oc.ToolCallInput;
  try {
    call = oc.toolCallInput(input);
  } catch (e) {
    throw new HookInputError(e instanceof Error ? e.message : String(e));
  }
  const before = c.entry.control === 'action.before';
  const args = before ? output.args : input.args;
  const ctx = { ancestry: { sessionId: call.sessionID, rootId: call.sessionID, certain: true }, cwd, env, vars: pathVars(env), registry: host, ...(version ? { version } : {}) };
  return mappedEvent(native, c.entry, oc.toolEvent(before ? 'action.before' : 'action.after', call, args, ctx), oc.toolCall(c.entry, call, args, ctx));
}

function opencodeFamilyBridge(base: HostRegistry): CommandHookAdapter {
  const registry = bridgeRegistry(base);
  return {
    registry,
    label: `stopline guard (${base.family})`,
    denyResponse: oc.DENY_RESPONSE,
    toControlEvent: (payload, env) => opencodeToControlEvent(registry, payload, env),
    canAsk: () => false,
    render: exitAnswer,
    renderUnidentifiedDeny: (message) => exitAnswer({ kind: 'deny', message }),
    userHooks: bridgeHooks('opencode'),
  };
}

export const opencodeBridge: CommandHookAdapter = opencodeFamilyBridge(opencodeRegistry);

/** The bridge of each OpenCode fork, keyed by its family. */
const OPENCODE_FORK_BRIDGES = new Map(OPENCODE_FORKS.map((r) => [r.family, opencodeFamilyBridge(r)] as const));

/** Whether a dialect's payloads are OpenCode's plugin arguments (OpenCode or a fork of it). */
function opencodeShaped(dialect: GuardDialect): boolean {
  return dialect === 'opencode' || OPENCODE_FORK_BRIDGES.has(dialect as HostFamily);
}

/** Pi: `{"event":{"type":<a bridge-door row>,…},"ctx":{"sessionId","cwd","hasUI"?,"mode"?}}`, as the captured fixtures hold them. */
const piBridgeRegistry = bridgeRegistry(piRegistry);

function piContext(ctx: HookPayload): pi.PiContext {
  const sessionId = nonEmptyString(ctx, 'sessionId');
  if (!sessionId) throw new HookInputError('ctx.sessionId: required, missing or empty');
  const out: pi.PiContext = { sessionManager: { getSessionId: () => sessionId }, hasUI: false };
  const cwd = nonEmptyString(ctx, 'cwd');
  if (cwd) out.cwd = cwd;
  const mode = nonEmptyString(ctx, 'mode');
  if (mode) out.mode = mode;
  return out;
}

function piToControlEvent(payload: HookPayload, env: HookEnv): MappedEvent {
  const native: NativeEvent = { name: String(payload.hook_event_name ?? '') };
  const c = classifyEvent(piBridgeRegistry, native);
  if ('answer' in c) return c.answer;
  const ctx = piContext(recordField(payload, 'ctx'));
  const ev = recordField(payload, 'event');
  try {
    if (c.entry.control === 'prompt.submit') {
      const input = pi.inputOf(ev);
      return mappedEvent(native, c.entry, pi.promptEvent(input.text, input.source, ctx));
    }
    const call = pi.toolCallOf(ev);
    const t = { env, vars: pathVars(env) };
    const before = c.entry.control === 'action.before';
    return mappedEvent(native, c.entry, pi.toolEvent(before ? 'action.before' : 'action.after', call, ctx, t), pi.toolCall(c.entry, call, ctx, t));
  } catch (e) {
    if (e instanceof TypeError) throw new HookInputError(e.message);
    throw e;
  }
}

export const piBridge: CommandHookAdapter = {
  registry: piBridgeRegistry,
  label: 'stopline guard (pi)',
  denyResponse: pi.DENY_RESPONSE,
  toControlEvent: piToControlEvent,
  canAsk: () => false,
  render: exitAnswer,
  renderUnidentifiedDeny: (message) => exitAnswer({ kind: 'deny', message }),
  userHooks: bridgeHooks('pi'),
};

/** OpenClaw: `{"hook":<a bridge-door row>,"event":{…},"ctx":{"sessionId"|"sessionKey","workspaceDir"?}}`, as the captured fixtures hold them. */
function openclawToControlEvent(payload: HookPayload, env: HookEnv): MappedEvent {
  const native: NativeEvent = { name: String(payload.hook_event_name ?? '') };
  const c = classifyEvent(openclawRegistry, native);
  if ('answer' in c) return c.answer;
  const ctx = recordField(payload, 'ctx') as claw.OpenClawContext;
  const ev = recordField(payload, 'event');
  const cwd = claw.workspaceOf(ctx);
  try {
    if (c.entry.control === 'prompt.submit') return mappedEvent(native, c.entry, claw.promptEvent(claw.promptTextOf(ev), ctx, cwd));
    const call = claw.toolCallOf(ev);
    const t = { env, vars: pathVars(env) };
    const before = c.entry.control === 'action.before';
    return mappedEvent(native, c.entry, claw.toolEvent(before ? 'action.before' : 'action.after', call, ctx, cwd, t), claw.toolCall(c.entry, call, cwd, t));
  } catch (e) {
    if (e instanceof TypeError) throw new HookInputError(e.message);
    throw e;
  }
}

export const openclawBridge: CommandHookAdapter = {
  registry: openclawRegistry,
  label: 'stopline guard (openclaw)',
  denyResponse: claw.DENY_RESPONSE,
  toControlEvent: openclawToControlEvent,
  canAsk: () => false,
  render: exitAnswer,
  renderUnidentifiedDeny: (message) => exitAnswer({ kind: 'deny', message }),
  userHooks: bridgeHooks('openclaw'),
};

/**
 * Where each dialect's payload keeps its event name; the bridge copies it into
 * `hook_event_name` for the in-process hosts, whose arguments have no such field.
 */
export function eventNameOf(dialect: GuardDialect, payload: HookPayload): string | undefined {
  if (opencodeShaped(dialect)) return typeof payload.hook === 'string' ? payload.hook : 'tool.execute.before';
  if (dialect === 'openclaw') return typeof payload.hook === 'string' ? payload.hook : undefined;
  if (dialect === 'pi') {
    const ev = payload.event;
    return isRecord(ev) && typeof ev.type === 'string' ? ev.type : undefined;
  }
  // a host whose payload names its event elsewhere says where through its adapter
  const named = ADAPTERS[dialect].nameEvent?.(payload, []) ?? payload;
  return typeof named.hook_event_name === 'string' ? named.hook_event_name : undefined;
}

/**
 * The host answer a dialect's harness would act on, for the hosts whose answer is a JSON value
 * (null: the host gets nothing, which lets the action run). undefined for native and OpenCode,
 * whose answer is the exit code (OpenCode's is a thrown Error).
 */
export function hostOutputOf(dialect: GuardDialect, rendered: Rendered, outcome: Answer | undefined): unknown {
  // every host adapter answers with JSON on stdout but the in-process ones and the native dialect
  if (dialect !== 'native' && !opencodeShaped(dialect) && dialect !== 'pi' && dialect !== 'openclaw') {
    if (rendered.stdout.trim() === '') return null;
    try {
      return JSON.parse(rendered.stdout);
    } catch {
      return null;
    }
  }
  if (dialect === 'pi') return outcome && (outcome.kind === 'deny' || outcome.kind === 'ask') ? pi.blockResult(outcome) : null;
  if (dialect === 'openclaw') return outcome && (outcome.kind === 'deny' || outcome.kind === 'ask') ? claw.blockResult(outcome) : null;
  return undefined;
}

/** The event names a dialect accepts (its registry rows with the bridge door), for input checking and the error message. */
export function acceptedEvents(dialect: GuardDialect): readonly string[] {
  return rowsFor(ADAPTERS[dialect].registry.events, 'bridge').map((e) => e.native);
}

export const ADAPTERS: Readonly<Record<GuardDialect, CommandHookAdapter>> = {
  native: nativeAdapter,
  claude: claudeAdapter,
  codex: codexAdapter,
  hermes: shellHookDoor,
  opencode: opencodeBridge,
  pi: piBridge,
  gemini: geminiAdapter,
  qwen: qwenAdapter,
  copilot: copilotAdapter,
  droid: droidAdapter,
  cline: clineAdapter,
  kimi: kimiAdapter,
  kilo: OPENCODE_FORK_BRIDGES.get(kiloRegistry.family)!,
  openhands: openhandsAdapter,
  openclaw: openclawBridge,
  vibe: vibeAdapter,
};
