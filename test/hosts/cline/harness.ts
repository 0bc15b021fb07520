/**
 * Cline CLI 3.0.65 (native Bun binary), headless: `cline --json <prompt>` (act mode, tools
 * auto-approved) with an `openai-compatible` provider at the fake chat server, written by
 * `cline auth -p openai -k … -m … -b <baseUrl>` into `$HOME/.cline/data/settings/providers.json`.
 *
 * Hooks are executable files named after the event (`PreToolUse`, `PostToolUse`, `TaskStart`,
 * …, optionally with an extension such as `.js`) in `~/.cline/hooks/` or
 * `<project>/.clinerules/hooks/`; `--hooks-dir` did not load hooks in this mode.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { requireHost } from '../harness/hosts';
import { baseEnv, runProcess, withOverrides } from '../harness/process';
import { assertRunInputs, type HostRunOptions, type HostRunResult, runFolders, runLines } from '../harness/run-result';

export interface ClineRunOptions extends HostRunOptions {
  /** event file name -> shell script body, written executable into `$HOME/.cline/hooks/` */
  hooks?: Record<string, string>;
  /** extra CLI arguments, placed before the prompt */
  args?: string[];
}

export interface ClineRunResult extends HostRunResult {
  home: string;
  /** the `--json` lines (hook_event, agent_event, run_result …) */
  events: unknown[];
}

/** The native binary (the npm wrapper `bin/cline` only spawns it). */
export function clineBinary(): string {
  return requireHost('cline');
}

/** Writes each hook script executable into `dir`. */
export function writeClineHooks(dir: string, hooks: Record<string, string>): void {
  mkdirSync(dir, { recursive: true });
  for (const [name, body] of Object.entries(hooks)) {
    const file = join(dir, name);
    writeFileSync(file, body.startsWith('#!') ? body : `#!/bin/sh\n${body}\n`);
    chmodSync(file, 0o755);
  }
}

export async function runCline(opts: ClineRunOptions): Promise<ClineRunResult> {
  assertRunInputs('Cline', opts.server, 'openai-chat', opts.project);
  const bin = clineBinary();
  const folders = runFolders('cline', '.cline', { runDir: opts.runDir });
  const { home, tmp } = folders;
  // local: the session runs in the CLI's own process; the default starts a hub daemon on a fixed
  // port (127.0.0.1:25463) that outlives the run
  const env = withOverrides({ ...baseEnv(home, tmp), CLINE_BIN_PATH: bin, CLINE_SESSION_BACKEND_MODE: 'local', CLINE_NO_AUTO_UPDATE: '1' }, opts.env);
  const auth = await runProcess({
    command: bin,
    args: ['auth', '-p', 'openai', '-k', 'harness-dummy-key', '-m', 'lab-model', '-b', opts.server.baseUrl],
    cwd: opts.project,
    env,
    timeoutMs: 60_000,
  });
  if (auth.code !== 0) throw new Error(`cline auth exited ${auth.code}: ${auth.stderr.slice(-1000)}`);
  if (opts.hooks) writeClineHooks(join(folders.config, 'hooks'), opts.hooks);
  const args = ['--json', ...(opts.args ?? []), opts.prompt];
  return runLines(opts.server, folders, { command: bin, args, cwd: opts.project, env, timeoutMs: opts.timeoutMs });
}
