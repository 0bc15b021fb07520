/**
 * GitHub Copilot CLI 1.0.102, headless: `copilot -p <prompt> --allow-all-tools --no-auto-update`
 * in bring-your-own-key mode (COPILOT_PROVIDER_BASE_URL at a fake chat-completions server) with
 * COPILOT_OFFLINE=true: no GitHub account, no other network use. Hook files go to
 * `$HOME/.copilot/hooks/<name>.json` (loaded in -p without a trust step); a plugin folder can be
 * passed with `--plugin-dir`.
 *
 * The native binary unpacks ~235 MB into its package cache on first start; the runs share one
 * cache under `.hosts/copilot/pkg-cache` (COPILOT_CACHE_HOME) so each run does not unpack again.
 */
import { join } from 'node:path';
import type { FakeModelServer, ProtocolAdapter, RequestView } from '../harness/fake-server';
import { startFakeServer, type FakeServerOptions } from '../harness/fake-server';
import { openAIChatProtocol } from '../harness/fake-openai-chat';
import { hostsRoot, requireHost } from '../harness/hosts';
import { baseEnv, withOverrides, writeJsonFile } from '../harness/process';
import { assertRunInputs, type HostRunOptions, type HostRunResult, runFolders, runLines } from '../harness/run-result';
import { contentText, type FakeModelScript } from '../harness/script';

export interface CopilotRunOptions extends HostRunOptions {
  /** `$HOME/.copilot/hooks/<name>.json` files, written before the run */
  hookFiles?: Record<string, unknown>;
  /** `$HOME/.copilot/settings.json` */
  settings?: Record<string, unknown>;
  /** `--plugin-dir <dir>` */
  pluginDir?: string;
  /** extra arguments, placed before `-p` */
  args?: string[];
  /** an existing HOME to run in (default `<runDir>/home`) */
  home?: string;
}

export interface CopilotRunResult extends HostRunResult {
  home: string;
}

/** Where the binary unpacks itself, shared by every run of the pinned version. */
export function copilotCacheDir(): string {
  return join(hostsRoot, 'copilot', 'pkg-cache');
}

/** The offline, bring-your-own-key environment of one run (HOME, TMPDIR and the provider). */
export function copilotEnv(home: string, tmp: string, server: FakeModelServer, overrides?: Record<string, string | undefined>): Record<string, string> {
  return withOverrides(
    {
      ...baseEnv(home, tmp),
      COPILOT_CACHE_HOME: copilotCacheDir(),
      COPILOT_OFFLINE: 'true',
      COPILOT_AUTO_UPDATE: 'false',
      COPILOT_PROVIDER_BASE_URL: server.baseUrl,
      COPILOT_PROVIDER_API_KEY: 'harness-dummy-key',
      COPILOT_MODEL: 'gpt-4.1',
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_DATA_HOME: join(home, '.local', 'share'),
      XDG_STATE_HOME: join(home, '.local', 'state'),
    },
    overrides,
  );
}

/** The copilot binary (`copilot plugin …` and the runs). */
export function copilotBinary(): string {
  return requireHost('copilot');
}

export async function runCopilot(opts: CopilotRunOptions): Promise<CopilotRunResult> {
  assertRunInputs('Copilot', opts.server, 'openai-chat', opts.project);
  const bin = requireHost('copilot');
  const folders = runFolders('copilot', join('.copilot', 'hooks'), opts);
  const { home, tmp } = folders;
  for (const [name, doc] of Object.entries(opts.hookFiles ?? {})) writeJsonFile(join(folders.config, `${name}.json`), doc);
  if (opts.settings) writeJsonFile(join(home, '.copilot', 'settings.json'), opts.settings);
  const env = copilotEnv(home, tmp, opts.server, opts.env);
  const args = [...(opts.pluginDir ? ['--plugin-dir', opts.pluginDir] : []), ...(opts.args ?? []), '--allow-all-tools', '--no-auto-update', '-p', opts.prompt];
  const { events: _, ...result } = await runLines(opts.server, folders, { command: bin, args, cwd: opts.project, env, timeoutMs: opts.timeoutMs });
  return result;
}

/**
 * The chat protocol as Copilot and Droid use it, with two differences from OpenCode's and Pi's:
 * a thread is chosen by a marker in any user message (both hosts put their own messages first:
 * hook context, date, tool reminders), and a request without tools is a side request
 * (a title or summary), answered with the fallback text and never a turn.
 */
export const hostChatProtocol: ProtocolAdapter = {
  ...openAIChatProtocol,
  view(body: unknown): RequestView {
    const base = openAIChatProtocol.view(body);
    const b = body as { messages?: { role?: string; content?: unknown }[]; tools?: unknown[] };
    const users = (b.messages ?? []).filter((m) => m.role === 'user').map((m) => contentText(m.content));
    const side = !Array.isArray(b.tools) || b.tools.length === 0;
    return { ...base, firstUserText: users.join('\n'), ...(side ? { sideText: 'side request' } : {}) };
  },
};

/** Fake chat-completions server for Copilot and Droid (see hostChatProtocol). */
export function startHostChatServer(script: FakeModelScript, options?: FakeServerOptions): Promise<FakeModelServer> {
  return startFakeServer(hostChatProtocol, script, options);
}
