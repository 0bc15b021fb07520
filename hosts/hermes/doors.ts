/**
 * The two ways Hermes reaches stopline, both through the shared command-hook runner (fail mode,
 * the person's own hooks, one answer) and the same adapter:
 *
 * - the plugin door: `stopline.mjs listen`, started once by the Python shim; each hook call is one
 *   `{"op":"dispatch","host":"hermes","event":<hook>,"payload":{…kwargs,"cwd"}}` line and gets
 *   `{"ok":true,"output":<the callback's return value, or null>}` (core/hooks/listen.ts);
 * - the shell-hook door: `stopline.mjs` as a Hermes shell hook (`hooks:` in config.yaml), one
 *   process per call, JSON on stdin, the return value as JSON on stdout (nothing = no opinion).
 *
 * Every hook the shim registers is accepted, including those the guard ignores (their output is
 * null): an `ok:false` would make the shim report the guard as unavailable after every turn.
 */
import { CANONICAL, CANONICAL_EVENTS } from '../../core/canonical';
import type { CanonicalEvent } from '../../core/canonical';
import { loadHooksConfigFromSystem } from '../../core/hooks';
import type { Diagnostic, ListenHandler } from '../../core/hooks';
import { hermesRegistry } from '../../core/registry/hermes';
import { RECORDED_TREE } from '../../core/answer/session-tree';
import { recordDoorStop } from '../../core/answer/controller';
import type { CommandHookAdapter, Rendered } from '../shared/adapter';
import { eventEntry } from '../shared/adapter';
import { answerHook } from '../shared/runner';
import type { HookContext } from '../shared/runner';
import { hermesAdapter, hermesShellHookAdapter } from './adapter';

/** Hermes names a child's parent only at subagent_start: the controller records and reads the tree. */
function withSessionTree(adapter: CommandHookAdapter): CommandHookAdapter {
  return { ...adapter, tree: RECORDED_TREE };
}

/** @keep pluginDoor the door the plugin shim calls: the property and stress suites drive it */
export const pluginDoor: CommandHookAdapter = withSessionTree(hermesAdapter);
export const shellHookDoor: CommandHookAdapter = withSessionTree(hermesShellHookAdapter);

/**
 * The canonical name the listen loop files a Hermes hook under. The handler below dispatches by
 * the hook's own name, so this only decides whether the line is accepted: a registry row without
 * a canonical event (on_session_end, the per-turn marker) is filed under the canonical event of
 * its guard kind.
 * @keep listenCanonical what the listen loop accepts: the tests hold it to every registered hook
 */
export function listenCanonical(hook: string): CanonicalEvent | null {
  const row = eventEntry(hermesRegistry, hook);
  if (!row) return null;
  if (row.canonical) return row.canonical;
  return CANONICAL_EVENTS.find((name) => row.control !== null && CANONICAL[name].controlKind === row.control) ?? null;
}

/** The Hermes return value carried by a rendered answer (null = the callback returns None). */
function outputOf(rendered: Rendered): unknown {
  return rendered.stdout.trim() === '' ? null : JSON.parse(rendered.stdout);
}

interface ListenContext extends HookContext {
  /** where stderr lines go (the shim passes on the ones that start with `stopline:`) */
  log(text: string): void;
}

/**
 * The shim's word that it stopped a confined call the guard had let run (Hermes's approval check
 * would have asked the person about the command line): the pre_tool_call's own keyword arguments
 * and `stopline_corrects`, the id of the guard's record. Recorded as a check of its own
 * (core/answer/controller.ts recordDoorStop); answered null.
 */
const SHIM_STOPPED_EVENT = 'stopline_shim_stopped';

function recordShimStop(payload: Record<string, unknown>, ctx: ListenContext): void {
  const corrects = payload.stopline_corrects;
  if (typeof corrects !== 'string') return;
  try {
    const mapped = pluginDoor.toControlEvent({ ...payload, hook_event_name: 'pre_tool_call' }, ctx.env);
    if (mapped.kind !== 'event') return;
    const cwd = mapped.event.cwd ?? ctx.cwd;
    const opts = { env: ctx.env, cwd, tree: RECORDED_TREE, ...(pluginDoor.denyResponse ? { denyResponse: pluginDoor.denyResponse } : {}), ...(ctx.now ? { now: ctx.now } : {}) };
    if (recordDoorStop(mapped.event, opts, { corrects, reasonCode: 'GUARD_UNAVAILABLE' }) === undefined) ctx.log('stopline: the stop of a confined call was not recorded in the evidence');
  } catch (err) {
    ctx.log(`stopline: the stop of a confined call was not recorded in the evidence (${err instanceof Error ? err.message : String(err)})`);
  }
}

export function hermesListenHandler(ctx: ListenContext): ListenHandler {
  return {
    resolveEvent: (name, host) => (host === undefined || host === 'hermes' ? listenCanonical(name === SHIM_STOPPED_EVENT ? 'pre_tool_call' : name) : null),
    async dispatch(req) {
      if (req.host !== undefined && req.host !== 'hermes') throw new Error(`this is the Hermes evaluator; it cannot answer for host "${req.host}"`);
      if (req.event === SHIM_STOPPED_EVENT) {
        recordShimStop(req.payload, ctx);
        return { output: null };
      }
      const text = JSON.stringify({ ...req.payload, hook_event_name: req.event });
      const rendered = await answerHook(pluginDoor, text, ctx);
      if (rendered.stderr) ctx.log(rendered.stderr);
      return { output: outputOf(rendered) };
    },
    reload() {
      // nothing is cached between calls (each one reads the config afresh); report what a load finds
      const config = loadHooksConfigFromSystem(ctx.cwd, { env: ctx.env, skipDialects: ['hermes'] });
      return { diagnostics: config.diagnostics as Diagnostic[] };
    },
  };
}
