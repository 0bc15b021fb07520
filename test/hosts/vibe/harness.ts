/**
 * Mistral Vibe 3.0.2 (PyPI mistral-vibe, Python >= 3.12; the CLI hands off to a bundled native
 * `vibe-rs`), headless: `vibe -p <prompt> --output json --auto-approve` with a provider at the fake
 * chat server in `$HOME/.vibe/config.toml` (`[[providers]] api_base`, an empty `api_key_env_var`)
 * and telemetry, update checks and notifications off. Hooks are `[[hooks]]` tables of
 * `$HOME/.vibe/hooks.toml` (`<project>/.vibe/hooks.toml` only in a trusted folder).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeModelServer } from '../harness/fake-server';
import { requireHost } from '../harness/hosts';
import { baseEnv, withOverrides } from '../harness/process';
import { assertRunInputs, runFolders, runJsonTurn, type HostRunOptions, type HostRunResult } from '../harness/run-result';

/** One `[[hooks]]` table of hooks.toml. */
export interface VibeHook {
  name: string;
  type: 'pre_tool' | 'post_tool' | 'post_agent';
  command: string;
  /** fnmatch glob on the tool name (`re:` for a regex); tool hooks only */
  match?: string;
  /** seconds (default 60) */
  timeout?: number;
  /** tool hooks only: a failing hook denies (pre_tool) instead of letting the call through */
  strict?: boolean;
}

export interface VibeRunOptions extends HostRunOptions {
  hooks?: VibeHook[];
  /** extra CLI arguments, placed after `--auto-approve` */
  args?: string[];
}

export interface VibeRunResult extends HostRunResult {
  home: string;
  /** the `--output json` document (the session's entries), or undefined */
  output: unknown;
}

const tomlString = (s: string) => JSON.stringify(s);

export function vibeConfigToml(server: FakeModelServer): string {
  return [
    'active_model = "lab"',
    'enable_telemetry = false',
    'enable_update_checks = false',
    'enable_notifications = false',
    '[[providers]]',
    'name = "lab"',
    `api_base = ${tomlString(server.baseUrl)}`,
    'api_key_env_var = ""',
    '[[models]]',
    'name = "lab-model"',
    'provider = "lab"',
    'alias = "lab"',
    '',
  ].join('\n');
}

export function vibeHooksToml(hooks: VibeHook[]): string {
  const lines: string[] = [];
  for (const h of hooks) {
    lines.push('[[hooks]]', `name = ${tomlString(h.name)}`, `type = ${tomlString(h.type)}`, `command = ${tomlString(h.command)}`);
    if (h.match !== undefined) lines.push(`match = ${tomlString(h.match)}`);
    if (h.timeout !== undefined) lines.push(`timeout = ${h.timeout}`);
    if (h.strict !== undefined) lines.push(`strict = ${h.strict}`);
  }
  return `${lines.join('\n')}\n`;
}

export async function runVibe(opts: VibeRunOptions): Promise<VibeRunResult> {
  assertRunInputs('Mistral Vibe', opts.server, 'openai-chat', opts.project);
  const bin = requireHost('vibe');
  const run = runFolders('vibe', '.vibe', opts);
  writeFileSync(join(run.config, 'config.toml'), vibeConfigToml(opts.server));
  if (opts.hooks) writeFileSync(join(run.config, 'hooks.toml'), vibeHooksToml(opts.hooks));
  const env = withOverrides(baseEnv(run.home, run.tmp), opts.env);
  const args = ['-p', opts.prompt, '--output', 'json', '--auto-approve', ...(opts.args ?? [])];
  return runJsonTurn(opts.server, run, { command: bin, args, cwd: opts.project, env, timeoutMs: opts.timeoutMs });
}
