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
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeModelServer } from '../harness/fake-server';
import { hostVersion, requireHost, stagedToolsDir } from '../harness/hosts';
import { copyPlugin, fakeChatModelConfig, seedOpenCodeConfigDir, xdgRunFolders } from '../opencode/harness';
import { baseEnv, runProcess, withOverrides } from '../harness/process';
import { assertRunInputs, DEFAULT_RUN_TIMEOUT_MS, jsonLines, withRequests, type HostRunOptions, type HostRunResult } from '../harness/run-result';

export interface KiloRunOptions extends HostRunOptions {
  /** a .js or .ts plugin file (an OpenCode v1 plugin), copied into the global plugin folder */
  pluginFile?: string;
  /** merged over the generated kilo.json (top-level keys replace) */
  config?: Record<string, unknown>;
  /** extra `kilo run` arguments, placed before the prompt words */
  args?: string[];
}

export interface KiloRunResult extends HostRunResult {
  home: string;
  /** parsed `--format json` event lines */
  events: unknown[];
}

export function kiloConfig(server: FakeModelServer, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...fakeChatModelConfig(server), ...extra };
}

export async function runKilo(opts: KiloRunOptions): Promise<KiloRunResult> {
  assertRunInputs('Kilo Code', opts.server, 'openai-chat', opts.project);
  const kilo = requireHost('kilo');
  const { runDir, home, tmp, xdg } = xdgRunFolders('kilo', opts.runDir);
  const globalDir = join(xdg.XDG_CONFIG_HOME, 'kilo');
  seedOpenCodeConfigDir(globalDir, hostVersion('kilo'), '@kilocode/plugin');
  writeFileSync(join(globalDir, 'kilo.json'), `${JSON.stringify(kiloConfig(opts.server, opts.config), null, 2)}\n`);
  if (opts.pluginFile !== undefined) copyPlugin(opts.pluginFile, globalDir);
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
