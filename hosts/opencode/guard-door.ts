/**
 * OpenCode's dialect of `stopline guard`, shared with the forks that load its plugin
 * (core/registry/opencode-hosts.ts): `{"hook":<a bridge-door row>,"input":{…},"output":{…},"cwd"?}`,
 * read with the host's own rows. `hook` names the event (a tool call when absent); the answer is
 * a thrown Error, the exit code here.
 */
import { pathVars } from '../../core/paths/self-paths';
import { opencodeRegistry } from '../../core/registry/opencode';
import type { HostRegistry } from '../../core/registry/types';
import type { HookEnv, MappedEvent, NativeEvent } from '../shared/adapter';
import { mappedEvent } from '../shared/command-hook';
import { HookInputError, nonEmptyString, objectField, optionalString } from '../shared/payload';
import type { HookPayload } from '../shared/payload';
import { isRecord } from '../../core/check';
import { bridgeAdapter, bridgeRegistry, callShape, toolControl } from '../cli/guard/bridge';
import type { GuardDoor, GuardRow, HookShape } from '../cli/guard/bridge';
import * as oc from './adapter';

/** The `{input, output}` hook arguments in the shape the person's hooks read. */
const hookShape: HookShape = (p, event, cwd) => {
  const input = isRecord(p.input) ? p.input : {};
  const output = isRecord(p.output) ? p.output : {};
  if (typeof input.tool !== 'string') return callShape(event, cwd);
  const args = p.hook_event_name === 'tool.execute.after' ? input.args : output.args;
  return callShape(event, cwd, { name: input.tool, args, id: input.callID, canonical: oc.canonicalInput(input.tool, args) });
};

function toControlEvent(host: HostRegistry, entry: GuardRow, native: NativeEvent, payload: HookPayload, env: HookEnv): MappedEvent {
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

/** The dialect of OpenCode or a fork that loads its plugin, read with that host's rows. */
export function opencodeFamilyDoor(base: HostRegistry): GuardDoor {
  const registry = bridgeRegistry(base);
  const adapter = bridgeAdapter(registry, `stopline guard (${base.family})`, oc.DENY_RESPONSE, hookShape, (...a) => toControlEvent(registry, ...a));
  return { adapter, eventName: (payload) => (typeof payload.hook === 'string' ? payload.hook : 'tool.execute.before'), hostOutput: () => undefined };
}

export const guardDoor = opencodeFamilyDoor(opencodeRegistry);
