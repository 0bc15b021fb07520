/**
 * A host whose prompt event may come after the session's first tool call (its start hook runs
 * without being waited for): the tool call hands a reader of the host's record
 * (HandleOptions.hostPrompts), read only while the session has taken no prompt key, and the late
 * prompt event carries the same key, which the core does not take twice.
 */
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { readAllEvents } from '../../../core/evidence/log';
import { driver, sandbox, type Sandbox } from './helpers';

const boxes: Sandbox[] = [];
afterEach(() => {
  for (const b of boxes.splice(0)) rmSync(b.root, { recursive: true, force: true });
});
function box(env: Record<string, string> = {}): Sandbox {
  const b = sandbox(env);
  boxes.push(b);
  return b;
}

const review = { text: '$stopline review -- look around', source: 'user' as const, key: '$stopline review -- look around' };
const contracts = (b: Sandbox) => readAllEvents(b.data).records.filter((e) => e.type === 'contract');

describe('the prompt read from the host at the first tool call', () => {
  it('arms the contract before the call is judged, and is read only while no key was taken', () => {
    const b = box();
    let reads = 0;
    const d = driver(b, { hostPrompts: () => (reads++, [review]) });
    expect(d.act()).toMatchObject({ kind: 'deny', reasonCode: 'MODE_FORBIDS_MUTATION' });
    expect(d.act()).toMatchObject({ kind: 'deny', reasonCode: 'MODE_FORBIDS_MUTATION' });
    expect(reads).toBe(1);
    expect(contracts(b)).toHaveLength(1);
  });

  it('a prompt event with the same key after it changes nothing; a new key is taken', () => {
    const b = box();
    const d = driver(b, { hostPrompts: () => [review] });
    d.act();
    expect(d.prompt(review.text, { prompt: review })).toEqual({ kind: 'none' });
    expect(d.prompt(review.text, { prompt: review })).toEqual({ kind: 'none' });
    expect(contracts(b)).toHaveLength(1);
    const change = { text: '$stopline change files=src/a.ts', source: 'user' as const, key: '$stopline change files=src/a.ts' };
    expect(d.prompt(change.text, { prompt: change })).toMatchObject({ kind: 'context', reasonCode: 'DIRECTIVE_APPLIED' });
    expect(d.act()).toMatchObject({ kind: 'none' });
    expect(contracts(b)).toHaveLength(2);
  });

  it('a keyed prompt event first: the tool call does not read the record at all', () => {
    const b = box();
    const d = driver(b, { hostPrompts: () => { throw new Error('read'); } });
    expect(d.prompt(review.text, { prompt: review })).toMatchObject({ reasonCode: 'DIRECTIVE_APPLIED' });
    expect(d.act()).toMatchObject({ kind: 'deny', reasonCode: 'MODE_FORBIDS_MUTATION' });
  });

  it('a record that cannot be read gets the fail mode: open lets the call through with a line, closed denies', () => {
    const failing = { hostPrompts: (): never => { throw new Error('the record could not be read'); } };
    const open = driver(box(), failing).act();
    expect(open.kind).toBe('none');
    expect(open.diagnostics?.join('\n')).toContain('the record could not be read; failing open');
    expect(driver(box({ STOPLINE_FAIL_OPEN: '0' }), failing).act()).toMatchObject({ kind: 'deny', reasonCode: 'GUARD_UNAVAILABLE' });
  });

  it("a child's call never reads it: only the person's session arms", () => {
    let reads = 0;
    const d = driver(box(), { hostPrompts: () => (reads++, [review]) }, { rootSessionId: 'root-session' });
    expect(d.act()).toMatchObject({ kind: 'none' });
    expect(reads).toBe(0);
  });
});
