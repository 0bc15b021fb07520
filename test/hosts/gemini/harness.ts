/**
 * Gemini CLI 0.61.0, headless: `gemini --approval-mode yolo -p <prompt> --output-format json`,
 * offline against the fake Gemini API (API-key mode, GOOGLE_GEMINI_BASE_URL on 127.0.0.1).
 * `$HOME/.gemini/settings.json` selects the API-key auth (without it the CLI exits 41 when a
 * base URL is set) and turns usage statistics off (without it the CLI resolves a Google host).
 * Yolo is the only approval mode in which `-p` offers the shell tool (the default one hides the
 * write and shell tools from the model entirely, so no hook would ever see them).
 *
 * Folder trust: `trust: 'skip'` passes --skip-trust (project .gemini/settings.json is NOT
 * loaded then); `'env'` sets GEMINI_CLI_TRUST_WORKSPACE=true (project settings and their hooks
 * load, with a warning on stderr).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeModelServer } from '../harness/fake-server';
import { requireHost } from '../harness/hosts';
import { baseEnv, jsonObjectOutput, makeRunDir, runProcess, withOverrides } from '../harness/process';
import { assertRunInputs, DEFAULT_RUN_TIMEOUT_MS, withRequests, type HostRunOptions, type HostRunResult } from '../harness/run-result';

export interface GeminiRunOptions extends HostRunOptions {
  /** merged over the offline base into `$HOME/.gemini/settings.json` (e.g. `{hooks: …}`) */
  settings?: Record<string, unknown>;
  /** how the project folder gets trusted; default 'skip' */
  trust?: 'skip' | 'env';
  /** extra CLI arguments, placed before `-p` */
  args?: string[];
  /** write no settings file at all (the test wrote its own) */
  keepSettings?: boolean;
}

export interface GeminiRunResult extends HostRunResult {
  home: string;
  /** parsed `--output-format json` object ({session_id, response, stats, warnings?, error?}) or undefined */
  output: Record<string, unknown> | undefined;
}

/** The settings every offline run needs. */
export const GEMINI_OFFLINE_SETTINGS = { security: { auth: { selectedType: 'gemini-api-key' } }, privacy: { usageStatisticsEnabled: false } } as const;

export function geminiEnv(runDir: string, server: FakeModelServer, overrides?: Record<string, string | undefined>): { env: Record<string, string>; home: string } {
  const home = join(runDir, 'home');
  const tmp = join(runDir, 'tmp');
  for (const d of [home, tmp]) mkdirSync(d, { recursive: true });
  const env = withOverrides({ ...baseEnv(home, tmp), GEMINI_API_KEY: 'harness-dummy-key', GOOGLE_GEMINI_BASE_URL: server.origin }, overrides);
  return { env, home };
}

export async function runGemini(opts: GeminiRunOptions): Promise<GeminiRunResult> {
  assertRunInputs('Gemini CLI', opts.server, 'gemini', opts.project);
  const entry = requireHost('gemini');
  const runDir = makeRunDir('gemini', opts.runDir);
  const trust = opts.trust ?? 'skip';
  const { env, home } = geminiEnv(runDir, opts.server, { ...(trust === 'env' ? { GEMINI_CLI_TRUST_WORKSPACE: 'true' } : {}), ...opts.env });
  if (!opts.keepSettings) {
    mkdirSync(join(home, '.gemini'), { recursive: true });
    writeFileSync(join(home, '.gemini', 'settings.json'), JSON.stringify({ ...GEMINI_OFFLINE_SETTINGS, ...opts.settings }, null, 2));
  }
  const args = [entry, ...(trust === 'skip' ? ['--skip-trust'] : []), '--approval-mode', 'yolo', ...(opts.args ?? []), '-p', opts.prompt, '--output-format', 'json'];
  const result = await withRequests(opts.server, runDir, () => runProcess({ command: process.execPath, args, cwd: opts.project, env, timeoutMs: opts.timeoutMs ?? DEFAULT_RUN_TIMEOUT_MS }));
  return { ...result, home, output: jsonObjectOutput(result.stdout) };
}
