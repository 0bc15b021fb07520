/**
 * The per-session check in the core: a turn end's recorded calls against the guard's checks
 * (core/evidence/seen.ts, reached through the controller's turn.stop), what the person and the
 * model are told, and what evidence keeps of it (counts and keyed hashes, never a raw id).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { callKey, compareCalls } from '../../../core/evidence/seen';
import type { GuardView } from '../../../core/evidence/seen';
import { logFile, readSessionEvents } from '../../../core/evidence/log';
import type { RecordedCall, TurnEnd } from '../../../core/protocol';
import { sessionStore } from '../../../core/state/session';
import { driver, sandbox } from '../contract/helpers';
import type { Sandbox } from '../contract/helpers';

const SESSION = 'session-1';
const key = (sb: Sandbox) => sessionStore(sb.data, SESSION).key;
const seenRecords = (sb: Sandbox) => readSessionEvents(sb.data, key(sb)).records.filter((e) => e.type === 'seen');

function turnEnd(calls: RecordedCall[], extra: Partial<TurnEnd> = {}): { turnEnd: TurnEnd } {
  return { turnEnd: { continued: false, record: { calls, truncated: false }, ...extra } };
}

const shell = (id: string, at?: number): RecordedCall => ({ id, kind: 'shell', ...(at !== undefined ? { at } : {}) });

describe('compareCalls', () => {
  const view = (checked: string[], changes: GuardView['changes'] = [], reported: string[] = []): GuardView => ({
    checked: new Set(checked.map((id) => callKey(SESSION, id))),
    reported: new Set(reported.map((id) => callKey(SESSION, id))),
    changes,
  });

  it('a recorded call with a check is checked; one without is unseen, by kind and key', () => {
    const s = compareCalls({ sessionId: SESSION, calls: [shell('a'), { id: 'b', kind: 'write' }, shell('c')], view: view(['a']), offAtStart: false, offNow: false });
    expect(s).toMatchObject({ hostCalls: 3, checked: 1, unseen: 2, unseenKinds: { write: 1, shell: 1 }, noHook: 0, whileOff: 0 });
    expect(s.unseenKeys).toEqual([callKey(SESSION, 'b'), callKey(SESSION, 'c')]);
  });

  it('the key is salted with the session: the same call id in another session is another call', () => {
    expect(callKey('s1', 'toolu_1')).not.toBe(callKey('s2', 'toolu_1'));
    expect(callKey('s1', 'toolu_1')).toMatch(/^[0-9a-f]{16}$/);
    const s = compareCalls({ sessionId: 'other', calls: [shell('a')], view: view(['a']), offAtStart: false, offNow: false });
    expect(s.unseen).toBe(1);
  });

  it('calls made while the guard was off are not compared; the contract changes say when', () => {
    const changes = [
      { at: 1000, off: true },
      { at: 2000, off: false },
    ];
    const s = compareCalls({ sessionId: SESSION, calls: [shell('before', 500), shell('during', 1500), shell('after', 2500), shell('untimed')], view: view([], changes), offAtStart: false, offNow: true });
    expect(s).toMatchObject({ unseen: 2, whileOff: 2 });
    expect(s.unseenKeys).toEqual([callKey(SESSION, 'before'), callKey(SESSION, 'after')]);
    // a session whose default level is off: calls before the first contract change are not compared
    const t = compareCalls({ sessionId: SESSION, calls: [shell('early', 500), shell('late', 2500)], view: view([], [{ at: 1000, off: false }]), offAtStart: true, offNow: false });
    expect(t).toMatchObject({ unseen: 1, whileOff: 1 });
    expect(t.unseenKeys).toEqual([callKey(SESSION, 'late')]);
  });

  it('tools the host runs without a hook are counted apart; reported and repeated calls are not reported again', () => {
    const s = compareCalls({
      sessionId: SESSION,
      calls: [{ id: 'k', kind: 'unknown', noHook: true }, shell('old'), shell('new'), shell('new')],
      view: view([], [], ['old']),
      offAtStart: false,
      offNow: false,
    });
    expect(s).toMatchObject({ hostCalls: 4, noHook: 1, unseen: 1, unseenKeys: [callKey(SESSION, 'new')] });
  });
});

describe('the turn end (controller, turn.stop)', () => {
  it('every call checked: nothing is said, a seen record keeps the counts', () => {
    const sb = sandbox();
    const d = driver(sb);
    d.act({ id: 'toolu_1' });
    d.act({ id: 'toolu_2', name: 'Bash', canonicalName: 'Bash', mutability: 'read', affectedPaths: [] });
    const o = d.event('turn.stop', turnEnd([shell('toolu_1'), shell('toolu_2')]));
    expect(o).toEqual({ kind: 'none' });
    expect(seenRecords(sb)).toHaveLength(1);
    expect(seenRecords(sb)[0]!.seen).toEqual({ read: 'whole', hostCalls: 2, checked: 2, unseen: 0, unseenKinds: {}, unseenKeys: [], noHook: 0, whileOff: 0 });
  });

  it('a call the guard never saw: the person gets a notice, the model the UNSEEN stamp, once', () => {
    const sb = sandbox();
    const d = driver(sb);
    d.prompt('$stopline change -- fix it');
    d.act({ id: 'toolu_1' });
    const o = d.event('turn.stop', turnEnd([shell('toolu_1'), shell('toolu_2'), { id: 'toolu_3', kind: 'write' }]));
    expect(o).toMatchObject({ kind: 'context', reasonCode: 'CALLS_UNSEEN', family: 'C' });
    expect(o.notice).toBe('stopline: 2 tool calls in this session ran without stopline checking them (shell 1, write 1): its hook did not run. Run `stopline doctor` to see why.');
    expect(o.message!.split('\n')).toEqual([
      'UNSEEN / CONTROL',
      "2 tool calls in this session ran without stopline checking them (shell 1, write 1): the host's own record holds them, but stopline's hook did not run, so the contract was not enforced there.",
      'Reason: CALLS_UNSEEN (C)',
      'State: ARMED / change guard',
      `Event: ${o.eventId}`,
      'Next: Tell the person which of your calls may have gone unchecked; do not count on the contract having held for them. `stopline doctor` shows why the hook did not run.',
    ]);
    const seen = seenRecords(sb);
    expect(seen.map((e) => e.eventId)).toEqual([o.eventId]);
    expect(seen[0]!.seen).toMatchObject({ hostCalls: 3, checked: 1, unseen: 2, unseenKinds: { shell: 1, write: 1 } });
    // the next turn end with the same record: already reported, nothing more to say
    expect(d.event('turn.stop', turnEnd([shell('toolu_1'), shell('toolu_2'), { id: 'toolu_3', kind: 'write' }]))).toEqual({ kind: 'none' });
    // a new missed call later: told again, about that one only
    const again = d.event('turn.stop', turnEnd([shell('toolu_1'), shell('toolu_2'), { id: 'toolu_3', kind: 'write' }, shell('toolu_4')]));
    expect(again.notice).toContain('1 tool call in this session ran without stopline checking it (shell 1)');
  });

  it('while the host already goes on with the turn because of a turn-end answer, the model is not told again: the notice only', () => {
    const d = driver(sandbox());
    const o = d.event('turn.stop', turnEnd([shell('toolu_x')], { continued: true }));
    expect(o).toMatchObject({ kind: 'none', reasonCode: 'CALLS_UNSEEN' });
    expect(o.message).toBeUndefined();
    expect(o.notice).toContain('1 tool call');
  });

  it('under `$stopline off` nothing is compared or recorded', () => {
    const sb = sandbox();
    const d = driver(sb);
    d.prompt('$stopline off');
    expect(d.event('turn.stop', turnEnd([shell('toolu_x')]))).toEqual({ kind: 'none' });
    expect(seenRecords(sb)).toHaveLength(0);
  });

  it('an unreadable record: one diagnostic line, a seen record that says so, nothing told', () => {
    const sb = sandbox();
    const d = driver(sb);
    const o = d.event('turn.stop', { turnEnd: { continued: false, record: { calls: [], truncated: false, unreadable: 'ENOENT' } } });
    expect(o.kind).toBe('none');
    expect(o.diagnostics).toEqual(["the host's record of this session's tool calls could not be read (ENOENT); this turn was not compared"]);
    expect(seenRecords(sb)[0]!.seen).toMatchObject({ read: 'unreadable', hostCalls: 0 });
  });

  it('a host that keeps no record, and a child session, are not compared', () => {
    const sb = sandbox();
    const d = driver(sb);
    expect(d.event('turn.stop')).toEqual({ kind: 'none' });
    expect(d.event('turn.stop', { ...turnEnd([shell('toolu_x')]), host: { family: 'claude', agentId: 'a1' } })).toEqual({ kind: 'none' });
    expect(seenRecords(sb)).toHaveLength(0);
  });

  it('evidence keeps keyed hashes of call ids, never the ids', () => {
    const sb = sandbox();
    const d = driver(sb);
    d.act({ id: 'toolu_SECRET_checked' });
    d.event('turn.stop', turnEnd([shell('toolu_SECRET_checked'), shell('toolu_SECRET_missed')]));
    const text = readFileSync(logFile(sb.data, key(sb)), 'utf8');
    expect(text).not.toContain('SECRET');
    expect(text).not.toContain(SESSION);
    const check = readSessionEvents(sb.data, key(sb)).records.find((e) => e.type === 'check')!;
    expect(check.action!.callKey).toBe(callKey(SESSION, 'toolu_SECRET_checked'));
  });
});
