/**
 * The person's own hooks (stopline.json, core/hooks) run inside the REAL Hermes bundle next to the
 * guard, per canonical event, through the shim; hooks written in Hermes's own `hooks:` section are
 * left to Hermes (skipped, never run twice).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { realBundle, Sandbox, unavailableLines } from './helpers';

const BUNDLE = realBundle();
if (!BUNDLE) throw new Error('dist/hermes/stopline/stopline.mjs is missing: run `npm run build` first');

let boxes: Sandbox[] = [];
afterEach(() => {
  for (const b of boxes) b.cleanup();
  boxes = [];
});

function sandbox(userConfig: unknown): Sandbox {
  const b = new Sandbox(BUNDLE!);
  boxes.push(b);
  const dir = path.join(b.home, '.config', 'stopline');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'stopline.json'), JSON.stringify(userConfig, null, 2));
  return b;
}

function turn(b: Sandbox, userMessage: string, calls: { tool_name: string; args: Record<string, unknown> }[], finalResponse = 'done') {
  const file = b.writeJson(`turn-${Math.random().toString(16).slice(2)}.json`, { user_message: userMessage, tool_calls: calls, final_response: finalResponse });
  const out = b.run('turn', [file], { env: { STOPLINE_HERMES_TIMEOUT_MS: '20000' } });
  expect(out.status, out.stderr).toBe(0);
  expect(unavailableLines(out.stderr)).toEqual([]);
  return out.json;
}

describe("the person's own hooks in the Hermes bundle", () => {
  it('tool:before blocks by canonical tool name (Write) with its own reason; other tools run', () => {
    const b = sandbox({
      hooks: { 'tool:before': [{ matcher: 'Write', hooks: [{ command: 'echo "no new files today" >&2; exit 2' }] }] },
    });
    const t = turn(b, 'tidy up', [
      { tool_name: 'write_file', args: { path: 'new.txt', content: 'x' } },
      { tool_name: 'read_file', args: { path: 'a.txt' } },
    ]);
    expect(t.tool_calls[0]).toMatchObject({ tool_called: false, directive: 'block' });
    expect(t.tool_calls[0].error).toContain('no new files today');
    expect(t.tool_calls[1]).toMatchObject({ tool_called: true });
  });

  it('tool:before matches the Hermes tool name too, and sees the input in Claude\'s field names', () => {
    const b = sandbox({
      hooks: {
        'tool:before': [
          { matcher: 'terminal', hooks: [{ command: `cat > "${'$'}STOPLINE_TEST_SEEN"; exit 0`, env: {} }] },
        ],
      },
    });
    const seen = path.join(b.root, 'seen.json');
    const file = b.writeJson('t.json', { user_message: 'go', tool_calls: [{ tool_name: 'terminal', args: { command: 'ls -1', workdir: 'src' } }] });
    const out = b.run('turn', [file], { env: { STOPLINE_HERMES_TIMEOUT_MS: '20000', STOPLINE_TEST_SEEN: seen } });
    expect(out.json.tool_calls[0].tool_called).toBe(true);
    const payload = JSON.parse(fs.readFileSync(seen, 'utf8'));
    expect(payload).toMatchObject({ hook_event_name: 'tool:before', tool_name: 'terminal', canonical_tool_name: 'Bash' });
    expect(payload.tool_input).toMatchObject({ command: 'ls -1', workdir: 'src' });
    expect(payload.raw_tool_input).toEqual({ command: 'ls -1', workdir: 'src' });
  });

  it('prompt:submit output is context appended to the user message, after the guard\'s', () => {
    const b = sandbox({ hooks: { 'prompt:submit': [{ hooks: [{ command: 'echo "house rule: small diffs"' }] }] } });
    const t = turn(b, '$stopline review -- look at a.txt', []);
    expect(t.context).toMatch(/^stopline contract \(ARMED\)[\s\S]*\n\nhouse rule: small diffs$/);
    expect(t.user_message_sent).toBe(`$stopline review -- look at a.txt\n\n${t.context}`);
  });

  it('a guard block stands whatever a hook says', () => {
    const b = sandbox({ hooks: { 'tool:before': [{ hooks: [{ command: `echo '{"decision":"approve"}'` }] }] } });
    const t = turn(b, '$stopline review -- look only', [{ tool_name: 'write_file', args: { path: 'a.txt', content: 'x' } }]);
    expect(t.tool_calls[0].tool_called).toBe(false);
    expect(t.tool_calls[0].error).toContain('Reason: MODE_FORBIDS_MUTATION (I)');
  });

  it('turn:stop runs at pre_verify: a hook that blocks sends the agent back to work', () => {
    const b = sandbox({ hooks: { 'turn:stop': [{ hooks: [{ command: 'echo "run the tests before you finish" >&2; exit 2' }] }] } });
    const t = turn(b, 'fix a.txt', [{ tool_name: 'write_file', args: { path: 'a.txt', content: 'fixed' } }]);
    expect(t.tool_calls[0].tool_called).toBe(true);
    expect(t.verify_nudge).toContain('run the tests before you finish');
  });

  it("hooks in Hermes's own config.yaml are Hermes's to run: an import of \"hermes\" is skipped", () => {
    const b = sandbox({ import: ['hermes'] });
    const marker = path.join(b.root, 'hermes-hook-ran');
    fs.appendFileSync(b.configFile, `hooks:\n  pre_tool_call:\n    - command: "touch ${marker}"\n`);
    const t = turn(b, 'go', [{ tool_name: 'write_file', args: { path: 'a.txt', content: 'x' } }]);
    expect(t.tool_calls[0].tool_called).toBe(true);
    expect(fs.existsSync(marker)).toBe(false);
  });
});
