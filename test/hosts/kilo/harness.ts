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
import type { FakeModelServer } from '../harness/fake-server';
import type { HostRunOptions, HostRunResult } from '../harness/run-result';
import { fakeChatModelConfig, runOpenCodeFork, type OpenCodeFork } from '../opencode/harness';

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

const KILO: OpenCodeFork = { host: 'kilo', label: 'Kilo Code', switches: 'KILO', configFile: 'kilo.json', pluginPackage: '@kilocode/plugin', env: { KILO_TELEMETRY_LEVEL: 'off' } };

export function runKilo(opts: KiloRunOptions): Promise<KiloRunResult> {
  return runOpenCodeFork(KILO, opts, kiloConfig(opts.server, opts.config), 'harness run');
}
