/**
 * Path forms on the real Hermes Agent 0.19.0 (the venv in .hosts/hermes), headless against the fake
 * chat-completions server, with the plugin installed by `stopline install hermes`: the forms
 * Hermes's file tools accept (relative, absolute, `..`, `~/`, `@` as a plain name), then a
 * terminal `cd src` after which Hermes joins relative paths with src/ (its live terminal folder,
 * which the shim reads from Hermes), a V4A patch header, a link folder that leads out of the
 * project, and stopline's own config as `~/…`, all under files=src/**. The file system shows each
 * allowed call where the guard placed it and nothing left by a stopped one.
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import { ensureHosts, HOSTS_FOR, startChatServer, type FakeModelServer } from '../harness';
import { describeRealHost, realHostRuns } from '../shared/real-host';
import { decisionOf } from './real/scenarios';
import { installPlugin, runHermes, writeHermesConfig } from './real-hermes';

const status = await ensureHosts(HOSTS_FOR.hermes);
const runs = realHostRuns({ prefix: 'hermes-path-forms', startServer: startChatServer, describeTimings: () => null });

/** What the model read for a call: Hermes wraps a block as json.dumps({"error": stamp}). */
function decision(s: FakeModelServer, id: string): string {
  const text = s.toolResultText(id);
  expect(text, `the model never received a result for ${id}`).toBeDefined();
  return decisionOf(text!.startsWith('{"error": "STOP / ') ? (JSON.parse(text!) as { error: string }).error : null);
}

describeRealHost(status, 'path forms on the real Hermes Agent 0.19.0', HOSTS_FOR.hermes, 600_000, () => {
  it('under files=src/** each form is judged where Hermes writes it, a `cd src` included; stopline\'s config is never written', async () => {
    const c = runs.newCase('locked');
    const outside = dirname(c.project);
    const away = join(outside, 'hermes-away');
    mkdirSync(away, { recursive: true });
    mkdirSync(join(c.project, 'src'), { recursive: true });
    symlinkSync(away, join(c.project, 'src', 'out'));
    const calls: [id: string, tool: string, args: Record<string, unknown>, expected: string][] = [
      ['rel', 'write_file', { path: 'src/rel.ts', content: 'rel\n' }, 'ran'],
      ['abs', 'write_file', { path: join(c.project, 'src', 'abs.ts'), content: 'abs\n' }, 'ran'],
      ['dotdot', 'write_file', { path: 'src/../../dotdot.txt', content: 'x\n' }, 'PATH_OUTSIDE_CONTRACT'],
      ['home', 'write_file', { path: '~/home.txt', content: 'x\n' }, 'PATH_OUTSIDE_CONTRACT'],
      ['at', 'write_file', { path: '@src/at.ts', content: 'x\n' }, 'PATH_OUTSIDE_CONTRACT'],
      ['self', 'write_file', { path: '~/.config/stopline/stopline.json', content: '{}' }, 'GUARD_SELF_PROTECTION'],
      ['cd', 'terminal', { command: 'cd src' }, 'ran'],
      // from here Hermes joins relative paths with src/
      ['after_cd', 'write_file', { path: 'after-cd.ts', content: 'after\n' }, 'ran'],
      ['after_cd_up', 'write_file', { path: '../root.txt', content: 'x\n' }, 'PATH_OUTSIDE_CONTRACT'],
      ['touch', 'terminal', { command: 'touch touched.ts' }, 'ran'],
      ['touch_up', 'terminal', { command: 'touch ../touched.txt' }, 'PATH_OUTSIDE_CONTRACT'],
      ['v4a', 'patch', { mode: 'patch', patch: '*** Begin Patch\n*** Add File: v4a.ts\n+v4a\n*** End Patch' }, 'ran'],
      ['link_out', 'write_file', { path: 'out/linked.txt', content: 'x\n' }, 'PATH_OUTSIDE_CONTRACT'],
    ];
    const s = await runs.server({ threads: [{ name: 'main', turns: [...calls.map(([id, name, input]) => ({ toolCalls: [{ id, name, input }] })), { text: 'finished' }] }] });
    writeHermesConfig(c, s);
    installPlugin(c, 'stopline');
    await runHermes(c, s, '$stopline change files=src/** -- edit the sources');

    expect(calls.map(([id]) => [id, decision(s, id)])).toEqual(calls.map(([id, , , want]) => [id, want]));
    const read = (...p: string[]) => readFileSync(join(c.project, ...p), 'utf8');
    expect([read('src', 'rel.ts'), read('src', 'abs.ts'), read('src', 'after-cd.ts'), read('src', 'v4a.ts').trim()]).toEqual(['rel\n', 'abs\n', 'after\n', 'v4a']);
    expect(existsSync(join(c.project, 'src', 'touched.ts'))).toBe(true);
    // nothing of a stopped call anywhere Hermes would have put it
    for (const p of [
      join(outside, 'dotdot.txt'),
      join(c.home, 'home.txt'),
      join(c.project, '@src'),
      join(c.home, '.config', 'stopline', 'stopline.json'),
      join(c.project, 'root.txt'),
      join(c.project, 'after-cd.ts'),
      join(c.project, 'touched.txt'),
      join(away, 'linked.txt'),
    ]) {
      expect(existsSync(p), p).toBe(false);
    }
  });
});
