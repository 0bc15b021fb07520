/**
 * OpenClaw's dialect of `stopline guard`: `{"hook":<a bridge-door row>,"event":{…},"ctx":{"sessionId"|"sessionKey","workspaceDir"?}}`,
 * as the captured fixtures hold them; the answer is the block result the plugin would return.
 */
import { pathVars } from '../../core/paths/self-paths';
import { openclawRegistry } from '../../core/registry/openclaw';
import type { HookEnv, MappedEvent, NativeEvent } from '../shared/adapter';
import { mappedEvent } from '../shared/command-hook';
import { objectField } from '../shared/payload';
import type { HookPayload } from '../shared/payload';
import { blockOutput, bridgeAdapter, eventHookShape, toolControl, typeErrorsAsInput } from '../cli/guard/bridge';
import type { GuardDoor, GuardRow } from '../cli/guard/bridge';
import * as claw from './adapter';

function toControlEvent(entry: GuardRow, native: NativeEvent, payload: HookPayload, env: HookEnv): MappedEvent {
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

export const guardDoor: GuardDoor = {
  adapter: bridgeAdapter(openclawRegistry, 'stopline guard (openclaw)', claw.DENY_RESPONSE, eventHookShape(openclawRegistry, 'params'), toControlEvent),
  eventName: (payload) => (typeof payload.hook === 'string' ? payload.hook : undefined),
  hostOutput: blockOutput(claw.blockResult),
};
