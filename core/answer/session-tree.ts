/**
 * Where an event's session sits in the host's session tree, when the host does not say it on
 * every event. Hermes runs a `delegate_task` child under a session id of its own and names its
 * parent only at `subagent_start`; the controller records that link then (core/state/lineage.ts
 * keeps it in the data folder, so it survives an evaluator restart, the one-shot fallback and the
 * one-process-per-call shell-hook door) and puts the root on every later event of the child:
 *
 * - a known child: `rootSessionId` = the root, so its tool calls are judged (and its agents
 *   counted) by the root's contract, and its prompts can never change it;
 * - a child whose parent was not named: marked as a subagent (`host.agentId`), so it can never
 *   arm or widen a contract; no root contract can be proven for it;
 * - a session with no record: a root session, as far as anyone can tell.
 */
import type { ControlEvent } from '../protocol';
import { closeBracket, forgetChild, lineageOf, openBracket, openBrackets, recordChild } from '../state/lineage';
import type { Lineage } from '../state/lineage';
import type { Store } from '../state/store';

/**
 * What a door tells the controller about the session tree:
 * - given (the default): the event's rootSessionId / host.agentId say it;
 * - recorded: the host names a child's parent only when the child starts (Hermes): stopline
 *   records the link and looks it up on every later event (`place` is placeInRecordedTree; the
 *   door hands it over so the hosts that never need the records do not bundle them);
 * - unreadable: the host's ancestry could not be read (OpenCode's parent chain): the session may
 *   be anyone's child, so the fail mode answers.
 */
export type SessionTree =
  | { kind: 'given' }
  | { kind: 'recorded'; place: (event: ControlEvent, dataDir: string, io?: Store) => ControlEvent }
  | { kind: 'unreadable'; why: string };

/** The tree Hermes doors declare. */
export const RECORDED_TREE: SessionTree = { kind: 'recorded', place: (event, dataDir, io) => placeInRecordedTree(event, dataDir, io) };

/**
 * Marks a child whose root could not be proven (it is a subagent of someone).
 * @keep UNKNOWN_PARENT_AGENT the agent id a child without a readable parent gets: the tests assert a session
 *   is placed under it
 */
export const UNKNOWN_PARENT_AGENT = 'unknown-parent';

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
 * Resolve (and at subagent start record, at subagent stop forget) where the event's session
 * sits, from the records in `dataDir`. On subagent events the host's `rootSessionId` is the
 * parent it named. File-system errors are thrown: the controller answers them with the fail mode.
 * @keep placeInRecordedTree the doors reach it through RECORDED_TREE; the tests call it with damaged and
 *   missing session files
 */
export function placeInRecordedTree(event: ControlEvent, dataDir: string, io?: Store): ControlEvent {
  const at = (lineage: Lineage): ControlEvent => placed(event, lineage);
  if (event.kind !== 'subagent.start' && event.kind !== 'subagent.stop') return at(lineageOf(dataDir, event.sessionId, io));

  const parent = event.rootSessionId ?? null;
  // no child id: the event is filed under the parent, whose own root is the one that counts
  if (parent !== null && parent === event.sessionId) return at(rootOf(dataDir, parent, io));
  if (event.kind === 'subagent.start') return at(recordChild(dataDir, event.sessionId, parent, io));
  const own = lineageOf(dataDir, event.sessionId, io);
  forgetChild(dataDir, event.sessionId, io);
  if (own.kind !== 'unknown') return at(own);
  return at(parent === null ? { kind: 'orphan' } : rootOf(dataDir, parent, io));
}

/** The root above a parent: the parent's own root when it is a child, else the parent. */
function rootOf(dataDir: string, parentId: string, io?: Store): Lineage {
  const above = lineageOf(dataDir, parentId, io);
  return above.kind === 'unknown' ? { kind: 'child', rootSessionId: parentId } : above;
}

/**
 * The tree of a host whose subagents run on their parent's session id, marked only by a subagent
 * start … stop bracket: a child's tool calls are the session's own and are judged by
 * its contract, but a prompt inside an open bracket (the child's task, the host's follow-ups to
 * it) is never the person. A session start or end closes every bracket a crash left open.
 */
export const BRACKETED_TREE: SessionTree = { kind: 'recorded', place: (event, dataDir, io) => placeInBracket(event, dataDir, io) };

function placeInBracket(event: ControlEvent, dataDir: string, io?: Store): ControlEvent {
  switch (event.kind) {
    case 'session.start':
    case 'session.end':
      closeBracket(dataDir, event.sessionId, true, io);
      return event;
    case 'subagent.start':
      openBracket(dataDir, event.sessionId, io);
      return event;
    case 'subagent.stop':
      closeBracket(dataDir, event.sessionId, false, io);
      return event;
    case 'prompt.submit':
      if (event.prompt && openBrackets(dataDir, event.sessionId, io) > 0) return { ...event, prompt: { ...event.prompt, source: 'subagent' } };
      return event;
    default:
      return event;
  }
}
