/**
 * Factory Droid (npm wrapper 0.225.1, binary 0.225.2), headless: `droid exec --model
 * custom:Lab-0 --skip-permissions-unsafe -o stream-jsonrpc <prompt>` with a bring-your-own-key
 * custom model in `$HOME/.factory/settings.json` pointing at a fake chat-completions server, and
 * FACTORY_AIRGAP_ENABLED=true (no sign-in, no other network use).
 *
 * `-o stream-jsonrpc` runs the prompt through Droid's session worker, the path of the
 * interactive CLI, which fires UserPromptSubmit; plain `-o json` / text output does not fire it
 * for the prompt (docs/hosts/droid.md), which `output: 'json'` shows.
 */
import { join } from 'node:path';
import type { FakeModelServer } from '../harness/fake-server';
import { requireHost } from '../harness/hosts';
import { baseEnv, withOverrides, writeJsonFile } from '../harness/process';
import { assertRunInputs, type HostRunOptions, type HostRunResult, runFolders, runLines } from '../harness/run-result';

export interface DroidRunOptions extends HostRunOptions {
  /** `$HOME/.factory/hooks.json` (the bare event map) */
  hooksJson?: Record<string, unknown>;
  /** merged into `$HOME/.factory/settings.json` next to the custom model */
  settings?: Record<string, unknown>;
  /** 'jsonrpc' (default): the session worker, as the interactive CLI; 'json': plain `-o json` */
  output?: 'jsonrpc' | 'json';
  /** extra `droid exec` arguments, placed before the prompt */
  args?: string[];
  /** an existing HOME to run in (default `<runDir>/home`) */
  home?: string;
}

export interface DroidRunResult extends HostRunResult {
  home: string;
  /** parsed output lines (JSON-RPC notifications, or the one `-o json` result) */
  events: unknown[];
}

/** The droid binary (`droid plugin …` and the runs). */
export function droidBinary(): string {
  return requireHost('droid');
}

/** The custom model stopline's runs use: `custom:Lab-0`, chat completions at the fake server. */
export function droidModelSettings(server: FakeModelServer): Record<string, unknown> {
  return { customModels: [{ model: 'lab-model', displayName: 'Lab', baseUrl: server.baseUrl, apiKey: 'harness-dummy-key', provider: 'generic-chat-completion-api', maxOutputTokens: 4096 }] };
}

/** The offline environment of one run. */
export function droidEnv(home: string, tmp: string, overrides?: Record<string, string | undefined>): Record<string, string> {
  return withOverrides(
    {
      ...baseEnv(home, tmp),
      FACTORY_AIRGAP_ENABLED: 'true',
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_DATA_HOME: join(home, '.local', 'share'),
      XDG_STATE_HOME: join(home, '.local', 'state'),
    },
    overrides,
  );
}

export async function runDroid(opts: DroidRunOptions): Promise<DroidRunResult> {
  assertRunInputs('Droid', opts.server, 'openai-chat', opts.project);
  const bin = requireHost('droid');
  // the Execute tool makes its terminal folders in TMPDIR: it must exist
  const folders = runFolders('droid', '.factory', opts);
  const { home, tmp, config: factory } = folders;
  writeJsonFile(join(factory, 'settings.json'), { ...droidModelSettings(opts.server), ...opts.settings });
  if (opts.hooksJson) writeJsonFile(join(factory, 'hooks.json'), opts.hooksJson);
  const env = droidEnv(home, tmp, opts.env);
  const output = opts.output ?? 'jsonrpc';
  const args = ['exec', '--model', 'custom:Lab-0', '--skip-permissions-unsafe', '-o', output === 'jsonrpc' ? 'stream-jsonrpc' : 'json', ...(opts.args ?? []), opts.prompt];
  return runLines(opts.server, folders, { command: bin, args, cwd: opts.project, env, timeoutMs: opts.timeoutMs });
}
