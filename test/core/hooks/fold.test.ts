import { describe, expect, it } from 'vitest';
import { foldGuardWithHooks, foldHookResponses, noHooksResult } from '../../../core/hooks/fold';
import type { HookResponse, HookRun } from '../../../core/hooks/types';
import type { CanonicalEvent } from '../../../core/canonical';
import type { ReasonCode } from '../../../core/registry/reasons';
import type { Outcome } from '../../../core/answer/outcome';

let n = 0;
function entry(partial: Partial<HookResponse>): { response: HookResponse; run: HookRun } {
  n += 1;
  return {
    response: { decision: 'none', stop: false, contexts: [], messages: [], ...partial },
    run: { hookId: `h${n}`, dialect: 'native', durationMs: 1, outcome: partial.decision ?? 'none' },
  };
}
const fold = (event: CanonicalEvent, ...parts: Partial<HookResponse>[]) => foldHookResponses(event, parts.map(entry));

describe('fold: decisions', () => {
  it('deny beats ask beats allow; reasons of the winning rank are joined in config order', () => {
    const r = fold('tool:before', { decision: 'allow', reason: 'ok' }, { decision: 'deny', reason: 'first' }, { decision: 'ask', reason: 'hmm' }, { decision: 'deny', reason: 'second' });
    expect(r.decision).toBe('deny');
    expect(r.reason).toBe('first\n\nsecond');
  });

  it('ask beats allow', () => {
    expect(fold('tool:before', { decision: 'allow' }, { decision: 'ask', reason: 'check' })).toMatchObject({ decision: 'ask', reason: 'check' });
  });

  it('identical reasons are not repeated; a deny without any reason gets a default', () => {
    expect(fold('tool:before', { decision: 'deny', reason: 'same' }, { decision: 'deny', reason: 'same' }).reason).toBe('same');
    expect(fold('tool:before', { decision: 'deny' }).reason).toBe('blocked by a hook');
  });

  it('nothing configured / nothing said is none', () => {
    expect(noHooksResult()).toEqual({ decision: 'none', stop: false, contexts: [], messages: [], downgraded: false, runs: [] });
    expect(fold('tool:before', {}, {})).toMatchObject({ decision: 'none', downgraded: false });
  });
});

describe('fold: stop, contexts, messages', () => {
  it('the first continue:false wins, contexts and messages accumulate in order', () => {
    const r = fold('prompt:submit', { contexts: ['a'], messages: ['m1'] }, { stop: true, stopReason: 'first stop', contexts: ['b'] }, { stop: true, stopReason: 'second stop', messages: ['m2'] });
    expect(r).toMatchObject({ stop: true, stopReason: 'first stop', contexts: ['a', 'b'], messages: ['m1', 'm2'] });
    expect(r.runs.map((x) => x.hookId)).toHaveLength(3);
  });
});

describe('fold: blockability downgrade', () => {
  it.each<CanonicalEvent>(['session:start', 'session:end', 'subagent:start', 'subagent:end', 'notice', 'compact:before'])('a deny on %s is downgraded and kept raw', (event) => {
    const r = fold(event, { decision: 'deny', reason: 'no' }, { contexts: ['ctx'] });
    expect(r).toMatchObject({ decision: 'none', downgraded: true, rawDecision: 'deny', rawReason: 'no', contexts: ['ctx'] });
    expect(r.reason).toBeUndefined();
    expect(r.feedback).toBeUndefined();
  });

  it('a deny on tool:after becomes feedback for the tool result', () => {
    expect(fold('tool:after', { decision: 'deny', reason: 'lint failed' })).toMatchObject({ decision: 'none', downgraded: true, rawDecision: 'deny', feedback: 'lint failed' });
  });

  it('an ask on a non-blockable event is downgraded too', () => {
    expect(fold('notice', { decision: 'ask', reason: 'q' })).toMatchObject({ decision: 'none', downgraded: true, rawDecision: 'ask', rawReason: 'q' });
  });

  it.each<CanonicalEvent>(['prompt:submit', 'tool:before', 'turn:stop'])('a deny on %s stands', (event) => {
    expect(fold(event, { decision: 'deny', reason: 'no' })).toMatchObject({ decision: 'deny', reason: 'no', downgraded: false });
  });
});

describe('foldGuardWithHooks', () => {
  const guardDeny: Outcome = { kind: 'deny', message: 'STOP: outside the contract', reasonCode: 'scope' as ReasonCode, family: 'write', eventId: 'e1' };
  it('a user allow never overrides the guard deny', () => {
    const c = foldGuardWithHooks(guardDeny, fold('tool:before', { decision: 'allow', reason: 'trust me' }));
    expect(c).toMatchObject({ kind: 'deny', message: 'STOP: outside the contract', reasonCode: 'scope', family: 'write', eventId: 'e1' });
    expect(c.allow).toBeUndefined();
  });

  it('a hook deny is appended to the guard deny', () => {
    const c = foldGuardWithHooks(guardDeny, fold('tool:before', { decision: 'deny', reason: 'policy.sh says no' }));
    expect(c.message).toBe('STOP: outside the contract\n\npolicy.sh says no');
    expect(c.reasonCode).toBe('scope');
  });

  it('a hook deny stands when the guard has nothing', () => {
    const c = foldGuardWithHooks({ kind: 'none' }, fold('tool:before', { decision: 'deny', reason: 'no' }, { contexts: ['x'] }));
    expect(c).toMatchObject({ kind: 'deny', message: 'no', reasonCode: 'hook-deny', family: 'hooks', contexts: ['x'] });
  });

  it('a hook allow does not lift a guard ask; a hook ask is added when the guard has none', () => {
    expect(foldGuardWithHooks({ kind: 'ask', message: 'confirm?' }, fold('tool:before', { decision: 'allow' }))).toMatchObject({ kind: 'ask', message: 'confirm?' });
    expect(foldGuardWithHooks({ kind: 'none' }, fold('tool:before', { decision: 'ask', reason: 'sure?' }))).toMatchObject({ kind: 'ask', message: 'sure?', reasonCode: 'hook-ask' });
  });

  it('contexts: guard first, then hooks; allow passes through when nothing objects', () => {
    const c = foldGuardWithHooks({ kind: 'context', message: 'contract: fix the tests' }, fold('prompt:submit', { decision: 'allow', contexts: ['git: main'] }, { messages: ['note'] }));
    expect(c).toMatchObject({ kind: 'context', message: 'contract: fix the tests\n\ngit: main', contexts: ['contract: fix the tests', 'git: main'], messages: ['note'], allow: true });
  });

  it('a downgraded hook deny cannot turn into a deny', () => {
    const c = foldGuardWithHooks({ kind: 'none' }, fold('tool:after', { decision: 'deny', reason: 'lint failed' }));
    expect(c).toMatchObject({ kind: 'none', feedback: 'lint failed' });
  });

  it('stop and guard notices pass through', () => {
    const c = foldGuardWithHooks({ kind: 'none', notice: 'armed', diagnostics: ['d'] }, fold('prompt:submit', { stop: true, stopReason: 'quota' }));
    expect(c).toMatchObject({ kind: 'none', stop: true, stopReason: 'quota', notice: 'armed', diagnostics: ['d'] });
  });
});

describe('fold: a rewritten command', () => {
  it('the first in config order wins (the user file before a project); a deny or ask of any hook drops it', () => {
    expect(fold('tool:before', { rewrite: { command: 'first' } }, { decision: 'allow', rewrite: { command: 'second' } })).toMatchObject({ decision: 'allow', rewrite: { command: 'first' } });
    expect(fold('tool:before', { rewrite: { command: 'x' } }, { decision: 'deny', reason: 'no' }).rewrite).toBeUndefined();
    expect(fold('tool:before', { rewrite: { command: 'x' } }, { decision: 'ask', reason: 'sure?' }).rewrite).toBeUndefined();
    expect(fold('tool:after', { rewrite: { command: 'x' } }).rewrite).toBeUndefined();
  });

  it('with the guard: a hook rewrite goes ahead where the guard had no objection, labelled hook-rewrite', () => {
    const c = foldGuardWithHooks({ kind: 'context', message: 'WATCH', reasonCode: 'WITHIN_CONTRACT' }, fold('tool:before', { rewrite: { command: 'safer' }, contexts: ['note'] }));
    expect(c).toMatchObject({ kind: 'rewrite', rewrite: { command: 'safer' }, reasonCode: 'hook-rewrite', family: 'hooks', message: 'WATCH\n\nnote' });
  });

  it('a guard deny or ask stands over a hook rewrite', () => {
    expect(foldGuardWithHooks({ kind: 'deny', message: 'STOP' }, fold('tool:before', { rewrite: { command: 'x' } }))).toMatchObject({ kind: 'deny', message: 'STOP' });
    expect(foldGuardWithHooks({ kind: 'ask', message: 'ASK' }, fold('tool:before', { rewrite: { command: 'x' } }))).toMatchObject({ kind: 'ask', message: 'ASK' });
  });

  it("the guard's own rewrite (a command it runs confined) is not undone by a hook's, and the hook is told", () => {
    const guard: Outcome = { kind: 'rewrite', rewrite: { command: 'confined npm test' }, reasonCode: 'WITHIN_CONTRACT' };
    const c = foldGuardWithHooks(guard, fold('tool:before', { rewrite: { command: 'npm test --silent' } }));
    expect(c).toMatchObject({ kind: 'rewrite', rewrite: { command: 'confined npm test' }, reasonCode: 'WITHIN_CONTRACT' });
    expect(c.diagnostics).toEqual(["hooks: a hook's rewritten command was not applied: stopline runs this command confined"]);
    // a hook deny still stands over it
    expect(foldGuardWithHooks(guard, fold('tool:before', { decision: 'deny', reason: 'no' }))).toMatchObject({ kind: 'deny', message: 'no', reasonCode: 'hook-deny' });
  });
});
