/**
 * Every built artifact runs unchanged under every runtime its host can use, with the same
 * decisions: command artifacts under node, bun and deno with real stdin/stdout (the cases
 * come from build/artifacts.mjs); the OpenCode plugin imported under Bun (OpenCode's own
 * runtime) with plugin functions as its only exports; the Pi extension loaded as TypeScript.
 *
 * Pi's real loader is jiti, which is not installed here; Bun and Deno, which both load .ts
 * natively, stand in for it until jiti is available as a pinned devDependency.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Artifact, CommandCase, PluginCall, PluginCallResult } from '../../build/types';
import { runFile } from '../../build/runtimes.mjs';
import type { RunResult, RuntimeName } from '../../build/runtimes.mjs';
import { runPluginCalls } from '../../build/demo/drivers.mjs';
import { artifactsByState, builtOfKind, distFile, isolatedEnv, scratch } from './helpers';

const RUNTIMES: RuntimeName[] = ['node', 'bun', 'deno'];

/**
 * A policy deny's stamp names its evidence record (`evt_` + random hex), which differs on every
 * run. Comparisons in this file replace such ids with `evt_<id>`, so cases may include policy
 * denies (a case's expected stdout can write `evt_<id>`); everything else must match exactly.
 */
const EVENT_ID = /evt_[0-9a-f]+/g;
function withoutEventIds<T>(value: T): T {
  if (typeof value === 'string') return value.replace(EVENT_ID, 'evt_<id>') as T;
  if (value === undefined) return value;
  return JSON.parse(JSON.stringify(value).replace(EVENT_ID, 'evt_<id>')) as T;
}

describe('event ids in the comparison', () => {
  it('two runs that differ only in event ids compare equal; any other difference does not', () => {
    const stamp = (id: string, reason = 'MODE_FORBIDS_MUTATION') => JSON.stringify({ decision: 'block', reason: `STOP / SCOPE\nReason: ${reason}\nEvent: ${id}` }) + '\n';
    expect(withoutEventIds(stamp('evt_0123456789abcdef0123'))).toBe(withoutEventIds(stamp('evt_fedcba9876543210fedc')));
    expect(withoutEventIds(stamp('evt_0123456789abcdef0123'))).not.toBe(withoutEventIds(stamp('evt_fedcba9876543210fedc', 'OUT_OF_SCOPE')));
    expect(withoutEventIds({ message: 'Event: evt_ab12', n: 1 })).toEqual({ message: 'Event: evt_<id>', n: 1 });
    expect(withoutEventIds('no ids; evt_ alone, evt_XYZ stay')).toBe('no ids; evt_ alone, evt_XYZ stay');
  });
});
const work = scratch('matrix');
afterAll(() => work.cleanup());

async function runCase(artifact: Artifact, c: CommandCase, runtime: RuntimeName): Promise<RunResult> {
  const home = join(work.dir, `home-${artifact.id}-${runtime}`);
  mkdirSync(home, { recursive: true });
  return runFile(runtime, distFile(artifact), { argv: c.argv ?? [], stdin: c.stdin ?? '', env: isolatedEnv(home, c.env), cwd: home, timeoutMs: 60_000 });
}

function expectCase(c: CommandCase, r: RunResult, runtime: RuntimeName) {
  const where = `${c.name} under ${runtime}; stderr: ${r.stderr.trim().slice(0, 400)}`;
  expect(r.timedOut, where).toBe(false);
  expect(r.exitCode, where).toBe(c.exitCode);
  if (c.stdout !== undefined) expect(withoutEventIds(r.stdout), where).toBe(withoutEventIds(c.stdout));
  for (const s of c.stdoutIncludes ?? []) expect(withoutEventIds(r.stdout), where).toContain(withoutEventIds(s));
  for (const s of c.stderrIncludes ?? []) expect(r.stderr, where).toContain(s);
}

const commands = artifactsByState().built.filter((a) => a.kind === 'command');

describe.each(commands.map((a) => [a.id, a] as const))('command artifact %s on node, bun and deno', (_id, artifact: Artifact) => {
  if (artifact.cases.length === 0) it.skip('has no runtime cases yet (its adapter adds them to build/artifacts.mjs)', () => {});
  it.each(artifact.cases.map((c) => [c.name, c] as const))('%s: same exit code and stdout everywhere', async (_name, c: CommandCase) => {
    const results = [];
    for (const runtime of RUNTIMES) {
      const r = await runCase(artifact, c, runtime);
      expectCase(c, r, runtime);
      results.push({ runtime, exitCode: r.exitCode, stdout: withoutEventIds(r.stdout) });
    }
    const [first, ...rest] = results;
    for (const r of rest) expect({ exitCode: r.exitCode, stdout: r.stdout }, `${r.runtime} differs from ${first!.runtime}`).toEqual({ exitCode: first!.exitCode, stdout: first!.stdout });
  }, 180_000);
});

function expectCalls(calls: PluginCall[], results: PluginCallResult[], where: string) {
  expect(results.map((r) => r.name), where).toEqual(calls.map((c) => c.name));
  calls.forEach((c, i) => {
    const r = results[i]!;
    if (c.expect?.threw !== undefined) expect(r.threw, `${where}: ${c.name}`).toContain(c.expect.threw);
    if (c.expect && 'returned' in c.expect) expect(withoutEventIds(r.returned), `${where}: ${c.name}`).toEqual(withoutEventIds(c.expect.returned));
  });
}

const opencode = builtOfKind('opencode-plugin');
describe.each(opencode.map((a) => [a.id, a] as const))('OpenCode plugin %s under Bun', (_id, artifact: Artifact) => {
  it('loads, exports only the default plugin object (1.x runs its server), and answers its calls', async () => {
    const answer = await runPluginCalls('bun', 'opencode', distFile(artifact), artifact.calls ?? [], { project: work.dir, env: isolatedEnv(work.dir) });
    expect(answer.loadError).toBeUndefined();
    expect(answer.exports).toEqual({ default: 'object' });
    expectCalls(artifact.calls ?? [], answer.results, 'bun');
  }, 120_000);
});

const pi = builtOfKind('pi-extension');
describe.each(pi.map((a) => [a.id, a] as const))('Pi extension %s through a TypeScript loader', (_id, artifact: Artifact) => {
  it('loads as .ts under Bun and Deno (jiti stand-ins) with the same answers', async () => {
    const answers = [];
    for (const runtime of ['bun', 'deno'] as const) {
      const answer = await runPluginCalls(runtime, 'pi', distFile(artifact), artifact.calls ?? [], { project: work.dir, env: isolatedEnv(work.dir) });
      expect(answer.loadError, runtime).toBeUndefined();
      expect(answer.exports.default, runtime).toBe('function');
      expectCalls(artifact.calls ?? [], answer.results, runtime);
      answers.push(withoutEventIds(answer.results));
    }
    expect(answers[1]).toEqual(answers[0]);
  }, 120_000);
});

// only while some artifact is not built yet: an empty suite is an error in vitest
const { notYet } = artifactsByState();
if (notYet.length > 0) {
  describe('runtime matrix coverage', () => {
    for (const a of notYet) it.skip(`does not cover ${a.id} yet: ${a.entry} does not exist`, () => {});
  });
}
