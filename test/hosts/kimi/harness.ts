/**
 * Kimi Code CLI (PyPI kimi-cli 1.51.0, Python >= 3.12), headless: `kimi --print --output-format
 * stream-json -p <prompt>` with a provider of type `openai_legacy` (chat completions) at the fake
 * server in `$HOME/.kimi/config.toml`, and KIMI_DISABLE_TELEMETRY=1 (otherwise every run queues
 * events for a Moonshot host). `--print` approves every tool call itself, so no yolo flag is
 * needed. Hooks are `[[hooks]]` tables of the same config file; there is no project-level file.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeModelServer } from '../harness/fake-server';
import { requireHost } from '../harness/hosts';
import { baseEnv, withOverrides } from '../harness/process';
import { assertRunInputs, type HostRunOptions, type HostRunResult, runFolders, runLines } from '../harness/run-result';

/** One `[[hooks]]` table of config.toml. */
export interface KimiHook {
  event: string;
  command: string;
  /** a regex searched in the tool name (PreToolUse …), the source (SessionStart) or the agent type */
  matcher?: string;
  /** seconds, 1..600 (default 30) */
  timeout?: number;
}

export interface KimiRunOptions extends HostRunOptions {
  hooks?: KimiHook[];
  /** extra TOML appended to config.toml (top-level keys must not repeat the harness's) */
  config?: string;
  /** extra CLI arguments, placed before `-p` */
  args?: string[];
}

export interface KimiRunResult extends HostRunResult {
  home: string;
  /** the stream-json lines: one OpenAI-style message each (assistant tool calls, tool results, the final text) */
  messages: unknown[];
}

/** TOML basic string: JSON's escaping is a subset TOML reads the same way. */
const tomlString = (s: string) => JSON.stringify(s);

export function kimiConfigToml(server: FakeModelServer, hooks: KimiHook[] = [], extra = ''): string {
  const lines = [
    'default_model = "lab"',
    extra,
    '[providers.lab]',
    'type = "openai_legacy"',
    `base_url = ${tomlString(server.baseUrl)}`,
    'api_key = "harness-dummy-key"',
    '[models.lab]',
    'provider = "lab"',
    'model = "lab-model"',
    'max_context_size = 200000',
  ];
  for (const h of hooks) {
    lines.push('[[hooks]]', `event = ${tomlString(h.event)}`, `command = ${tomlString(h.command)}`);
    if (h.matcher !== undefined) lines.push(`matcher = ${tomlString(h.matcher)}`);
    if (h.timeout !== undefined) lines.push(`timeout = ${h.timeout}`);
  }
  return `${lines.filter((l) => l !== '').join('\n')}\n`;
}

export function kimiEnv(home: string, tmp: string, overrides?: Record<string, string | undefined>): Record<string, string> {
  return withOverrides({ ...baseEnv(home, tmp), KIMI_DISABLE_TELEMETRY: '1' }, overrides);
}

export async function runKimi(opts: KimiRunOptions): Promise<KimiRunResult> {
  assertRunInputs('Kimi Code', opts.server, 'openai-chat', opts.project);
  const bin = requireHost('kimi');
  const folders = runFolders('kimi', '.kimi', { runDir: opts.runDir });
  writeFileSync(join(folders.config, 'config.toml'), kimiConfigToml(opts.server, opts.hooks, opts.config));
  const env = kimiEnv(folders.home, folders.tmp, opts.env);
  const args = ['--print', '--output-format', 'stream-json', ...(opts.args ?? []), '-p', opts.prompt];
  const { events: messages, ...result } = await runLines(opts.server, folders, { command: bin, args, cwd: opts.project, env, timeoutMs: opts.timeoutMs });
  return { ...result, messages };
}
