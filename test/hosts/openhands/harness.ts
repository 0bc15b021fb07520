/**
 * OpenHands CLI 1.16.0 (PyPI openhands, Python 3.12 only; SDK 1.21.0), headless:
 * `openhands --headless --json --always-approve --override-with-envs -t <task>` with LLM_MODEL
 * `openai/<name>`, LLM_BASE_URL at the fake chat server and LLM_API_KEY (LiteLLM), and
 * LITELLM_LOCAL_MODEL_COST_MAP=True (otherwise LiteLLM spends ~10 s retrying a GitHub download
 * on every start). Hooks go to `$HOME/.openhands/hooks.json` (or the project's
 * `.openhands/hooks.json`, which wins: only the first file found is read). LiteLLM sends no
 * `stream`: startChatServer answers it with one `chat.completion` object instead of SSE.
 */
import { join } from 'node:path';
import { requireHost } from '../harness/hosts';
import { baseEnv, withOverrides, writeJsonFile } from '../harness/process';
import { assertRunInputs, type HostRunOptions, type HostRunResult, runFolders, runLines } from '../harness/run-result';

export interface OpenHandsRunOptions extends HostRunOptions {
  /** `$HOME/.openhands/hooks.json`: Claude's event map (`{"PreToolUse": [{matcher, hooks: [...]}]}`) */
  hooksJson?: Record<string, unknown>;
  /** extra CLI arguments, placed before `-t` */
  args?: string[];
}

export interface OpenHandsRunResult extends HostRunResult {
  home: string;
  /** the `--json` event objects (ActionEvent, ObservationEvent, HookExecutionEvent …) */
  events: unknown[];
}

export async function runOpenHands(opts: OpenHandsRunOptions): Promise<OpenHandsRunResult> {
  assertRunInputs('OpenHands', opts.server, 'openai-chat', opts.project);
  const bin = requireHost('openhands');
  const folders = runFolders('openhands', '.openhands', { runDir: opts.runDir });
  const { home, tmp } = folders;
  if (opts.hooksJson) writeJsonFile(join(folders.config, 'hooks.json'), opts.hooksJson);
  const env = withOverrides(
    {
      ...baseEnv(home, tmp),
      LLM_MODEL: 'openai/lab-model',
      LLM_BASE_URL: opts.server.baseUrl,
      LLM_API_KEY: 'harness-dummy-key',
      LITELLM_LOCAL_MODEL_COST_MAP: 'True',
      OPENHANDS_SUPPRESS_BANNER: '1',
    },
    opts.env,
  );
  const args = ['--headless', '--json', '--always-approve', '--override-with-envs', ...(opts.args ?? []), '-t', opts.prompt];
  return runLines(opts.server, folders, { command: bin, args, cwd: opts.project, env, timeoutMs: opts.timeoutMs });
}
