import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROTATE_BYTES, appendEvent, appendLabel, logFile, readLabels, readSessionEvents, summarize } from '../../../core/evidence/log';
import { buildEvent } from '../../../core/evidence/runtime-event';
import { freshContract } from '../../../core/contract/types';
import { sessionStore } from '../../../core/state/session';
import { driver, sandbox } from './helpers';

const KEY = 'a'.repeat(32);

function ev(n: number) {
  return buildEvent({ type: 'check', sessionKey: KEY, child: false, host: { family: 'codex', version: '0.171.0' }, state: 'OBSERVING', contract: freshContract(), now: 1_700_000_000_000 + n });
}

describe('RuntimeEvent v1 records', () => {
  it('hold the documented metadata and nothing else', () => {
    const sb = sandbox();
    const d = driver(sb, { denyResponse: 'permission_deny_returned' });
    d.prompt('$stopline change files=src/**|lib/** agents=2 -- x');
    d.act({ affectedPaths: ['src/a.ts', 'lib/b.ts'], hashIntent: false, dependencyIntent: true });
    const e = readSessionEvents(sb.data, sessionStore(sb.data, 'session-1').key).records.find((r) => r.type === 'check')!;
    expect(Object.keys(e).sort()).toEqual(['action', 'child', 'contract', 'controlState', 'decision', 'eventId', 'host', 'occurredAt', 'schemaVersion', 'sessionKey', 'type', 'versions']);
    expect(e).toMatchObject({
      schemaVersion: 1,
      type: 'check',
      host: 'claude',
      controlState: 'armed',
      versions: { stopline: '0.1.0', protocol: 1 },
      contract: { mode: 'change', level: 'guard', deps: 'ask', hash: 'deny', agentBudget: 2, agentsUsed: 0, allowedPathCount: 2 },
      action: { tool: 'Edit', mutability: 'write', pathCount: 2, delegationCount: 0, dependencyIntent: true, hashIntent: false, unboundedDelegation: false },
      decision: { verdict: 'ask', outcome: 'deny', family: 'S', reasonCode: 'DEPENDENCY_NOT_AUTHORIZED', response: 'permission_deny_returned', hostEffect: 'unobserved' },
    });
    expect(e.sessionKey).toMatch(/^[0-9a-f]{32}$/);
    expect(new Date(e.occurredAt).toISOString()).toBe(e.occurredAt);
  });

  it('keep canonical tool names only; other names are a hash', () => {
    const sb = sandbox();
    const d = driver(sb);
    d.act({ name: 'mcp__acme_internal__deploy', canonicalName: undefined });
    d.act({ name: 'write_file', canonicalName: 'Write' });
    const [a, b] = readSessionEvents(sb.data, sessionStore(sb.data, 'session-1').key).records;
    expect(a!.action!.tool).toBe(null);
    expect(a!.action!.toolKey).toMatch(/^[0-9a-f]{12}$/);
    expect(b!.action!.tool).toBe('Write');
    expect(readFileSync(logFile(sb.data, a!.sessionKey), 'utf8')).not.toContain('acme');
  });

  it('an unproven target is recorded as pathCount null', () => {
    const sb = sandbox();
    driver(sb).act({ affectedPaths: null });
    expect(readSessionEvents(sb.data, sessionStore(sb.data, 'session-1').key).records[0]!.action!.pathCount).toBe(null);
  });
});

describe('log files', () => {
  it('readers skip damaged lines and count them', () => {
    const sb = sandbox();
    appendEvent(sb.data, ev(1));
    writeFileSync(logFile(sb.data, KEY), readFileSync(logFile(sb.data, KEY), 'utf8') + '{"schemaVersion":1,"eventId":"x"}\n{"trunc\n\n[]\n');
    appendEvent(sb.data, ev(2));
    const r = readSessionEvents(sb.data, KEY);
    expect(r.records).toHaveLength(2);
    expect(r.damaged).toBe(3);
  });

  it('rotates past the size limit so no log grows forever, and readers see both parts', () => {
    const sb = sandbox();
    appendEvent(sb.data, ev(1));
    const line = readFileSync(logFile(sb.data, KEY), 'utf8');
    writeFileSync(logFile(sb.data, KEY), line.repeat(Math.ceil((ROTATE_BYTES + 1) / line.length)));
    appendEvent(sb.data, ev(2));
    expect(existsSync(logFile(sb.data, KEY, true))).toBe(true);
    expect(readFileSync(logFile(sb.data, KEY), 'utf8').trim().split('\n')).toHaveLength(1);
    const r = readSessionEvents(sb.data, KEY);
    expect(r.records.length).toBeGreaterThan(ROTATE_BYTES / line.length);
    expect(r.damaged).toBe(0);
  });

  it('labels are append-only and the latest label per event counts', () => {
    const sb = sandbox();
    const e = ev(1);
    appendEvent(sb.data, e);
    appendLabel(sb.data, e.eventId, 'incorrect', 1);
    appendLabel(sb.data, e.eventId, 'correct', 2);
    const labels = readLabels(sb.data);
    expect(labels.records.map((l) => l.label)).toEqual(['incorrect', 'correct']);
    const s = summarize(readSessionEvents(sb.data, KEY), labels);
    expect(s.labels).toEqual({ correct: 1, incorrect: 0, inconclusive: 0 });
    expect(readFileSync(join(sb.data, 'labels.jsonl'), 'utf8').trim().split('\n')).toHaveLength(2);
  });
});

describe('what the host says became of the call (action.hostStatus)', () => {
  it('an after-event records ok, error or blocked; a before-event and an after-event without it record none', () => {
    const sb = sandbox();
    const d = driver(sb);
    d.prompt('$stopline change files=src/** -- fix');
    d.act({ hostStatus: 'ok' });
    d.after({ hostStatus: 'blocked' });
    d.after({ hostStatus: 'error' });
    d.after({ hostStatus: 'ok' });
    d.after();
    const recs = readSessionEvents(sb.data, sessionStore(sb.data, 'session-1').key).records.filter((r) => r.action);
    expect(recs.map((r) => [r.type, r.action!.hostStatus])).toEqual([
      ['check', undefined],
      ['after', 'blocked'],
      ['after', 'error'],
      ['after', 'ok'],
      ['after', undefined],
    ]);
    expect(Object.keys(recs[4]!.action!)).not.toContain('hostStatus');
  });

  it('never changes the answer: a blocked after-event answers like any after-event', () => {
    const d = driver(sandbox());
    d.prompt('$stopline review -- look');
    expect(d.after({ hostStatus: 'blocked' })).toMatchObject({ kind: 'none' });
  });

  it('a status outside the closed set is an invalid event naming the field', () => {
    const o = driver(sandbox()).after({ hostStatus: 'denied by policy' as never });
    expect(o.kind).toBe('none');
    expect(o.diagnostics?.[0]).toContain('action.hostStatus');
  });
});
