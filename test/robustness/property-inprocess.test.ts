/**
 * Property tests on the in-process entries: the OpenCode plugin's hooks and the Pi extension's
 * handlers, fed mutated captured events and random values (10,000 cases each). The plugin must
 * never throw anything but a STOP stamp from tool.execute.before (that throw is its deny), its
 * bus-event hook never throws; a Pi handler returns nothing, a {block, reason} with a stamp, or
 * an input action, and never throws: a throw inside the host is an error the person sees, or
 * (OpenCode) a tool that runs anyway.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { recordBypass } from '../../core/answer/bypass';
import { failOutcome, handleEvent } from '../../core/answer/controller';
import { applyHostEditSwitch } from '../../core/answer/host-mode';
import { InProcessHooks } from '../../core/hooks/in-process';
import { OpenCodeDoor } from '../../hosts/opencode/door';
import { PiDoor } from '../../hosts/pi/door';
import { FakeOpenCode } from '../hosts/opencode/fake-client';
import { fakeCtx } from '../hosts/pi/fake-pi';
import { sandbox } from '../scenarios/drivers';
import { mutatedPayload, oddValue, type Json } from './arbitraries';

const NUMBER_OF_CASES = 10_000;
const FIX = join(__dirname, '..', 'fixtures');
const load = (dir: string, pred: (f: string) => boolean): Json[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.json') && pred(f))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Json);

const counts: Record<string, number> = {};
afterAll(() => {
  process.stderr.write(`property cases (in process): ${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ')}\n`);
});

const STAMP = /^STOP \/ [A-Z]+\n/;

describe('OpenCode plugin hooks', () => {
  it(`${NUMBER_OF_CASES} generated tool calls and bus events: only a STOP stamp is ever thrown`, async () => {
    const box = sandbox();
    let n = 0;
    try {
      const toolCalls = load(join(FIX, 'opencode'), (f) => f.startsWith('tool.execute.'));
      const events = load(join(FIX, 'opencode'), (f) => f.startsWith('event-')).map((d) => d.arg as Json);
      const fake = new FakeOpenCode();
      const build = (mode: string) =>
        new OpenCodeDoor(
          { client: fake.client(), directory: box.project },
          { env: { ...box.env, STOPLINE_FAIL_OPEN: mode }, core: { handleEvent, failOutcome, applyHostEditSwitch }, hooks: new InProcessHooks(box.env, 'opencode'), log: () => {}, sdkTimeoutMs: 200 },
        );
      const guards = { '1': build('1'), '0': build('0') };
      const hooks = { '1': guards['1'].hooks(), '0': guards['0'].hooks() };
      const call = fc.oneof(
        { weight: 4, arbitrary: mutatedPayload(toolCalls).map((d) => ({ kind: 'tool' as const, d })) },
        { weight: 1, arbitrary: fc.tuple(oddValue, oddValue).map(([i, o]) => ({ kind: 'tool' as const, d: { input: i, output: o } as Json })) },
        { weight: 3, arbitrary: mutatedPayload(events.map((e) => (e.event ?? {}) as Json)).map((e) => ({ kind: 'event' as const, d: { event: e } as Json })) },
        { weight: 1, arbitrary: oddValue.map((e) => ({ kind: 'event' as const, d: { event: e } as Json })) },
      );
      await fc.assert(
        fc.asyncProperty(call, fc.constantFrom<'1' | '0'>('1', '0'), async (c, mode) => {
          n += 1;
          const h = hooks[mode] as unknown as Record<string, (a: unknown, b?: unknown) => Promise<unknown>>;
          if (c.kind === 'event') {
            await expect(h.event!(c.d)).resolves.toBeUndefined();
            return;
          }
          const name = 'tool.execute.before';
          try {
            await h[name]!(c.d.input, c.d.output);
          } catch (err) {
            expect(err).toBeInstanceOf(Error);
            expect((err as Error).message).toMatch(STAMP);
          }
        }),
        { numRuns: NUMBER_OF_CASES, seed: 0x0c0de },
      );
      await guards['1'].drain();
      await guards['0'].drain();
    } finally {
      counts.opencode = n;
      box.cleanup();
    }
  }, 900_000);
});

describe('Pi extension handlers', () => {
  it(`${NUMBER_OF_CASES} generated events and contexts: nothing, a stamped block, or an input action; never a throw`, async () => {
    const box = sandbox();
    let n = 0;
    try {
      const captured = [...load(join(FIX, 'pi'), (f) => !f.startsWith('_')), ...load(join(FIX, 'pi', 'mariozechner-0.73.1'), (f) => !f.startsWith('_'))].map((d) => d.event as Json);
      const build = (mode: string) => new PiDoor({ env: { ...box.env, STOPLINE_FAIL_OPEN: mode }, core: { handleEvent, failOutcome, recordBypass }, hooks: new InProcessHooks(box.env, 'pi'), log: () => {}, askTimeoutMs: 100 }).handlers();
      const handlers = { '1': build('1'), '0': build('0') };
      const names = Object.keys(handlers['1']);
      const ctxArb = fc.record({ sessionId: fc.oneof(fc.constant(null), fc.constant('pi-prop-1'), fc.string()), isIdle: fc.boolean(), hasUI: fc.constant(false) });
      const eventArb = fc.oneof({ weight: 4, arbitrary: mutatedPayload(captured) }, { weight: 1, arbitrary: oddValue });
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...names), eventArb, ctxArb, fc.constantFrom<'1' | '0'>('1', '0'), async (name, event, c, mode) => {
          n += 1;
          const r = (await handlers[mode][name]!(event, fakeCtx({ cwd: box.project, ...c }))) as Json | undefined;
          if (r === undefined) return;
          if ('block' in r) {
            expect(r.block).toBe(true);
            expect(String(r.reason)).toMatch(STAMP);
          } else if ('action' in r) {
            expect(['continue', 'transform', 'handled']).toContain(r.action);
          } else {
            // before_agent_start context, tool_result content
            expect(Object.keys(r).every((k) => ['message', 'content', 'details', 'isError', 'skillPaths'].includes(k))).toBe(true);
          }
        }),
        { numRuns: NUMBER_OF_CASES, seed: 0x91 },
      );
    } finally {
      counts.pi = n;
      box.cleanup();
    }
  }, 900_000);
});
