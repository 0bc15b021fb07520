/**
 * The Hermes emulator checked against the real host: every scenario of
 * test/hosts/hermes/real/scenarios.ts runs through the real Hermes Agent 0.19.0 (pinned venv,
 * `hermes chat -Q -q`, fake model on 127.0.0.1) and through the emulator
 * (test/hosts/hermes/harness.py `turn`, v0.19 and v0.21 rules), both loading the same built bundle
 * with the same setup, and each tool call must get the same decision: ran, or stopped with the same
 * reason code. The emulator stays the only place the v0.21 rules run (Hermes 0.21 needs Python 3.14),
 * so what it says for v0.19 is no longer taken on trust.
 */
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureHosts, HOSTS_FOR, startChatServer } from '../hosts/harness';
import { realBundle, Sandbox } from '../hosts/hermes/helpers';
import { applySetup, decisionOf, modelScript, PARITY_EXTRA, SCENARIOS, type Expected, type Scenario } from '../hosts/hermes/real/scenarios';
import { hermesHome, installPlugin, runHermes, writeHermesConfig } from '../hosts/hermes/real-hermes';
import { describeRealHost, realHostRuns } from '../hosts/shared/real-host';

const status = await ensureHosts(HOSTS_FOR.hermes);
const BUNDLE = realBundle();
if (!BUNDLE) throw new Error('dist/hermes/stopline/stopline.mjs is missing: run `STOPLINE_ONLY=hermes npm run build` first');

const runs = realHostRuns({ prefix: 'hermes-parity', startServer: startChatServer, describeTimings: () => null });

/** What the real Hermes did with each call, read from the model's next request. */
async function realDecisions(sc: Scenario): Promise<Expected[]> {
  const c = runs.newCase(sc.id);
  const s = await runs.server(modelScript(sc));
  writeHermesConfig(c, s);
  installPlugin(c, 'stopline');
  applySetup(sc.setup, { pluginDir: join(hermesHome(c), 'plugins', 'stopline'), home: c.home, project: c.project });
  await runHermes(c, s, sc.prompt);
  return sc.calls.map((call) => {
    const text = s.toolResultText(call.id);
    if (text === undefined) return `no result for ${call.id}`;
    const blocked = text.startsWith('{"error": ');
    return blocked ? decisionOf((JSON.parse(text) as { error: string }).error) : 'ran';
  });
}

interface TurnRow {
  tool_called: boolean;
  directive: string | null;
  error: string | null;
}

/** What the emulator decided for each call of one turn (one emulated Hermes process, like one real run). */
function emulatorDecisions(sc: Scenario, semantics: 'v0.19' | 'v0.21'): Expected[] {
  const b = new Sandbox(BUNDLE!);
  try {
    writeFileSync(join(b.workDir, 'a.txt'), 'alpha\n');
    applySetup(sc.setup, { pluginDir: b.pluginDir, home: b.home, project: b.workDir });
    const turn = b.writeJson('turn.json', {
      user_message: sc.prompt,
      tool_calls: sc.calls.map((c) => ({ tool_call_id: c.id, tool_name: c.tool, args: c.args })),
      final_response: 'finished',
    });
    const out = b.run('turn', [turn, '--semantics', semantics], { env: { STOPLINE_HERMES_TIMEOUT_MS: '30000', STOPLINE_DASHBOARD: 'off' } });
    expect(out.status, out.stderr).toBe(0);
    const rows = (out.json as { tool_calls: TurnRow[] }).tool_calls;
    return rows.map((row) => (row.directive === 'block' ? decisionOf(row.error) : row.tool_called ? 'ran' : `not called, directive ${row.directive}`));
  } finally {
    b.cleanup();
  }
}

describeRealHost(status, 'Hermes emulator against the real Hermes 0.19.0: same decisions', HOSTS_FOR.hermes, 600_000, () => {
  for (const sc of [...SCENARIOS, ...PARITY_EXTRA]) {
    it(`${sc.id}: real 0.19.0, emulator v0.19 and emulator v0.21 decide every call alike, as the list expects`, async () => {
      const expected = sc.calls.map((c) => c.expect);
      const real = await realDecisions(sc);
      expect(real, 'real Hermes 0.19.0').toEqual(expected);
      expect(emulatorDecisions(sc, 'v0.19'), 'emulator, v0.19 rules').toEqual(real);
      expect(emulatorDecisions(sc, 'v0.21'), 'emulator, v0.21 rules').toEqual(real);
    });
  }
});

describe('the parity list', () => {
  it('covers every scenario family of the real suite and both fail modes for both evaluator failures', () => {
    const kinds = [...SCENARIOS, ...PARITY_EXTRA].map((s) => (s.setup.kind === 'none' || s.setup.kind === 'user-hook' ? s.setup.kind : `${s.setup.kind}/${s.setup.failMode}`));
    expect(new Set(kinds)).toEqual(new Set(['none', 'user-hook', 'evaluator-missing/open', 'evaluator-missing/closed', 'evaluator-crashes/open', 'evaluator-crashes/closed']));
  });
});
