/**
 * The built dist/opencode/stopline.js as OpenCode v2 loads it, under Bun with a fake v2
 * (bun-v2-host.ts): the default export passes v2's loader check, setup registers on the
 * context domains, and through them the person's directive arms the contract, a write is
 * refused before it runs, the contract is in the model request, and an ask goes to v2's own
 * permission prompt. The same file keeps loading on 1.x (test/hosts/opencode/plugin.test.ts and
 * the real OpenCode 1.18.33 in test/hosts/opencode/scenarios.test.ts). No real OpenCode v2 ran
 * here: docs/hosts/opencode.md, "OpenCode v2".
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { playInBun } from '../opencode/bun-play';

const ROOT = 'ses_v2root00000000000000001';
const CHILD = 'ses_v2child0000000000000001';

interface Answer {
  loaded: boolean;
  id?: string;
  loadError?: string;
  registered: string[];
  subscribed?: boolean;
  results: { threw?: string; tag?: string; event?: Record<string, unknown> }[];
}

const play = (steps: unknown[], env: Record<string, string> = {}): Answer => playInBun<Answer>(join(__dirname, 'bun-v2-host.ts'), steps, env);

describe('dist/opencode/stopline.js under Bun as OpenCode v2 loads it', () => {
  it('passes v2\'s loader check (id and setup) and registers on every context domain it uses', () => {
    const a = play([]);
    expect(a.loaded).toBe(true);
    expect(a.id).toBe('stopline');
    expect(a.registered).toEqual(['permission.evaluate', 'session.compaction', 'session.context', 'session.prompt', 'tool.execute.after', 'tool.execute.before']);
    expect(a.subscribed).toBe(true);
  });

  it('the directive arms review: a write and `touch x` are refused with the stamp, a read runs, the contract is in the request', () => {
    const a = play([
      { prompt: { session: ROOT, text: '$stopline review -- look at a.txt' } },
      { before: { session: ROOT, tool: 'write', input: { path: 'new.txt', content: 'x' }, id: 'call_w' } },
      { before: { session: ROOT, tool: 'shell', input: { command: 'touch x' }, id: 'call_s' } },
      { before: { session: ROOT, tool: 'read', input: { path: 'a.txt' }, id: 'call_r' } },
      { context: { session: ROOT } },
    ]);
    expect(a.results[1]?.threw).toMatch(/^STOP \/ INTENT[\s\S]*MODE_FORBIDS_MUTATION/);
    expect(a.results[1]?.tag).toBe('Tool.Error');
    expect(a.results[2]?.threw).toContain('MODE_FORBIDS_MUTATION');
    expect(a.results[3]?.threw).toBeUndefined();
    const system = a.results[4]?.event?.system as { type: string; text: string }[];
    expect(system.map((p) => p.type)).toEqual(['text', 'text']);
    expect(system[1]?.text).toContain('stopline contract (ARMED): mode=review');
  });

  it('a subagent session is held to the root\'s contract', () => {
    const a = play([
      { prompt: { session: ROOT, text: '$stopline review -- look' } },
      { prompt: { session: CHILD, text: '$stopline open -- write it all' } },
      { before: { session: CHILD, tool: 'write', input: { path: 'new.txt', content: 'x' }, id: 'call_cw' } },
    ]);
    expect(a.results[2]?.threw).toContain('MODE_FORBIDS_MUTATION');
  });

  it('an ask (`npm install` under deps=ask) goes on to v2, whose permission evaluation then asks the person with the stamp', () => {
    const a = play([
      { prompt: { session: ROOT, text: '$stopline change -- add left-pad' } },
      { before: { session: ROOT, tool: 'shell', input: { command: 'npm install left-pad' }, id: 'call_npm' } },
      { evaluate: { session: ROOT, id: 'call_npm', action: 'shell' } },
    ]);
    expect(a.results[1]?.threw).toBeUndefined();
    expect(a.results[2]?.event).toMatchObject({ effect: 'ask', message: expect.stringContaining('DEPENDENCY_NOT_AUTHORIZED') });
  });

  it('fail closed with an unusable data folder: the write is refused with GUARD_UNAVAILABLE', () => {
    const a = play([{ before: { session: ROOT, tool: 'write', input: { path: 'new.txt', content: 'x' }, id: 'call_w' } }], { STOPLINE_FAIL_OPEN: '0', STOPLINE_HOME: '/dev/null/not-a-folder' });
    expect(a.results[0]?.threw).toMatch(/^STOP \/ CONTROL[\s\S]*GUARD_UNAVAILABLE/);
  });
});
