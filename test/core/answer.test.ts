/**
 * The one answer path (core/answer/answer.ts) with fake ports: what the guard is told, how a rewrite is
 * judged and gated, and the row's gate. Every door takes this path; the doors' own tests show they
 * do (test/hosts/shared/in-process/runtime.test.ts, test/hosts/shared/runner.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { answer } from '../../core/answer/answer';
import type { AnswerPlace, HooksPort, ToolCall } from '../../core/answer/answer';
import type { HandleOptions } from '../../core/answer/controller';
import type { FoldedResult } from '../../core/hooks/types';
import type { Outcome } from '../../core/answer/outcome';
import type { Action, ControlEvent } from '../../core/protocol';

const action = (command: string): Action => ({ name: 'Bash', mutability: command.startsWith('rm') ? 'write' : 'read', affectedPaths: [], dependencyIntent: false, hashIntent: false, delegationCount: 0, unboundedDelegation: false, segments: [{ program: command.split(' ')[0]!, mutability: 'read', paths: [], why: command }] });
const before = (command: string): ControlEvent => ({ protocolVersion: 1, kind: 'action.before', sessionId: 's', host: { family: 'claude' }, action: { ...action(command), id: 'call-1' } });
const ROW = { control: 'action.before' as const, blockable: true };

function call(input: Record<string, unknown>, canRewrite = true): ToolCall {
  return { input, commandField: 'command', canRewrite, withCommand: (command) => action(command) };
}

/** A guard that answers by the command it is shown, and remembers what it was told. */
function guard(answerFor: (command: string) => Outcome = () => ({ kind: 'none', reasonCode: 'WITHIN_CONTRACT' })) {
  const seen: { command: string; opts: HandleOptions }[] = [];
  return {
    seen,
    core: {
      handleEvent: (e: unknown, opts: HandleOptions) => {
        const command = (e as ControlEvent).action?.segments?.[0]?.why ?? '';
        seen.push({ command, opts });
        return answerFor(command);
      },
    },
  };
}

function hooks(partial: Partial<FoldedResult>, lines: string[] = []): HooksPort {
  return async () => ({ result: { decision: 'none', stop: false, contexts: [], messages: [], downgraded: false, runs: [], ...partial }, lines });
}

const place = (extra: Partial<AnswerPlace> = {}): AnswerPlace => ({ env: {}, row: ROW, ...extra });

describe('what the guard is told', () => {
  it('canRewrite only before a tool whose host runs a rewritten command', async () => {
    const g = guard();
    await answer(before('ls'), place({ call: call({ command: 'ls' }) }), { core: g.core });
    await answer(before('ls'), place({ call: call({ command: 'ls' }, false) }), { core: g.core });
    await answer(before('ls'), place(), { core: g.core });
    const after: ControlEvent = { ...before('ls'), kind: 'action.after' };
    await answer(after, place({ row: { control: 'action.after', blockable: false }, call: call({ command: 'ls' }) }), { core: g.core });
    expect(g.seen.map((s) => s.opts.canRewrite)).toEqual([true, false, false, false]);
  });
});

describe("a person's hook that rewrites the command", () => {
  it("is judged by the guard as the command that will run, and goes to the host as the whole input with the command replaced", async () => {
    const g = guard();
    const out = await answer(before('npm test'), place({ call: call({ command: 'npm test', description: 'run tests', timeout: 60 }) }), { core: g.core, hooks: hooks({ rewrite: { command: 'npm test -- --silent' } }) });
    expect(g.seen.map((s) => s.command)).toEqual(['npm test', 'npm test -- --silent']);
    expect(out).toMatchObject({
      kind: 'rewrite',
      reasonCode: 'hook-rewrite',
      from: 'hook',
      rewrite: { command: 'npm test -- --silent', field: 'command', input: { command: 'npm test -- --silent', description: 'run tests', timeout: 60 } },
    });
  });

  it("a rewritten command the guard would stop is stopped with the guard's stamp", async () => {
    const g = guard((c) => (c.startsWith('rm') ? { kind: 'deny', message: 'STOP rm', reasonCode: 'MODE_FORBIDS_MUTATION' } : { kind: 'none' }));
    const out = await answer(before('ls'), place({ call: call({ command: 'ls' }) }), { core: g.core, hooks: hooks({ rewrite: { command: 'rm -rf src' } }) });
    expect(out).toMatchObject({ kind: 'deny', message: 'STOP rm', reasonCode: 'MODE_FORBIDS_MUTATION', from: 'guard', guard: { kind: 'deny' } });
  });

  it('a rewritten command the guard would only run confined is confined, the hook’s command inside', async () => {
    const g = guard((c) => (c === 'make test' ? { kind: 'rewrite', rewrite: { command: `confined ${c}` }, reasonCode: 'WITHIN_CONTRACT' } : { kind: 'none' }));
    const out = await answer(before('ls'), place({ call: call({ command: 'ls' }) }), { core: g.core, hooks: hooks({ rewrite: { command: 'make test' } }) });
    expect(out).toMatchObject({ kind: 'rewrite', from: 'guard', rewrite: { command: 'confined make test', input: { command: 'confined make test' } } });
    expect(out.diagnostics).toBeUndefined();
  });

  it("where the host runs no rewritten command it is not applied: the model's command goes ahead as the guard answered it, with one line", async () => {
    const g = guard();
    const out = await answer(before('npm test'), place({ call: call({ command: 'npm test' }, false) }), { core: g.core, hooks: hooks({ rewrite: { command: 'npm test -- --silent' }, contexts: ['from a hook'] }) });
    expect(g.seen).toHaveLength(1);
    expect(out).toMatchObject({ kind: 'context', message: 'from a hook' });
    expect(out.rewrite).toBeUndefined();
    expect(out.diagnostics).toEqual(["hooks: a hook's rewritten command was not applied: this host does not take a rewritten command here"]);
  });
});

describe("the guard's own rewrite (a command it would only let run confined)", () => {
  it('goes to the host where it can run it, with its other fields kept', async () => {
    const g = guard(() => ({ kind: 'rewrite', rewrite: { command: 'confined npm test' }, reasonCode: 'WITHIN_CONTRACT' }));
    const out = await answer(before('npm test'), place({ call: call({ command: 'npm test', timeout: 5 }) }), { core: g.core });
    expect(g.seen).toHaveLength(1);
    expect(out).toMatchObject({ kind: 'rewrite', from: 'guard', rewrite: { command: 'confined npm test', input: { command: 'confined npm test', timeout: 5 } } });
  });

  it("a person's hook rewrote the command: the guard judges the hook's command, and confines that one", async () => {
    const g = guard((c) => ({ kind: 'rewrite', rewrite: { command: `confined ${c}` }, reasonCode: 'WITHIN_CONTRACT' }));
    const out = await answer(before('npm test'), place({ call: call({ command: 'npm test', timeout: 5 }) }), { core: g.core, hooks: hooks({ rewrite: { command: 'npm test -- --silent' } }) });
    expect(g.seen.map((s) => s.command)).toEqual(['npm test', 'npm test -- --silent']);
    expect(out).toMatchObject({ kind: 'rewrite', from: 'guard', rewrite: { command: 'confined npm test -- --silent', input: { command: 'confined npm test -- --silent', timeout: 5 } } });
    expect(out.diagnostics).toBeUndefined();
  });

  it("a hook's command the guard can place runs as the hook wrote it, not confined", async () => {
    const g = guard((c) => (c === 'npm test' ? { kind: 'rewrite', rewrite: { command: 'confined npm test' }, reasonCode: 'WITHIN_CONTRACT' } : { kind: 'none' }));
    const out = await answer(before('npm test'), place({ call: call({ command: 'npm test' }) }), { core: g.core, hooks: hooks({ rewrite: { command: 'echo skipped' } }) });
    expect(out).toMatchObject({ kind: 'rewrite', reasonCode: 'hook-rewrite', from: 'hook', rewrite: { command: 'echo skipped' } });
  });

  it('anywhere else it is a deny: a command that may only run confined never runs as it is', async () => {
    const g = guard(() => ({ kind: 'rewrite', rewrite: { command: 'confined' }, message: 'runs confined', reasonCode: 'WITHIN_CONTRACT' }));
    for (const p of [place({ call: call({ command: 'x' }, false) }), place(), place({ call: { ...call({ command: 'x' }), input: 'not an object' } })]) {
      const out = await answer(before('x'), p, { core: g.core });
      expect(out).toMatchObject({ kind: 'deny', message: 'runs confined' });
      expect(out.rewrite).toBeUndefined();
    }
  });
});

describe("the row's gate", () => {
  it("a deny that survives the fold on a row that cannot block is context, marked as a refusal", async () => {
    const prompt: ControlEvent = { protocolVersion: 1, kind: 'prompt.submit', sessionId: 's', host: { family: 'opencode' }, prompt: { text: 'hi', source: 'user' } };
    const out = await answer(prompt, { env: {}, row: { control: 'prompt.submit', blockable: false } }, { core: guard().core, hooks: hooks({ decision: 'deny', reason: 'not today' }) });
    expect(out).toMatchObject({ kind: 'context', downgraded: 'deny', message: 'not today', from: 'hook' });
  });

  it('load errors of the hooks are said with the answer; a port that throws is one line and the guard stands', async () => {
    const out = await answer(before('ls'), place(), { core: guard().core, hooks: hooks({}, ['hooks: bad file']) });
    expect(out.diagnostics).toEqual(['hooks: bad file']);
    const broken: HooksPort = async () => {
      throw new Error('no config');
    };
    const again = await answer(before('ls'), place(), { core: guard(() => ({ kind: 'context', message: 'WATCH' })).core, hooks: broken });
    expect(again).toMatchObject({ kind: 'context', message: 'WATCH', diagnostics: ['user hooks not run: no config'] });
  });
});
