/**
 * The per-session check: did every tool call the host ran pass through the guard?
 *
 * A guard that is installed but silently does not run (a hook the host left untrusted, a plugin
 * it skipped, an upgrade that renamed an event) looks exactly like a guard that allowed
 * everything. The host's own record of the session (Claude Code's transcript, Codex's rollout)
 * lists the calls that ran, each with the id the hook is given; the guard's evidence keeps a
 * keyed hash of that id for every call it checked (`callKey`). A recorded call with no check is
 * a call the guard never saw. At a turn end the adapter hands the recorded calls (ids and tool
 * kinds only, read within bounds by hosts/shared/call-record.ts) in `turnEnd.record`; this file
 * compares, records the counts as a `seen` evidence record, and says what the person and the
 * model are told. `stopline status --session` runs the same comparison from a terminal.
 *
 * Each missed call is reported once: a `seen` record keeps the keys it reported. Calls made while
 * the guard was off (the person's `$stopline off`, or a default level of off) are not counted:
 * the guard was told not to look. Tools the host runs without any hook (Codex write_stdin) are
 * counted apart: no install can make the guard see them, and the matrix's blind spots say so.
 */
import { controlState } from '../contract/types';
import type { Contract } from '../contract/types';
import { stateText } from '../messages/render';
import type { Outcome } from '../answer/outcome';
import type { RecordedCall, TurnEnd } from '../protocol';
import { hashText } from '../state/session';
import { logFile } from './log';
import { nodeStore } from '../state/node-store';
import type { Store } from '../state/store';
import type { RuntimeSeenSummary } from './runtime-event';

/** The evidence key of a host's call id: hashed with the raw session id, which evidence never holds. */
export function callKey(sessionId: string, callId: string): string {
  return hashText('stopline-call\0' + sessionId + '\0' + callId).slice(0, 16);
}

/** What one session's evidence says for the comparison. */
export interface GuardView {
  /** call keys of the calls the guard checked (before or after the tool) */
  checked: Set<string>;
  /** call keys an earlier turn end already reported */
  reported: Set<string>;
  /** contract changes in time order: from `at` (ms) on, the guard was off or not */
  changes: { at: number; off: boolean }[];
}

const CALL_KEY = /"callKey":"([0-9a-f]{16})"/;

/**
 * Read one session's evidence for the comparison. Only the few lines that change the answer are
 * parsed (contract changes, earlier turn ends); a check's key is taken with one pattern, so a long
 * log costs a scan, not a parse per line. A line that does not parse is skipped, as every reader does.
 */
export function guardView(dataDir: string, key: string, io: Store = nodeStore): GuardView {
  const view: GuardView = { checked: new Set(), reported: new Set(), changes: [] };
  for (const file of [logFile(dataDir, key, true), logFile(dataDir, key)]) {
    let text: string | null;
    try {
      // as every reader of the logs: a link where a log should be is not followed
      text = io.read(file);
    } catch {
      continue;
    }
    if (text === null) continue;
    for (const line of text.split('\n')) {
      const m = CALL_KEY.exec(line);
      if (m) {
        view.checked.add(m[1]!);
        continue;
      }
      const change = line.includes('"type":"contract"') || line.includes('"type":"recovery"');
      if (!change && !line.includes('"type":"seen"')) continue;
      let rec: { occurredAt?: unknown; controlState?: unknown; seen?: { unseenKeys?: unknown } };
      try {
        rec = JSON.parse(line);
      } catch {
        continue;
      }
      if (change) {
        const at = typeof rec.occurredAt === 'string' ? Date.parse(rec.occurredAt) : NaN;
        if (!Number.isNaN(at)) view.changes.push({ at, off: rec.controlState === 'off' });
      } else if (Array.isArray(rec.seen?.unseenKeys)) {
        for (const k of rec.seen.unseenKeys) if (typeof k === 'string') view.reported.add(k);
      }
    }
  }
  view.changes.sort((a, b) => a.at - b.at);
  return view;
}

interface CompareInput {
  /** the root session's raw id (the call keys' salt) */
  sessionId: string;
  calls: readonly RecordedCall[];
  view: GuardView;
  /** the guard was off before the session's first contract change (the config's default level) */
  offAtStart: boolean;
  /** the guard is off now (for calls the record gives no time) */
  offNow: boolean;
}

/** Whether the guard was off at `at`, by the last contract change before it. */
function offAt(at: number, view: GuardView, offAtStart: boolean): boolean {
  let off = offAtStart;
  for (const c of view.changes) {
    if (c.at > at) break;
    off = c.off;
  }
  return off;
}

/** Compare the host's calls with the guard's checks: counts and the keys of the calls missed. */
export function compareCalls(input: CompareInput): Omit<RuntimeSeenSummary, 'read'> {
  const s: Omit<RuntimeSeenSummary, 'read'> = { hostCalls: input.calls.length, checked: 0, unseen: 0, unseenKinds: {}, unseenKeys: [], noHook: 0, whileOff: 0 };
  const counted = new Set<string>();
  for (const call of input.calls) {
    if (call.noHook) {
      s.noHook++;
      continue;
    }
    const key = callKey(input.sessionId, call.id);
    if (input.view.checked.has(key)) {
      s.checked++;
      continue;
    }
    if (call.at !== undefined ? offAt(call.at, input.view, input.offAtStart) : input.offNow) {
      s.whileOff++;
      continue;
    }
    // reported at an earlier turn end, or twice in this record (a resumed transcript repeats lines)
    if (input.view.reported.has(key) || counted.has(key)) continue;
    counted.add(key);
    s.unseen++;
    s.unseenKinds[call.kind] = (s.unseenKinds[call.kind] ?? 0) + 1;
    s.unseenKeys.push(key);
  }
  return s;
}

function kindsText(kinds: Record<string, number>): string {
  return Object.entries(kinds)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
}

function calls(n: number): string {
  return `${n} tool call${n === 1 ? '' : 's'}`;
}

/** The line the person reads at the turn end. */
function unseenNotice(s: Pick<RuntimeSeenSummary, 'unseen' | 'unseenKinds'>): string {
  return `stopline: ${calls(s.unseen)} in this session ran without stopline checking ${s.unseen === 1 ? 'it' : 'them'} (${kindsText(s.unseenKinds)}): its hook did not run. Run \`stopline doctor\` to see why.`;
}

/** The stamp the model reads at the turn end. */
function unseenStamp(s: Pick<RuntimeSeenSummary, 'unseen' | 'unseenKinds'>, contract: Contract, eventId: string | undefined): string {
  const lines = [
    'UNSEEN / CONTROL',
    `${calls(s.unseen)} in this session ran without stopline checking ${s.unseen === 1 ? 'it' : 'them'} (${kindsText(s.unseenKinds)}): the host's own record holds ${s.unseen === 1 ? 'it' : 'them'}, but stopline's hook did not run, so the contract was not enforced there.`,
    'Reason: CALLS_UNSEEN (C)',
    `State: ${stateText(contract)}`,
  ];
  if (eventId) lines.push(`Event: ${eventId}`);
  lines.push('Next: Tell the person which of your calls may have gone unchecked; do not count on the contract having held for them. `stopline doctor` shows why the hook did not run.');
  return lines.join('\n');
}

/** What the controller's turn.stop handler gives the check. */
interface TurnEndInput {
  dataDir: string;
  /** where the evidence is read (the door's Store; the local disk when absent) */
  io?: Store;
  /** the session's evidence key */
  key: string;
  /** the root session's raw id */
  sessionId: string;
  turnEnd: TurnEnd | undefined;
  /** the session's contract now, and the one a new session starts with (the config) */
  contract: Contract;
  fresh: Contract;
  /** write the `seen` evidence record; its event id, or undefined when it could not be written */
  record(summary: RuntimeSeenSummary): string | undefined;
  /** stderr lines for the person who reads the hook's log */
  diagnostics: string[];
}

/**
 * The turn end's answer. The person is told when a call went unseen (a notice); the model too
 * (context) unless the host is already going on with this turn because of a turn-end answer: at
 * a stop, context keeps the turn going, so it is given once and never loops. An unreadable record
 * is one diagnostic line and a `seen` record saying so; the turn end never waits on it.
 */
export function onTurnEnd(t: TurnEndInput): Outcome {
  const rec = t.turnEnd?.record;
  if (!rec || controlState(t.contract) === 'OFF') return { kind: 'none' };
  if (rec.unreadable !== undefined) {
    t.diagnostics.push(`the host's record of this session's tool calls could not be read (${rec.unreadable}); this turn was not compared`);
    t.record({ read: 'unreadable', hostCalls: 0, checked: 0, unseen: 0, unseenKinds: {}, unseenKeys: [], noHook: 0, whileOff: 0 });
    return { kind: 'none' };
  }
  const compared = compareCalls({
    sessionId: t.sessionId,
    calls: rec.calls,
    view: guardView(t.dataDir, t.key, t.io),
    offAtStart: controlState(t.fresh) === 'OFF',
    offNow: false,
  });
  const summary: RuntimeSeenSummary = { read: rec.truncated ? 'tail' : 'whole', ...compared };
  const eventId = t.record(summary);
  if (summary.unseen === 0) return { kind: 'none' };
  const o: Outcome = { kind: 'none', notice: unseenNotice(summary), reasonCode: 'CALLS_UNSEEN', family: 'C' };
  if (eventId) o.eventId = eventId;
  if (t.turnEnd!.continued) return o;
  return { ...o, kind: 'context', message: unseenStamp(summary, t.contract, eventId) };
}
