/**
 * The real OpenCode and Pi (pinned, from .hosts/) load what `stopline install` placed, from
 * the global folders it chose: `$XDG_CONFIG_HOME/opencode/plugin/stopline.js` next to the
 * person's own plugin, and `$PI_CODING_AGENT_DIR/extensions/stopline.ts` next to their own
 * extension. The placeholder artifacts leave a marker when the host loads them. Loopback
 * only: the model is a fake server on 127.0.0.1.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTS_FOR, ensureHosts, openCodeConfig, piModelsJson, runOpenCode, runPi, seedOpenCodeConfigDir, startChatServer, type FakeModelServer } from '../../hosts/harness';
import { cleanupTempDirs, makeDist, makeHome, seedUserConfigs, stopline } from './helpers';

let ready = new Set<string>();
let log = '';
let dist: string;
let server: FakeModelServer | undefined;

beforeAll(async () => {
  const status = await ensureHosts([...HOSTS_FOR.opencode, ...HOSTS_FOR['pi-mz']]);
  ready = new Set(status.ready);
  log = status.log;
  if (status.required && (!ready.has('opencode') || !ready.has('pi-mz'))) throw new Error(`hosts missing: ${log}`);
  dist = makeDist();
  server = await startChatServer({ threads: [{ name: 'hello', turns: [{ text: 'done' }] }] });
}, 900_000);

afterAll(async () => {
  await server?.close();
  cleanupTempDirs();
});

describe('real hosts load the installed artifact', () => {
  it('OpenCode loads stopline.js from the global plugin folder', async (ctx) => {
    if (!ready.has('opencode')) return ctx.skip(`opencode is not installed: ${log}`);
    const h = makeHome();
    seedUserConfigs(h);
    // the person's existing OpenCode config folder (seeded so OpenCode does not npm-install into it offline)
    const configDir = join(h.xdg, 'opencode');
    seedOpenCodeConfigDir(configDir);
    writeFileSync(join(configDir, 'opencode.json'), JSON.stringify(openCodeConfig(server!), null, 2));
    const r = await stopline(['install', 'opencode', '--from', dist], h);
    expect(r.code, r.stderr).toBe(0);
    const marker = join(h.root, 'marker');
    const run = await runOpenCode({ project: h.project, prompt: 'say hello', server: server!, env: { HOME: h.home, XDG_CONFIG_HOME: h.xdg, STOPLINE_TEST_MARKER: marker } });
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    expect(existsSync(marker), 'OpenCode did not load the installed plugin').toBe(true);
    expect(readFileSync(marker, 'utf8')).toBe('opencode');
  }, 240_000);

  it('Pi loads stopline.ts from the global extensions folder', async (ctx) => {
    if (!ready.has('pi-mz')) return ctx.skip(`pi is not installed: ${log}`);
    const h = makeHome();
    seedUserConfigs(h);
    writeFileSync(join(h.pi, 'models.json'), JSON.stringify(piModelsJson(server!), null, 2));
    const r = await stopline(['install', 'pi', '--from', dist], h);
    expect(r.code, r.stderr).toBe(0);
    const marker = join(h.root, 'marker');
    const run = await runPi({ variant: 'mz', project: h.project, prompt: 'say hello', server: server!, env: { HOME: h.home, PI_CODING_AGENT_DIR: h.pi, STOPLINE_TEST_MARKER: marker } });
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    expect(existsSync(marker), 'Pi did not load the installed extension').toBe(true);
    expect(readFileSync(marker, 'utf8')).toBe('pi');
  }, 240_000);
});
