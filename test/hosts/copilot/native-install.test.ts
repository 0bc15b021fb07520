/**
 * Copilot's own install route, on the real 1.0.102, offline, in a throwaway HOME:
 * `copilot plugin marketplace add <checkout>` (the repository's .github/plugin/marketplace.json,
 * which Copilot reads before .claude-plugin/marketplace.json) then `copilot plugin install
 * stopline@stopline`. No `stopline install`: the plugin's hooks.json runs dist/copilot from the
 * checkout (Copilot loads a local marketplace's plugin live, without a copy). A review-mode
 * create is stopped; after `copilot plugin uninstall` it runs.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { copilotBinary, copilotEnv, ensureHosts, HOSTS_FOR, runCopilot, startHostChatServer } from '../harness';
import { hostCommand, makeCheckout } from '../shared/native-install';
import { describeRealHost, realHostRuns, requireArtifact, stopAssertions } from '../shared/real-host';

const status = await ensureHosts(HOSTS_FOR.copilot);
requireArtifact('copilot', 'plugin.json');
const runs = realHostRuns({ prefix: 'copilot-native', startServer: startHostChatServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: /Denied by preToolUse hook: STOP \//, ran: { never: /Denied by preToolUse hook/ } });

describeRealHost(status, 'copilot plugin install stopline@stopline (Copilot 1.0.102)', HOSTS_FOR.copilot, 300_000, () => {
  it('the marketplace lists the plugin, the installed plugin stops a review-mode create, and uninstall takes it away', async () => {
    const c = runs.newCase('native');
    const checkout = makeCheckout(join(c.runDir, 'stopline'));
    const s = await runs.server({ threads: [{ name: 'main', turns: [{ toolCalls: [{ id: 'call_create', name: 'create', input: { path: join(c.project, 'new.txt'), file_text: 'x\n' } }] }, { text: 'done' }] }] });
    const tmp = join(c.runDir, 'tmp');
    mkdirSync(tmp, { recursive: true });
    const env = { ...copilotEnv(c.home, tmp, s), STOPLINE_DASHBOARD: 'off' };
    const copilot = (...args: string[]) => hostCommand(copilotBinary(), args, env, c.runDir);

    expect((await copilot('plugin', 'marketplace', 'add', checkout)).stdout).toContain('"stopline" added');
    expect((await copilot('plugin', 'install', 'stopline@stopline')).stdout).toContain('installed');
    const settings = JSON.parse(readFileSync(join(c.home, '.copilot', 'settings.json'), 'utf8')) as { enabledPlugins: Record<string, boolean> };
    expect(settings.enabledPlugins['stopline@stopline']).toBe(true);
    expect((await copilot('plugin', 'list')).stdout).toMatch(/stopline@stopline .*\(enabled\)/);

    await runCopilot({ project: c.project, prompt: '$stopline review -- look around', server: s, home: c.home, runDir: c.runDir, env: { STOPLINE_DASHBOARD: 'off' } });
    expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
    expectStopped(s, 'call_create', 'MODE_FORBIDS_MUTATION');

    await copilot('plugin', 'uninstall', 'stopline@stopline');
    const t = await runs.server({ threads: [{ name: 'main', turns: [{ toolCalls: [{ id: 'call_again', name: 'create', input: { path: join(c.project, 'new.txt'), file_text: 'x\n' } }] }, { text: 'done' }] }] });
    await runCopilot({ project: c.project, prompt: '$stopline review -- look around', server: t, home: c.home, runDir: c.runDir, env: { STOPLINE_DASHBOARD: 'off' } });
    expectRan(t, 'call_again');
    expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('x\n');
  });
});
