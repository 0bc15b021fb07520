/**
 * The seven scenarios on the real OpenCode 1.18.33 (plus the host agent switch), running the
 * shipped plugin dist/opencode/stopline.js exactly as built from the global plugin folder,
 * offline against the harness's fake chat-completions server. Each scenario asserts the host
 * effect on the file system and what the model received next.
 *
 * Prompt words go to `opencode run` as separate arguments; `--` is put in front of them so the
 * directive's own ` -- ` reaches OpenCode (yargs would take the first `--` as the end of its
 * options and drop it).
 *
 * Per-call decision cost: the plugin appends one line per tool.execute.before to
 * STOPLINE_TIMING_FILE (time spent inside the plugin, measured in OpenCode's Bun); the suite
 * prints median and p99 at the end.
 */
import { beforeAll, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureHosts, HOSTS_FOR, runOpenCode, startChatServer, type FakeModelServer, type OpenCodeRunResult } from '../harness';
import { stagedToolsDir } from '../harness/hosts';
import { describeRealHost, readEvidence, realHostRuns, requireArtifact, stoplineDataDir, stopAssertions, type RealHostCase } from '../shared/real-host';
import { sevenScenarios } from '../shared/seven-scenarios';
import { summarizeTimings } from './timings';

const SCENARIO_TIMEOUT = 600_000;
let plugin = '';

const status = await ensureHosts(HOSTS_FOR.opencode);

beforeAll(() => {
  plugin = requireArtifact('opencode', 'stopline.js');
});

const runs = realHostRuns({
  prefix: 'opencode-scenarios',
  startServer: startChatServer,
  describeTimings: (file) => {
    const summary = summarizeTimings(file, 'tool.execute.before');
    return summary && `[opencode] stopline decisions inside OpenCode 1.18.33: ${summary}`;
  },
});
// the plugin throws the stamp, and OpenCode hands the model the thrown message as the result
const { expectStopped, expectRan } = stopAssertions({ stopped: /^STOP \//, ran: { never: 'STOP /' } });

interface RunOpts {
  env?: Record<string, string | undefined>;
  args?: string[];
  config?: Record<string, unknown>;
}

async function opencode(c: RealHostCase, s: FakeModelServer, prompt: string, opts: RunOpts = {}): Promise<OpenCodeRunResult> {
  // a PATH of the test's own (the fake npm first) keeps the staged ripgrep on it: OpenCode would download one
  const env = opts.env?.PATH ? { ...opts.env, PATH: [opts.env.PATH, stagedToolsDir()].filter(Boolean).join(':') } : opts.env;
  const r = await runOpenCode({
    project: c.project,
    prompt,
    server: s,
    pluginFile: plugin,
    runDir: c.runDir,
    args: [...(opts.args ?? []), '--'],
    ...(opts.config ? { config: opts.config } : {}),
    env: { STOPLINE_TIMING_FILE: runs.timingFile, ...env },
    timeoutMs: 300_000,
  });
  expect(r.code, `opencode exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
  expect(r.stderr, 'the plugin failed to load').not.toMatch(/failed to load plugin/i);
  return r;
}

const write = (id: string, filePath: string) => ({ id, name: 'write', input: { filePath, content: `${id}\n` } });
const read = (id: string, filePath: string) => ({ id, name: 'read', input: { filePath } });
const edit = (id: string, filePath: string, oldString: string, newString: string) => ({ id, name: 'edit', input: { filePath, oldString, newString } });
const bash = (id: string, command: string) => ({ id, name: 'bash', input: { command } });
const task = (id: string, prompt: string) => ({ id, name: 'task', input: { description: 'helper', prompt, subagent_type: 'general' } });

describeRealHost(status, 'OpenCode 1.18.33 with dist/opencode/stopline.js', HOSTS_FOR.opencode, SCENARIO_TIMEOUT, () => {
  sevenScenarios({
    runs,
    tools: { create: write, edit, shell: bash, task },
    read,
    toolWords: { create: 'write', edit: 'edit', task: 'task' },
    run: (c, s, prompt, env) => opencode(c, s, prompt, env ? { env } : {}),
    expectStopped,
    expectRan,
    words: {
      cannotAsk: 'no person to ask',
      childCall: 'a child session',
      failClosed: 'the plugin throws the stamp',
      failOpen: 'the plugin lets the call run and says so on stderr',
      promptEvent: 'the prompt',
    },
    subagentChecks: { reply: true },
    brokenDataFolder: 'file',
    failOpenLine: /stopline \(opencode\): .*failing open/,
    contextAlso: ['stopline contract (ARMED): mode=review', 'files=a.txt'],
    // the plugin injects it as a no-reply message once OpenCode reports the person's message, which
    // can be after the first request went out
    contextLate: 'a no-reply message injected beside the first request',
  });

  it('host agent switch: review under plan, then `--session … --agent build` moves the contract to change; plan never does', async () => {
    const c = runs.newCase('s8-switch');
    // OpenCode's own defaults: plan denies edits, build allows them (no harness overrides)
    const config = { permission: { edit: undefined, bash: undefined, task: undefined } };
    const writeNew = (id: string) => ({ toolCalls: [{ id, name: 'write', input: { filePath: join(c.project, 'new.txt'), content: 'new\n' } }] });
    const s = await runs.server({ threads: [{ name: 'main', turns: [writeNew('call_w1'), { text: 'reviewed' }, writeNew('call_w2'), { text: 'still review' }, writeNew('call_w3'), { text: 'done' }] }] });
    const first = await opencode(c, s, '$stopline review -- look at a.txt', { args: ['--agent', 'plan'], config });
    expectStopped(s, 'call_w1', 'MODE_FORBIDS_MUTATION');
    const session = /"sessionID":"(ses_[A-Za-z0-9]+)"/.exec(first.stdout)?.[1];
    expect(session, 'no session id in the run output').toBeDefined();
    // the same agent again: no switch, still review
    await opencode(c, s, 'carry on', { args: ['--session', session!, '--agent', 'plan'], config });
    expectStopped(s, 'call_w2', 'MODE_FORBIDS_MUTATION');
    expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
    // the person switches to the editing agent
    await opencode(c, s, 'carry on', { args: ['--session', session!, '--agent', 'build'], config });
    expectRan(s, 'call_w3');
    expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
    expect(readEvidence(stoplineDataDir(c.home)).some((e) => e.type === 'contract' && (e.change as { via?: string } | undefined)?.via === 'host')).toBe(true);
  });
});
