/**
 * Claude Code 2.1.332, headless: `claude -p <prompt> --output-format json --allowedTools ...`,
 * offline against a fake Anthropic server. Never `--bare` (it drops hooks) and never
 * bypassPermissions (it exits 1 as root): `--allowedTools` lets the tools run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { requireHost } from '../harness/hosts';
import { baseEnv, jsonObjectOutput, makeRunDir, runProcess, withOverrides } from '../harness/process';
import { claudeOfflineVars } from './offline-env.mjs';
import { assertRunInputs, DEFAULT_RUN_TIMEOUT_MS, withRequests, type HostRunOptions, type HostRunResult } from '../harness/run-result';

export interface ClaudeRunOptions extends HostRunOptions {
  /** passed as `--plugin-dir` (a folder with hooks/hooks.json, optional .claude-plugin/plugin.json) */
  pluginDir?: string;
  /** settings object (written to <run>/settings.json) or a path, passed as `--settings` */
  settings?: Record<string, unknown> | string;
  /** `--allowedTools`; default Read, Write, Edit, Bash */
  allowedTools?: string[];
  /** extra CLI arguments, placed before `-p` */
  args?: string[];
  /** a command the CLI is started through (its argv, then the CLI's), e.g. a private mount namespace */
  wrapper?: string[];
}

export interface ClaudeRunResult extends HostRunResult {
  /** parsed `--output-format json` object (result, is_error, num_turns, permission_denials, ...) or undefined */
  output: Record<string, unknown> | undefined;
}

/** Claude Code's offline environment: the fake server, a dummy key, no telemetry or updates. */
export function claudeEnv(home: string, tmp: string, origin: string): Record<string, string> {
  return { ...baseEnv(home, tmp), ...claudeOfflineVars(origin, 'sk-ant-harness-dummy', tmp) };
}

export async function runClaude(opts: ClaudeRunOptions): Promise<ClaudeRunResult> {
  assertRunInputs('Claude Code', opts.server, 'anthropic', opts.project);
  const claude = requireHost('claude');
  const runDir = makeRunDir('claude', opts.runDir);
  const home = join(runDir, 'home');
  const tmp = join(runDir, 'tmp');
  mkdirSync(home, { recursive: true });
  mkdirSync(tmp, { recursive: true });
  const args = [...(opts.args ?? []), '-p', opts.prompt, '--output-format', 'json'];
  args.push('--allowedTools', (opts.allowedTools ?? ['Read', 'Write', 'Edit', 'Bash']).join(','));
  if (opts.settings !== undefined) {
    let settingsPath = opts.settings;
    if (typeof settingsPath !== 'string') {
      settingsPath = join(runDir, 'settings.json');
      writeFileSync(settingsPath, JSON.stringify(opts.settings, null, 2));
    }
    args.push('--settings', settingsPath);
  }
  if (opts.pluginDir !== undefined) args.push('--plugin-dir', opts.pluginDir);
  const env = withOverrides(claudeEnv(home, tmp, opts.server.origin), opts.env);
  const result = await withRequests(opts.server, runDir, () =>
    runProcess({
      command: opts.wrapper?.[0] ?? claude,
      args: opts.wrapper ? [...opts.wrapper.slice(1), claude, ...args] : args,
      cwd: opts.project,
      env,
      timeoutMs: opts.timeoutMs ?? DEFAULT_RUN_TIMEOUT_MS,
    }),
  );
  return { ...result, output: jsonObjectOutput(result.stdout) };
}
