/**
 * OpenClaw 2026.9.6 (npm openclaw, Node >= 24.16: run on the pinned node24), headless:
 * `openclaw agent --local --json --agent main -m <prompt>`, the embedded agent, no Gateway.
 * `$HOME/.openclaw/openclaw.json` names a custom provider at the fake chat server
 * (`api: "openai-completions"`), makes the project the agent's workspace, and loads plugin folders
 * through `plugins.load.paths`.
 *
 * `openclaw agent exec` (the "isolated headless" turn) registers plugins in discovery mode only:
 * their hooks never run there (docs/hosts/openclaw.md), so the driver does not use it.
 * OpenClaw seeds a workspace with AGENTS.md, BOOTSTRAP.md, IDENTITY.md, SOUL.md and USER.md.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startChatServer } from '../harness/fake-openai-chat';
import type { FakeModelServer, FakeServerOptions } from '../harness/fake-server';
import type { FakeModelScript } from '../harness/script';
import { requireHost } from '../harness/hosts';
import { baseEnv, withOverrides } from '../harness/process';
import { assertRunInputs, runFolders, runJsonTurn, type HostRunOptions, type HostRunResult } from '../harness/run-result';

export interface OpenClawRunOptions extends HostRunOptions {
  /** plugin folders (each with openclaw.plugin.json, package.json and its entry), loaded and enabled by id */
  plugins?: OpenClawPluginRef[];
  /**
   * a HOME that already holds `.openclaw/openclaw.json` (written by `stopline install openclaw`):
   * its `plugins` section is kept when `plugins` is not given; default: `<runDir>/home`
   */
  home?: string;
}

export interface OpenClawRunResult extends HostRunResult {
  home: string;
  /** the `--json` result ({payloads, meta}) or undefined */
  output: unknown;
}

/** A plugin folder to load; `conversationAccess` lets a plugin outside the bundle have the prompt hooks. */
export interface OpenClawPluginRef {
  dir: string;
  id: string;
  conversationAccess?: boolean;
}

export function openClawConfig(server: FakeModelServer, workspace: string, plugins: OpenClawPluginRef[] = []): Record<string, unknown> {
  return {
    agents: { defaults: { model: { primary: 'lab/lab-model' }, workspace } },
    models: {
      mode: 'merge',
      providers: {
        lab: {
          baseUrl: server.baseUrl,
          apiKey: 'harness-dummy-key',
          api: 'openai-completions',
          models: [{ id: 'lab-model', name: 'Lab', reasoning: false, input: ['text'], cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, contextWindow: 128000, maxTokens: 4096 }],
        },
      },
    },
    plugins: { load: { paths: plugins.map((p) => p.dir) }, entries: Object.fromEntries(plugins.map((p) => [p.id, { enabled: true, ...(p.conversationAccess ? { hooks: { allowConversationAccess: true } } : {}) }])) },
  };
}

/** Writes a minimal native plugin folder: the manifest, package.json and `index.js` with `source`. */
export function writeOpenClawPlugin(dir: string, id: string, source: string): { dir: string; id: string } {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'openclaw.plugin.json'), JSON.stringify({ id, name: id, description: 'test plugin', categories: ['other'], activation: { onStartup: true }, configSchema: { type: 'object', additionalProperties: false } }));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: id, version: '0.0.0', type: 'module', main: 'index.js', openclaw: { extensions: ['./index.js'] } }));
  writeFileSync(join(dir, 'index.js'), source);
  return { dir, id };
}

export async function runOpenClaw(opts: OpenClawRunOptions): Promise<OpenClawRunResult> {
  assertRunInputs('OpenClaw', opts.server, 'openai-chat', opts.project);
  const entry = requireHost('openclaw');
  const node = requireHost('node24');
  const run = runFolders('openclaw', '.openclaw', opts);
  const file = join(run.config, 'openclaw.json');
  const config = openClawConfig(opts.server, opts.project, opts.plugins);
  if (!opts.plugins && existsSync(file)) {
    const installed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    config.plugins = installed.plugins ?? {};
  }
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  const env = withOverrides(baseEnv(run.home, run.tmp, [dirname(node)]), opts.env);
  const args = [entry, 'agent', '--local', '--json', '--agent', 'main', ...(opts.args ?? []), '-m', opts.prompt];
  return runJsonTurn(opts.server, run, { command: node, args, cwd: opts.project, env, timeoutMs: opts.timeoutMs });
}

/** A tool-call id as OpenClaw hands it back to the model: without its underscores. */
export function openClawCallId(id: string): string {
  return id.replace(/_/g, '');
}

/**
 * A fake chat server for OpenClaw whose script may name tool calls with underscores: it emits each
 * id as OpenClaw will hand it back (underscores dropped), and finds a tool result by the scripted id.
 */
export async function startOpenClawChatServer(script: FakeModelScript, options?: FakeServerOptions): Promise<FakeModelServer> {
  const stripped: FakeModelScript = {
    ...script,
    threads: script.threads.map((t) => ({ ...t, turns: t.turns.map((turn) => ('toolCalls' in turn && turn.toolCalls ? { ...turn, toolCalls: turn.toolCalls.map((c) => (c.id === undefined ? c : { ...c, id: openClawCallId(c.id) })) } : turn)) })),
  };
  const server = await startChatServer(stripped, options);
  return new Proxy(server, {
    get(target, prop, receiver) {
      if (prop === 'toolResult' || prop === 'toolResultText' || prop === 'requestAfterToolCall') return (id: string) => target[prop](openClawCallId(id));
      const v: unknown = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}
