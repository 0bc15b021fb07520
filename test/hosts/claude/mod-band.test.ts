/**
 * The armed contract on screen: the real Claude Code 2.1.332, interactive, in a pseudo-terminal
 * (test/hosts/claude/mod/tui.py), offline against the fake model, with the shipped plugin. After
 * the person types a directive, the band above the prompt shows the contract the mod armed:
 * mode, files=, deps, agents used / allowed.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ensureHosts, HOSTS_FOR, requireHost, startAnthropicServer } from '../harness';
import { claudeEnv } from './harness';
import { describeRealHost, realHostRuns, requireArtifact } from '../shared/real-host';

const status = await ensureHosts(HOSTS_FOR.claude);
const pluginDir = requireArtifact('claude');
requireArtifact('claude', 'hooks', 'stopline-mod.mjs');
const runs = realHostRuns({ prefix: 'claude-mod-band', startServer: startAnthropicServer, describeTimings: () => null });
const python = spawnSync('python3', ['--version']).status === 0;

describeRealHost(status, 'Claude Code 2.1.332 interactive, with dist/claude', HOSTS_FOR.claude, 180_000, () => {
  it.skipIf(!python)('shows the armed contract in the band above the prompt, from the directive the person typed', async () => {
    const c = runs.newCase('band');
    // an interactive session lays the mods API's declarations (.claude-plugin/types/, tsconfig.json)
    // into a --plugin-dir folder it loads: a copy, so dist/ stays the shipped bytes
    const plugin = join(c.runDir, 'plugin');
    cpSync(pluginDir, plugin, { recursive: true });
    const s = await runs.server({ threads: [{ name: 'main', turns: [{ text: 'looking' }] }] });
    const tmp = join(c.runDir, 'tmp');
    mkdirSync(tmp, { recursive: true });
    // a person who has used Claude Code before: onboarding done, this folder trusted, this API key approved
    writeFileSync(
      join(c.home, '.claude.json'),
      JSON.stringify({ hasCompletedOnboarding: true, theme: 'dark', customApiKeyResponses: { approved: ['sk-ant-harness-dummy'], rejected: [] }, projects: { [c.project]: { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true } } }),
    );
    const env = claudeEnv(c.home, tmp, s.origin);
    const r = spawnSync('python3', [join(import.meta.dirname, 'mod', 'tui.py'), requireHost('claude'), c.project, '$stopline change files=a.txt agents=2 -- tidy a.txt', '60', '--plugin-dir', plugin], { env, encoding: 'utf8', timeout: 170_000 });
    expect(r.status, r.stderr).toBe(0);
    const screen = JSON.parse(r.stdout) as { before: string; after: string };
    if (process.env.STOPLINE_SHOW_SCREEN) console.log(screen.after);
    expect(screen.before).not.toContain('stopline ARMED');
    expect(screen.after).toContain('stopline ARMED change · files=a.txt · deps=ask · hash=deny · agents 0/2');
    // the fact behind the copy: Claude Code wrote the declarations beside the mod
    expect(existsSync(join(plugin, '.claude-plugin', 'types', 'claude-code', 'index.d.ts'))).toBe(true);
  });
});
