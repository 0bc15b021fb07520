/**
 * OpenCode 1.18.33, headless: `opencode run --format json <prompt words...>` with stdin closed,
 * offline against a fake chat-completions server. The provider config goes to the isolated
 * global config (`$XDG_CONFIG_HOME/opencode/opencode.json`) and the plugin to the global
 * plugin folder, so the project folder holds only what the test put there.
 *
 * Traps handled here: every OpenCode config dir triggers a background `npm install
 * @opencode-ai/plugin` that plugins wait for (~70 s offline) unless the dir is seeded; `.mjs`
 * plugins are not discovered; a single prompt argv gets literal quotes, so words go as
 * separate arguments; an open stdin is read to EOF before the run starts.
 */
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import type { FakeModelServer } from '../harness/fake-server';
import { hostVersion, requireHost, stagedToolsDir, type InstalledHost } from '../harness/hosts';
import { baseEnv, makeRunDir, runProcess, withOverrides } from '../harness/process';
import { assertRunInputs, DEFAULT_RUN_TIMEOUT_MS, jsonLines, withRequests, type HostRunOptions, type HostRunResult } from '../harness/run-result';

export interface OpenCodeRunOptions extends HostRunOptions {
  /** a .js or .ts plugin file, copied into the global plugin folder */
  pluginFile?: string;
  /** merged over the generated opencode.json (top-level keys replace, `permission` merges) */
  config?: Record<string, unknown>;
  /**
   * `--title` (skips the title-generation side request). Default 'harness run'; null leaves it
   * out, so OpenCode sends a title request (the fake answers it without using a turn).
   */
  title?: string | null;
}

export interface OpenCodeRunResult extends HostRunResult {
  /** parsed `--format json` event lines */
  events: unknown[];
}

export class OpenCodePluginError extends Error {
  override name = 'OpenCodePluginError';
}

/**
 * Pre-seed an OpenCode config dir so OpenCode skips its background `npm install
 * @opencode-ai/plugin` there (it is skipped when node_modules/ exists and package-lock.json
 * lists every dependency of package.json).
 */
export function seedOpenCodeConfigDir(dir: string, version = hostVersion('opencode'), pluginPackage = '@opencode-ai/plugin'): void {
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  const deps = { [pluginPackage]: version };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ dependencies: deps }, null, 2)}\n`);
  writeFileSync(
    join(dir, 'package-lock.json'),
    `${JSON.stringify({ name: 'seed', lockfileVersion: 3, packages: { '': { dependencies: deps } } }, null, 2)}\n`,
  );
}

/** The config keys OpenCode and its forks share: the fake server as the only model, nothing fetched or shared. */
export function fakeChatModelConfig(server: FakeModelServer): Record<string, unknown> {
  return {
    provider: {
      fake: {
        npm: '@ai-sdk/openai-compatible',
        name: 'Scripted fake model',
        options: { baseURL: server.baseUrl, apiKey: 'sk-harness-dummy' },
        models: { scripted: { name: 'Scripted', tool_call: true, limit: { context: 128000, output: 4096 } } },
      },
    },
    model: 'fake/scripted',
    small_model: 'fake/scripted',
    autoupdate: false,
    share: 'disabled',
    permission: { edit: 'allow', bash: 'allow', task: 'allow' },
  };
}

export function openCodeConfig(server: FakeModelServer, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const base: Record<string, unknown> = { $schema: 'https://opencode.ai/config.json', ...fakeChatModelConfig(server) };
  for (const [k, v] of Object.entries(extra)) {
    base[k] = k === 'permission' && v && typeof v === 'object' ? { ...(base.permission as object), ...(v as object) } : v;
  }
  return base;
}

/** A run folder with HOME, TMP and the four XDG folders inside HOME, created (OpenCode and its forks read all four). */
function xdgRunFolders(host: string, runDirOpt: string | undefined) {
  const runDir = makeRunDir(host, runDirOpt);
  const home = join(runDir, 'home');
  const tmp = join(runDir, 'tmp');
  const xdg = {
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
  };
  for (const d of [home, tmp, ...Object.values(xdg)]) mkdirSync(d, { recursive: true });
  return { runDir, home, tmp, xdg };
}

/** Copy a plugin file into the `plugin/` folder of a global config dir. */
function copyPlugin(pluginFile: string, globalDir: string): void {
  mkdirSync(join(globalDir, 'plugin'), { recursive: true });
  copyFileSync(pluginFile, join(globalDir, 'plugin', basename(pluginFile)));
}

/**
 * What tells OpenCode and a fork apart in a run: its pinned binary (also its config folder's
 * name), the prefix of its offline switches, its config file and plugin package, further
 * switches, a project config folder to seed when the test made one (folders above the project
 * are not ours to touch), and a plugin file it would not load.
 */
export interface OpenCodeFork {
  host: InstalledHost;
  label: string;
  switches: string;
  configFile: string;
  pluginPackage: string;
  env?: Record<string, string>;
  projectDir?: string;
  checkPlugin?(file: string): void;
}

/** One headless `run --format json` of OpenCode or a fork: fresh XDG folders, the seeded global config folder with `config` and the plugin, the offline environment, prompt words as argv. */
export async function runOpenCodeFork(fork: OpenCodeFork, opts: HostRunOptions & { pluginFile?: string }, config: Record<string, unknown>, title: string | null): Promise<HostRunResult & { home: string; events: unknown[] }> {
  assertRunInputs(fork.label, opts.server, 'openai-chat', opts.project);
  if (opts.pluginFile !== undefined) fork.checkPlugin?.(opts.pluginFile);
  const bin = requireHost(fork.host);
  const { runDir, home, tmp, xdg } = xdgRunFolders(fork.host, opts.runDir);
  const globalDir = join(xdg.XDG_CONFIG_HOME, fork.host);
  seedOpenCodeConfigDir(globalDir, hostVersion(fork.host), fork.pluginPackage);
  const projectDir = fork.projectDir === undefined ? undefined : join(opts.project, fork.projectDir);
  if (projectDir !== undefined && existsSync(projectDir) && !existsSync(join(projectDir, 'package-lock.json'))) seedOpenCodeConfigDir(projectDir, hostVersion(fork.host), fork.pluginPackage);
  writeFileSync(join(globalDir, fork.configFile), `${JSON.stringify(config, null, 2)}\n`);
  if (opts.pluginFile !== undefined) copyPlugin(opts.pluginFile, globalDir);
  // grep/glob need ripgrep; without one on PATH OpenCode downloads it from GitHub
  const tools = stagedToolsDir();
  const env = withOverrides(
    {
      ...baseEnv(home, tmp, tools ? [tools] : []),
      ...xdg,
      [`${fork.switches}_DISABLE_MODELS_FETCH`]: '1',
      [`${fork.switches}_DISABLE_AUTOUPDATE`]: '1',
      [`${fork.switches}_DISABLE_LSP_DOWNLOAD`]: '1',
      [`${fork.switches}_DISABLE_SHARE`]: '1',
      ...fork.env,
      // safety net for OpenCode's embedded npm (Arborist), which reads npm_config_*
      npm_config_offline: 'true',
      npm_config_fetch_retries: '0',
    },
    opts.env,
  );
  const words = opts.prompt.split(/\s+/).filter(Boolean);
  const args = ['run', '--format', 'json', '--print-logs', ...(title !== null ? ['--title', title] : []), ...(opts.args ?? []), ...words];
  const result = await withRequests(opts.server, runDir, () => runProcess({ command: bin, args, cwd: opts.project, env, timeoutMs: opts.timeoutMs ?? DEFAULT_RUN_TIMEOUT_MS }));
  return { ...result, home, events: jsonLines(result.stdout) };
}

const OPENCODE: OpenCodeFork = {
  host: 'opencode', label: 'OpenCode', switches: 'OPENCODE', configFile: 'opencode.json', pluginPackage: '@opencode-ai/plugin', projectDir: '.opencode',
  checkPlugin: (file) => {
    if (!['.js', '.ts'].includes(extname(file))) throw new OpenCodePluginError(`OpenCode only discovers .js and .ts plugin files, not ${basename(file)}`);
  },
};

export function runOpenCode(opts: OpenCodeRunOptions): Promise<OpenCodeRunResult> {
  return runOpenCodeFork(OPENCODE, opts, openCodeConfig(opts.server, opts.config), opts.title === undefined ? 'harness run' : opts.title);
}
