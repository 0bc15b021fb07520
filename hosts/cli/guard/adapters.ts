/**
 * The dialects `stopline guard` accepts, each as a CommandHookAdapter so one runner
 * (hosts/shared/runner.ts: fail mode, one answer, the person's hooks) serves them all:
 *
 * - native (default): stopline's own canonical form, the payload universal hooks receive:
 *   `{"hook_event_name":"tool:before","session_id","cwd","tool_name":"Bash","tool_input":{…}}`,
 *   with canonical tool names and Claude's field names (file_path, command, …);
 * - every host whose door is a command hook (command-hook-adapters.ts, rendered from the specs),
 *   and Hermes' shell hook: the host adapters themselves, unchanged (a Copilot payload names its
 *   event in hook_event_name, as its plugin form does);
 * - opencode, pi: their hook arguments as one JSON object (these hosts run stopline in
 *   process, so there is no stdin payload to copy); mapped with their adapters' own functions.
 *
 * Nothing here decides: the mapping is the adapters', the decision the core's.
 */
import { CANONICAL, CANONICAL_EVENTS } from '../../../core/canonical';
import type { Answer } from '../../../core/answer/outcome';
import { stampOf } from '../../../core/answer/outcome';
import type { ControlEvent, ControlEventKind } from '../../../core/protocol';
import { pathVars } from '../../../core/paths/self-paths';
import { claudeRegistry } from '../../../core/registry/claude';
import { opencodeRegistry } from '../../../core/registry/opencode';
import { kiloRegistry } from '../../../core/registry/kilo';
import { piRegistry } from '../../../core/registry/pi';
import { openclawRegistry } from '../../../core/registry/openclaw';
import { findToolEntry } from '../../../core/registry/lookup';
import { hookInput } from '../../../core/registry/hook-input';
import { eventRow, rowsFor } from '../../../core/registry/rows';
import type { EventEntry, HostRegistry } from '../../../core/registry/types';
import { hermesListenHandler, shellHookDoor } from '../../hermes/doors';
import type { ListenHandler } from '../../../core/hooks';
import * as oc from '../../opencode/adapter';
import * as pi from '../../pi/adapter';
import * as claw from '../../openclaw/adapter';
import type { CommandHookAdapter, HookEnv, MappedEvent, NativeEvent, Rendered, UserHooksSupport } from '../../shared/adapter';
import { SILENT } from '../../shared/adapter';
import { COMMAND_HOOK_ADAPTERS } from './command-hook-adapters';
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

/** A row the guard reads (its control is set). */
type GuardRow = EventEntry & { control: ControlEventKind };

/**
 * A dialect of the bridge as a command-hook adapter: its rows classify the event, `map` reads the
 * rows it knows. A bridge has nobody to ask (an ask is rendered as a deny) and answers by exit code.
 */
function bridgeAdapter(
  registry: HostRegistry,
  label: string,
  denyResponse: string,
  shape: HookShape,
  map: (entry: GuardRow, native: NativeEvent, payload: HookPayload, env: HookEnv) => MappedEvent,
): CommandHookAdapter {
  return {
    registry,
    label,
    denyResponse,
    toControlEvent: (payload, env) => {
      const native: NativeEvent = { name: String(payload.hook_event_name ?? '') };
      const c = classifyEvent(registry, native);
      return 'answer' in c ? c.answer : map(c.entry, native, payload, env);
    },
    canAsk: () => false,
    render: exitAnswer,
    renderUnidentifiedDeny: (message) => exitAnswer({ kind: 'deny', message }),
    userHooks: bridgeHooks(shape),
  };
}

/** An adapter function's TypeError (a payload field of the wrong type) is an input error. */
function typeErrorsAsInput<T>(read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof TypeError) throw new HookInputError(e.message);
    throw e;
  }
}

/** `action.before` or `action.after`, as a tool row's control says. */
function toolControl(entry: GuardRow): 'action.before' | 'action.after' {
  return entry.control === 'action.before' ? 'action.before' : 'action.after';
}

// ------------------------------------------------------------------- the person's hooks

/**
 * The person's hooks on a dialect no host runs here: every dialect of hook runs (none is
 * skipped), and the in-process hosts' arguments are turned into the Claude-shaped payload hooks
 * receive (`shape`). The project folder is the payload's cwd, else the event's, else the bridge's own.
 */
function bridgeHooks(shape: HookShape): UserHooksSupport {
  return {
    whereGuardIgnores: true,
    shape: (payload, event, cwd) => shape(payload, event, cwd),
    projectDir: (shaped, _env, cwd) => (typeof shaped.cwd === 'string' && shaped.cwd !== '' ? shaped.cwd : cwd),
    canonicalInput: (payload, event) => {
      const shaped = shape(payload, event, '');
      return isRecord(shaped.canonical_input) ? shaped.canonical_input : undefined;
    },
  };
}

/** A payload whose dialect lacks it in the shape universal hooks read (Claude's). */
type HookShape = (p: HookPayload, event: ControlEvent | undefined, cwd: string) => HookPayload;

/** stopline's own form has Claude's field names already; its tool input is canonical. */
const nativeHookShape: HookShape = (p) => ({ ...p, ...(isRecord(p.tool_input) ? { canonical_input: p.tool_input } : {}) });

/** The Claude-shaped payload of an in-process host's call: the event's session, folder and prompt, and the tool call when there is one. */
function callShape(event: ControlEvent | undefined, cwd: string, call?: { name: string; args: unknown; id: unknown; canonical: unknown }): HookPayload {
  const base: HookPayload = { session_id: event?.sessionId ?? '', cwd: event?.cwd ?? cwd };
  if (call) {
    base.tool_name = call.name;
    base.tool_input = call.args;
    base.tool_use_id = call.id;
    if (call.canonical) base.canonical_input = call.canonical;
  }
  if (event?.prompt) base.prompt = event.prompt.text;
  return base;
}

/** OpenCode's `{input, output}` hook arguments. */
const opencodeHookShape: HookShape = (p, event, cwd) => {
  const input = isRecord(p.input) ? p.input : {};
  const output = isRecord(p.output) ? p.output : {};
  if (typeof input.tool !== 'string') return callShape(event, cwd);
  const args = p.hook_event_name === 'tool.execute.after' ? input.args : output.args;
  return callShape(event, cwd, { name: input.tool, args, id: input.callID, canonical: oc.canonicalInput(input.tool, args) });
};

/** An `{event: {toolName, toolCallId, <args>}}` host (Pi names the arguments `input`, OpenClaw `params`). */
const eventHookShape =
  (registry: HostRegistry, argsKey: string): HookShape =>
  (p, event, cwd) => {
    const ev = isRecord(p.event) ? p.event : {};
    if (typeof ev.toolName !== 'string') return callShape(event, cwd);
    const args = ev[argsKey];
    const entry = findToolEntry(registry, ev.toolName);
    return callShape(event, cwd, { name: ev.toolName, args, id: ev.toolCallId, canonical: entry ? hookInput(entry, args) : undefined });
  };

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

function nativeToControlEvent(entry: GuardRow, native: NativeEvent, payload: HookPayload, env: HookEnv): MappedEvent {
  const host = commonHostInfo('guard', payload);
  // a bridge has nobody to ask: an ask is rendered as a deny
  host.hasHuman = false;
  const event = eventSkeleton({ kind: entry.control, payload, host, turnId: nonEmptyString(payload, 'turn_id') });
  if (entry.control === 'prompt.submit') {
    event.prompt = { text: promptText(payload), source: host.agentId ? 'subagent' : 'user' };
  } else if (entry.control === 'action.before' || entry.control === 'action.after') {
    return mapToolEvent(nativeRegistry, native, entry, event, payload, optionalString(payload, 'cwd'), env);
  }
  return mappedEvent(native, entry, event);
}

export const nativeAdapter = bridgeAdapter(nativeRegistry, 'stopline guard', 'guard_exit2_returned', nativeHookShape, nativeToControlEvent);

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

/**
 * OpenCode and the forks that load its plugin (core/registry/opencode-hosts.ts):
 * `{"hook":<a bridge-door row>,"input":{…},"output":{…},"cwd"?}`, read with the host's own rows.
 */
function opencodeToControlEvent(host: HostRegistry, entry: GuardRow, native: NativeEvent, payload: HookPayload, env: HookEnv): MappedEvent {
  const input = objectField(payload, 'input');
  const output = objectField(payload, 'output');
  const cwd = optionalString(payload, 'cwd');
  const version = optionalString(payload, 'version');
  if (native.name === 'chat.message') {
    const sessionId = nonEmptyString(input, 'sessionID');
    if (!sessionId) throw new HookInputError('input.sessionID: required, missing or empty');
    const message = oc.userMessage({ info: output.message, parts: output.parts });
    if (!message) return { kind: 'ignored', native, row: entry, why: 'not a user message with text the person wrote' };
    return mappedEvent(native, entry, oc.promptEvent({ sessionId, rootId: sessionId, certain: true }, message.text, { cwd, family: host.family, ...(version ? { version } : {}), ...(message.agent ? { agent: message.agent } : {}) }));
  }
  let call: oc.ToolCallInput;
  try {
    call = oc.toolCallInput(input);
  } catch (e) {
    throw new HookInputError(e instanceof Error ? e.message : String(e));
  }
  const args = entry.control === 'action.before' ? output.args : input.args;
  const ctx = { ancestry: { sessionId: call.sessionID, rootId: call.sessionID, certain: true }, cwd, env, vars: pathVars(env), registry: host, ...(version ? { version } : {}) };
  return mappedEvent(native, entry, oc.toolEvent(toolControl(entry), call, args, ctx), oc.toolCall(entry, call, args, ctx));
}

function opencodeFamilyBridge(base: HostRegistry): CommandHookAdapter {
  const registry = bridgeRegistry(base);
  return bridgeAdapter(registry, `stopline guard (${base.family})`, oc.DENY_RESPONSE, opencodeHookShape, (...a) => opencodeToControlEvent(registry, ...a));
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

function piToControlEvent(entry: GuardRow, native: NativeEvent, payload: HookPayload, env: HookEnv): MappedEvent {
  const ctx = piContext(objectField(payload, 'ctx'));
  const ev = objectField(payload, 'event');
  return typeErrorsAsInput(() => {
    if (entry.control === 'prompt.submit') {
      const input = pi.inputOf(ev);
      return mappedEvent(native, entry, pi.promptEvent(input.text, input.source, ctx));
    }
    const call = pi.toolCallOf(ev);
    const t = { env, vars: pathVars(env) };
    return mappedEvent(native, entry, pi.toolEvent(toolControl(entry), call, ctx, t), pi.toolCall(entry, call, ctx, t));
  });
}

const piBridge = bridgeAdapter(piBridgeRegistry, 'stopline guard (pi)', pi.DENY_RESPONSE, eventHookShape(piRegistry, 'input'), piToControlEvent);

/** OpenClaw: `{"hook":<a bridge-door row>,"event":{…},"ctx":{"sessionId"|"sessionKey","workspaceDir"?}}`, as the captured fixtures hold them. */
function openclawToControlEvent(entry: GuardRow, native: NativeEvent, payload: HookPayload, env: HookEnv): MappedEvent {
  const ctx = objectField(payload, 'ctx') as claw.OpenClawContext;
  const ev = objectField(payload, 'event');
  const cwd = claw.workspaceOf(ctx);
  return typeErrorsAsInput(() => {
    if (entry.control === 'prompt.submit') return mappedEvent(native, entry, claw.promptEvent(claw.promptTextOf(ev), ctx, cwd));
    const call = claw.toolCallOf(ev);
    const t = { env, vars: pathVars(env) };
    return mappedEvent(native, entry, claw.toolEvent(toolControl(entry), call, ctx, cwd, t), claw.toolCall(entry, call, cwd, t));
  });
}

const openclawBridge = bridgeAdapter(openclawRegistry, 'stopline guard (openclaw)', claw.DENY_RESPONSE, eventHookShape(openclawRegistry, 'params'), openclawToControlEvent);

/**
 * One dialect of the bridge: its adapter, where its payload keeps the event name (the bridge
 * copies it into `hook_event_name` for the in-process hosts, whose arguments have no such field)
 * and the host answer its harness would act on.
 */
interface GuardDoor {
  readonly adapter: CommandHookAdapter;
  /** where the dialect's payload keeps its event name, as the bridge reads it */
  eventName(payload: HookPayload): string | undefined;
  /** the message when `eventName` finds nothing (absent: the payload lacks hook_event_name) */
  readonly noEventName?: string;
  /** the host answer its harness would act on, as a JSON value (null: the host gets nothing, which lets the action run); undefined where the answer is the exit code (native; OpenCode's is a thrown Error) */
  hostOutput(rendered: Rendered, outcome: Answer | undefined): unknown;
  /** the host's own door for `stopline listen`, where its shim speaks another form than the bridge's (absent: the bridge's) */
  readonly resident?: (ctx: ResidentContext) => ListenHandler;
}

/** What a resident door is handed by `stopline listen`. */
type ResidentContext = Parameters<typeof hermesListenHandler>[0];

/** A command hook's payload names its event (where elsewhere, its adapter says); its answer is JSON on stdout. */
function commandHookDoor(adapter: CommandHookAdapter): GuardDoor {
  return {
    adapter,
    eventName: (payload) => {
      const named = adapter.nameEvent?.(payload, []) ?? payload;
      return typeof named.hook_event_name === 'string' ? named.hook_event_name : undefined;
    },
    hostOutput: (rendered) => {
      if (rendered.stdout.trim() === '') return null;
      try {
        return JSON.parse(rendered.stdout);
      } catch {
        return null;
      }
    },
  };
}

/** OpenCode and its forks: `hook` names the event (a tool call when absent); the answer is a thrown Error, the exit code here. */
function opencodeFamilyDoor(registry: HostRegistry): GuardDoor {
  return { adapter: opencodeFamilyBridge(registry), eventName: (payload) => (typeof payload.hook === 'string' ? payload.hook : 'tool.execute.before'), hostOutput: () => undefined };
}

/** A host whose plugin returns a block result (Pi, OpenClaw). */
const blockOutput = (block: (outcome: Answer) => unknown) => (_rendered: Rendered, outcome: Answer | undefined) => (outcome && (outcome.kind === 'deny' || outcome.kind === 'ask') ? block(outcome) : null);

const NATIVE_DOOR: GuardDoor = { ...commandHookDoor(nativeAdapter), hostOutput: () => undefined };

/** A command-hook door for each adapter of a keyed table. */
function commandHookDoors<K extends string>(adapters: Readonly<Record<K, CommandHookAdapter>>): Record<K, GuardDoor> {
  return Object.fromEntries(Object.entries<CommandHookAdapter>(adapters).map(([host, adapter]) => [host, commandHookDoor(adapter)])) as Record<K, GuardDoor>;
}

/** The bridge's dialect of each host, keyed by the spec's names, and stopline's own. */
export const GUARD_DOORS: Readonly<Record<GuardDialect, GuardDoor>> = {
  native: NATIVE_DOOR,
  // the Python shim of hosts/hermes dispatches the plugin's callbacks to its own door
  hermes: { ...commandHookDoor(shellHookDoor), resident: hermesListenHandler },
  opencode: opencodeFamilyDoor(opencodeRegistry),
  pi: {
    adapter: piBridge,
    eventName: (payload) => (isRecord(payload.event) && typeof payload.event.type === 'string' ? payload.event.type : undefined),
    noEventName: 'no "event.type": name the Pi event (tool_call, tool_result, input)',
    hostOutput: blockOutput(pi.blockResult),
  },
  kilo: opencodeFamilyDoor(kiloRegistry),
  openclaw: { adapter: openclawBridge, eventName: (payload) => (typeof payload.hook === 'string' ? payload.hook : undefined), hostOutput: blockOutput(claw.blockResult) },
  // every command-hook host reads its payloads with its own adapter, unchanged
  ...commandHookDoors(COMMAND_HOOK_ADAPTERS),
};

/** The event names a dialect accepts (its registry rows with the bridge door), for input checking and the error message. */
export function acceptedEvents(dialect: GuardDialect): readonly string[] {
  return rowsFor(ADAPTERS[dialect].registry.events, 'bridge').map((e) => e.native);
}

export const ADAPTERS: Readonly<Record<GuardDialect, CommandHookAdapter>> = Object.fromEntries(DIALECTS.map((d) => [d, GUARD_DOORS[d].adapter])) as Record<GuardDialect, CommandHookAdapter>;
