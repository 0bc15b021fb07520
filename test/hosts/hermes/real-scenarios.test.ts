/**
 * The seven scenarios on the real Hermes Agent 0.19.0 (pinned venv in .hosts/hermes), headless
 * (`hermes chat -Q -q`, and `hermes -z`) against the fake chat-completions server, each in a fresh
 * HERMES_HOME, with the bundle exactly as built in dist/hermes/stopline/ (or STOPLINE_TEST_DIST).
 * The plugin is installed by `stopline install hermes`, and in one case by Hermes's own
 * `hermes plugins install` + `hermes plugins enable`. Every scenario asserts the real file system
 * and what the model received for each call in its next request. The Hermes-only cases (V4A
 * patches, a tasks=[…] batch, an evaluator that crashes or is missing) run from the scenario list
 * the emulator parity check shares (./real/scenarios.ts).
 *
 * Decision latency inside Hermes: every run carries two observer plugins that bracket stopline's
 * callbacks (see real-hermes.ts); the suite prints the median and p99 per tool call through the
 * resident evaluator and the cost of each process's first hook call (the evaluator start).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ensureHosts, HOSTS_FOR, startChatServer, type FakeModelServer } from '../harness';
import { quantile } from '../opencode/timings';
import { describeRealHost, fakeNpmEnv, readEvidence, realHostRuns, type RealHostCase } from '../shared/real-host';
import { sevenScenarios } from '../shared/seven-scenarios';
import { applySetup, modelScript, scenario, type Scenario, type Setup } from './real/scenarios';
import { expectRan, expectStopped, hermesHome, hookCosts, installClocks, installPlugin, resultOf, runHermes, stampOf, writeHermesConfig, type HermesMode, type HermesRunResult, type InstallRoute } from './real-hermes';

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

interface RunOpts {
  route?: InstallRoute;
  mode?: HermesMode;
  env?: Record<string, string | undefined>;
  setup?: Setup;
}

/** Config naming the fake server, the plugin by `route`, the clocks, a list scenario's setup; then one run. */
async function hermes(c: RealHostCase, s: FakeModelServer, prompt: string, opts: RunOpts = {}): Promise<HermesRunResult> {
  writeHermesConfig(c, s);
  installPlugin(c, opts.route ?? 'stopline');
  installClocks(c);
  if (opts.setup) applySetup(opts.setup, { pluginDir: join(hermesHome(c), 'plugins', 'stopline'), home: c.home, project: c.project });
  return runHermes(c, s, prompt, { mode: opts.mode, clockFile: clockFile(), env: opts.env });
}

/** A case of the scenario list: its model script, its setup, one run. */
async function run(sc: Scenario, opts: Omit<RunOpts, 'setup' | 'env'> & { env?: (c: RealHostCase) => Record<string, string> } = {}) {
  const c = runs.newCase(sc.id, opts.route ?? 'stopline', opts.mode ?? 'chat');
  const s = await runs.server(modelScript(sc));
  const r = await hermes(c, s, sc.prompt, { route: opts.route, mode: opts.mode, env: opts.env?.(c), setup: sc.setup });
  return { c, s, r };
}

/** Every call of the scenario got the decision the list says. */
function expectDecisions(sc: Scenario, s: FakeModelServer): void {
  for (const call of sc.calls) {
    if (call.expect === 'ran') expectRan(s, call.id);
    else if (call.expect !== 'USER_HOOK') expectStopped(s, call.id, call.expect);
  }
}

const exists = (c: RealHostCase, rel: string) => existsSync(join(c.project, rel));
const writeFile = (id: string, path: string) => ({ id, name: 'write_file', input: { path, content: `${id}\n` } });
const readFile = (id: string, path: string) => ({ id, name: 'read_file', input: { path } });
const replace = (id: string, path: string, oldString: string, newString: string) => ({ id, name: 'patch', input: { mode: 'replace', path, old_string: oldString, new_string: newString } });
const terminal = (id: string, command: string) => ({ id, name: 'terminal', input: { command } });
const delegate = (id: string, goal: string) => ({ id, name: 'delegate_task', input: { goal } });

describeRealHost(status, 'real Hermes Agent 0.19.0 with dist/hermes/stopline', HOSTS_FOR.hermes, SUITE_TIMEOUT, () => {
  sevenScenarios({
    runs,
    tools: { create: writeFile, edit: replace, shell: terminal, task: delegate },
    read: readFile,
    toolWords: { create: 'write_file', edit: 'patch', task: 'delegate_task' },
    run: (c, s, prompt, env) => hermes(c, s, prompt, { env }),
    reviewVariants: [
      { label: 'hermes chat -Q -q', run: (c, s, prompt) => hermes(c, s, prompt) },
      {
        label: 'hermes -z',
        run: async (c, s, prompt) => {
          const r = await hermes(c, s, prompt, { mode: 'oneshot' });
          // oneshot prints only the model's final text
          expect(r.stdout.trim()).toBe('review finished');
          return r;
        },
      },
      {
        // `hermes plugins install <file:// git url>`, then `hermes plugins enable stopline`
        label: 'hermes plugins install + enable',
        run: async (c, s, prompt) => {
          const r = await hermes(c, s, prompt, { route: 'hermes-plugins' });
          expect(readFileSync(join(hermesHome(c), 'plugins', 'stopline', 'plugin.yaml'), 'utf8')).toContain('name: stopline');
          return r;
        },
      },
    ],
    // under `hermes chat -q` (HERMES_INTERACTIVE=1) an ask goes to Hermes's approval prompt, which
    // with no terminal waits 60 s and denies: `hermes -z` is where nobody can answer (the allowed,
    // confined `npm install` runs under `chat -q` too: real-confined.test.ts)
    runForDeps: (c, s, prompt, env) => hermes(c, s, prompt, { mode: 'oneshot', env }),
    cannotAskSays: 'no one can approve it here',
    expectStopped,
    expectRan,
    words: {
      cannotAsk: 'under `hermes -z` nobody can answer, never sent to the approval prompt',
      childCall: 'a delegate_task child',
      failClosed: 'the shim hands Hermes the stamp',
      failOpen: 'the shim lets the call run',
      promptEvent: "the person's message",
    },
    dataDir: (c) => join(hermesHome(c), 'stopline'),
    // post_tool_call records what each call that ran did
    afterRecords: true,
    // a file where the data folder should be: the evaluator itself answers, and says why
    brokenDataFolder: 'file',
    failClosedSays: 'ENOTDIR',
    failOpenLine: /^stopline: .*ENOTDIR.*; failing open$/m,
    // a top-level delegate_task is always dispatched in the background (0.19.0): the run ends first
    backgroundChildren: 'a top-level delegate_task runs in the background, past the end of a headless run',
    contextAlso: ['stopline contract (ARMED): mode=review', 'files=a.txt'],
  });

  it('1b. review: a V4A patch is stopped too, stderr names the contract, and every decision is recorded with the response Hermes got', async () => {
    const sc = scenario('review');
    const { c, s, r } = await run(sc);
    expect([exists(c, 'new.txt'), readFileSync(join(c.project, 'a.txt'), 'utf8'), exists(c, 'x')]).toEqual([false, 'alpha\n', false]);
    expectDecisions(sc, s);
    expect(r.stderr).toContain('stopline: contract set: ARMED / review guard');
    const checks = readEvidence(join(hermesHome(c), 'stopline')).filter((e) => e.type === 'check');
    expect(checks.map((e) => [e.decision?.outcome, e.decision?.response])).toEqual([...Array(4).fill(['deny', 'hermes_block_returned']), ['allow', 'none']]);
  });

  it('2b. change files=a.txt: a V4A Add File of c.txt is stopped with PATH_OUTSIDE_CONTRACT like write_file of b.txt', async () => {
    const sc = scenario('files');
    const { c, s } = await run(sc);
    expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('fixed\n');
    expect([exists(c, 'b.txt'), exists(c, 'c.txt')]).toEqual([false, false]);
    expectDecisions(sc, s);
  });

  it('3b. deps=deny: terminal `npm install left-pad` is stopped with DEPENDENCY_NOT_AUTHORIZED and never reaches the shell; `ls` runs', async () => {
    const sc = scenario('deps-deny');
    const { c, s } = await run(sc, { env: (cs) => fakeNpmEnv(cs.runDir, cs.home) });
    expect(exists(c, 'npm-ran.txt')).toBe(false);
    expectDecisions(sc, s);
    expect(resultOf(s, 'call_ls')).toContain('a.txt');
  });

  it('4b. agents=1: after the one delegate_task child, a tasks=[…] batch of two is stopped with AGENT_BUDGET_EXHAUSTED and no other child starts', async () => {
    const sc = scenario('agents');
    const { s } = await run(sc);
    expectDecisions(sc, s);
    const children = s.requests.filter((q) => q.thread === 'child').map((q) => q.firstUserText);
    expect(new Set(children)).toEqual(new Set(['CHILD-TASK one: read a.txt']));
  });

  it('6b. evaluator crashed on start, fail closed: write_file is stopped with GUARD_UNAVAILABLE (a CONTROL stop) and stderr says why', async () => {
    const sc = scenario('crashed-closed');
    const { c, s, r } = await run(sc);
    expect(exists(c, 'new.txt')).toBe(false);
    expectDecisions(sc, s);
    expect(stampOf(s, 'call_write')).toMatch(/^STOP \/ CONTROL\n/);
    expect(r.stderr).toMatch(/^stopline: guard unavailable \(.*\); failing closed/m);
  });

  it('6c. evaluator missing, fail open: the same write runs even under review, with one stderr line saying so', async () => {
    const sc = scenario('missing-open');
    const { c, s, r } = await run(sc);
    expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
    expectDecisions(sc, s);
    expect(r.stderr).toMatch(/^stopline: guard unavailable \(.*\); failing open$/m);
  });
});
