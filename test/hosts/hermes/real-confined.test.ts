/**
 * A confined command on the real Hermes Agent 0.19.0 runs without asking anyone: under
 * `$stopline change deps=allow` stopline answers the model's `npm install left-pad` with its
 * short confined form (`'/bin/sh' <launcher script in stopline's folder> <the command>`), and
 * Hermes must run it as it would have run the model's own, in `hermes chat -q`
 * (HERMES_INTERACTIVE=1, where Hermes's own approval prompt is live) as in `hermes -z`. A line
 * that Hermes's dangerous-command check flags would go to that prompt, which with nobody at the
 * terminal ends in "BLOCKED: User denied" after 60 s: the shim stops it at once and the evidence
 * says so.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureHosts, HOSTS_FOR, startChatServer } from '../harness';
import { describeRealHost, fakeNpmEnv, readEvidence, realHostRuns } from '../shared/real-host';
import { modelScript, type Scenario } from './real/scenarios';
import { hermesHome, installPlugin, runHermes, writeHermesConfig, type HermesMode } from './real-hermes';

const status = await ensureHosts(HOSTS_FOR.hermes);
const runs = realHostRuns({ prefix: 'hermes-confined', startServer: startChatServer, describeTimings: () => null });

const sc: Scenario = {
  id: 'deps-allow',
  prompt: '$stopline change deps=allow -- add left-pad',
  setup: { kind: 'none' },
  calls: [{ id: 'call_npm', tool: 'terminal', args: { command: 'npm install left-pad' }, expect: 'ran' }],
};

async function runConfined(mode: HermesMode, dataDir?: (home: string) => string) {
  const c = runs.newCase(sc.id, mode, dataDir ? 'data' : 'plain');
  const s = await runs.server(modelScript(sc));
  writeHermesConfig(c, s);
  installPlugin(c, 'stopline');
  const data = dataDir ? dataDir(c.home) : join(hermesHome(c), 'stopline');
  const env = { ...fakeNpmEnv(c.runDir, c.home), ...(dataDir ? { STOPLINE_HOST_DATA_DIR: data } : {}) };
  const r = await runHermes(c, s, sc.prompt, { mode, env });
  const text = s.toolResultText('call_npm') ?? '';
  const checks = readEvidence(data).filter((e) => e.type === 'check');
  return { c, r, text, checks };
}

describeRealHost(status, 'real Hermes Agent 0.19.0: a confined command runs', HOSTS_FOR.hermes, 600_000, () => {
  describe.each(['chat', 'oneshot'] as const)('under `%s`', (mode) => {
    it('deps=allow: `npm install left-pad` runs confined, no approval asked, the model reads its output', async () => {
      const { c, r, text, checks } = await runConfined(mode);
      expect(text, `the model read: ${text.slice(0, 600)}\nstdout: ${r.stdout.slice(-2500)}\nstderr: ${r.stderr.slice(-1500)}`).toContain('fake npm: install left-pad');
      expect(text).not.toMatch(/BLOCKED|denied|approval/i);
      expect(existsSync(join(c.project, 'npm-ran.txt'))).toBe(true);
      expect(readFileSync(join(c.project, 'npm-ran.txt'), 'utf8')).toBe('install left-pad\n');
      expect(checks.map((e) => [e.decision?.outcome, e.decision?.response])).toEqual([['allow', 'rewrite_returned']]);
      // Hermes ran `sh <script> <command>`: the sandbox sits in stopline's folder, names no command
      const folder = join(hermesHome(c), 'stopline', 'confined');
      const scripts = readdirSync(folder);
      expect(scripts).toHaveLength(1);
      expect(statSync(join(folder, scripts[0]!)).mode & 0o777).toBe(0o600);
      const script = readFileSync(join(folder, scripts[0]!), 'utf8');
      expect(script).toContain("'-c' \"$1\"");
      expect(script).not.toContain('left-pad');
    });
  });

  it("under `chat`, a line Hermes would flag only for stopline's own text is stopped at once with a stamp saying why, never sent to the approval prompt", async () => {
    // stopline's folder named so that Hermes's PowerShell pattern matches the line it is handed
    const { c, text, checks } = await runConfined('chat', (home) => join(home, 'powershell -e', 'stopline'));
    const stamp = (JSON.parse(text) as { error?: string }).error ?? '';
    expect(stamp, `the model read: ${text.slice(0, 600)}`).toMatch(/^STOP \/ CONTROL\nstopline would run this command confined, but Hermes's own dangerous-command check flags the confined command line/);
    expect(text).not.toContain('User denied');
    expect(existsSync(join(c.project, 'npm-ran.txt'))).toBe(false);
    // the evidence says the call was stopped, naming the confined answer it corrects
    expect(checks.map((e) => [e.decision?.outcome, e.decision?.response])).toEqual([['allow', 'rewrite_returned'], ['deny', 'hermes_block_returned']]);
    expect(checks[1]!.corrects).toBe(checks[0]!.eventId);
  });
});
