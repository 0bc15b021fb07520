/**
 * agents=N and a host that asks about the same tool call twice (the Hermes shim retries a call
 * on a fresh child when the old one died after deciding it): the call already holds its unit,
 * so the retry gets the same grant and reserves nothing. A different call id, a launch with no
 * id, and a launch after a new directive each reserve as usual.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Action } from '../../../core/protocol';
import { parseState, sessionStore } from '../../../core/state/session';
import { driver, sandbox, type Sandbox } from './helpers';

const launch = (id?: string): Partial<Action> => ({ name: 'Agent', canonicalName: 'Agent', mutability: 'delegate', affectedPaths: [], delegationCount: 1, ...(id ? { id } : {}) });

function state(sb: Sandbox) {
  return parseState(readFileSync(sessionStore(sb.data, 'session-1').file, 'utf8'))!;
}

describe('the same launch asked again', () => {
  it('agents=1: a retry of the granted call is granted again without a second unit; another call is refused', () => {
    const sb = sandbox();
    const d = driver(sb);
    d.prompt('$stopline change agents=1 -- delegate one task');
    expect(d.act(launch('call-1'))).toMatchObject({ reasonCode: 'WITHIN_CONTRACT' });
    expect(state(sb).contract.agentsUsed).toBe(1);
    expect(d.act(launch('call-1'))).toMatchObject({ reasonCode: 'WITHIN_CONTRACT' });
    expect(state(sb).contract.agentsUsed).toBe(1);
    expect(d.act(launch('call-2'))).toMatchObject({ kind: 'deny', reasonCode: 'AGENT_BUDGET_EXHAUSTED' });
    expect(state(sb).contract.agentsUsed).toBe(1);
  });

  it('launches without a call id each reserve (nothing can tell a retry from a new call)', () => {
    const d = driver(sandbox());
    d.prompt('$stopline change agents=1 -- delegate one task');
    expect(d.act(launch())).toMatchObject({ reasonCode: 'WITHIN_CONTRACT' });
    expect(d.act(launch())).toMatchObject({ kind: 'deny', reasonCode: 'AGENT_BUDGET_EXHAUSTED' });
  });

  it('a new directive restarts the count: the same id then reserves a unit of the new budget', () => {
    const sb = sandbox();
    const d = driver(sb);
    d.prompt('$stopline change agents=1 -- first');
    expect(d.act(launch('call-1'))).toMatchObject({ reasonCode: 'WITHIN_CONTRACT' });
    d.prompt('$stopline change agents=1 -- second');
    expect(state(sb).contract.agentsUsed).toBe(0);
    expect(d.act(launch('call-1'))).toMatchObject({ reasonCode: 'WITHIN_CONTRACT' });
    expect(state(sb).contract.agentsUsed).toBe(1);
    expect(d.act(launch('call-3'))).toMatchObject({ kind: 'deny', reasonCode: 'AGENT_BUDGET_EXHAUSTED' });
  });

  it('keeps only short hashes of recent call ids in the state, never the ids', () => {
    const sb = sandbox();
    const d = driver(sb);
    d.prompt('$stopline change agents=40 -- fan out');
    for (let i = 0; i < 40; i++) d.act(launch(`secret-call-id-${i}`));
    const text = readFileSync(sessionStore(sb.data, 'session-1').file, 'utf8');
    expect(text).not.toContain('secret-call-id');
    const recent = state(sb).recentLaunches ?? [];
    expect(recent).toHaveLength(32);
    for (const k of recent) expect(k).toMatch(/^[0-9a-f]{16}$/);
  });
});
