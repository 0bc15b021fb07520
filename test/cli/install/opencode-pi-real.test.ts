/**
 * The real OpenCode and Pi (pinned, from .hosts/) load what `stopline install` placed, from
 * the global folders it chose: `$XDG_CONFIG_HOME/opencode/plugin/stopline.js` next to the
 * person's own plugin, and `$PI_CODING_AGENT_DIR/extensions/stopline.ts` next to their own
 * extension. The placeholder artifacts leave a marker when the host loads them. The built
 * Pi extension, installed the same way, brings its skill: Pi expands /skill:stopline from the
 * installed skills/ folder. Loopback only: the model is a fake server on 127.0.0.1.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTS_FOR, ensureHosts, openCodeConfig, piModelsJson, runOpenCode, runPi, seedOpenCodeConfigDir, startChatServer, type FakeModelServer } from '../../hosts/harness';
import { piJitiCache } from '../../hosts/pi/jiti-cache';
import { requestText } from '../../hosts/shared/real-host';
import { REPO, installFixture, makeHome, seedUserConfigs, stopline, write } from './helpers';

const { install } = installFixture();
let ready = new Set<string>();
let log = '';
let server: FakeModelServer | undefined;

beforeAll(async () => {
  const status = await ensureHosts([...HOSTS_FOR.opencode, ...HOSTS_FOR['pi-mz']]);
  ready = new Set(status.ready);
  log = status.log;
  if (status.required && (!ready.has('opencode') || !ready.has('pi-mz'))) throw new Error(`hosts missing: ${log}`);
  server = await startChatServer({ threads: [{ name: 'hello', turns: [{ text: 'done' }] }] });
}, 900_000);

afterAll(async () => {
  await server?.close();
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
    const r = await install(h, 'opencode');
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
    const r = await install(h, 'pi');
    expect(r.code, r.stderr).toBe(0);
    const marker = join(h.root, 'marker');
    const run = await runPi({ variant: 'mz', project: h.project, prompt: 'say hello', server: server!, env: { HOME: h.home, PI_CODING_AGENT_DIR: h.pi, STOPLINE_TEST_MARKER: marker } });
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    expect(existsSync(marker), 'Pi did not load the installed extension').toBe(true);
    expect(readFileSync(marker, 'utf8')).toBe('pi');
  }, 240_000);

  it('Pi expands /skill:stopline from the skill that install placed beside the built extension', async (ctx) => {
    if (!ready.has('pi-mz')) return ctx.skip(`pi is not installed: ${log}`);
    const built = join(REPO, 'dist');
    if (!existsSync(join(built, 'pi', 'skills', 'stopline', 'SKILL.md'))) return ctx.skip('dist/pi has no skill: run `STOPLINE_ONLY=pi npm run build`');
    const h = makeHome();
    const skillServer = await startChatServer({ threads: [{ name: 'skill', turns: [{ text: 'ok' }] }] });
    try {
      write(join(h.pi, 'models.json'), JSON.stringify(piModelsJson(skillServer), null, 2));
      const r = await stopline(['install', 'pi', '--from', built], h);
      expect(r.code, r.stderr).toBe(0);
      const run = await runPi({
        variant: 'mz',
        project: h.project,
        prompt: '/skill:stopline review -- look around',
        server: skillServer,
        // the shared jiti cache: the bundle is transpiled once across the suites
        env: { HOME: h.home, PI_CODING_AGENT_DIR: h.pi, TMPDIR: piJitiCache() },
        timeoutMs: 300_000,
      });
      expect(run.code, run.stderr.slice(-2000)).toBe(0);
      const first = skillServer.requests.find((q) => q.kind === 'turn');
      const text = requestText(first?.body);
      // Pi found the skill (only through the extension's resources_discover) and expanded it
      expect(text).toContain('<skill name=\\"stopline\\"');
      expect(text).toContain(join(h.pi, 'extensions', 'skills', 'stopline', 'SKILL.md'));
      expect(text).toContain('stopline contract (ARMED): mode=review');
    } finally {
      await skillServer.close();
    }
  }, 600_000);
});
