/**
 * `delegate_task` children run under a session id of their own, and only `subagent_start` names
 * their parent. This step, between the adapter's mapping and the core, records that link at
 * `subagent_start` (core/state/lineage.ts keeps it in the data folder, so it survives an
 * evaluator restart, the one-shot fallback and the one-process-per-call shell-hook door) and puts
 * the root on every later event of the child:
 *
 * - a known child: `rootSessionId` = the root, so its tool calls are judged (and its agents
 *   counted) by the root's contract, and its prompts can never change it;
 * - a child whose parent was not named: marked as a subagent (`host.agentId`), so it can never
 *   arm or widen a contract; no root contract can be proven for it;
 * - a session with no record: a root session, as far as anyone can tell.
 */
import { loadConfig } from '../../core/config/config';
import type { ControlEvent } from '../../core/protocol';
import { resolveDataDir } from '../../core/state/datadir';
import { forgetChild, lineageOf, recordChild } from '../../core/state/lineage';
import type { Lineage } from '../../core/state/lineage';
import type { HookEnv, MappedEvent } from '../shared/adapter';

/** Marks a child whose root could not be proven (it is a subagent of someone). */
export const UNKNOWN_PARENT_AGENT = 'unknown-parent';

/**
 * The data folder the core will use for this event (same inputs as the controller). Both
 * readers take the env as it is (neither changes it), and loadConfig answers from its cache
 * while stopline.json is unchanged, so the controller's own read of the same files that
 * follows costs a stat per file.
 */
function dataDirFor(event: ControlEvent, env: HookEnv): string {
  const cwd = event.cwd ?? event.action?.cwd;
  const { config } = loadConfig(env, cwd);
  return resolveDataDir(env, { configDataDir: config.dataDir, hostDataDir: event.host.dataDir });
}

function placed(event: ControlEvent, lineage: Lineage): ControlEvent {
  if (lineage.kind === 'unknown') return event;
  const out: ControlEvent = { ...event, host: { ...event.host } };
  if (lineage.kind === 'child') {
    out.rootSessionId = lineage.rootSessionId;
  } else {
    delete out.rootSessionId;
    if (!out.host.agentId) out.host.agentId = UNKNOWN_PARENT_AGENT;
  }
  // whatever a child's prompt says, it is not the person speaking
  if (out.prompt) out.prompt = { ...out.prompt, source: 'subagent' };
  return out;
}

/**
 * Resolve (and at subagent_start record) where the event's session sits. File-system errors are
 * thrown: the runner answers them with the fail mode, like any other guard failure.
 */
export function withLineage(mapped: MappedEvent, env: HookEnv): MappedEvent {
  if (mapped.kind !== 'event') return mapped;
  const event = mapped.event;
  const dataDir = dataDirFor(event, env);
  const at = (lineage: Lineage): MappedEvent => ({ ...mapped, event: placed(event, lineage) });
  if (event.kind !== 'subagent.start' && event.kind !== 'subagent.stop') return at(lineageOf(dataDir, event.sessionId));

  const parent = event.rootSessionId ?? null;
  // no child id: the event is filed under the parent, whose own root is the one that counts
  if (parent !== null && parent === event.sessionId) return at(rootOf(dataDir, parent));
  if (event.kind === 'subagent.start') return at(recordChild(dataDir, event.sessionId, parent));
  const own = lineageOf(dataDir, event.sessionId);
  forgetChild(dataDir, event.sessionId);
  if (own.kind !== 'unknown') return at(own);
  return at(parent === null ? { kind: 'orphan' } : rootOf(dataDir, parent));
}

/** The root above a parent: the parent's own root when it is a child, else the parent. */
function rootOf(dataDir: string, parentId: string): Lineage {
  const above = lineageOf(dataDir, parentId);
  return above.kind === 'unknown' ? { kind: 'child', rootSessionId: parentId } : above;
}
