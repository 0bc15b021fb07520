/**
 * Kilo Code CLI 7.7.7 (an OpenCode fork, native Bun binary), headless: `kilo run --format json
 * --print-logs --title <t> <prompt words...>` with stdin closed, offline against a fake
 * chat-completions server. The provider config goes to the isolated global config
 * (`$XDG_CONFIG_HOME/kilo/kilo.json`) and the plugin to its `plugin/` folder; the folder is
 * seeded like OpenCode's so Kilo does not npm-install `@kilocode/plugin` there.
 *
 * As on OpenCode, prompt words go as separate argv and a `--` before them keeps words such as
 * `--` or `$stopline` from being read as options (pass `args: ['--']`). Kilo also asks its own
 * gateway for a model list; offline that fails with one logged warning and the run goes on.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { FakeModelServer } from './fake-server';
import { hostVersion, requireHost, stagedToolsDir } from './hosts';
import { baseEnv, makeRunDir, runProcess, withOverrides } from './process';
import { assertRunInputs, DEFAULT_RUN_TIMEOUT_MS, jsonLines, withRequests, type HostRunResult } from './run-result';

export interface KiloRunOptions {
  project: string;
  prompt: string;
  /** a fake chat-completions server (startChatServer) */
  server: FakeModelServer;
  /** a .js or .ts plugin file (an OpenCode v1 plugin), copied into the global plugin folder */
  pluginFile?: string;
  /** merged over the generated kilo.json (top-level keys replace) */
  config?: Record<string, unknown>;
  /** extra `kilo run` arguments, placed before the prompt words */
  args?: string[];
  env?: Record<string, string | undefined>;
  /** default 180 s */
  timeoutMs?: number;
  runDir?: string;
}

export interface KiloRunResult extends HostRunResult {
  home: string;
  /** parsed `--format json` event lines */
  events: unknown[];
}

export function kiloConfig(server: FakeModelServer, extra: Record<string, unknown> = {}): Record<string, unknown> {
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
    ...extra,
  };
}

export async function runKilo(opts: KiloRunOptions): Promise<KiloRunResult> {
  assertRunInputs('Kilo Code', opts.server, 'openai-chat', opts.project);
  const kilo = requireHost('kilo');
  const runDir = makeRunDir('kilo', opts.runDir);
  const home = join(runDir, 'home');
  const tmp = join(runDir, 'tmp');
  const xdg = {
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
  };
  for (const d of [home, tmp, ...Object.values(xdg)]) mkdirSync(d, { recursive: true });
  const globalDir = join(xdg.XDG_CONFIG_HOME, 'kilo');
  // node_modules plus a lock that lists every dependency: Kilo skips its npm install here
  mkdirSync(join(globalDir, 'node_modules'), { recursive: true });
  const deps = { '@kilocode/plugin': hostVersion('kilo') };
  writeFileSync(join(globalDir, 'package.json'), `${JSON.stringify({ dependencies: deps })}\n`);
  writeFileSync(join(globalDir, 'package-lock.json'), `${JSON.stringify({ name: 'seed', lockfileVersion: 3, packages: { '': { dependencies: deps } } })}\n`);
  writeFileSync(join(globalDir, 'kilo.json'), `${JSON.stringify(kiloConfig(opts.server, opts.config), null, 2)}\n`);
  if (opts.pluginFile !== undefined) {
    mkdirSync(join(globalDir, 'plugin'), { recursive: true });
    copyFileSync(opts.pluginFile, join(globalDir, 'plugin', basename(opts.pluginFile)));
  }
  const tools = stagedToolsDir();
  const env = withOverrides(
    {
      ...baseEnv(home, tmp, tools ? [tools] : []),
      ...xdg,
      KILO_DISABLE_MODELS_FETCH: '1',
      KILO_DISABLE_AUTOUPDATE: '1',
      KILO_DISABLE_LSP_DOWNLOAD: '1',
      KILO_DISABLE_SHARE: '1',
      KILO_TELEMETRY_LEVEL: 'off',
      npm_config_offline: 'true',
      npm_config_fetch_retries: '0',
    },
    opts.env,
  );
  const words = opts.prompt.split(/\s+/).filter(Boolean);
  const args = ['run', '--format', 'json', '--print-logs', '--title', 'harness run', ...(opts.args ?? []), ...words];
  const result = await withRequests(opts.server, runDir, () => runProcess({ command: kilo, args, cwd: opts.project, env, timeoutMs: opts.timeoutMs ?? DEFAULT_RUN_TIMEOUT_MS }));
  return { ...result, home, events: jsonLines(result.stdout) };
}
