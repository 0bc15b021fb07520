/**
 * A rewritten command reaches Hermes through the shim: the evaluator answers
 * {"action":"modify","args":{…}} and the shim puts those args into the very dict Hermes handed its
 * callback (v0.19.0 runs the tool with that dict; test/hosts/universal-hooks/rewrite.test.ts proves
 * it on the real Hermes). Where there is no dict to change, the call does not run.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PYTHON, REPO } from './helpers';

function shape(output: unknown, kwargs: unknown): { returned: unknown; kwargs: unknown } {
  const program = [
    'import importlib.util, json, sys',
    `spec = importlib.util.spec_from_file_location("stopline_shim", ${JSON.stringify(path.join(REPO, 'hosts', 'hermes', '__init__.py'))})`,
    'shim = importlib.util.module_from_spec(spec); spec.loader.exec_module(shim)',
    'output, kwargs = json.loads(sys.argv[1]), json.loads(sys.argv[2])',
    'returned = shim.shape_pre_tool_call(output, kwargs)',
    'print(json.dumps({"returned": returned, "kwargs": kwargs}))',
  ].join('\n');
  const r = spawnSync(PYTHON, ['-c', program, JSON.stringify(output), JSON.stringify(kwargs)], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { returned: unknown; kwargs: unknown };
}

describe('the shim and a rewritten command', () => {
  it('puts the new args into the dict Hermes passed, every other key kept, and returns the directive', () => {
    const out = shape({ action: 'modify', args: { command: 'wrapped ls', timeout: 5 } }, { tool_name: 'terminal', args: { command: 'ls', timeout: 5, background: false } });
    expect(out.kwargs).toEqual({ tool_name: 'terminal', args: { command: 'wrapped ls', timeout: 5, background: false } });
    expect(out.returned).toEqual({ action: 'modify', args: { command: 'wrapped ls', timeout: 5 } });
  });

  it('with no args dict to change, the call is blocked with a stamp that says why', () => {
    const out = shape({ action: 'modify', args: { command: 'wrapped ls' } }, { tool_name: 'terminal' });
    expect(out.returned).toMatchObject({ action: 'block' });
    expect((out.returned as { message: string }).message).toMatch(/^STOP \/ CONTROL\nstopline lets this call run only with other arguments/);
    expect(shape({ action: 'modify', args: 'not a dict' }, { args: { command: 'ls' } }).returned).toMatchObject({ action: 'block' });
  });
});
