/**
 * The ten canonical events. This table is the single source the adapters,
 * the universal-hooks layer, the docs and the conformance tests read.
 */
import type { ControlEventKind } from './protocol';

export const CANONICAL_EVENTS = [
  'session:start',
  'session:end',
  'prompt:submit',
  'tool:before',
  'tool:after',
  'turn:stop',
  'subagent:start',
  'subagent:end',
  'notice',
  'compact:before',
] as const;
export type CanonicalEvent = (typeof CANONICAL_EVENTS)[number];

/** What a matcher on this event is compared against; `null` = the event has no subject. */
type MatcherSubject = 'source' | 'reason' | 'tool' | 'agent_type' | null;

interface CanonicalEventInfo {
  name: CanonicalEvent;
  /** a deny from a handler really prevents the action */
  blockable: boolean;
  /** a handler's plain-text stdout becomes context */
  contextFromStdout: boolean;
  subject: MatcherSubject;
  /** the ControlEvent kind the guard core sees for it, or null when the guard ignores it */
  controlKind: ControlEventKind | null;
  meaning: string;
}

export const CANONICAL: Readonly<Record<CanonicalEvent, CanonicalEventInfo>> = {
  'session:start': { name: 'session:start', blockable: false, contextFromStdout: true, subject: 'source', controlKind: 'session.start', meaning: 'a session starts or resumes' },
  'session:end': { name: 'session:end', blockable: false, contextFromStdout: false, subject: 'reason', controlKind: 'session.end', meaning: 'a session ends' },
  'prompt:submit': { name: 'prompt:submit', blockable: true, contextFromStdout: true, subject: null, controlKind: 'prompt.submit', meaning: 'the user submitted a prompt, not yet processed' },
  'tool:before': { name: 'tool:before', blockable: true, contextFromStdout: false, subject: 'tool', controlKind: 'action.before', meaning: 'before a tool runs' },
  'tool:after': { name: 'tool:after', blockable: false, contextFromStdout: false, subject: 'tool', controlKind: 'action.after', meaning: 'after a tool ran (success or failure)' },
  'turn:stop': { name: 'turn:stop', blockable: true, contextFromStdout: false, subject: null, controlKind: 'turn.stop', meaning: "the model's turn wants to end" },
  'subagent:start': { name: 'subagent:start', blockable: false, contextFromStdout: true, subject: 'agent_type', controlKind: 'subagent.start', meaning: 'a subagent starts' },
  'subagent:end': { name: 'subagent:end', blockable: false, contextFromStdout: false, subject: 'agent_type', controlKind: 'subagent.stop', meaning: 'a subagent ends' },
  notice: { name: 'notice', blockable: false, contextFromStdout: false, subject: null, controlKind: null, meaning: 'a notification' },
  'compact:before': { name: 'compact:before', blockable: false, contextFromStdout: true, subject: null, controlKind: null, meaning: 'before the context is compacted' },
};

export function isCanonicalEvent(name: string): name is CanonicalEvent {
  return (CANONICAL_EVENTS as readonly string[]).includes(name);
}
