/**
 * The built dist/opencode/stopline.js inside Bun (OpenCode's runtime) with a fake OpenCode
 * host: only the plugin is exported, and through its hooks the person's directive arms the
 * contract, the injection carries the person's agent, a write is thrown back with the stamp, a
 * child session shares the contract, and the host agent switch moves review to change.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { playInBun } from './bun-play';

const ROOT = 'ses_root000000000000000001';
const CHILD = 'ses_child00000000000000001';

interface Answer {
  exports: Record<string, string>;
  results: { threw?: string; output?: { output?: string } }[];
  injections: { sessionId: string; body: Record<string, unknown>; text: string }[];
  calls: string[];
}

const play = (steps: unknown[], env: Record<string, string> = {}): Answer => playInBun<Answer>(join(__dirname, 'bun-host.ts'), steps, env);

const write = (session: string, callID: string) => ({ before: { session, tool: 'write', args: { filePath: 'new.txt', content: 'x' }, callID } });

describe('dist/opencode/stopline.js under Bun with a fake OpenCode', () => {
  it('exports exactly one default object, which 1.x runs as a plugin (one stray export and it would skip the whole file)', () => {
    expect(play([]).exports).toEqual({ default: 'object' });
  });

  it('the directive arms review: write thrown back with the stamp, read runs, context injected with the person\'s agent', () => {
    const a = play([
      { session: { id: ROOT } },
      { say: { session: ROOT, text: '$stopline review -- look at a.txt', agent: 'plan' } },
      write(ROOT, 'call_w'),
      { before: { session: ROOT, tool: 'read', args: { filePath: 'a.txt' }, callID: 'call_r' } },
    ]);
    expect(a.results[2]?.threw).toMatch(/^STOP \/ INTENT[\s\S]*MODE_FORBIDS_MUTATION/);
    expect(a.results[3]?.threw).toBeUndefined();
    expect(a.injections).toHaveLength(1);
    expect(a.injections[0]).toMatchObject({ sessionId: ROOT, body: { noReply: true, agent: 'plan' } });
    expect(a.injections[0]?.text).toContain('stopline contract (ARMED): mode=review');
  });

  it('a task child shares the contract and cannot open it; a switch to build moves review to change', () => {
    const a = play([
      { session: { id: ROOT } },
      { session: { id: CHILD, parentID: ROOT } },
      { say: { session: ROOT, text: '$stopline review -- look', agent: 'plan' } },
      { say: { session: CHILD, text: '$stopline open -- write it all', agent: 'general' } },
      write(CHILD, 'call_cw'),
      { say: { session: ROOT, text: 'looks right, go ahead', agent: 'build' } },
      write(ROOT, 'call_w'),
    ]);
    expect(a.results[4]?.threw).toContain('MODE_FORBIDS_MUTATION');
    expect(a.results[6]?.threw).toBeUndefined();
    expect(a.calls).toContain('app.agents');
  });

  it('watch level: the note is appended to the output after the tool ran', () => {
    const a = play([
      { session: { id: ROOT } },
      { say: { session: ROOT, text: '$stopline review watch -- look' } },
      write(ROOT, 'call_w'),
      { after: { session: ROOT, tool: 'write', args: { filePath: 'new.txt', content: 'x' }, callID: 'call_w', output: { title: 'new.txt', output: 'Wrote file successfully.', metadata: {} } } },
    ]);
    expect(a.results[2]?.threw).toBeUndefined();
    expect(a.results[3]?.output?.output).toMatch(/^Wrote file successfully\.\n\nWATCH \//);
  });

  it('fail closed with an unusable data folder: the write is thrown back with GUARD_UNAVAILABLE', () => {
    const a = play([{ session: { id: ROOT } }, write(ROOT, 'call_w')], { STOPLINE_FAIL_OPEN: '0', STOPLINE_HOME: '/dev/null/not-a-folder' });
    expect(a.results[1]?.threw).toMatch(/^STOP \/ CONTROL[\s\S]*GUARD_UNAVAILABLE/);
  });
});
