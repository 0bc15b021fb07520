/**
 * The scenario list run through the real Hermes 0.19.0 (test/hosts/hermes/real-scenarios.test.ts)
 * and, for the parity check, through both the real host and the emulator
 * (test/conformance/hermes-real-parity.test.ts). One scenario = the person's prompt, the tool calls
 * the scripted model makes (one per turn, in order), the setup of the plugin folder and config, and
 * the decision expected for each call: 'ran' or the reason code of the STOP stamp.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seedUserHooks, writeUserConfig } from '../../shared/real-host';

export type Expected = 'ran' | string;

export interface ScenarioCall {
  id: string;
  tool: string;
  args: Record<string, unknown>;
  expect: Expected;
}

/** What is done to the installed plugin or the person's config before the run. */
export type Setup =
  | { kind: 'none' }
  /** the evaluator file is gone (a broken install): the shim cannot start it */
  | { kind: 'evaluator-missing'; failMode: 'open' | 'closed' }
  /** the evaluator exits at once on every start (a crash): the shim restarts it and gives up */
  | { kind: 'evaluator-crashes'; failMode: 'open' | 'closed' }
  /** the person's own tool:before hook in the user stopline.json denies `rm -rf` (matcher Bash) */
  | { kind: 'user-hook' };

export interface Scenario {
  id: string;
  prompt: string;
  setup: Setup;
  calls: ScenarioCall[];
}

export const V4A_UPDATE = '*** Begin Patch\n*** Update File: a.txt\n@@\n-alpha\n+beta\n*** End Patch';
export const USER_HOOK_REASON = 'USER-HOOK: no rm -rf here';
export const CHILD_MARK = 'CHILD-TASK';

const NONE: Setup = { kind: 'none' };

export const SCENARIOS: Scenario[] = [
  {
    id: 'review',
    prompt: '$stopline review -- look at a.txt',
    setup: NONE,
    calls: [
      { id: 'call_write', tool: 'write_file', args: { path: 'new.txt', content: 'new\n' }, expect: 'MODE_FORBIDS_MUTATION' },
      { id: 'call_replace', tool: 'patch', args: { mode: 'replace', path: 'a.txt', old_string: 'alpha', new_string: 'beta' }, expect: 'MODE_FORBIDS_MUTATION' },
      { id: 'call_v4a', tool: 'patch', args: { mode: 'patch', patch: V4A_UPDATE }, expect: 'MODE_FORBIDS_MUTATION' },
      { id: 'call_touch', tool: 'terminal', args: { command: 'touch x' }, expect: 'MODE_FORBIDS_MUTATION' },
      { id: 'call_read', tool: 'read_file', args: { path: 'a.txt' }, expect: 'ran' },
    ],
  },
  {
    id: 'files',
    prompt: '$stopline change files=a.txt -- fix a.txt',
    setup: NONE,
    calls: [
      { id: 'call_a', tool: 'write_file', args: { path: 'a.txt', content: 'fixed\n' }, expect: 'ran' },
      { id: 'call_b', tool: 'write_file', args: { path: 'b.txt', content: 'stray\n' }, expect: 'PATH_OUTSIDE_CONTRACT' },
      { id: 'call_add', tool: 'patch', args: { mode: 'patch', patch: '*** Begin Patch\n*** Add File: c.txt\n+stray\n*** End Patch' }, expect: 'PATH_OUTSIDE_CONTRACT' },
    ],
  },
  {
    id: 'deps-deny',
    prompt: '$stopline change deps=deny -- add left-pad',
    setup: NONE,
    calls: [
      { id: 'call_npm', tool: 'terminal', args: { command: 'npm install left-pad' }, expect: 'DEPENDENCY_NOT_AUTHORIZED' },
      { id: 'call_ls', tool: 'terminal', args: { command: 'ls' }, expect: 'ran' },
    ],
  },
  {
    id: 'agents',
    prompt: '$stopline change agents=1 -- split the work',
    setup: NONE,
    calls: [
      { id: 'call_d1', tool: 'delegate_task', args: { goal: `${CHILD_MARK} one: read a.txt` }, expect: 'ran' },
      { id: 'call_d2', tool: 'delegate_task', args: { goal: `${CHILD_MARK} two: read a.txt` }, expect: 'AGENT_BUDGET_EXHAUSTED' },
      { id: 'call_batch', tool: 'delegate_task', args: { tasks: [{ goal: `${CHILD_MARK} three` }, { goal: `${CHILD_MARK} four` }] }, expect: 'AGENT_BUDGET_EXHAUSTED' },
    ],
  },
  {
    id: 'unarmed',
    prompt: 'look at a.txt and tidy up',
    setup: NONE,
    calls: [
      { id: 'call_write', tool: 'write_file', args: { path: 'new.txt', content: 'new\n' }, expect: 'ran' },
      { id: 'call_read', tool: 'read_file', args: { path: 'a.txt' }, expect: 'ran' },
      { id: 'call_v4a', tool: 'patch', args: { mode: 'patch', patch: V4A_UPDATE }, expect: 'ran' },
      { id: 'call_touch', tool: 'terminal', args: { command: 'touch x' }, expect: 'ran' },
    ],
  },
  {
    id: 'crashed-closed',
    prompt: '$stopline change -- write new.txt',
    setup: { kind: 'evaluator-crashes', failMode: 'closed' },
    calls: [{ id: 'call_write', tool: 'write_file', args: { path: 'new.txt', content: 'new\n' }, expect: 'GUARD_UNAVAILABLE' }],
  },
  {
    id: 'missing-open',
    prompt: '$stopline review -- write new.txt',
    setup: { kind: 'evaluator-missing', failMode: 'open' },
    calls: [{ id: 'call_write', tool: 'write_file', args: { path: 'new.txt', content: 'new\n' }, expect: 'ran' }],
  },
  {
    id: 'user-hook',
    prompt: 'clean up the build folder',
    setup: { kind: 'user-hook' },
    calls: [
      { id: 'call_rm', tool: 'terminal', args: { command: 'rm -rf build' }, expect: 'USER_HOOK' },
      { id: 'call_touch', tool: 'terminal', args: { command: 'touch x' }, expect: 'ran' },
    ],
  },
];

/** The other two fail-mode corners, run only by the parity check (the real suite runs the two above). */
export const PARITY_EXTRA: Scenario[] = [
  {
    id: 'missing-closed',
    prompt: '$stopline change -- write new.txt',
    setup: { kind: 'evaluator-missing', failMode: 'closed' },
    calls: [{ id: 'call_write', tool: 'write_file', args: { path: 'new.txt', content: 'new\n' }, expect: 'GUARD_UNAVAILABLE' }],
  },
  {
    id: 'crashed-open',
    prompt: '$stopline review -- write new.txt',
    setup: { kind: 'evaluator-crashes', failMode: 'open' },
    calls: [{ id: 'call_write', tool: 'write_file', args: { path: 'new.txt', content: 'new\n' }, expect: 'ran' }],
  },
];

export function scenario(id: string): Scenario {
  const found = [...SCENARIOS, ...PARITY_EXTRA].find((s) => s.id === id);
  if (!found) throw new Error(`no Hermes scenario "${id}"`);
  return found;
}

/** A crash on start: the evaluator exits before it reads anything. */
export const CRASHING_EVALUATOR = "process.stderr.write('evaluator crashed on start\\n');\nprocess.exit(7);\n";

/** The fake model's script: the calls one per turn, then a closing text; delegate_task children answer at once. */
export function modelScript(sc: Scenario, closing = 'finished') {
  return {
    threads: [
      { name: 'child', match: CHILD_MARK, turns: [{ text: 'child done' }] },
      { name: 'main', turns: [...sc.calls.map((c) => ({ toolCalls: [{ id: c.id, name: c.tool, input: c.args }] })), { text: closing }] },
    ],
  };
}

/** The decision a STOP stamp names: its reason code ("Reason: CODE (X)"), or USER_HOOK for a person's hook. */
export function decisionOf(stamp: string | null): Expected {
  if (stamp === null) return 'ran';
  if (stamp.includes(USER_HOOK_REASON)) return 'USER_HOOK';
  const m = /Reason: ([A-Z_]+)/.exec(stamp);
  return m ? m[1]! : `unreadable stamp: ${stamp.slice(0, 200)}`;
}

/**
 * Applies a scenario's setup to an installed plugin folder, the person's HOME and the project
 * (the same for the real Hermes and the emulator's sandbox).
 */
export function applySetup(setup: Setup, where: { pluginDir: string; home: string; project: string }): void {
  mkdirSync(join(where.project, 'build'), { recursive: true });
  writeFileSync(join(where.project, 'build', 'out.js'), 'built\n');
  if (setup.kind === 'none') return;
  if (setup.kind === 'user-hook') return seedUserHooks(where.home);
  writeUserConfig(where.home, { failMode: setup.failMode });
  const evaluator = join(where.pluginDir, 'stopline.mjs');
  if (setup.kind === 'evaluator-missing') rmSync(evaluator);
  else writeFileSync(evaluator, CRASHING_EVALUATOR);
}
