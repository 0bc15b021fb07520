/**
 * The in-process runtime on its own, with fake ports: no host, no Node built-in in what it
 * imports, its answers and handoffs, its bounded memory and queue, and the binding of a door's
 * handlers to its host's rows.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Outcome } from '../../../../core/answer/outcome';
import type { HostRegistry } from '../../../../core/registry/types';
import { eventRow } from '../../../../core/registry/rows';
import { opencodeRegistry } from '../../../../core/registry/opencode';
import { piRegistry } from '../../../../core/registry/pi';
import { BoundedMap, BoundedSet, KeyedQueue } from '../../../../hosts/shared/in-process/bounded';
import { bindHandlers } from '../../../../hosts/shared/in-process/handlers';
import { NO_UI } from '../../../../hosts/shared/in-process/ports';
import type { DoorUi, PersonHooksPort, RuntimePorts, TimingRecord } from '../../../../hosts/shared/in-process/ports';
import { InProcessRuntime } from '../../../../hosts/shared/in-process/runtime';
import type { ControlEvent } from '../../../../core/protocol';

const ROOT = join(__dirname, '..', '..', '..', '..');
const RUNTIME_FILES = ['runtime.ts', 'ports.ts', 'bounded.ts', 'handlers.ts'].map((f) => `hosts/shared/in-process/${f}`);

/** Value imports of a file (type-only imports are erased and load nothing), resolved to repo files or bare names. */
function valueImports(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?([^'"]*?)\s*from\s+['"]([^'"]+)['"]/gm)) {
    if (m[2]) continue; // import type / export type
    const names = m[3]!;
    // `import { type A, type B }` loads nothing either
    if (/^\{[^}]*\}$/.test(names.trim()) && names.replace(/[{}\s]/g, '').split(',').filter(Boolean).every((n) => n.startsWith('type'))) continue;
    const spec = m[4]!;
    if (!spec.startsWith('.')) out.push(spec);
    else {
      const base = relative(ROOT, join(ROOT, dirname(file), spec)).split('\\').join('/');
      out.push(base.endsWith('.ts') ? base : `${base}.ts`);
    }
  }
  return out;
}

function closure(files: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...files];
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    if (f.endsWith('.ts')) for (const i of valueImports(f)) todo.push(i);
  }
  return seen;
}

describe('the runtime needs no Node built-in (a door without Node passes its own ports)', () => {
  it('nothing it loads imports node:* or a package', () => {
    const all = [...closure(RUNTIME_FILES)];
    expect(all.filter((f) => !f.endsWith('.ts'))).toEqual([]);
    // the one answer path a hook process takes is the one this runtime takes
    expect(all).toContain('core/answer/answer.ts');
  });

  it('the check sees a Node import where there is one', () => {
    expect([...closure(['hosts/shared/in-process/node.ts'])]).toContain('node:fs');
  });
});

interface Fake {
  rt: InProcessRuntime;
  lines: string[];
  timings: TimingRecord[];
  hookRuns: string[];
  decided: ControlEvent[];
  clock: { t: number };
}

/** A hooks port whose hooks answer `decision` for every event (none: nothing configured). */
function hooksSaying(decision: 'deny' | 'ask' | 'allow', reason = 'from a hook', runs: string[] = []): Partial<PersonHooksPort> {
  return {
    has: () => true,
    port: (event) => async () => {
      runs.push(event);
      return { result: { decision, reason, stop: false, contexts: [], messages: [], downgraded: false, runs: [] }, lines: [] };
    },
  };
}

function fake(opts: { decide?: (e: ControlEvent) => Outcome; hooks?: Partial<PersonHooksPort>; fail?: () => Outcome; registry?: HostRegistry } = {}): Fake {
  const lines: string[] = [];
  const timings: TimingRecord[] = [];
  const hookRuns: string[] = [];
  const decided: ControlEvent[] = [];
  const clock = { t: 100 };
  const ports: RuntimePorts = {
    env: {},
    core: {
      handleEvent: (e) => {
        decided.push(e as ControlEvent);
        return opts.decide ? opts.decide(e as ControlEvent) : { kind: 'none' };
      },
      failOutcome: opts.fail ?? ((err) => ({ kind: 'none', diagnostics: [`${(err as Error).message}; failing open`] })),
    },
    hooks: {
      has: () => false,
      port: (event) => async () => {
        hookRuns.push(event);
        return { result: null, lines: [] };
      },
      ...opts.hooks,
    },
    log: (l) => lines.push(l),
    clock: { now: () => clock.t },
    timers: { set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) },
    cwd: () => '/proc-cwd',
    timing: (r) => timings.push(r),
  };
  const rt = new InProcessRuntime({ registry: opts.registry ?? piRegistry, label: 'stopline (test)', denyResponse: 'test_denied' }, ports);
  return { rt, lines, timings, hookRuns, decided, clock };
}

const EVENT = (kind: ControlEvent['kind']): ControlEvent => ({ protocolVersion: 1, kind, sessionId: 's1', host: { family: 'pi', hasHuman: false } });
/** Pi's rows: tool_call before a tool, input for a prompt (both can block), tool_result after. */
const ROW = (handler: string) => fake().rt.row(handler);
const uiSaying = (answer: boolean | Error, notes: string[] = []): DoorUi => ({
  available: true,
  notify: (t) => notes.push(t),
  confirm: async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  },
});

describe('answers', () => {
  it('a guard deny before a tool blocks; the same deny on a prompt is context and a notice (the guard gate)', async () => {
    const f = fake({ decide: () => ({ kind: 'deny', message: 'STOP x', reasonCode: 'MODE_FORBIDS_MUTATION' }) });
    const place = { cwd: '/p', canAsk: false };
    expect((await f.rt.answer(EVENT('action.before'), { row: ROW('tool-before') }, f.rt.hookInput('s1', '/p'), place)).kind).toBe('deny');
    const prompt = await f.rt.answer(EVENT('prompt.submit'), { row: ROW('input') }, f.rt.hookInput('s1', '/p'), place);
    expect(prompt).toMatchObject({ kind: 'context', notice: 'STOP x', from: 'guard', guard: { kind: 'context' } });
    expect(f.hookRuns).toEqual(['tool:before', 'prompt:submit']);
  });

  it("a hook's deny on a row that cannot block is context, as in a hook process (the row's blockable column)", async () => {
    // OpenCode's prompt row: the prompt has gone to the model before the plugin sees it
    const row = opencodeRegistry.events.find((e) => e.handler === 'person-text')!;
    expect(row.blockable).toBe(false);
    const f = fake({ registry: opencodeRegistry, hooks: hooksSaying('deny', 'not on Fridays') });
    const out = await f.rt.answer(EVENT('prompt.submit'), { row }, f.rt.hookInput('s1', '/p', { prompt: 'hi' }), { cwd: '/p', canAsk: false });
    expect(out).toMatchObject({ kind: 'context', downgraded: 'deny', message: 'not on Fridays', reasonCode: 'hook-deny', from: 'hook' });
    // the same deny where the row blocks stays a deny
    const g = fake({ hooks: hooksSaying('deny', 'not on Fridays') });
    expect((await g.rt.answer(EVENT('prompt.submit'), { row: g.rt.row('input') }, g.rt.hookInput('s1', '/p', { prompt: 'hi' }), { cwd: '/p', canAsk: false })).kind).toBe('deny');
  });

  it('a row the door names but the host lacks fails loudly', () => {
    expect(() => fake().rt.row('no-such-handler')).toThrow('no event row with the handler "no-such-handler"');
  });

  it('no folder from the host: the process folder is where the hooks are looked up', () => {
    const f = fake();
    expect(f.rt.hookInput('s1', undefined).cwd).toBe('/proc-cwd');
    expect(f.rt.hookInput('s1', '/p', { prompt: 'x' })).toEqual({ sessionId: 's1', cwd: '/p', prompt: 'x' });
  });

  it('a tool call reaches the hooks in the host’s names and in Claude’s (from the tool row)', () => {
    const f = fake();
    const input = f.rt.toolHookInput(f.rt.hookInput('s1', '/p'), { tool: 'write', callId: 'c1', args: { path: 'a.txt', content: 'x' } });
    expect(input).toMatchObject({ toolName: 'write', canonicalToolName: 'Write', toolUseId: 'c1', canonicalInput: { file_path: 'a.txt', content: 'x' } });
  });

  it('the fail mode answers an error; a fail mode that itself fails is open, with one line', () => {
    expect(fake().rt.failure(new Error('boom'), '/p')).toMatchObject({ kind: 'none' });
    const f = fake({
      fail: () => {
        throw new Error('no config');
      },
    });
    expect(f.rt.failure(new Error('boom'), '/p')).toEqual({ kind: 'none', diagnostics: ['boom; fail mode unknown (no config), failing open'] });
    // closed: a deny before a tool, context (with the stamp as a notice) on any other row
    const closed = fake({ fail: () => ({ kind: 'deny', message: 'STOP GUARD_UNAVAILABLE', reasonCode: 'GUARD_UNAVAILABLE' }) });
    expect(closed.rt.failure(new Error('boom'), '/p', closed.rt.row('tool-before'))).toMatchObject({ kind: 'deny', message: 'STOP GUARD_UNAVAILABLE' });
    expect(closed.rt.failure(new Error('boom'), '/p', closed.rt.row('input'))).toMatchObject({ kind: 'context', notice: 'STOP GUARD_UNAVAILABLE' });
  });

  it('lines carry the door label, and a broken log changes nothing', () => {
    const f = fake();
    f.rt.say(['one', 'two']);
    expect(f.lines).toEqual(['stopline (test): one', 'stopline (test): two']);
    const g = new InProcessRuntime({ registry: piRegistry, label: 'x', denyResponse: 'y' }, { ...fakePorts(), log: () => { throw new Error('closed'); } });
    expect(() => g.say(['a'])).not.toThrow();
  });
});

function fakePorts(): RuntimePorts {
  return {
    env: {},
    core: { handleEvent: () => ({ kind: 'none' }), failOutcome: () => ({ kind: 'none' }) },
    hooks: { has: () => false, port: () => async () => ({ result: null, lines: [] }) },
    log: () => {},
    clock: { now: () => 0 },
    timers: { set: () => 0, clear: () => {} },
    cwd: () => '/',
  };
}

describe('before and after a tool', () => {
  const run = (out: Outcome) => async () => ({ answer: out, sessionId: 's1', callId: 'c1' });
  const before = ROW('tool-before');
  const at = (ui: DoorUi, extra: { tell?: (m: string) => void } = {}) => ({ cwd: '/p', ui, row: before, ...extra });

  it('a deny blocks and is timed with its kind', async () => {
    const f = fake();
    f.clock.t = 100;
    const block = await f.rt.beforeTool('tool_call', at(NO_UI), async () => {
      f.clock.t = 102.5;
      return { answer: { kind: 'deny', message: 'STOP' }, sessionId: 's1', callId: 'c1' };
    });
    expect(block).toMatchObject({ block: { kind: 'deny' } });
    expect(f.timings).toEqual([{ artifact: 'stopline (test)', hook: 'tool_call', ms: 2.5, outcome: 'deny' }]);
  });

  it('an ask: no UI is a block, the person’s yes runs it, a no or a broken dialog blocks it', async () => {
    const ask: Outcome = { kind: 'ask', message: 'STOP ask' };
    const f = fake();
    expect(await f.rt.beforeTool('t', at(NO_UI), run(ask))).toMatchObject({ block: { kind: 'ask' } });
    expect(await f.rt.beforeTool('t', at(uiSaying(true)), run(ask))).toBeNull();
    expect(await f.rt.beforeTool('t', at(uiSaying(false)), run(ask))).toMatchObject({ block: { kind: 'ask' } });
    expect(await f.rt.beforeTool('t', at(uiSaying(new Error('tty gone'))), run(ask))).toMatchObject({ block: { kind: 'ask' } });
    expect(f.lines).toEqual(['stopline (test): approval dialog failed, counted as no (tty gone)']);
  });

  it('an error before a tool gets the fail mode: open runs it with a line, closed blocks it', async () => {
    const open = fake();
    expect(await open.rt.beforeTool('t', at(NO_UI), async () => Promise.reject(new Error('bad call')))).toBeNull();
    expect(open.lines).toEqual(['stopline (test): bad call; failing open']);
    expect(open.timings[0]!.outcome).toBe('fail-none');
    const closed = fake({ fail: () => ({ kind: 'deny', message: 'STOP GUARD_UNAVAILABLE' }) });
    expect(await closed.rt.beforeTool('t', at(NO_UI), async () => Promise.reject(new Error('bad call')))).toMatchObject({ block: { kind: 'deny' } });
  });

  it('a rewrite goes back to the door to put in place, its note kept for after the tool', async () => {
    const f = fake();
    const rewrite = { command: 'wrapped ls', field: 'command', input: { command: 'wrapped ls' } };
    expect(await f.rt.beforeTool('t', at(NO_UI), run({ kind: 'rewrite', rewrite, message: 'runs confined' }))).toEqual({ rewrite });
    expect(f.rt.afterTexts('s1', 'c1', { kind: 'none' })).toEqual(['runs confined']);
  });

  it('a watch note decided before the tool reaches the model once after it, unless the after-check says it again', async () => {
    const f = fake();
    await f.rt.beforeTool('t', at(NO_UI), run({ kind: 'context', message: 'WATCH a' }));
    expect(f.rt.afterTexts('s1', 'c1', { kind: 'none' })).toEqual(['WATCH a']);
    expect(f.rt.afterTexts('s1', 'c1', { kind: 'none' })).toEqual([]);
    await f.rt.beforeTool('t', at(NO_UI), run({ kind: 'context', message: 'WATCH a' }));
    expect(f.rt.afterTexts('s1', 'c1', { kind: 'context', message: 'WATCH b', guard: { kind: 'context', message: 'WATCH b' } })).toEqual(['WATCH b']);
  });

  it('the hooks’ messages go to the person (the UI, or the door’s own channel)', async () => {
    const notes: string[] = [];
    const f = fake();
    await f.rt.beforeTool('t', at(uiSaying(true, notes)), run({ kind: 'none', messages: ['from a hook'] } as Outcome));
    expect(notes).toEqual(['from a hook']);
    const said: string[] = [];
    await f.rt.beforeTool('t', at(NO_UI, { tell: (m) => said.push(m) }), run({ kind: 'none', messages: ['from a hook'] } as Outcome));
    expect(said).toEqual(['from a hook']);
  });
});

describe('context that waits, the queue, time bounds', () => {
  it('kept context is handed over once, blank texts dropped', () => {
    const f = fake();
    f.rt.keep('s1', ['a', ' ', 'b']);
    f.rt.keep('s1', ['c']);
    expect(f.rt.takeKept('s1')).toEqual(['a', 'b', 'c']);
    expect(f.rt.takeKept('s1')).toEqual([]);
  });

  it('work on one session runs in order; idle waits for it; a failure is one line and does not stop the next task', async () => {
    const f = fake();
    const order: string[] = [];
    f.rt.enqueue('s1', 'event', async () => {
      await new Promise((r) => setTimeout(r, 5));
      order.push('first');
    });
    f.rt.enqueue('s1', 'event', async () => {
      throw new Error('broken');
    });
    f.rt.enqueue('s1', 'event', async () => void order.push('third'));
    await f.rt.idle('s1');
    expect(order).toEqual(['first', 'third']);
    await f.rt.drain();
    expect(f.lines).toEqual(['stopline (test): event not processed (broken)']);
  });

  it('a call that does not settle in time is an error naming it', async () => {
    const f = fake();
    await expect(f.rt.within('client.session.get', 10, () => new Promise(() => {}))).rejects.toThrow('client.session.get did not answer within 10 ms');
    await expect(f.rt.within('x', 1000, async () => 7)).resolves.toBe(7);
  });

  it('a safely-run handler that throws is one line, never a throw', async () => {
    const f = fake();
    await expect(f.rt.safely('agent_end', () => Promise.reject(new Error('nope')))).resolves.toBeUndefined();
    expect(f.lines).toEqual(['stopline (test): agent_end not processed (nope)']);
  });
});

describe('bounded memory', () => {
  it('the set and the map forget their oldest entries beyond the limit', () => {
    const s = new BoundedSet(2);
    expect(s.add('a')).toBe(true);
    expect(s.add('a')).toBe(false);
    s.add('b');
    s.add('c');
    expect([s.has('a'), s.has('b'), s.has('c'), s.size]).toEqual([false, true, true, 2]);
    const m = new BoundedMap<number>(2);
    m.set('a', 1);
    m.set('b', 2);
    m.set('a', 3); // refreshed: now the newest
    m.set('c', 4);
    expect([m.get('a'), m.get('b'), m.get('c')]).toEqual([3, undefined, 4]);
    expect(m.take('a')).toBe(3);
    expect(m.has('a')).toBe(false);
  });

  it('the queue forgets a key once its work is done', async () => {
    const q = new KeyedQueue();
    void q.run('k', async () => 1);
    expect(q.busyKeys).toBe(1);
    await q.settled();
    expect(q.busyKeys).toBe(0);
  });
});

describe('binding a door’s handlers to its host’s rows', () => {
  const reg = (events: HostRegistry['events']): HostRegistry => ({ ...piRegistry, events });

  it('each row with a handler gets the door’s function, in table order; rows without one are left out', () => {
    const one = async () => 'one';
    const two = async () => 'two';
    const bound = bindHandlers(reg([eventRow('a', null, null, false, { handler: 'one' }), eventRow('b', null, null, false, { handler: 'two' }), eventRow('c', null, null, false, { plugin: true }), eventRow('d', null, null, false, { handler: 'one' })]), { one, two });
    expect([...bound.keys()]).toEqual(['a', 'b', 'd']);
    expect(bound.get('d')!.handler).toBe(one);
  });

  it('a row naming a handler the door lacks, or a handler no row names, fails at start', () => {
    expect(() => bindHandlers(reg([eventRow('a', null, null, false, { handler: 'missing' })]), {})).toThrow('names handler "missing"');
    expect(() => bindHandlers(reg([]), { spare: async () => {} })).toThrow('spare answer no event');
  });
});
