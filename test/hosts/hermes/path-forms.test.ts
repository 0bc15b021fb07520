/**
 * Path forms on Hermes (emulator loading the real bundle and shim, v0.19 semantics): write_file
 * with relative, absolute, `..`, `~/` and `@` paths under files=src/**, placed the way Hermes's
 * own file tools place them (docs/hosts/hermes.md: `~` is the home, `@x` a plain name joined with
 * the working folder). Which calls reach the tool function is what is asserted; the emulator
 * does not write files, so "would have written" is Hermes's resolution from its source.
 */
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { realBundle, Sandbox } from './helpers';

const BUNDLE = realBundle();
if (!BUNDLE) throw new Error('dist/hermes/stopline/stopline.mjs is missing: run `npm run build` first');

let boxes: Sandbox[] = [];
afterEach(() => {
  for (const b of boxes) b.cleanup();
  boxes = [];
});

interface Row {
  tool_name: string;
  tool_called: boolean;
  error: string | null;
}

it('under files=src/** Hermes forms are judged where Hermes writes them', () => {
  const b = new Sandbox(BUNDLE);
  boxes.push(b);
  const paths = ['src/rel.ts', path.join(b.workDir, 'src', 'abs.ts'), 'src/../../dotdot.txt', '~/home.txt', '@src/at.ts', `file://${b.workDir}/src/url.ts`];
  const scenario = {
    session_id: '20261201_230000_aa11bb',
    user_message: '$stopline change files=src/** -- edit the sources',
    history: [],
    tool_calls: paths.map((p, i) => ({ tool_call_id: `call_${i}`, tool_name: 'write_file', args: { path: p, content: 'x\n' } })),
    final_response: 'done',
  };
  const file = b.writeJson('turn-paths.json', scenario);
  const out = b.run('turn', [file, '--semantics', 'v0.19'], { env: { STOPLINE_HERMES_TIMEOUT_MS: '20000', TERMINAL_CWD: b.workDir } });
  expect(out.status, out.stderr).toBe(0);
  const rows = (out.json as { tool_calls: Row[] }).tool_calls;
  expect(rows.map((r) => r.tool_called)).toEqual([true, true, false, false, false, false]);
  for (const r of rows.slice(2)) expect(r.error).toContain('Reason: PATH_OUTSIDE_CONTRACT');
});

it('after a `cd src` a relative path is judged from src, where Hermes writes it: file tools and the terminal', () => {
  const b = new Sandbox(BUNDLE);
  boxes.push(b);
  const src = path.join(b.workDir, 'src');
  const calls = [
    { tool_name: 'write_file', args: { path: 'in-src.ts', content: 'x\n' } },
    { tool_name: 'write_file', args: { path: '../root.txt', content: 'x\n' } },
    { tool_name: 'terminal', args: { command: 'touch t.ts' } },
    { tool_name: 'terminal', args: { command: 'touch ../t.txt' } },
    { tool_name: 'patch', args: { mode: 'patch', patch: '*** Begin Patch\n*** Add File: p.ts\n+x\n*** End Patch' } },
    // a terminal with its own relative workdir starts there, from the live folder
    { tool_name: 'terminal', args: { command: 'touch w.txt', workdir: '..' } },
  ];
  const scenario = {
    session_id: '20261201_230500_cc22dd',
    user_message: '$stopline change files=src/** -- edit the sources',
    history: [],
    tool_calls: calls.map((c, i) => ({ tool_call_id: `call_${i}`, live_cwd: src, ...c })),
    final_response: 'done',
  };
  const file = b.writeJson('turn-cd.json', scenario);
  const out = b.run('turn', [file, '--semantics', 'v0.19'], { env: { STOPLINE_HERMES_TIMEOUT_MS: '20000', TERMINAL_CWD: b.workDir } });
  expect(out.status, out.stderr).toBe(0);
  const rows = (out.json as { tool_calls: Row[] }).tool_calls;
  expect(rows.map((r) => r.tool_called)).toEqual([true, false, true, false, true, false]);
  for (const i of [1, 3, 5]) expect(rows[i]!.error).toContain('Reason: PATH_OUTSIDE_CONTRACT');
});
