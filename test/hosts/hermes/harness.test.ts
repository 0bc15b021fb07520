/**
 * The Hermes emulator itself: before it can judge stopline's shim it must load, gate and dispatch the
 * way Hermes v0.19 (and the later 0.21 dispatcher) does. These tests use small throw-away plugins with
 * the quirks Hermes is known for; the expected values are the verified Hermes behaviours.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, HARNESS, PYTHON, Sandbox, toolCall } from './helpers';
import { sandboxesPerTest } from './shim-kit';

const { sandbox } = sandboxesPerTest();

/** a sandbox whose plugins root holds only the given throw-away plugins */
function box(plugins: Record<string, { yaml?: string; init: string; files?: Record<string, string> }>): Sandbox {
  const b = sandbox();
  fs.rmSync(b.pluginDir, { recursive: true, force: true });
  for (const [dir, p] of Object.entries(plugins)) {
    const folder = path.join(b.pluginsRoot, dir);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'plugin.yaml'), p.yaml ?? `name: ${dir}\nversion: "1.0"\nkind: standalone\n`);
    fs.writeFileSync(path.join(folder, '__init__.py'), p.init);
    for (const [f, text] of Object.entries(p.files ?? {})) fs.writeFileSync(path.join(folder, f), text);
  }
  b.writeConfig(Object.keys(plugins));
  return b;
}

const blockWith = (msg: string) => `
def cb(**kwargs):
    return {"action": "block", "message": ${JSON.stringify(msg)}}

def register(ctx):
    ctx.register_hook("pre_tool_call", cb)
`;

describe('loading like Hermes v0.19', () => {
  it('reads plugin.yaml with YAML 1.1 scalars: an unquoted version 1.10 becomes "1.1", a quoted one stays', () => {
    const b = box({
      unquoted: { yaml: 'name: unquoted\nversion: 1.10\nkind: standalone\n', init: 'def register(ctx):\n    pass\n' },
      quoted: { yaml: 'name: quoted\nversion: "1.10"\nkind: standalone\n', init: 'def register(ctx):\n    pass\n' },
    });
    const out = b.run('load').json;
    const byName = Object.fromEntries(out.plugins.map((p: { name: string; version: string }) => [p.name, p.version]));
    expect(byName).toEqual({ unquoted: '1.1', quoted: '1.10' });
  });

  it('loads nothing when config.yaml has no plugins.enabled, and only the listed plugins when it has', () => {
    const b = box({ alpha: { init: blockWith('alpha') }, beta: { init: blockWith('beta') } });
    b.writeConfig(null);
    let out = b.run('load').json;
    expect(out.plugins.map((p: { loaded: boolean }) => p.loaded)).toEqual([false, false]);
    expect(out.plugins[0].error).toContain('not enabled in config');
    b.writeConfig(['beta']);
    out = b.run('load').json;
    expect(out.plugins.map((p: { name: string; loaded: boolean }) => [p.name, p.loaded])).toEqual([
      ['alpha', false],
      ['beta', true],
    ]);
  });

  it('lets plugins.disabled win over plugins.enabled', () => {
    const b = box({ alpha: { init: blockWith('alpha') } });
    b.writeConfig(['alpha'], ['alpha']);
    const out = b.run('load').json;
    expect(out.plugins[0]).toMatchObject({ loaded: false, error: 'disabled via config' });
  });

  it('sniffs the kind when plugin.yaml has none: memory-provider words make it exclusive and unloaded', () => {
    const b = box({
      sniffed: { yaml: 'name: sniffed\n', init: '# implements a MemoryProvider\ndef register(ctx):\n    pass\n' },
      explicit: { yaml: 'name: explicit\nkind: standalone\n', init: '# implements a MemoryProvider\ndef register(ctx):\n    pass\n' },
    });
    const out = b.run('load').json;
    const byName = Object.fromEntries(out.plugins.map((p: { name: string }) => [p.name, p]));
    expect(byName.sniffed).toMatchObject({ kind: 'exclusive', loaded: false });
    expect(byName.explicit).toMatchObject({ kind: 'standalone', loaded: true });
  });

  it('imports __init__.py as package hermes_plugins.<slug> so sibling modules import relatively', () => {
    const b = box({
      'my-plugin': {
        yaml: 'name: my-plugin\nkind: standalone\n',
        init: `from . import helper

def cb(**kwargs):
    return {"action": "block", "message": __name__ + " " + helper.WORD}

def register(ctx):
    ctx.register_hook("pre_tool_call", cb)
`,
        files: { 'helper.py': 'WORD = "sibling-ok"\n' },
      },
    });
    const out = b.run('fire', [b.writeJson('pre_tool_call-k.json', toolCall('terminal', { command: 'ls' }))]).json;
    expect(out.error).toBe('hermes_plugins.my_plugin sibling-ok');
  });

  it('keeps the hooks a plugin registered before its register() raised (they still block)', () => {
    const b = box({
      broken: {
        init: `def cb(**kwargs):
    return {"action": "block", "message": "still here"}

def register(ctx):
    ctx.register_hook("pre_tool_call", cb)
    raise RuntimeError("register failed half way")
`,
      },
    });
    const load = b.run('load');
    expect(load.json.plugins[0]).toMatchObject({ loaded: false, error: 'RuntimeError: register failed half way' });
    expect(load.stderr).toContain("Failed to load plugin 'broken'");
    const fire = b.run('fire', [b.writeJson('pre_tool_call-k.json', toolCall('terminal', { command: 'ls' }))]).json;
    expect(fire).toMatchObject({ blocked: true, error: 'still here' });
  });

  it('answers bad input with a message and exit code 2, not a traceback', () => {
    const b = box({ alpha: { init: blockWith('alpha') } });
    const missing = b.run('fire', [path.join(b.root, 'nope.json')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^harness: file not found/m);
    expect(missing.stderr).not.toContain('Traceback');
    fs.writeFileSync(path.join(b.pluginsRoot, 'alpha', 'plugin.yaml'), 'name: alpha\n\tkind: standalone\n');
    const tabbed = b.run('load');
    expect(tabbed.status).toBe(0);
    expect(tabbed.json.plugins[0].error).toMatch(/manifest: line 2: tab used for indentation/);
  });
});

/** six plugins, loaded alphabetically, each with one of Hermes's pre_tool_call quirks */
function quirkBox(): Sandbox {
  return box({
    a_raise: { init: 'def cb(**kwargs):\n    raise ValueError("boom")\n\ndef register(ctx):\n    ctx.register_hook("pre_tool_call", cb)\n' },
    b_async: {
      init: 'async def cb(**kwargs):\n    return {"action": "block", "message": "from async"}\n\ndef register(ctx):\n    ctx.register_hook("pre_tool_call", cb)\n',
    },
    c_narrow: {
      init: 'def cb(tool_name, args):\n    return {"action": "block", "message": "narrow saw " + tool_name}\n\ndef register(ctx):\n    ctx.register_hook("pre_tool_call", cb)\n',
    },
    d_empty: { init: blockWith('') },
    e_block: { init: blockWith('E says no') },
    f_block: { init: blockWith('F says no') },
  });
}

describe('pre_tool_call combination rules', () => {
  it('v0.19: raises and narrow signatures are skipped, async is never awaited, an empty block is ignored, the first block with text wins and every callback still runs', () => {
    const b = quirkBox();
    const out = b.run('fire', [b.writeJson('pre_tool_call-k.json', toolCall('terminal', { command: 'ls' }))]).json;
    expect(out).toMatchObject({ blocked: true, error: 'E says no', model_sees: '{"error": "E says no"}' });
    const outcomes = out.trace.map((t: { outcome: string }) => t.outcome);
    expect(outcomes).toEqual([
      'raised ValueError: boom',
      'async callback never awaited',
      expect.stringMatching(/^raised TypeError: .*unexpected keyword argument/),
      'returned',
      'returned',
      'returned',
    ]);
  });

  it('v0.21: a raising pre_tool_call blocks, and narrow and async callbacks work', () => {
    const b = quirkBox();
    const out = b.run('fire', [b.writeJson('pre_tool_call-k.json', toolCall('terminal', { command: 'ls' })), '--semantics', 'v0.21']).json;
    expect(out.blocked).toBe(true);
    expect(out.error).toBe('pre_tool_call plugin callback a_raise:cb raised ValueError: boom');
    expect(out.trace.map((t: { outcome: string }) => t.outcome)).toEqual(['raised ValueError: boom', 'returned', 'returned', 'returned', 'returned', 'returned']);
  });

  it('approve with nobody to ask is blocked with Hermes\'s no-human text; with an approver the tool runs', () => {
    const b = box({
      asker: {
        init: 'def cb(**kwargs):\n    return {"action": "approve", "message": "needs a human"}\n\ndef register(ctx):\n    ctx.register_hook("pre_tool_call", cb)\n',
      },
    });
    const k = b.writeJson('pre_tool_call-k.json', toolCall('terminal', { command: 'rm -r build' }));
    const nobody = b.run('fire', [k]).json;
    expect(nobody.blocked).toBe(true);
    expect(nobody.error).toBe(
      "BLOCKED: Tool 'terminal' requires approval (needs a human) but no interactive user or gateway is present to approve it. A plugin flagged this action for human confirmation.",
    );
    const human = b.run('fire', [k, '--approver', 'approve']).json;
    expect(human).toMatchObject({ directive: 'approve', blocked: false, tool_called: true });
  });

  it('v0.21: a pre_tool_call slower than plugins.hook_callback_timeout is blocked; v0.19 waits for it', () => {
    const b = box({
      slow: {
        init: 'import time\n\ndef cb(**kwargs):\n    time.sleep(1.2)\n    return None\n\ndef register(ctx):\n    ctx.register_hook("pre_tool_call", cb)\n',
      },
    });
    const k = b.writeJson('pre_tool_call-k.json', toolCall('terminal', { command: 'ls' }));
    const later = b.run('fire', [k, '--semantics', 'v0.21', '--timeout', '0.3']).json;
    expect(later).toMatchObject({ blocked: true, error: 'pre_tool_call plugin callback timed out or is still running' });
    const v019 = b.run('fire', [k]);
    expect(v019.json).toMatchObject({ blocked: false, tool_called: true });
    expect(v019.ms).toBeGreaterThanOrEqual(1200);
  });
});

describe('pre_llm_call context and a whole turn', () => {
  const contextPlugins = {
    one: { init: 'def cb(**kwargs):\n    return {"context": "first note"}\n\ndef register(ctx):\n    ctx.register_hook("pre_llm_call", cb)\n' },
    two: { init: 'def cb(**kwargs):\n    return "second note"\n\ndef register(ctx):\n    ctx.register_hook("pre_llm_call", cb)\n' },
    three: { init: 'def cb(**kwargs):\n    return {"context": ""}\n\ndef register(ctx):\n    ctx.register_hook("pre_llm_call", cb)\n' },
  };

  it('joins contexts with blank lines and appends them to the user message', () => {
    const b = box(contextPlugins);
    const out = b.run('fire', [b.writeJson('pre_llm_call-k.json', fixture('pre_llm_call.json'))]).json;
    // plugins load alphabetically: one, three, two
    expect(out.context).toBe('first note\n\nsecond note');
    expect(out.user_message_sent).toBe('Make retries configurable and add tests.\n\nfirst note\n\nsecond note');
  });

  it('drops the context when the user message is not plain text (multimodal)', () => {
    const b = box(contextPlugins);
    const content = [{ type: 'text', text: 'look at this' }, { type: 'image_url', image_url: { url: 'data:,' } }];
    const out = b.run('turn', [b.writeJson('s.json', { user_message: 'look at this', user_content: content })]).json;
    expect(out.context_dropped_non_text_message).toBe(true);
    expect(out.user_message_sent).toEqual(content);
  });

  it('fires every turn hook with exactly the kwargs Hermes v0.19 passes (same keys as the captured fixtures)', () => {
    const recorder = `import json, os

def _make(hook):
    def cb(**kwargs):
        with open(os.environ["RECORD_FILE"], "a") as fh:
            fh.write(json.dumps({"hook": hook, "keys": sorted(kwargs), "status": kwargs.get("status")}) + "\\n")
        if hook == "pre_tool_call" and "DENY" in json.dumps(kwargs.get("args")):
            return {"action": "block", "message": "recorder blocks"}
        return None
    return cb

def register(ctx):
    for hook in ("on_session_start", "pre_llm_call", "pre_tool_call", "post_tool_call", "transform_tool_result",
                 "pre_verify", "transform_llm_output", "post_llm_call", "on_session_end"):
        ctx.register_hook(hook, _make(hook))
`;
    const b = box({ recorder: { init: recorder } });
    const record = path.join(b.root, 'record.jsonl');
    const scenario = b.writeJson('s.json', {
      user_message: 'Make retries configurable and add tests.',
      tool_calls: [
        { tool_name: 'write_file', args: { path: 'src/config.ts', content: 'x' }, result: '{"bytes_written": 1}' },
        { tool_name: 'terminal', args: { command: 'echo DENY' } },
      ],
      final_response: 'Done.',
    });
    const out = b.run('turn', [scenario], { env: { RECORD_FILE: record } }).json;
    expect(out.tool_calls.map((t: { tool_called: boolean }) => t.tool_called)).toEqual([true, false]);
    expect(out.tool_calls[1].model_sees).toBe('{"error": "recorder blocks"}');
    const seen = fs.readFileSync(record, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const keysOf = (name: string) => Object.keys(fixture(name)).sort();
    const first = (hook: string, status?: string) => seen.find((s) => s.hook === hook && (status === undefined || s.status === status));
    expect(first('on_session_start').keys).toEqual(keysOf('on_session_start.json'));
    expect(first('pre_llm_call').keys).toEqual(keysOf('pre_llm_call.json'));
    expect(first('pre_tool_call').keys).toEqual(keysOf('pre_tool_call-write_file.json'));
    expect(first('post_tool_call', 'ok').keys).toEqual(keysOf('post_tool_call-terminal.json'));
    expect(first('post_tool_call', 'blocked').keys).toEqual(keysOf('post_tool_call-write_file.json'));
    expect(first('transform_tool_result').keys).toEqual(keysOf('transform_tool_result-read_file.json'));
    expect(first('pre_verify').keys).toEqual(keysOf('pre_verify.json'));
    expect(first('transform_llm_output').keys).toEqual(keysOf('transform_llm_output.json'));
    expect(first('post_llm_call').keys).toEqual(keysOf('post_llm_call.json'));
    expect(first('on_session_end').keys).toEqual(keysOf('on_session_end.json'));
    expect(seen.map((s) => s.hook)).toEqual([
      'on_session_start',
      'pre_llm_call',
      'pre_tool_call',
      'post_tool_call',
      'transform_tool_result',
      'pre_tool_call',
      'post_tool_call',
      'pre_verify',
      'transform_llm_output',
      'post_llm_call',
      'on_session_end',
    ]);
  });
});

describe('the YAML subset agrees with PyYAML safe_load on config-shaped documents', () => {
  it('parses nested maps, block and flow lists, list-of-maps, block scalars, comments, YAML 1.1 booleans and octals', () => {
    const doc = [
      'plugins:',
      '  enabled: [stopline, "other"]   # trailing comment',
      '  disabled:',
      '  - x',
      '  entries:',
      '    stopline:',
      '      allow_tool_override: no',
      'hooks:',
      '  pre_tool_call:',
      '    - matcher: "write_file|patch"',
      '      command: ~/guard.sh',
      '      timeout: 10',
      'mode: 012',
      "quote: 'it''s # not a comment'",
      'desc: |',
      '  line one',
      '  line two',
      'fold: >-',
      '  a',
      '  b',
      'empty:',
    ].join('\n');
    const code = `import json, sys
sys.path.insert(0, ${JSON.stringify(path.dirname(HARNESS))})
import harness
print(json.dumps(harness.parse_yaml(sys.stdin.read())))`;
    const r = spawnSync(PYTHON, ['-c', code], { input: doc, encoding: 'utf8', env: { PYTHONDONTWRITEBYTECODE: '1' } });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({
      plugins: { enabled: ['stopline', 'other'], disabled: ['x'], entries: { stopline: { allow_tool_override: false } } },
      hooks: { pre_tool_call: [{ matcher: 'write_file|patch', command: '~/guard.sh', timeout: 10 }] },
      mode: 10,
      quote: "it's # not a comment",
      desc: 'line one\nline two\n',
      fold: 'a b',
      empty: null,
    });
  });
});
