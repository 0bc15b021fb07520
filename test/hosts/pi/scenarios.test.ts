/**
 * The seven issue-5 scenarios on both real Pi versions (@earendil-works/pi-coding-agent 1.6.0
 * on Node 22, @mariozechner/pi-coding-agent 0.73.1 on Node 20), loading the shipped extension
 * dist/pi/stopline.ts with `-e` exactly as built, offline against the harness's fake
 * chat-completions server. Each scenario asserts the host effect on the file system and what the
 * model received next.
 *
 * Scenario 4 (subagents): Pi has no built-in subagents and the optional `subagent` extension is
 * not part of the pinned install, so the parent-side count (single = 1, tasks = n, chain = 1) and
 * agents=N budget are covered by test/hosts/pi/adapter.test.ts and guard.test.ts.
 *
 * Pi transpiles a .ts extension with jiti on first load and caches the result in $TMPDIR/jiti;
 * every run here shares one TMPDIR (./jiti-cache.ts) so the ~800 KB bundle is transpiled once,
 * not per run (the first start after an install pays it once, the same as for a person).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ensureHosts,
  HOSTS_FOR,
  makeTempRoot,
  missingHosts,
  runPi,
  startChatServer,
  type FakeModelScript,
  type FakeModelServer,
  type PiRunResult,
  type PiVariant,
} from '../harness';
import { DIST, fakeNpmEnv, readEvidence, requestText, requireArtifact } from '../shared/real-host';
import { summarizeTimings } from '../opencode/timings';
import { piJitiCache } from './jiti-cache';

const SCENARIO_TIMEOUT = 600_000;
const VARIANTS: { variant: PiVariant; label: string; hosts: readonly ('pi-ew' | 'pi-mz' | 'node22')[] }[] = [
  { variant: 'ew', label: '@earendil-works/pi-coding-agent 1.6.0', hosts: HOSTS_FOR['pi-ew'] },
  { variant: 'mz', label: '@mariozechner/pi-coding-agent 0.73.1', hosts: HOSTS_FOR['pi-mz'] },
];
let root = '';
let extension = '';
let timingFile = '';
let sharedTmp = '';
const ready = new Set<PiVariant>();
const servers: FakeModelServer[] = [];

// before the suites are defined: skipIf needs the answer at collection time
const status = await ensureHosts([...HOSTS_FOR['pi-ew'], ...HOSTS_FOR['pi-mz']]);
for (const v of VARIANTS) {
  const missing = missingHosts(status, v.hosts);
  if (missing.length && status.required) throw new Error(`Pi ${v.variant} not installed:\n${status.log}`);
  if (missing.length === 0) ready.add(v.variant);
}

beforeAll(async () => {
  extension = requireArtifact('pi', 'stopline.ts');
  root = makeTempRoot('pi-scenarios');
  timingFile = join(root, 'decision-timings.jsonl');
  sharedTmp = piJitiCache();
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  const summary = summarizeTimings(timingFile, 'tool_call');
  if (summary) console.log(`[pi] stopline decisions inside Pi (both versions): ${summary}, dist=${DIST}`);
  if (root) rmSync(root, { recursive: true, force: true });
});

interface Case {
  project: string;
  runDir: string;
  home: string;
}

function newCase(variant: PiVariant, name: string): Case {
  const project = join(root, variant, name, 'proj');
  const runDir = join(root, variant, name, 'run');
  const home = join(runDir, 'home');
  mkdirSync(project, { recursive: true });
  mkdirSync(home, { recursive: true });
  writeFileSync(join(project, 'a.txt'), 'alpha\n');
  return { project, runDir, home };
}

async function server(script: FakeModelScript): Promise<FakeModelServer> {
  const s = await startChatServer(script);
  servers.push(s);
  return s;
}

async function pi(variant: PiVariant, c: Case, s: FakeModelServer, prompt: string, env: Record<string, string | undefined> = {}): Promise<PiRunResult> {
  const r = await runPi({
    variant,
    project: c.project,
    prompt,
    server: s,
    extensionFile: extension,
    runDir: c.runDir,
    env: { TMPDIR: sharedTmp, STOPLINE_TIMING_FILE: timingFile, ...env },
    timeoutMs: 300_000,
  });
  expect(r.code, `pi exited ${r.code}\nstdout: ${r.stdout.slice(-1000)}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
  return r;
}

function dataDir(c: Case): string {
  return join(c.home, '.local', 'share', 'stopline');
}

function expectStopped(s: FakeModelServer, callId: string, reason: string): void {
  const text = s.toolResultText(callId);
  expect(text, `the model never received a result for ${callId}`).toBeDefined();
  expect(text).toMatch(/^STOP \//);
  expect(text).toContain(reason);
}

function expectRan(s: FakeModelServer, callId: string): void {
  const text = s.toolResultText(callId);
  expect(text, `the model never received a result for ${callId}`).toBeDefined();
  expect(text).not.toContain('STOP /');
}

describe.each(VARIANTS)('Pi $label with dist/pi/stopline.ts', ({ variant }) => {
  const skip = () => !ready.has(variant);

  it.skipIf(skip())('1. review: write, edit and `touch x` are stopped with MODE_FORBIDS_MUTATION and change nothing; read runs', async () => {
    const c = newCase(variant, 's1');
    const s = await server({
      threads: [
        {
          name: 'main',
          turns: [
            { toolCalls: [{ id: 'call_write', name: 'write', input: { path: 'new.txt', content: 'new\n' } }] },
            { toolCalls: [{ id: 'call_read', name: 'read', input: { path: 'a.txt' } }] },
            { toolCalls: [{ id: 'call_edit', name: 'edit', input: { path: 'a.txt', edits: [{ oldText: 'alpha', newText: 'beta' }] } }] },
            { toolCalls: [{ id: 'call_bash', name: 'bash', input: { command: 'touch x' } }] },
            { text: 'review finished' },
          ],
        },
      ],
    });
    await pi(variant, c, s, '$stopline review -- look at a.txt');
    expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
    expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('alpha\n');
    expect(existsSync(join(c.project, 'x'))).toBe(false);
    expectRan(s, 'call_read');
    for (const id of ['call_write', 'call_edit', 'call_bash']) expectStopped(s, id, 'MODE_FORBIDS_MUTATION');
  }, SCENARIO_TIMEOUT);

  it.skipIf(skip())('2. change files=a.txt: writing a.txt succeeds, writing b.txt is stopped with PATH_OUTSIDE_CONTRACT', async () => {
    const c = newCase(variant, 's2');
    const s = await server({
      threads: [
        {
          name: 'main',
          turns: [
            { toolCalls: [{ id: 'call_a', name: 'write', input: { path: 'a.txt', content: 'changed\n' } }] },
            { toolCalls: [{ id: 'call_b', name: 'write', input: { path: 'b.txt', content: 'b\n' } }] },
            { text: 'done' },
          ],
        },
      ],
    });
    await pi(variant, c, s, '$stopline change files=a.txt -- update a.txt');
    expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('changed\n');
    expect(existsSync(join(c.project, 'b.txt'))).toBe(false);
    expectRan(s, 'call_a');
    expectStopped(s, 'call_b', 'PATH_OUTSIDE_CONTRACT');
  }, SCENARIO_TIMEOUT);

  describe('3. dependencies', () => {
    const script = (): FakeModelScript => ({
      threads: [{ name: 'main', turns: [{ toolCalls: [{ id: 'call_npm', name: 'bash', input: { command: 'npm install left-pad' } }] }, { text: 'done' }] }],
    });

    it.skipIf(skip())('change (deps default ask, -p has no UI): `npm install left-pad` is stopped with DEPENDENCY_NOT_AUTHORIZED', async () => {
      const c = newCase(variant, 's3-ask');
      const s = await server(script());
      await pi(variant, c, s, '$stopline change -- add left-pad', fakeNpmEnv(c.runDir, c.home));
      expect(existsSync(join(c.project, 'npm-ran.txt'))).toBe(false);
      expectStopped(s, 'call_npm', 'DEPENDENCY_NOT_AUTHORIZED');
    }, SCENARIO_TIMEOUT);

    it.skipIf(skip())('change deps=allow: the same command reaches the shell', async () => {
      const c = newCase(variant, 's3-allow');
      const s = await server(script());
      await pi(variant, c, s, '$stopline change deps=allow -- add left-pad', fakeNpmEnv(c.runDir, c.home));
      expect(readFileSync(join(c.project, 'npm-ran.txt'), 'utf8')).toBe('install left-pad\n');
      expectRan(s, 'call_npm');
      expect(s.toolResultText('call_npm')).toContain('fake npm: install left-pad');
    }, SCENARIO_TIMEOUT);
  });

  it.skipIf(skip())('5. no directive: every tool runs and the evidence has one check per action', async () => {
    const c = newCase(variant, 's5');
    const s = await server({
      threads: [
        {
          name: 'main',
          turns: [
            { toolCalls: [{ id: 'call_write', name: 'write', input: { path: 'new.txt', content: 'new\n' } }] },
            { toolCalls: [{ id: 'call_read', name: 'read', input: { path: 'a.txt' } }] },
            { toolCalls: [{ id: 'call_edit', name: 'edit', input: { path: 'a.txt', edits: [{ oldText: 'alpha', newText: 'beta' }] } }] },
            { toolCalls: [{ id: 'call_bash', name: 'bash', input: { command: 'touch x' } }] },
            { text: 'done' },
          ],
        },
      ],
    });
    await pi(variant, c, s, 'look at a.txt and tidy up');
    expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
    expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('beta\n');
    expect(existsSync(join(c.project, 'x'))).toBe(true);
    for (const id of ['call_write', 'call_read', 'call_edit', 'call_bash']) expectRan(s, id);
    const checks = readEvidence(dataDir(c)).filter((e) => e.type === 'check');
    expect(checks.map((e) => e.action?.tool)).toEqual(['Write', 'Read', 'Edit', 'Bash']);
    expect(checks.every((e) => e.decision?.reasonCode === 'CONTROL_INACTIVE')).toBe(true);
  }, SCENARIO_TIMEOUT);

  describe('6. fail mode with an unusable data folder', () => {
    function seedBrokenDataFolder(c: Case, failMode: 'open' | 'closed'): void {
      const broken = join(c.runDir, 'not-a-folder');
      writeFileSync(broken, 'this file sits where the data folder should be\n');
      mkdirSync(join(c.home, '.config', 'stopline'), { recursive: true });
      writeFileSync(join(c.home, '.config', 'stopline', 'stopline.json'), JSON.stringify({ failMode, dataDir: broken }));
    }
    const script = (): FakeModelScript => ({
      threads: [{ name: 'main', turns: [{ toolCalls: [{ id: 'call_write', name: 'write', input: { path: 'new.txt', content: 'new\n' } }] }, { text: 'done' }] }],
    });

    it.skipIf(skip())('fail closed: the write is stopped with GUARD_UNAVAILABLE (caught by the extension, not Pi failing closed on a throw)', async () => {
      const c = newCase(variant, 's6-closed');
      seedBrokenDataFolder(c, 'closed');
      const s = await server(script());
      await pi(variant, c, s, '$stopline change -- write new.txt');
      expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
      expectStopped(s, 'call_write', 'GUARD_UNAVAILABLE');
    }, SCENARIO_TIMEOUT);

    it.skipIf(skip())('fail open: the same write runs (Pi would have blocked it had the extension thrown)', async () => {
      const c = newCase(variant, 's6-open');
      seedBrokenDataFolder(c, 'open');
      const s = await server(script());
      const r = await pi(variant, c, s, '$stopline change -- write new.txt');
      expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
      expectRan(s, 'call_write');
      expect(r.stderr).toMatch(/stopline \(pi\): .*failing open/);
    }, SCENARIO_TIMEOUT);
  });

  it.skipIf(skip())('7. the contract context is in the first model request ($stopline and /skill:stopline, whose skill ships next to the extension)', async () => {
    for (const [name, prompt] of [
      ['s7-dollar', '$stopline review files=a.txt -- look at a.txt'],
      ['s7-skill', '/skill:stopline review files=a.txt -- look at a.txt'],
    ] as const) {
      const c = newCase(variant, name);
      const s = await server({ threads: [{ name: 'main', turns: [{ text: 'ok' }] }] });
      await pi(variant, c, s, prompt);
      const first = s.requests.find((r) => r.kind === 'turn');
      const text = requestText(first?.body);
      expect(text, name).toContain('stopline contract (ARMED): mode=review');
      expect(text, name).toContain('files=a.txt');
      if (name === 's7-skill') expect(text).toContain('<skill name=\\"stopline\\"');
    }
  }, SCENARIO_TIMEOUT);
});
