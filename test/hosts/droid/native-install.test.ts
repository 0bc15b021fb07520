/**
 * Droid's own install route, on the real 0.225.2, offline, in a throwaway HOME:
 * `droid plugin marketplace add <checkout>` (a git repository; Droid reads its
 * .factory-plugin/marketplace.json before .claude-plugin's and names the marketplace after the
 * folder) then `droid plugin install stopline@stopline`, which copies dist/droid into its plugin
 * cache and enables it. No `stopline install`. A review-mode Create is stopped; after
 * `droid plugin uninstall` it runs.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { droidBinary, droidEnv, droidModelSettings, ensureHosts, HOSTS_FOR, runDroid, startHostChatServer } from '../harness';
import { hostCommand, makeCheckout } from '../shared/native-install';
import { describeRealHost, realHostRuns, requireArtifact, stopAssertions } from '../shared/real-host';

const status = await ensureHosts(HOSTS_FOR.droid);
requireArtifact('droid', '.factory-plugin', 'plugin.json');
const runs = realHostRuns({ prefix: 'droid-native', startServer: startHostChatServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: /Error: STOP \//, ran: { never: /STOP \// } });

describeRealHost(status, 'droid plugin install stopline@stopline (Droid 0.225.2)', HOSTS_FOR.droid, 300_000, () => {
  it('the marketplace lists the plugin, the installed plugin stops a review-mode Create, and uninstall takes it away', async () => {
    const c = runs.newCase('native');
    const checkout = makeCheckout(join(c.runDir, 'stopline'));
    const s = await runs.server({ threads: [{ name: 'main', turns: [{ toolCalls: [{ id: 'call_create', name: 'Create', input: { file_path: join(c.project, 'new.txt'), content: 'x\n' } }] }, { text: 'done' }] }] });
    const tmp = join(c.runDir, 'tmp');
    mkdirSync(tmp, { recursive: true });
    const env = { ...droidEnv(c.home, tmp), STOPLINE_DASHBOARD: 'off', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.invalid', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.invalid' };
    // a marketplace is a git repository: its installed version is the commit
    for (const args of [['init', '-q'], ['add', '-A'], ['commit', '-q', '-m', 'checkout']]) await hostCommand('git', args, env, checkout);
    const droid = (...args: string[]) => hostCommand(droidBinary(), args, env, c.runDir);

    await droid('plugin', 'marketplace', 'add', checkout);
    await droid('plugin', 'install', 'stopline@stopline');
    const settings = JSON.parse(readFileSync(join(c.home, '.factory', 'settings.json'), 'utf8')) as { enabledPlugins?: Record<string, boolean> };
    expect(settings.enabledPlugins?.['stopline@stopline']).toBe(true);

    // the custom model goes next to what `droid plugin` wrote into settings.json
    await runDroid({ project: c.project, prompt: '$stopline review -- look around', server: s, home: c.home, runDir: c.runDir, settings: { ...settings, ...droidModelSettings(s) }, env: { STOPLINE_DASHBOARD: 'off' } });
    expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
    expectStopped(s, 'call_create', 'MODE_FORBIDS_MUTATION');

    await droid('plugin', 'uninstall', 'stopline@stopline');
    const after = JSON.parse(readFileSync(join(c.home, '.factory', 'settings.json'), 'utf8')) as Record<string, unknown>;
    const t = await runs.server({ threads: [{ name: 'main', turns: [{ toolCalls: [{ id: 'call_again', name: 'Create', input: { file_path: join(c.project, 'new.txt'), content: 'x\n' } }] }, { text: 'done' }] }] });
    await runDroid({ project: c.project, prompt: '$stopline review -- look around', server: t, home: c.home, runDir: c.runDir, settings: { ...after, ...droidModelSettings(t) }, env: { STOPLINE_DASHBOARD: 'off' } });
    expectRan(t, 'call_again');
    expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('x\n');
  });
});
