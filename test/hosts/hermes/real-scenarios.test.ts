/**
 * The seven scenarios on the real Hermes Agent 0.19.0 (pinned venv in .hosts/hermes), headless
 * (`hermes chat -Q -q`, and `hermes -z` once) against the fake chat-completions server, each in a
 * fresh HERMES_HOME, with the bundle exactly as built in dist/hermes/stopline/ (or
 * STOPLINE_TEST_DIST). The plugin is installed by `stopline install hermes`, and in one case by
 * Hermes's own `hermes plugins install` + `hermes plugins enable`. Every scenario asserts the real
 * file system and what the model received for each call in its next request.
 *
 * Decision latency inside Hermes: every run carries two observer plugins that bracket stopline's
 * callbacks (see real-hermes.ts); the suite prints the median and p99 per tool call through the
 * resident evaluator and the cost of each process's first hook call (the evaluator start).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureHosts, HOSTS_FOR, startChatServer, type FakeModelServer } from '../harness';
import { quantile } from '../opencode/timings';
import { describeRealHost, fakeNpmEnv, readEvidence, realHostRuns, type RealHostCase } from '../shared/real-host';
import { applySetup, decisionOf, modelScript, scenario, USER_HOOK_REASON, type Scenario } from './real/scenarios';
import { hermesHome, hookCosts, installClocks, installPlugin, runHermes, writeHermesConfig, type HermesMode, type HermesRunResult, type InstallRoute } from './real-hermes';

const status = await ensureHosts(HOSTS_FOR.hermes);
const SUITE_TIMEOUT = 600_000;

const runs = realHostRuns({
  prefix: 'hermes-real',
  startServer: startChatServer,
  describeTimings: (file) => {
    const costs = hookCosts(file.replace(/timings\.jsonl$/, 'clock.jsonl'));
    const tools = costs.filter((c) => c.hook === 'pre_tool_call' && !c.first).map((c) => c.ms);
    const firsts = costs.filter((c) => c.first).map((c) => c.ms);
    if (tools.length === 0) return null;
    const f = (v: number) => v.toFixed(1);
    return (
      `[hermes 0.19.0] stopline pre_tool_call inside Hermes through the resident evaluator: ${tools.length} calls, ` +
      `median ${f(quantile(tools, 0.5))} ms, p99 ${f(quantile(tools, 0.99))} ms; ` +
      `first hook call of a Hermes process (evaluator start): ${firsts.length} runs, median ${f(quantile(firsts, 0.5))} ms, max ${f(Math.max(...firsts))} ms`
    );
  },
});

const clockFile = () => runs.timingFile.replace(/timings\.jsonl$/, 'clock.jsonl');

interface Ran {
  c: RealHostCase;
  s: FakeModelServer;
  r: HermesRunResult;
}

/** A fresh case: config naming the fake server, the plugin by `route`, the clocks, the scenario's setup; then one run. */
async function run(sc: Scenario, opts: { route?: InstallRoute; mode?: HermesMode; env?: (c: RealHostCase) => Record<string, string> } = {}): Promise<Ran> {
  const c = runs.newCase(sc.id, opts.route ?? 'stopline', opts.mode ?? 'chat');
  const s = await runs.server(modelScript(sc));
  writeHermesConfig(c, s);
  installPlugin(c, opts.route ?? 'stopline');
  installClocks(c);
  applySetup(sc.setup, { pluginDir: join(hermesHome(c), 'plugins', 'stopline'), home: c.home, project: c.project });
  const r = await runHermes(c, s, sc.prompt, { mode: opts.mode, clockFile: clockFile(), env: opts.env?.(c) });
  return { c, s, r };
}

/** The text Hermes gave the model for a call (its next request carries it). */
function resultOf(s: FakeModelServer, callId: string): string {
  const text = s.toolResultText(callId);
  expect(text, `the model never received a result for ${callId}`).toBeDefined();
  return text!;
}

/** Hermes wraps a block as json.dumps({"error": message}); the message is the STOP stamp. */
function stampOf(s: FakeModelServer, callId: string): string | null {
  const text = resultOf(s, callId);
  if (!text.startsWith('{"error": "STOP / ') && !text.includes(USER_HOOK_REASON)) return null;
  return (JSON.parse(text) as { error: string }).error;
}

function expectStopped(s: FakeModelServer, callId: string, reason: string): void {
  const stamp = stampOf(s, callId);
  expect(stamp, `${callId} should be stopped; the model read: ${resultOf(s, callId).slice(0, 300)}`).not.toBeNull();
  expect(stamp!).toMatch(/^STOP \/ [A-Z]+\n/);
  expect(decisionOf(stamp)).toBe(reason);
}

function expectRan(s: FakeModelServer, callId: string): void {
  const text = resultOf(s, callId);
  expect(text, `${callId} should have run`).not.toContain('STOP /');
}

/** Every call of the scenario got the decision the list says. */
function expectDecisions(sc: Scenario, s: FakeModelServer): void {
  for (const call of sc.calls) {
    if (call.expect === 'ran') expectRan(s, call.id);
    else if (call.expect !== 'USER_HOOK') expectStopped(s, call.id, call.expect);
  }
}

const read = (c: RealHostCase, rel: string) => readFileSync(join(c.project, rel), 'utf8');
const exists = (c: RealHostCase, rel: string) => existsSync(join(c.project, rel));

describeRealHost(status, 'real Hermes Agent 0.19.0 with dist/hermes/stopline', HOSTS_FOR.hermes, SUITE_TIMEOUT, () => {
  describe('1. review', () => {
    it('write_file, patch (replace and V4A) and terminal `touch x` are stopped with MODE_FORBIDS_MUTATION and change nothing; read_file runs', async () => {
      const sc = scenario('review');
      const { c, s, r } = await run(sc);
      expect(exists(c, 'new.txt')).toBe(false);
      expect(read(c, 'a.txt')).toBe('alpha\n');
      expect(exists(c, 'x')).toBe(false);
      expectDecisions(sc, s);
      expect(resultOf(s, 'call_read')).toContain('alpha');
      // the contract context went out with the person's message, in the first request
      const first = s.requests.find((q) => q.kind === 'turn')!;
      expect(first.firstUserText).toContain('stopline contract (ARMED): mode=review');
      expect(r.stderr).toContain('stopline: contract set: ARMED / review guard');
      // one evidence record per decision, the denials with the response Hermes got
      const checks = readEvidence(join(hermesHome(c), 'stopline')).filter((e) => e.type === 'check');
      expect(checks.map((e) => [e.decision?.outcome, e.decision?.response])).toEqual([...Array(4).fill(['deny', 'hermes_block_returned']), ['allow', 'none']]);
    });

    it('the same through `hermes -z` (oneshot mode)', async () => {
      const sc = scenario('review');
      const { c, s, r } = await run(sc, { mode: 'oneshot' });
      expect(r.stdout.trim()).toBe('finished');
      expect([exists(c, 'new.txt'), read(c, 'a.txt'), exists(c, 'x')]).toEqual([false, 'alpha\n', false]);
      expectDecisions(sc, s);
    });

    it('the same with the plugin put there by `hermes plugins install <file:// git url>` + `hermes plugins enable stopline`', async () => {
      const sc = scenario('review');
      const { c, s } = await run(sc, { route: 'hermes-plugins' });
      expect(readFileSync(join(hermesHome(c), 'plugins', 'stopline', 'plugin.yaml'), 'utf8')).toContain('name: stopline');
      expect([exists(c, 'new.txt'), read(c, 'a.txt'), exists(c, 'x')]).toEqual([false, 'alpha\n', false]);
      expectDecisions(sc, s);
    });
  });

  it('2. change files=a.txt: a.txt is written; b.txt (write_file) and c.txt (V4A Add File) are stopped with PATH_OUTSIDE_CONTRACT', async () => {
    const sc = scenario('files');
    const { c, s } = await run(sc);
    expect(read(c, 'a.txt')).toBe('fixed\n');
    expect(exists(c, 'b.txt')).toBe(false);
    expect(exists(c, 'c.txt')).toBe(false);
    expectDecisions(sc, s);
  });

  it('3. deps=deny: terminal `npm install left-pad` is stopped with DEPENDENCY_NOT_AUTHORIZED and never reaches the shell; `ls` runs', async () => {
    const sc = scenario('deps-deny');
    const { c, s } = await run(sc, { env: (cs) => fakeNpmEnv(cs.runDir, cs.home) });
    expect(exists(c, 'npm-ran.txt')).toBe(false);
    expectDecisions(sc, s);
    expect(resultOf(s, 'call_ls')).toContain('a.txt');
  });

  it('3b. deps default (ask) under `hermes -z`, where nobody can answer: stopped at once with DEPENDENCY_NOT_AUTHORIZED, never sent to the approval prompt', async () => {
    // under `hermes chat -q` Hermes exports HERMES_INTERACTIVE=1, the ask goes to its approval
    // prompt, and with no terminal that prompt times out after 60 s and denies: see docs/hermes.md
    const sc: Scenario = {
      id: 'deps-ask',
      prompt: '$stopline change -- add left-pad',
      setup: { kind: 'none' },
      calls: [{ id: 'call_npm', tool: 'terminal', args: { command: 'npm install left-pad' }, expect: 'DEPENDENCY_NOT_AUTHORIZED' }],
    };
    const { c, s } = await run(sc, { mode: 'oneshot', env: (cs) => fakeNpmEnv(cs.runDir, cs.home) });
    expect(exists(c, 'npm-ran.txt')).toBe(false);
    expectDecisions(sc, s);
    expect(stampOf(s, 'call_npm')).toContain('no one can approve it here');
  });

  it('4. agents=1: the first delegate_task runs a child; the second and a tasks=[…] batch of two are stopped with AGENT_BUDGET_EXHAUSTED', async () => {
    const sc = scenario('agents');
    const { s } = await run(sc);
    expectDecisions(sc, s);
    // exactly one child reached the model: the allowed one
    const children = s.requests.filter((q) => q.thread === 'child').map((q) => q.firstUserText);
    expect(new Set(children)).toEqual(new Set(['CHILD-TASK one: read a.txt']));
  });

  it('5. no directive: every tool runs and the evidence has one allow check per tool call', async () => {
    const sc = scenario('unarmed');
    const { c, s } = await run(sc);
    expect(read(c, 'new.txt')).toBe('new\n');
    expect(read(c, 'a.txt')).toBe('beta\n');
    expect(exists(c, 'x')).toBe(true);
    expectDecisions(sc, s);
    const checks = readEvidence(join(hermesHome(c), 'stopline')).filter((e) => e.type === 'check');
    expect(checks.map((e) => e.action?.tool)).toEqual(['Write', 'Read', 'Edit', 'Bash']);
    expect(checks.every((e) => e.decision?.reasonCode === 'CONTROL_INACTIVE' && e.decision?.outcome === 'allow')).toBe(true);
  });

  describe('6. the evaluator cannot answer', () => {
    it('crashed on start, fail closed: write_file is stopped with GUARD_UNAVAILABLE under a change contract', async () => {
      const sc = scenario('crashed-closed');
      const { c, s, r } = await run(sc);
      expect(exists(c, 'new.txt')).toBe(false);
      expectDecisions(sc, s);
      expect(stampOf(s, 'call_write')).toMatch(/^STOP \/ CONTROL\n/);
      expect(r.stderr).toMatch(/^stopline: guard unavailable \(.*\); failing closed/m);
    });

    it('missing, fail open: the same write runs even under review, with one stderr line saying so', async () => {
      const sc = scenario('missing-open');
      const { c, s, r } = await run(sc);
      expect(read(c, 'new.txt')).toBe('new\n');
      expectDecisions(sc, s);
      expect(r.stderr).toMatch(/^stopline: guard unavailable \(.*\); failing open$/m);
    });
  });

  it("7. the person's own tool:before hook (user stopline.json, matcher Bash) stops `rm -rf build` with its reason; `touch x` runs", async () => {
    const sc = scenario('user-hook');
    const { c, s } = await run(sc);
    expect(read(c, 'build/out.js')).toBe('built\n');
    expect(exists(c, 'x')).toBe(true);
    expect(stampOf(s, 'call_rm')).toContain(USER_HOOK_REASON);
    expectDecisions(sc, s);
    // the same file's prompt:submit hook added its context to the person's message
    expect(s.requests.find((q) => q.kind === 'turn')!.firstUserText).toContain('USER-HOOK-CONTEXT');
  });
});
