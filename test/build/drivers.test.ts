/**
 * The fake hosts behind the demo and the runtime matrix, exercised on toy artifacts in
 * test/build/fixtures/toy-dist/ (shaped like real build output). They must load a plugin
 * the way its host does, report a load failure instead of hiding it, and give the same
 * answers on every runtime.
 */
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../build/artifacts.mjs';
import { runPluginCalls, runShimSteps } from '../../build/demo/drivers.mjs';
import type { PluginCall } from '../../build/types';
import { HOST_SPECS } from '../../core/registry/host-specs';
import { isolatedEnv, scratch } from './helpers';

const TOY = join(REPO_ROOT, 'test', 'build', 'fixtures', 'toy-dist');
const work = scratch('drivers');
afterAll(() => work.cleanup());
const opts = () => ({ project: work.dir, env: isolatedEnv(work.dir) });
/** the host of the shim door, as the demo finds it */
const SHIM = HOST_SPECS.find((s) => s.door === 'shim')!.name;

describe('OpenCode fake host (Bun)', () => {
  const calls: PluginCall[] = [
    { name: 'deny .env', hook: 'tool.execute.before', input: { tool: 'write', sessionID: 's1', callID: 'c1' }, output: { args: { filePath: 'config/.env', content: 'x' } } },
    { name: 'allow', hook: 'tool.execute.before', input: { tool: 'write', sessionID: 's1', callID: 'c2' }, output: { args: { filePath: 'src/a.ts', content: 'x' } } },
    { name: 'no handler', hook: 'chat.message', input: {}, output: {} },
  ];

  it('calls every exported factory, turns a throw into the deny message and keeps in-place edits', async () => {
    const answer = await runPluginCalls('bun', 'opencode', join(TOY, 'opencode', 'stopline.js'), calls, opts());
    expect(answer.loadError).toBeUndefined();
    expect(answer.exports).toEqual({ ToyPlugin: 'function' });
    expect(answer.results).toEqual([
      { name: 'deny .env', ok: false, threw: 'STOP: write of config/.env is outside the contract', output: { args: { filePath: 'config/.env', content: 'x' } } },
      { name: 'allow', ok: true, returned: null, output: { args: { filePath: 'src/a.ts', content: 'x', seenBy: 'toy in project' } } },
      { name: 'no handler', ok: true, unhandled: true, output: {} },
    ]);
  }, 60_000);

  it('fails to load a file with a non-function export, as OpenCode does', async () => {
    const bad = join(work.dir, 'bad-export.js');
    cpSync(join(TOY, 'opencode', 'stopline.js'), bad);
    writeFileSync(bad, '\nexport const VERSION = "1";\n', { flag: 'a' });
    const answer = await runPluginCalls('bun', 'opencode', bad, calls, opts());
    expect(answer.loadError).toBe('export "VERSION" is neither a plugin function nor an object with a server function');
    expect(answer.results).toEqual([]);
  }, 60_000);
});

describe('Pi fake host (.ts through Bun and Deno)', () => {
  const calls: PluginCall[] = [
    { name: 'block', hook: 'tool_call', input: { type: 'tool_call', toolName: 'write', toolCallId: 't1', input: { path: 'a/.env', content: '' } }, ctx: { sessionId: 'S-1' } },
    { name: 'allow', hook: 'tool_call', input: { type: 'tool_call', toolName: 'write', toolCallId: 't2', input: { path: 'a/b.ts', content: '' } } },
    { name: 'throwing handler', hook: 'input', input: { type: 'input', text: 'hi', source: 'interactive' } },
  ];
  const expected = [
    { name: 'block', ok: true, returned: { block: true, reason: 'STOP: write of a/.env (session S-1)' } },
    { name: 'allow', ok: true, returned: null },
    { name: 'throwing handler', ok: false, threw: 'toy input handler fails' },
  ];

  it.each(['bun', 'deno'] as const)('loads the extension under %s and reports block, allow and a throw', async (runtime) => {
    const answer = await runPluginCalls(runtime, 'pi', join(TOY, 'pi', 'stopline.ts'), calls, opts());
    expect(answer.loadError).toBeUndefined();
    expect(answer.exports).toEqual({ default: 'function' });
    expect(answer.results).toEqual(expected);
    expect(answer.records).toEqual([{ call: 'ctx.ui.notify', args: ['blocked', 'warning'] }]);
  }, 60_000);
});

describe('Hermes fake host (python3)', () => {
  it('loads the bundle as a package, registers hooks and calls them with keyword arguments', async () => {
    const answer = await runShimSteps(
      join(TOY, 'hermes', 'toy'),
      [
        { name: 'block', hook: 'pre_tool_call', kwargs: { tool_name: 'write_file', args: { path: 'app/.env' }, session_id: 's', task_id: 't', tool_call_id: 'c' } },
        { name: 'allow', hook: 'pre_tool_call', kwargs: { tool_name: 'write_file', args: { path: 'app/main.py' } } },
        { name: 'unregistered', hook: 'pre_llm_call', kwargs: {} },
      ],
      { ...opts(), host: SHIM },
    );
    expect(answer.load_error).toBeUndefined();
    expect(answer.registered).toEqual({ pre_tool_call: 1 });
    expect(answer.results).toEqual([
      { name: 'block', returned: [{ action: 'block', message: 'STOP: app/.env' }], error: null },
      { name: 'allow', returned: [null], error: null },
      { name: 'unregistered', unhandled: true },
    ]);
  }, 60_000);

  it('reports a bundle that fails to import', async () => {
    const dir = join(work.dir, 'broken');
    cpSync(join(TOY, 'hermes', 'toy'), dir, { recursive: true });
    writeFileSync(join(dir, '__init__.py'), 'raise RuntimeError("half-written shim")\n');
    const answer = await runShimSteps(dir, [], { ...opts(), host: SHIM });
    expect(answer.load_error).toBe('RuntimeError: half-written shim');
  }, 60_000);

  it("imports the folder as a module of the host's plugin package, the package named after the host", async () => {
    const dir = join(work.dir, 'named-one');
    cpSync(join(TOY, 'hermes', 'toy'), dir, { recursive: true });
    writeFileSync(join(dir, '__init__.py'), 'def register(ctx):\n    ctx.register_hook("pre_tool_call", lambda **kw: __name__)\n');
    const answer = await runShimSteps(dir, [{ name: 'name', hook: 'pre_tool_call', kwargs: {} }], { ...opts(), host: SHIM });
    expect(answer.results).toEqual([{ name: 'name', returned: [`${SHIM}_plugins.named_one`], error: null }]);
  }, 60_000);
});
