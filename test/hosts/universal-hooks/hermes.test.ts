/**
 * Issue 8 done criterion in the Hermes harness (test/hosts/hermes/harness.py, which replays one
 * Hermes v0.19.0 turn through the plugin's real hook doors) with the shipped bundle
 * dist/hermes/stopline/: Hermes runs none of the three dialects, so stopline runs all three:
 * the Claude-format guard (a) and the Codex-format Stop hook (c) it imports, and the native
 * context hook (b). turn:stop is Hermes's `pre_verify`, which Hermes fires only after a turn
 * that changed files (core/registry/hermes.ts), so the scripted turn also writes a.txt.
 *
 * The harness does not execute tools: `build/` surviving is what a blocked call means there,
 * and the proof of the stop is that the tool was never called and what the model is shown.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { realBundle, Sandbox, unavailableLines } from '../hermes/helpers';
import { CONTEXT_TEXT, expectEachRanOnce, GUARD_REASON, projectWithBuild, seedUniversalHooks } from './fixture';

const BUNDLE = realBundle();
if (!BUNDLE) throw new Error('dist/hermes/stopline/stopline.mjs is missing: run `npm run build` first');
const boxes: Sandbox[] = [];
afterAll(() => {
  for (const b of boxes) b.cleanup();
});

interface TurnOutput {
  user_message_sent: string;
  context: string | null;
  tool_calls: { tool_name: string; tool_called: boolean; directive: string | null; error: string | null; model_sees: string }[];
  hooks_fired: string[];
}

describe('universal hooks in the Hermes harness with dist/hermes/stopline', () => {
  it('(a) stops `rm -rf build` with its reason, (b) context reaches the model, (c) writes its marker at pre_verify', () => {
    const b = new Sandbox(BUNDLE!);
    boxes.push(b);
    const build = projectWithBuild(b.workDir);
    const hooks = seedUniversalHooks(b.home);
    const turn = b.writeJson('turn.json', {
      user_message: 'clean up the build folder',
      tool_calls: [
        { tool_name: 'terminal', args: { command: 'rm -rf build' } },
        { tool_name: 'write_file', args: { path: 'a.txt', content: 'tidy\n' } },
      ],
      final_response: 'done',
    });
    const out = b.run('turn', [turn], { env: { STOPLINE_HERMES_TIMEOUT_MS: '20000' } });
    expect(out.status, out.stderr).toBe(0);
    expect(unavailableLines(out.stderr)).toEqual([]);
    const t = out.json as TurnOutput;

    // (a): the call never runs and the model is shown the hook's reason; the write still runs
    expect(t.tool_calls[0]).toMatchObject({ tool_name: 'terminal', tool_called: false, directive: 'block' });
    expect(t.tool_calls[0]!.model_sees).toContain(GUARD_REASON);
    expect(t.tool_calls[1]).toMatchObject({ tool_name: 'write_file', tool_called: true });
    expect(fs.existsSync(build)).toBe(true);
    // (b): the context goes out with the person's message
    expect(t.context).toContain(CONTEXT_TEXT);
    expect(t.user_message_sent).toContain(CONTEXT_TEXT);
    // (c): turn:stop (pre_verify) ran the Codex-format hook under its own event name
    expect(t.hooks_fired).toContain('pre_verify');
    // the guard's `Bash` matcher fires for `terminal` (canonical Bash), not for `write_file`
    expectEachRanOnce(hooks);
    expect(path.dirname(hooks.stoplineJson)).toBe(path.join(b.home, '.config', 'stopline'));
  }, 120_000);
});
