import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as z from 'zod/mini';
import { CONTROL_EVENT_KINDS, HAZARD_KINDS, HOST_FAMILIES, HOST_STATUSES, MUTABILITIES, PROMPT_SOURCES, parseControlEvent } from '../../core/protocol';
import { CONTRACT_SOURCES, LEVELS, MODES, POLICIES } from '../../core/contract/types';
import { parseState } from '../../core/state/session';

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
    const s = parseControlEvent({ ...base, action: { ...action, segments: [{ program: 'rm', mutability: 'write', paths: ['a', 3], why: '' }] } });
    expect(!s.ok && s.error).toBe('action.segments.0.paths.1: expected string');
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
  it('keeps what the scratch rule reads of a write segment', () => {
    const segments = [{ program: 'mktemp', mutability: 'write', paths: [], why: 'w', newEntry: { folder: '/tmp', prefix: 'tmp.' } }, { program: 'redirect', mutability: 'write', paths: ['/tmp/a'], why: 'w', pathsProven: true }];
    const r = parseControlEvent({ ...base, action: { ...action, affectedPaths: null, segments } });
    expect(r.ok && r.event.action?.segments).toEqual(segments);
  });
  it('carries no key the protocol does not define', () => {
    const r = parseControlEvent({ ...base, extra: 'x', host: { family: 'claude', extra: 1 }, action: { ...action, extra: true } });
    expect(r.ok && JSON.stringify(r.event)).not.toContain('extra');
  });
});

// The hand-written checks against a zod schema of the same shape (the form the protocol was
// first written in): on generated values, near-valid ones included, both accept and reject the
// same values, and an accepted value comes back equal.
const nonEmpty = z.string().check(z.minLength(1));
const count = z.number().check(z.int(), z.minimum(0));
const Segment = z.object({ program: z.string(), mutability: z.enum(MUTABILITIES), paths: z.array(z.string()), why: z.string(), pathsProven: z.optional(z.boolean()), newEntry: z.optional(z.object({ folder: z.string(), prefix: z.string() })) });
const Hazard = z.object({ kind: z.enum(HAZARD_KINDS), form: z.string(), paths: z.nullable(z.array(z.string())), recursive: z.optional(z.boolean()), write: z.optional(z.boolean()), climbs: z.optional(z.boolean()), below: z.optional(z.boolean()), fails: z.optional(z.string()) });
const Action = z.object({
  id: z.optional(z.string()),
  name: nonEmpty,
  canonicalName: z.optional(z.string()),
  mutability: z.enum(MUTABILITIES),
  affectedPaths: z.nullable(z.array(z.string())),
  cwd: z.optional(z.string()),
  dependencyIntent: z.boolean(),
  hashIntent: z.boolean(),
  delegationCount: count,
  unboundedDelegation: z.boolean(),
  selfTarget: z.optional(z.boolean()),
  command: z.optional(z.string()),
  segments: z.optional(z.array(Segment)),
  hazards: z.optional(z.array(Hazard)),
  reads: z.optional(z.array(z.string())),
  callKey: z.optional(z.string()),
  hostStatus: z.optional(z.enum(HOST_STATUSES)),
});
const ControlEvent = z.object({
  protocolVersion: z.literal(1),
  kind: z.enum(CONTROL_EVENT_KINDS),
  sessionId: nonEmpty,
  rootSessionId: z.optional(nonEmpty),
  turnId: z.optional(z.string()),
  cwd: z.optional(z.string()),
  host: z.object({
    family: z.enum(HOST_FAMILIES),
    version: z.optional(z.string()),
    permissionMode: z.optional(z.string()),
    agentId: z.optional(z.string()),
    agentType: z.optional(z.string()),
    hasHuman: z.optional(z.boolean()),
    dataDir: z.optional(z.string()),
  }),
  prompt: z.optional(z.object({ text: z.string(), source: z.enum(PROMPT_SOURCES) })),
  action: z.optional(Action),
  turnEnd: z.optional(
    z.object({
      continued: z.boolean(),
      record: z.optional(
        z.object({
          calls: z.array(z.object({ id: nonEmpty, kind: z.string(), noHook: z.optional(z.boolean()), at: z.optional(count) })),
          truncated: z.boolean(),
          unreadable: z.optional(z.string()),
        }),
      ),
    }),
  ),
});
const State = z.object({
  schemaVersion: z.literal(1),
  contract: z.object({
    mode: z.enum([...MODES, 'unconfirmed']),
    level: z.enum(LEVELS),
    files: z.nullable(z.array(z.string())),
    deps: z.enum(POLICIES),
    hash: z.enum(POLICIES),
    agents: z.union([count, z.literal('allow')]),
    agentsUsed: count,
    source: z.enum(CONTRACT_SOURCES),
    revision: count,
  }),
  lastContextHash: z.nullable(z.string()),
  recoveries: count,
  recentLaunches: z.optional(z.array(z.string())),
  floorStops: z.optional(z.array(z.string())),
  floorAllowed: z.optional(z.array(z.string())),
});

/** A value of the right shape, or the same with one field replaced by something else. */
const odd = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.integer({ min: -3, max: 3 }), fc.double(), fc.boolean(), fc.constant([]), fc.constant({}), fc.array(fc.oneof(fc.string(), fc.integer())));
function nearly(shape: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  const whole = fc.record(shape, { requiredKeys: Object.keys(shape).filter((k) => !k.startsWith('?')) });
  const keys = Object.keys(shape);
  return fc.oneof(
    { weight: 3, arbitrary: whole },
    { weight: 2, arbitrary: fc.tuple(whole, fc.constantFrom(...keys), odd).map(([v, k, o]) => ({ ...(v as object), [k]: o })) },
    { weight: 1, arbitrary: fc.tuple(whole, fc.string()).map(([v, k]) => ({ ...(v as object), [k]: 1 })) },
  );
}
const pick = <T,>(xs: readonly T[]) => fc.oneof(fc.constantFrom(...xs), fc.string());
const segmentArb = nearly({ program: fc.string(), mutability: pick(MUTABILITIES), paths: fc.array(fc.string(), { maxLength: 3 }), why: fc.string(), pathsProven: fc.boolean(), newEntry: nearly({ folder: fc.string(), prefix: fc.string() }) });
const hazardArb = nearly({ kind: pick(HAZARD_KINDS), form: fc.string(), paths: fc.option(fc.array(fc.string(), { maxLength: 2 })), recursive: fc.boolean(), write: fc.boolean(), climbs: fc.boolean(), fails: fc.option(fc.string(), { nil: undefined }) });
const actionArb = nearly({
  id: fc.string(), name: fc.string({ maxLength: 3 }), canonicalName: fc.string(), mutability: pick(MUTABILITIES), affectedPaths: fc.option(fc.array(fc.string(), { maxLength: 3 })),
  cwd: fc.string(), dependencyIntent: fc.boolean(), hashIntent: fc.boolean(), delegationCount: fc.integer({ min: -1, max: 4 }), unboundedDelegation: fc.boolean(),
  selfTarget: fc.boolean(), command: fc.string(), segments: fc.array(segmentArb, { maxLength: 2 }), hazards: fc.array(hazardArb, { maxLength: 2 }), reads: fc.array(fc.string(), { maxLength: 2 }), callKey: fc.string(), hostStatus: pick(HOST_STATUSES),
});
const eventArb = nearly({
  protocolVersion: fc.constantFrom(1, 2), kind: pick(CONTROL_EVENT_KINDS), sessionId: fc.string({ maxLength: 3 }), rootSessionId: fc.string({ maxLength: 3 }), turnId: fc.string(), cwd: fc.string(),
  host: nearly({ family: pick(HOST_FAMILIES), version: fc.string(), permissionMode: fc.string(), agentId: fc.string(), agentType: fc.string(), hasHuman: fc.boolean(), dataDir: fc.string() }),
  prompt: nearly({ text: fc.string(), source: pick(PROMPT_SOURCES) }),
  action: actionArb,
  turnEnd: nearly({
    continued: fc.boolean(),
    record: nearly({
      calls: fc.array(nearly({ id: fc.string({ maxLength: 2 }), kind: fc.string({ maxLength: 3 }), noHook: fc.boolean(), at: fc.integer({ min: -1, max: 9 }) }), { maxLength: 2 }),
      truncated: fc.boolean(),
      unreadable: fc.string(),
    }),
  }),
});
const stateArb = nearly({
  schemaVersion: fc.constantFrom(1, 2),
  contract: nearly({
    mode: pick([...MODES, 'unconfirmed']), level: pick(LEVELS), files: fc.option(fc.array(fc.string(), { maxLength: 2 })), deps: pick(POLICIES), hash: pick(POLICIES),
    agents: fc.oneof(fc.integer({ min: -1, max: 9 }), fc.constant('allow')), agentsUsed: fc.integer({ min: -1, max: 9 }), source: pick(CONTRACT_SOURCES), revision: fc.integer({ min: -1, max: 9 }),
  }),
  lastContextHash: fc.option(fc.string()), recoveries: fc.integer({ min: -1, max: 3 }), recentLaunches: fc.array(fc.string(), { maxLength: 2 }),
  floorStops: fc.array(fc.string(), { maxLength: 2 }), floorAllowed: fc.array(fc.string(), { maxLength: 2 }),
});

describe('the hand-written checks agree with a zod schema of the same shape', () => {
  it('ControlEvent: same values accepted, same result', () => {
    fc.assert(
      fc.property(eventArb, (v) => {
        const mine = parseControlEvent(v);
        const theirs = ControlEvent.safeParse(v);
        const kindNeeds = theirs.success && (((theirs.data.kind === 'action.before' || theirs.data.kind === 'action.after') && !theirs.data.action) || (theirs.data.kind === 'prompt.submit' && !theirs.data.prompt));
        expect(mine.ok).toBe(theirs.success && !kindNeeds);
        if (mine.ok && theirs.success) expect(mine.event).toEqual(theirs.data);
      }),
      { numRuns: 3000, seed: 19 },
    );
  });
  it('session state: same files accepted, same result', () => {
    fc.assert(
      fc.property(stateArb, (v) => {
        const mine = parseState(JSON.stringify(v));
        const theirs = State.safeParse(JSON.parse(JSON.stringify(v) ?? 'null'));
        expect(mine !== null).toBe(theirs.success);
        if (mine && theirs.success) expect(mine).toEqual(theirs.data);
      }),
      { numRuns: 3000, seed: 19 },
    );
  });
});
