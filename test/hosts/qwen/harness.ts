/**
 * Qwen Code 0.24.4, headless: `qwen --approval-mode yolo --output-format json <prompt>`, offline
 * against the fake chat-completions server (OpenAI-compatible auth from the environment:
 * OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL). QWEN_USAGE_STATISTICS_ENABLED=0 keeps every
 * connection on 127.0.0.1 (without it the CLI resolves a usage-statistics host). Yolo is the only
 * headless approval mode that lets the shell tool run (the others refuse write and shell tools
 * before any hook sees them). `$HOME/.qwen/settings.json` holds the hooks.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeModelServer } from '../harness/fake-server';
import { requireHost } from '../harness/hosts';
import { baseEnv, makeRunDir, parseJsonOutput, runProcess, withOverrides } from '../harness/process';
import { assertRunInputs, DEFAULT_RUN_TIMEOUT_MS, withRequests, type HostRunOptions, type HostRunResult } from '../harness/run-result';

export interface QwenRunOptions extends HostRunOptions {
  /** merged into `$HOME/.qwen/settings.json` (e.g. `{hooks: …}`) */
  settings?: Record<string, unknown>;
  /** write no settings file at all (the test wrote its own) */
  keepSettings?: boolean;
  /** extra CLI arguments, placed before the prompt */
  args?: string[];
}

export interface QwenRunResult extends HostRunResult {
  home: string;
  /** parsed `--output-format json` array (system init, assistant / user messages, result) or [] */
  messages: Record<string, unknown>[];
}

export function qwenEnv(runDir: string, server: FakeModelServer, overrides?: Record<string, string | undefined>): { env: Record<string, string>; home: string } {
  const home = join(runDir, 'home');
  const tmp = join(runDir, 'tmp');
  for (const d of [home, tmp]) mkdirSync(d, { recursive: true });
  const env = withOverrides(
    {
      ...baseEnv(home, tmp),
      OPENAI_API_KEY: 'harness-dummy-key',
      OPENAI_BASE_URL: server.baseUrl,
      OPENAI_MODEL: 'fake-model',
      QWEN_USAGE_STATISTICS_ENABLED: '0',
      QWEN_CODE_SUPPRESS_YOLO_WARNING: '1',
    },
    overrides,
  );
  return { env, home };
}

export async function runQwen(opts: QwenRunOptions): Promise<QwenRunResult> {
  assertRunInputs('Qwen Code', opts.server, 'openai-chat', opts.project);
  const entry = requireHost('qwen');
  const runDir = makeRunDir('qwen', opts.runDir);
  const { env, home } = qwenEnv(runDir, opts.server, opts.env);
  if (!opts.keepSettings) {
    mkdirSync(join(home, '.qwen'), { recursive: true });
    writeFileSync(join(home, '.qwen', 'settings.json'), JSON.stringify({ privacy: { usageStatisticsEnabled: false }, ...opts.settings }, null, 2));
  }
  const args = [entry, '--approval-mode', 'yolo', '--output-format', 'json', ...(opts.args ?? []), opts.prompt];
  const result = await withRequests(opts.server, runDir, () => runProcess({ command: process.execPath, args, cwd: opts.project, env, timeoutMs: opts.timeoutMs ?? DEFAULT_RUN_TIMEOUT_MS }));
  const parsed = parseJsonOutput(result.stdout);
  const messages = Array.isArray(parsed) ? parsed.filter((m): m is Record<string, unknown> => !!m && typeof m === 'object') : [];
  return { ...result, home, messages };
}
