/**
 * The real Hermes Agent 0.19.0 (the venv in .hosts/hermes, installed by test/hosts/install-hosts.mjs
 * from the hashed test/hosts/hermes/requirements.txt), driven headless against the harness's fake
 * chat-completions server on 127.0.0.1, in a fresh HERMES_HOME per case.
 *
 * - `hermes chat -Q -q <prompt>` (the CLI's single-query mode, cli.py): Hermes's stderr reaches us,
 *   so the shim's `stopline:` lines can be asserted. It exports HERMES_INTERACTIVE=1.
 * - `hermes -z <prompt>` (oneshot, hermes_cli/oneshot.py): stdout is only the final text, and
 *   Hermes sends its own stderr and every plugin's to /dev/null.
 *
 * The plugin gets in one of two ways: `stopline install hermes` (the product's installer, from
 * DIST) or Hermes's own `hermes plugins install <git url>` + `hermes plugins enable stopline`
 * (0.19.0 installs only from git: a folder path would be read as a GitHub `owner/repo`, so the
 * bundle is committed to a local repository and installed from its file:// URL).
 *
 * Test instrument: two observer plugins (real/clock, installed as aaa-clock and zzz-clock) that
 * Hermes loads before and after stopline (user plugins load in folder order, hooks run in
 * registration order). The gap between their lines is what stopline's callback cost Hermes.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { requireHost, type FakeModelServer, type HostRunResult } from '../harness';
import { baseEnv, runProcess, withOverrides } from '../harness/process';
import { withRequests } from '../harness/run-result';
import { DIST, requireArtifact, type RealHostCase } from '../shared/real-host';
import { decisionOf, USER_HOOK_REASON } from './real/scenarios';

const HERE = dirname(fileURLToPath(import.meta.url));
const CLOCK_PLUGIN = join(HERE, 'real', 'clock');
export const CLOCKS = ['aaa-clock', 'zzz-clock'] as const;

export type HermesMode = 'chat' | 'oneshot';
export type InstallRoute = 'stopline' | 'hermes-plugins';

export function hermesHome(c: RealHostCase): string {
  return join(c.home, '.hermes');
}

/** The environment every Hermes run and install gets (offline, isolated HOME, no STOPLINE_* leaking in). */
export function hermesEnv(c: RealHostCase, extra: Record<string, string | undefined> = {}): Record<string, string> {
  const tmp = join(c.runDir, 'tmp');
  mkdirSync(tmp, { recursive: true });
  return withOverrides(
    {
      ...baseEnv(c.home, tmp, [dirname(process.execPath)]),
      HERMES_HOME: hermesHome(c),
      XDG_CONFIG_HOME: join(c.home, '.config'),
      XDG_DATA_HOME: join(c.home, '.local', 'share'),
      XDG_STATE_HOME: join(c.home, '.local', 'state'),
      PYTHONDONTWRITEBYTECODE: '1',
      STOPLINE_DASHBOARD: 'off',
      // a cold evaluator start on a loaded 2-core box must not read as a guard failure
      STOPLINE_HERMES_TIMEOUT_MS: '30000',
    },
    extra,
  );
}

/** $HERMES_HOME/config.yaml naming the fake server as a custom OpenAI-compatible provider. */
export function writeHermesConfig(c: RealHostCase, server: FakeModelServer, extraYaml = ''): string {
  mkdirSync(hermesHome(c), { recursive: true });
  const file = join(hermesHome(c), 'config.yaml');
  writeFileSync(
    file,
    ['model:', '  provider: custom', `  base_url: ${server.baseUrl}`, '  default: fake-model', '  api_key: fake-key-not-secret', extraYaml].join('\n') + '\n',
  );
  return file;
}

function runSync(command: string, args: string[], cwd: string, env: Record<string, string>): { code: number | null; out: string } {
  const r = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, out: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
}

/** A local git repository holding the built bundle at hermes/stopline, for `hermes plugins install`. */
function bundleRepo(c: RealHostCase, env: Record<string, string>): string {
  const repo = join(c.runDir, 'bundle-repo');
  mkdirSync(join(repo, 'hermes'), { recursive: true });
  cpSync(join(DIST, 'hermes', 'stopline'), join(repo, 'hermes', 'stopline'), { recursive: true });
  const gitEnv = { ...env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.invalid', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.invalid', GIT_CONFIG_NOSYSTEM: '1' };
  for (const args of [['init', '-q'], ['add', '-A'], ['commit', '-qm', 'bundle']]) {
    const r = runSync('git', args, repo, gitEnv);
    expect(r.code, `git ${args.join(' ')}: ${r.out}`).toBe(0);
  }
  return repo;
}

/** Puts the plugin into the case's HERMES_HOME and enables it; returns what the installer printed. */
export function installPlugin(c: RealHostCase, route: InstallRoute): string {
  requireArtifact('hermes', 'stopline', 'stopline.mjs');
  const env = hermesEnv(c);
  if (route === 'stopline') {
    const r = runSync(process.execPath, [requireArtifact('stopline.mjs'), 'install', 'hermes'], c.project, env);
    expect(r.code, r.out).toBe(0);
    return r.out;
  }
  const hermes = requireHost('hermes');
  const repo = bundleRepo(c, env);
  const install = runSync(hermes, ['plugins', 'install', `file://${repo}#hermes/stopline`, '--no-enable'], c.project, env);
  expect(install.code, install.out).toBe(0);
  const enable = runSync(hermes, ['plugins', 'enable', 'stopline'], c.project, env);
  expect(enable.code, enable.out).toBe(0);
  return `${install.out}${enable.out}`;
}

/** The two clock plugins around stopline, enabled next to it (after the plugin is installed). */
export function installClocks(c: RealHostCase): void {
  const plugins = join(hermesHome(c), 'plugins');
  for (const name of CLOCKS) {
    cpSync(CLOCK_PLUGIN, join(plugins, name), { recursive: true });
    const manifest = join(plugins, name, 'plugin.yaml');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('name: clock', `name: ${name}`));
  }
  const config = join(hermesHome(c), 'config.yaml');
  const text = readFileSync(config, 'utf8');
  // both installers leave a block list under plugins.enabled
  expect(text).toMatch(/\n {2}enabled:\n {4}- stopline\n/);
  writeFileSync(config, text.replace(/\n {2}enabled:\n/, `\n  enabled:\n${CLOCKS.map((n) => `    - ${n}\n`).join('')}`));
}

export interface HermesRunOptions {
  mode?: HermesMode;
  env?: Record<string, string | undefined>;
  clockFile?: string;
  timeoutMs?: number;
}

export interface HermesRunResult extends HostRunResult {
  /** the session id `hermes chat -q` prints at the end (chat mode only) */
  sessionId: string | null;
}

/** One headless Hermes run in the case's project; a non-zero exit fails the test with Hermes's output. */
export async function runHermes(c: RealHostCase, server: FakeModelServer, prompt: string, opts: HermesRunOptions = {}): Promise<HermesRunResult> {
  const hermes = requireHost('hermes');
  const args = (opts.mode ?? 'chat') === 'chat' ? ['chat', '-Q', '-q', prompt] : ['-z', prompt];
  const env = hermesEnv(c, { ...(opts.clockFile ? { STOPLINE_TEST_CLOCK_FILE: opts.clockFile } : {}), ...opts.env });
  const result = await withRequests(server, c.runDir, () => runProcess({ command: hermes, args, cwd: c.project, env, timeoutMs: opts.timeoutMs ?? 240_000 }));
  expect(result.code, `hermes exited ${result.code}\nstdout: ${result.stdout.slice(-1500)}\nstderr: ${result.stderr.slice(-3000)}`).toBe(0);
  const sid = /session_id: (\d{8}_\d{6}_[0-9a-f]{6})/.exec(result.stdout + result.stderr);
  return { ...result, sessionId: sid ? sid[1]! : null };
}

export interface ClockLine {
  who: string;
  hook: string;
  ns: number;
  pid: number;
  thread: number;
  tool: string | null;
  call: string | null;
}

/** What stopline's callback cost each hook call: the gap between aaa-clock and zzz-clock, per process. */
export interface HookCost {
  hook: string;
  tool: string | null;
  ms: number;
  /** the first hook call of that Hermes process: it starts the resident evaluator */
  first: boolean;
}

export function hookCosts(file: string): HookCost[] {
  if (!existsSync(file)) return [];
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as ClockLine);
  const open = new Map<string, ClockLine>();
  const seenPid = new Set<number>();
  const out: HookCost[] = [];
  for (const l of lines) {
    const key = `${l.pid}:${l.thread}:${l.hook}`;
    if (l.who === CLOCKS[0]) {
      open.set(key, l);
      continue;
    }
    const start = open.get(key);
    if (!start) continue;
    open.delete(key);
    out.push({ hook: l.hook, tool: l.tool, ms: (l.ns - start.ns) / 1e6, first: !seenPid.has(l.pid) });
    seenPid.add(l.pid);
  }
  return out;
}

/** The text Hermes gave the model for a call (its next request carries it). */
export function resultOf(s: FakeModelServer, callId: string): string {
  const text = s.toolResultText(callId);
  expect(text, `the model never received a result for ${callId}`).toBeDefined();
  return text!;
}

/** Hermes wraps a block as json.dumps({"error": message}); the message is the STOP stamp (or a person's hook's reason). */
export function stampOf(s: FakeModelServer, callId: string): string | null {
  const text = resultOf(s, callId);
  if (!text.startsWith('{"error": "STOP / ') && !text.includes(USER_HOOK_REASON)) return null;
  return (JSON.parse(text) as { error: string }).error;
}

export function expectStopped(s: FakeModelServer, callId: string, reason: string): void {
  const stamp = stampOf(s, callId);
  expect(stamp, `${callId} should be stopped; the model read: ${resultOf(s, callId).slice(0, 300)}`).not.toBeNull();
  expect(stamp!).toMatch(/^STOP \/ [A-Z]+\n/);
  expect(decisionOf(stamp)).toBe(reason);
}

export function expectRan(s: FakeModelServer, callId: string): void {
  expect(resultOf(s, callId), `${callId} should have run`).not.toContain('STOP /');
}
