/**
 * Pi's dialect of `stopline guard`: `{"event":{"type":<a bridge-door row>,…},"ctx":{"sessionId","cwd","hasUI"?,"mode"?}}`,
 * as the captured fixtures hold them; the answer is the block result Pi's extension would return.
 */
import { pathVars } from '../../core/paths/self-paths';
import { piRegistry } from '../../core/registry/pi';
import type { HookEnv, MappedEvent, NativeEvent } from '../shared/adapter';
import { mappedEvent } from '../shared/command-hook';
import { HookInputError, nonEmptyString, objectField } from '../shared/payload';
import type { HookPayload } from '../shared/payload';
import { isRecord } from '../../core/check';
import { blockOutput, bridgeAdapter, bridgeRegistry, eventHookShape, toolControl, typeErrorsAsInput } from '../cli/guard/bridge';
import type { GuardDoor, GuardRow } from '../cli/guard/bridge';
import * as pi from './adapter';

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

function toControlEvent(entry: GuardRow, native: NativeEvent, payload: HookPayload, env: HookEnv): MappedEvent {
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

export const guardDoor: GuardDoor = {
  adapter: bridgeAdapter(bridgeRegistry(piRegistry), 'stopline guard (pi)', pi.DENY_RESPONSE, eventHookShape(piRegistry, 'input'), toControlEvent),
  eventName: (payload) => (isRecord(payload.event) && typeof payload.event.type === 'string' ? payload.event.type : undefined),
  noEventName: 'no "event.type": name the Pi event (tool_call, tool_result, input)',
  hostOutput: blockOutput(pi.blockResult),
};
