/**
 * Shared scaffolding of the real-host suites (Claude Code, Codex, OpenCode, Pi) and of the
 * in-process guard tests: where the shipped artifacts are, the suite wrapper that skips a host
 * that is not installed, one temp root per file with its case folders and fake model servers,
 * the latency instrument, a fake `npm` that proves a command reached the shell, the person's
 * own stopline.json, and readers for what stopline recorded.
 *
 * The suites run the artifacts exactly as shipped in dist/. STOPLINE_TEST_DIST points them at
 * another build of the same tree (used once to show that every scenario fails when the
 * adapter is replaced by one that allows everything).
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTempRoot, missingHosts, repoRoot, type FakeModelScript, type FakeModelServer, type HostsStatus, type InstalledHost } from '../harness';

export const DIST = process.env.STOPLINE_TEST_DIST ?? join(repoRoot, 'dist');

/** Fails with the command to run when the artifact has not been built. */
export function requireArtifact(...parts: string[]): string {
  const p = join(DIST, ...parts);
  if (!existsSync(p)) throw new Error(`${p} is missing: run \`npm run build\` first`);
  return p;
}

/**
 * An `npm` that only records that it ran (argv in npm-ran.txt in its cwd) and prints a line:
 * the dependency scenario needs to see a command reach the shell, and no test may touch the
 * network. It goes first on PATH twice over: in the environment the host inherits (Claude's
 * Bash keeps it) and in the run HOME's .profile, because Codex runs commands in a login
 * shell that rebuilds PATH from the profile (a PATH prefix alone let the real npm run).
 * Returns the environment to add; npm_config_offline keeps any real npm off the network.
 */
export function fakeNpmEnv(runDir: string, home: string): Record<string, string> {
  const bin = join(runDir, 'fake-bin');
  mkdirSync(bin, { recursive: true });
  const npm = join(bin, 'npm');
  writeFileSync(npm, '#!/bin/sh\necho "$@" >> npm-ran.txt\necho "fake npm: $*"\n');
  chmodSync(npm, 0o755);
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, '.profile'), `PATH="${bin}:$PATH"\nexport PATH\n`);
  return { PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`, npm_config_offline: 'true', npm_config_cache: join(runDir, 'npm-cache') };
}

export interface TimingLine {
  artifact: string;
  ms: number;
  exitCode: number;
  answered: boolean;
}

/** Lines the artifacts appended to STOPLINE_TIMING_FILE (the latency instrument; the mod's lines have their own shape). */
export function readTimings<T = TimingLine>(file: string): T[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export interface EvidenceRecord {
  type: string;
  action?: { tool?: string; mutability?: string };
  decision?: { reasonCode?: string; outcome?: string; response?: string };
  [k: string]: unknown;
}

/** Every evidence record under `<dataDir>/runtime/`. */
export function readEvidence(dataDir: string): EvidenceRecord[] {
  const dir = join(dataDir, 'runtime');
  if (!existsSync(dir)) return [];
  const out: EvidenceRecord[] = [];
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.jsonl')).sort()) {
    for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      out.push(JSON.parse(line) as EvidenceRecord);
    }
  }
  return out;
}

/** All text a request body carries (messages, system, tool results), for "the model saw X". */
export function requestText(body: unknown): string {
  return JSON.stringify(body ?? '');
}

/**
 * `describe` for a real-host suite: runs `body` (each test bounded by `timeoutMs`) when every
 * host in `needed` is installed; otherwise skips it naming the missing hosts, except under
 * CI=true (`status.required`), where the suite holds one failing test with the installer log.
 */
export function describeRealHost(status: HostsStatus, title: string, needed: readonly InstalledHost[], timeoutMs: number, body: () => void): void {
  const missing = missingHosts(status, needed);
  if (missing.length === 0) return void describe(title, { timeout: timeoutMs }, body);
  if (!status.required) return void describe.skip(`${title} (not installed: ${missing.join(', ')})`, body);
  describe(title, () => {
    it('has its pinned host installed', () => {
      throw new Error(`CI=true and ${missing.join(', ')} could not be installed:\n${status.log}`);
    });
  });
}

/** One scenario's folders: a project holding a.txt ("alpha"), and a run folder with the HOME the test may seed. */
export interface RealHostCase {
  project: string;
  runDir: string;
  home: string;
}

export interface RealHostRunsOptions {
  /** names the file's temp root (`stopline-<prefix>-…`) */
  prefix: string;
  /** the fake model server this host talks to (startAnthropicServer, startResponsesServer, startChatServer) */
  startServer: (script: FakeModelScript) => Promise<FakeModelServer>;
  /** the line printed after the suite about the timing file (STOPLINE_TIMING_FILE), or null for none */
  describeTimings: (timingFile: string) => string | null;
}

export interface RealHostRuns {
  /** the file to hand the artifacts as STOPLINE_TIMING_FILE (set once the suite started) */
  readonly timingFile: string;
  /** a fresh case under the temp root; `names` become nested folders (e.g. variant, scenario) */
  newCase(...names: string[]): RealHostCase;
  /** a fake model server for this script, closed after the suite */
  server(script: FakeModelScript): Promise<FakeModelServer>;
}

/**
 * The per-file scaffolding of a real-host suite: a temp root made before the tests, and after
 * them the servers closed, the timing line printed and the root removed (kept and named when
 * STOPLINE_KEEP_RUNS=1, to inspect a run's HOME and host config).
 */
export function realHostRuns(options: RealHostRunsOptions): RealHostRuns {
  let root = '';
  const servers: FakeModelServer[] = [];
  beforeAll(() => {
    root = makeTempRoot(options.prefix);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    if (!root) return;
    const timings = options.describeTimings(join(root, 'timings.jsonl'));
    if (timings) console.log(`${timings}, dist=${DIST}`);
    if (process.env.STOPLINE_KEEP_RUNS === '1') console.log(`runs kept in ${root}`);
    else rmSync(root, { recursive: true, force: true });
  });
  // before the suite started there is no root: joining '' would write into the working folder
  const started = (what: string): string => {
    if (!root) throw new Error(`realHostRuns(${options.prefix}): ${what} is only there inside a test (the temp root is made in beforeAll)`);
    return root;
  };
  return {
    get timingFile() {
      return join(started('timingFile'), 'timings.jsonl');
    },
    newCase(...names) {
      const root = started('newCase');
      const project = join(root, ...names, 'proj');
      const runDir = join(root, ...names, 'run');
      const home = join(runDir, 'home');
      mkdirSync(project, { recursive: true });
      mkdirSync(home, { recursive: true });
      writeFileSync(join(project, 'a.txt'), 'alpha\n');
      return { project, runDir, home };
    },
    async server(script) {
      const s = await options.startServer(script);
      servers.push(s);
      return s;
    },
  };
}

/** "stopline hook runs: N, median X ms …" for the per-process hook artifacts (Claude, Codex), or null. */
export function hookRunSummary(timingFile: string): string | null {
  const ms = readTimings(timingFile).map((t) => t.ms);
  if (ms.length === 0) return null;
  return `stopline hook runs: ${ms.length}, median ${median(ms).toFixed(1)} ms in-process (runtime start to answer)`;
}

/** The runs of a host's scenario suite (`<host>-scenarios`), with the hook runs' timing line as `[host] …`. */
export function scenarioRuns(host: string, startServer: RealHostRunsOptions['startServer']): RealHostRuns {
  return realHostRuns({
    prefix: `${host}-scenarios`,
    startServer,
    describeTimings: (file) => {
      const summary = hookRunSummary(file);
      return summary && `[${host}] ${summary}`;
    },
  });
}

/** How a host shows the model a stopped call, and what a call that ran never shows. */
export interface StopSigns {
  stopped: RegExp | string;
  ran: { never: RegExp | string };
  /** Claude Code also marks a stopped call's result as an error (and a call that ran as not one) */
  marksError?: boolean;
}

function expectShows(text: string, sign: RegExp | string): void {
  if (typeof sign === 'string') expect(text).toContain(sign);
  else expect(text).toMatch(sign);
}

function expectNeverShows(text: string, sign: RegExp | string): void {
  if (typeof sign === 'string') expect(text).not.toContain(sign);
  else expect(text).not.toMatch(sign);
}

/** `expectStopped` / `expectRan`: what the model received for one tool call, in this host's words. */
export function stopAssertions(signs: StopSigns): {
  expectStopped(s: FakeModelServer, callId: string, reason: string): void;
  expectRan(s: FakeModelServer, callId: string): void;
} {
  const seen = (s: FakeModelServer, callId: string) => {
    const result = s.toolResult(callId);
    expect(result, `the model never received a result for ${callId}`).toBeDefined();
    return result!;
  };
  return {
    expectStopped(s, callId, reason) {
      const result = seen(s, callId);
      if (signs.marksError) expect(result.isError).toBe(true);
      expectShows(result.text, signs.stopped);
      expect(result.text).toContain(reason);
    },
    expectRan(s, callId) {
      const result = seen(s, callId);
      expectNeverShows(result.text, signs.ran.never);
      if (signs.marksError) expect(result.isError ?? false).toBe(false);
    },
  };
}

/** Where stopline keeps its data when the host names no data folder: the XDG default in HOME. */
export function stoplineDataDir(home: string): string {
  return join(home, '.local', 'share', 'stopline');
}

/** Writes the person's user config, `~/.config/stopline/stopline.json`. */
export function writeUserConfig(home: string, config: unknown): void {
  mkdirSync(join(home, '.config', 'stopline'), { recursive: true });
  writeFileSync(join(home, '.config', 'stopline', 'stopline.json'), JSON.stringify(config));
}

/** The person's own hooks in the user stopline.json (native dialect): a context hook and an `rm -rf` guard. */
export function seedUserHooks(home: string): void {
  const guard = "grep -q 'rm -rf' && { echo 'USER-HOOK: no rm -rf here' >&2; exit 2; } || exit 0";
  writeUserConfig(home, {
    hooks: {
      'prompt:submit': [{ hooks: [{ type: 'command', command: 'echo USER-HOOK-CONTEXT' }] }],
      'tool:before': [{ matcher: 'Bash', hooks: [{ type: 'command', command: guard }] }],
    },
  });
}

/**
 * The user config names the fail mode and a data folder stopline cannot use:
 * - 'self-link': a symlink that points at itself, so every access fails with ELOOP (what the
 *   per-process hooks need: their core reads a missing-or-ENOTDIR state as "no contract yet"
 *   and a failed evidence write never changes a decision);
 * - 'file': a regular file where the folder should be (enough for the in-process plugins).
 */
export function seedBrokenDataFolder(c: RealHostCase, failMode: 'open' | 'closed', how: 'self-link' | 'file'): void {
  const broken = join(c.runDir, how === 'self-link' ? 'data-loop' : 'not-a-folder');
  if (how === 'self-link') symlinkSync(broken, broken);
  else writeFileSync(broken, 'this file sits where the data folder should be\n');
  writeUserConfig(c.home, { failMode, dataDir: broken });
}

/** A fresh temp folder per call, every one removed after the test that made it (registers an afterEach). */
export function tempFoldersPerTest(prefix: string): () => string {
  const made: string[] = [];
  afterEach(() => {
    for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  return () => {
    const dir = makeTempRoot(prefix);
    made.push(dir);
    return dir;
  };
}

/** A person's HOME and project inside `dir`, with the environment an in-process guard reads. */
export interface IsolatedPerson {
  home: string;
  project: string;
  env: Record<string, string>;
}

/** `config` (when given) becomes the user stopline.json; `env` entries override the defaults. */
export function isolatedPerson(dir: string, opts: { env?: Record<string, string>; config?: unknown } = {}): IsolatedPerson {
  const home = join(dir, 'home');
  const project = join(dir, 'project');
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  const env: Record<string, string> = {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    ...opts.env,
  };
  if (opts.config !== undefined) writeUserConfig(home, opts.config);
  return { home, project, env };
}
