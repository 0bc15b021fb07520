import { describe, expect, it } from 'vitest';
import { parseControlEvent } from '../../core/protocol';

const base = { protocolVersion: 1, kind: 'action.before', sessionId: 's1', host: { family: 'claude' } };
const action = { name: 'Write', mutability: 'write', affectedPaths: ['a.txt'], dependencyIntent: false, hashIntent: false, delegationCount: 0, unboundedDelegation: false };

describe('ControlEvent v1', () => {
  it('accepts a well-formed action event', () => {
    const r = parseControlEvent({ ...base, action });
    expect(r.ok).toBe(true);
  });
  it('names the bad field', () => {
    const r = parseControlEvent({ ...base, action: { ...action, delegationCount: -1 } });
    expect(r).toMatchObject({ ok: false });
    if (!r.ok) expect(r.error).toContain('action.delegationCount');
  });
  it('rejects an empty session id and a missing action', () => {
    const a = parseControlEvent({ ...base, sessionId: '', action });
    expect(!a.ok && a.error.startsWith('sessionId')).toBe(true);
    const b = parseControlEvent(base);
    expect(!b.ok && b.error.startsWith('action')).toBe(true);
  });
  it('never throws on garbage', () => {
    for (const v of [null, 1, 'x', [], { protocolVersion: 2 }]) expect(parseControlEvent(v).ok).toBe(false);
  });
});
