/**
 * The seven scenarios on the real Mistral Vibe 3.0.2, offline (a provider at the harness's fake
 * chat server), running the shipped dist/vibe/stopline.mjs from the hooks.toml tables
 * `stopline install vibe` writes (absolute runtime and script). Vibe has no prompt or session
 * event: the person's `$stopline` directive reaches the guard through the session journal at the
 * turn's first tool call, and no contract context can be in the model's first request (scenario
 * 7 is left out). A subagent is a run_typescript program calling `tools.agents.spawn`: a stop
 * there holds, but the program reads Vibe's fixed "skipped" text, so such a stop is asserted in
 * the evidence. Each scenario asserts the file system and what the model received.
 */
import { expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { vibeHookTables } from '../../../hosts/vibe/install';
import { NO_NEEDS, rowsToRegister } from '../../../hosts/cli/install/observe-events';
import { vibeRegistry } from '../../../core/registry/vibe';
import { ensureHosts, HOSTS_FOR, startChatServer, type FakeModelServer } from '../harness';
import { runVibe, type VibeRunResult } from './harness';
import { describeRealHost, readEvidence, scenarioRuns, requireArtifact, stopAssertions, stoplineDataDir, type RealHostCase } from '../shared/real-host';
import { sevenScenarios } from '../shared/seven-scenarios';

const status = await ensureHosts(HOSTS_FOR.vibe);
const TEST_TIMEOUT_MS = 240_000;

const runs = scenarioRuns('vibe', startChatServer);

// Vibe hands the model the deny's reason verbatim
const direct = stopAssertions({ stopped: /^STOP \//, ran: { never: /STOP \// } });
/** what a run_typescript program reads when a call inside it was denied (docs/hosts/vibe.md) */
const SKIPPED = /skipped by Runtime policy/;

/** The tool calls made inside a run_typescript program, and the case they ran in (their stops are read from its evidence). */
const programCalls = new Set<string>();
let current: RealHostCase | undefined;

function expectStopped(s: FakeModelServer, callId: string, reason: string): void {
  if (!programCalls.has(callId)) return direct.expectStopped(s, callId, reason);
  expect(s.toolResultText(callId)).toMatch(SKIPPED);
  const stops = readEvidence(stoplineDataDir(current!.home)).filter((e) => e.type === 'check' && e.decision?.outcome === 'deny');
  expect(stops.map((e) => e.decision?.reasonCode)).toContain(reason);
}

function expectRan(s: FakeModelServer, callId: string): void {
  direct.expectRan(s, callId);
  expect(s.toolResultText(callId)).not.toMatch(SKIPPED);
}

/** hooks.toml as `stopline install vibe` writes it, with this node and the shipped script. */
function writeHooksToml(home: string, failClosed = false): void {
  const script = requireArtifact('vibe', 'stopline.mjs');
  mkdirSync(join(home, '.vibe'), { recursive: true });
  writeFileSync(join(home, '.vibe', 'hooks.toml'), `${vibeHookTables(rowsToRegister(vibeRegistry, NO_NEEDS), `'${process.execPath}' '${script}'`, failClosed)}\n`);
}

async function vibe(c: RealHostCase, s: FakeModelServer, prompt: string, env?: Record<string, string | undefined>, args: string[] = []): Promise<VibeRunResult> {
  current = c;
  writeHooksToml(c.home);
  const r = await runVibe({ project: c.project, prompt, server: s, runDir: c.runDir, args, env: { STOPLINE_TIMING_FILE: runs.timingFile, STOPLINE_DASHBOARD: 'off', ...env } });
  expect(r.code, `vibe exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
  return r;
}

// the model's own tool names and fields (the hook sees file_system.* and file_path)
const create = (id: string, path: string, text = `${id}\n`) => ({ id, name: 'write_file', input: { path, content: text } });
const edit = (id: string, path: string, oldStr: string, newStr: string) => ({ id, name: 'edit', input: { file_path: path, old_string: oldStr, new_string: newStr } });
const bash = (id: string, command: string) => ({ id, name: 'bash', input: { command } });
const spawn = (id: string, prompt: string) => {
  programCalls.add(id);
  return { id, name: 'run_typescript', input: { code: `await tools.agents.spawn({ name: ${JSON.stringify(`helper_${id}`)}, message: ${JSON.stringify(prompt)} }); return 'spawned';` } };
};

describeRealHost(status, 'Mistral Vibe 3.0.2 with dist/vibe', HOSTS_FOR.vibe, TEST_TIMEOUT_MS, () => {
  sevenScenarios({
    runs,
    tools: { create, edit, shell: bash, task: spawn },
    toolWords: { create: 'write_file', edit: 'edit', task: 'agents.spawn' },
    run: (c, s, prompt, env) => vibe(c, s, prompt, env),
    expectStopped,
    expectRan,
    words: {
      cannotAsk: 'Vibe cannot ask from a hook',
      childCall: 'its payloads name the parent session',
      failClosed: 'an explicit deny: Vibe lets a failing hook through',
      promptEvent: "the session journal (Vibe's turn record)",
    },
    limits: { noContext: 'Vibe has no session or prompt event; the contract reaches the model in the first stop' },
  });

  it('a directive in a turn where the model calls no tool still holds at the next turn (both turns in one session)', async () => {
    const c = runs.newCase('s9-two-turns');
    const s = await runs.server({ threads: [{ name: 'main', turns: [{ text: 'noted' }, { toolCalls: [create('call_create', join(c.project, 'new.txt'))] }, { text: 'done' }] }] });
    await vibe(c, s, '$stopline review -- look at a.txt');
    // the same session continued (--continue), a plain prompt: the journal still holds the review turn
    await vibe(c, s, 'now write new.txt', {}, ['--continue']);
    expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
    expectStopped(s, 'call_create', 'MODE_FORBIDS_MUTATION');
  });

  it('with --fail closed (strict = true) a hook that cannot start denies: the write does not run', async () => {
    const c = runs.newCase('s10-strict');
    const s = await runs.server({ threads: [{ name: 'main', turns: [{ toolCalls: [create('call_create', join(c.project, 'new.txt'))] }, { text: 'done' }] }] });
    current = c;
    mkdirSync(join(c.home, '.vibe'), { recursive: true });
    const missing = join(c.runDir, 'no-such-script.mjs');
    writeFileSync(join(c.home, '.vibe', 'hooks.toml'), `${vibeHookTables(rowsToRegister(vibeRegistry, NO_NEEDS), `'${process.execPath}' '${missing}'`, true)}\n`);
    const r = await runVibe({ project: c.project, prompt: 'write new.txt', server: s, runDir: c.runDir });
    expect(r.code).toBe(0);
    expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
    expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('alpha\n');
  });
});
