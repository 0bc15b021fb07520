/**
 * The stopline plugin folder as Hermes loads it: manifest, enable gate, kind, the nine hooks, and
 * callbacks that suit both dispatchers (plain synchronous **kwargs functions).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PYTHON, SHIM_DIR } from './helpers';
import { sandboxesPerTest, STOPLINE_HOOKS, withLoadedHost } from './shim-kit';

const HOOKS = STOPLINE_HOOKS;

const { sandbox } = sandboxesPerTest();

describe('stopline plugin folder under the Hermes emulator', () => {
  for (const semantics of ['v0.19', 'v0.21']) {
    it(`loads as a standalone plugin and registers the nine hooks (${semantics})`, () => {
      const b = sandbox();
      const out = b.run('load', ['--semantics', semantics]);
      expect(out.status).toBe(0);
      const plugin = out.json.plugins[0];
      expect(plugin).toMatchObject({
        key: 'stopline',
        name: 'stopline',
        version: '0.1.0',
        kind: 'standalone',
        manifest_version: 1,
        install_refused: null,
        loaded: true,
        error: null,
      });
      expect(plugin.provides_hooks).toEqual(HOOKS);
      expect(Object.keys(out.json.hooks).sort()).toEqual([...HOOKS].sort());
      expect(out.stderr).not.toContain('unknown hook');
    });
  }

  it('is not imported when plugins.enabled does not list it, and is when it does', () => {
    const b = sandbox();
    b.writeConfig(['some-other-plugin']);
    let out = b.run('load');
    expect(out.json.plugins[0]).toMatchObject({ loaded: false, hooks: [] });
    expect(out.json.plugins[0].error).toContain('not enabled in config (run `hermes plugins enable stopline`');
    b.writeConfig(null);
    expect(b.run('load').json.plugins[0].loaded).toBe(false);
    b.writeConfig(['stopline']);
    out = b.run('load');
    expect(out.json.plugins[0].loaded).toBe(true);
  });

  it('a not-enabled stopline never sees a tool call: the tool just runs', () => {
    const b = sandbox();
    b.writeConfig([]);
    const k = b.writeJson('pre_tool_call-deny.json', {
      tool_name: 'terminal',
      args: { command: 'echo DENY-ME' },
      task_id: 't',
      session_id: 's',
      tool_call_id: 'c',
      turn_id: 'u',
      api_request_id: 'a',
      middleware_trace: [],
    });
    expect(b.run('fire', [k]).json).toMatchObject({ blocked: false, tool_called: true, trace: [] });
    expect(b.dispatches()).toEqual([]);
  });

  it('stays standalone even without kind in plugin.yaml: __init__.py has none of the words Hermes sniffs', () => {
    const b = sandbox();
    const yaml = fs.readFileSync(path.join(b.pluginDir, 'plugin.yaml'), 'utf8');
    fs.writeFileSync(path.join(b.pluginDir, 'plugin.yaml'), yaml.replace(/^kind: standalone\n/m, ''));
    const out = b.run('load');
    expect(out.json.plugins[0]).toMatchObject({ kind: 'standalone', loaded: true, notes: [] });
    const head = fs.readFileSync(path.join(SHIM_DIR, '__init__.py'), 'utf8').slice(0, 8192);
    for (const word of ['register_memory_provider', 'MemoryProvider', 'ProviderProfile']) expect(head).not.toContain(word);
  });

  it('starts no evaluator at load time (the child starts on the first hook call)', () => {
    const b = sandbox();
    b.run('load');
    expect(b.spawns()).toEqual([]);
  });

  it('registers plain synchronous callbacks that take **kwargs only', () => {
    const b = sandbox();
    const code = withLoadedHost(
      b,
      `out = {}
for hook, cbs in host.hooks.items():
    cb = cbs[0][1]
    params = list(inspect.signature(cb).parameters.values())
    out[hook] = {"kwargs_only": [p.kind.name for p in params] == ["VAR_KEYWORD"],
                 "async": inspect.iscoroutinefunction(cb), "name": cb.__name__}
print(json.dumps(out))`,
      'import inspect, json, sys',
    );
    const r = spawnSync(PYTHON, ['-c', code], { encoding: 'utf8', env: b.env() });
    expect(r.stderr).toBe('');
    const seen = JSON.parse(r.stdout);
    expect(Object.keys(seen).sort()).toEqual([...HOOKS].sort());
    for (const hook of HOOKS) expect(seen[hook]).toEqual({ kwargs_only: true, async: false, name: `stopline_${hook}` });
  });
});
