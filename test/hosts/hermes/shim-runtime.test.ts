/**
 * Which JS runtime the shim starts: STOPLINE_RUNTIME (a name or a path), else node, else bun, else
 * deno (as `deno run -A`). Stand-in runtimes on a bare PATH record how they were called and then run
 * the TEST DOUBLE with the real node; the real bun and deno binaries run it as well.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, Sandbox, toolCall, unavailableLines } from './helpers';
import { sandboxesPerTest } from './shim-kit';

const { sandbox } = sandboxesPerTest();

/** a sandbox plus one folder per stand-in runtime, each holding an executable named node, bun or deno */
function withFakes() {
  const b = sandbox();
  const dirs: Record<string, string> = {};
  for (const name of ['node', 'bun', 'deno']) {
    const dir = path.join(b.root, `fake-${name}`);
    fs.mkdirSync(dir);
    // deno is called as `deno run -A <script> listen`: drop "run -A" before handing over to node
    const shift = name === 'deno' ? 'shift 2\n' : '';
    fs.writeFileSync(
      path.join(dir, name),
      `#!/bin/sh\nexport STOPLINE_DOUBLE_RUNTIME_TAG="fake-${name}:$*"\n${shift}exec "${process.execPath}" "$@"\n`,
      { mode: 0o755 },
    );
    dirs[name] = dir;
  }
  const deny = b.writeJson('pre_tool_call-deny.json', toolCall('terminal', { command: 'echo DENY-ME' }));
  const pathOf = (...names: string[]) => names.map((n) => dirs[n]).join(':');
  return { b, dirs, deny, pathOf };
}

const script = (b: Sandbox) => path.join(b.pluginDir, 'stopline.mjs');

describe('runtime resolution', () => {
  it('prefers node, then bun, then deno (run -A) on PATH', () => {
    const { b, deny, pathOf } = withFakes();
    for (const p of [pathOf('node', 'bun', 'deno'), pathOf('bun', 'deno'), pathOf('deno')]) {
      const out = b.run('fire', [deny], { env: { PATH: p } });
      expect(out.json.blocked).toBe(true);
    }
    expect(b.spawns().map((s) => s.tag)).toEqual([
      `fake-node:${script(b)} listen`,
      `fake-bun:${script(b)} listen`,
      `fake-deno:run -A ${script(b)} listen`,
    ]);
  });

  it('STOPLINE_RUNTIME picks a runtime by name or by path, whatever else is on PATH', () => {
    const { b, dirs, deny, pathOf } = withFakes();
    b.run('fire', [deny], { env: { PATH: pathOf('node', 'bun', 'deno'), STOPLINE_RUNTIME: 'bun' } });
    b.run('fire', [deny], { env: { PATH: pathOf('node', 'bun', 'deno'), STOPLINE_RUNTIME: 'deno' } });
    b.run('fire', [deny], { env: { PATH: pathOf('node'), STOPLINE_RUNTIME: path.join(dirs.deno!, 'deno') } });
    expect(b.spawns().map((s) => s.tag)).toEqual([
      `fake-bun:${script(b)} listen`,
      `fake-deno:run -A ${script(b)} listen`,
      `fake-deno:run -A ${script(b)} listen`,
    ]);
  });

  it('a STOPLINE_RUNTIME that does not exist is reported, not silently replaced', () => {
    const { b, deny, pathOf } = withFakes();
    const out = b.run('fire', [deny], { env: { PATH: pathOf('node'), STOPLINE_RUNTIME: 'nodejs-typo' } });
    expect(out.json.blocked).toBe(false);
    expect(unavailableLines(out.stderr)[0]).toBe(
      'stopline: guard unavailable (STOPLINE_RUNTIME=nodejs-typo is not an executable node, bun or deno); failing open',
    );
    expect(b.spawns()).toEqual([]);
  });

  for (const runtime of ['bun', 'deno'] as const) {
    it(`the real ${runtime} runs the evaluator resident (one child, every call decided)`, () => {
      const b = sandbox();
      const bin = path.join(REPO, 'node_modules', '.bin', runtime);
      const deny = b.writeJson('pre_tool_call-deny.json', toolCall('terminal', { command: 'echo DENY-ME' }));
      const out = b.run('bench', [deny, '--count', '50'], {
        env: { STOPLINE_RUNTIME: bin, DENO_DIR: path.join(b.root, 'deno-cache'), STOPLINE_HERMES_TIMEOUT_MS: '20000' },
      });
      expect(out.json).toMatchObject({ count: 50, blocked: 50 });
      expect(unavailableLines(out.stderr)).toEqual([]);
      expect(b.spawns().map((s) => s.runtime)).toEqual([runtime]);
    });
  }
});
