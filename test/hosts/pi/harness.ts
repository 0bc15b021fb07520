/**
 * Pi coding agent, headless: `pi --model fake/fake-model -e <extension> -p <prompt>`, offline
 * against a fake chat-completions server. Two variants: 'ew' = @earendil-works 1.6.0 (needs
 * Node >= 22.19: runs on the npm Node 22 from .hosts/node22 unless the system node is new
 * enough) and 'mz' = @mariozechner 0.73.1 (system Node 20). The extension is always passed
 * with `-e`: 1.6.0 silently skips project `.pi/extensions` under `-p` unless the project is
 * trusted.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FakeModelServer } from '../harness/fake-server';
import { requireHost } from '../harness/hosts';
import { baseEnv, makeRunDir, runProcess, withOverrides } from '../harness/process';
import { assertRunInputs, DEFAULT_RUN_TIMEOUT_MS, jsonLines, withRequests, type HostRunOptions, type HostRunResult } from '../harness/run-result';

export type PiVariant = 'ew' | 'mz';
export type PiMode = 'print' | 'json';

export interface PiRunOptions extends HostRunOptions {
  variant: PiVariant;
  /** `.ts`/`.js` extension file(s), each passed as `-e <file>`, in order */
  extensionFile?: string | string[];
  /** 'print' (default): final text on stdout; 'json': `--mode json` event lines */
  mode?: PiMode;
}

export interface PiRunResult extends HostRunResult {
  /** `$PI_CODING_AGENT_DIR` of the run (models.json, sessions/) */
  agentDir: string;
  /** parsed event lines in json mode; empty in print mode */
  events: unknown[];
}

function systemNodeIsNewEnough(): boolean {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 19);
}

/** The node binary and PATH prefix a Pi variant runs with. */
export function piRuntime(variant: PiVariant): { node: string; pathPrefix: string[]; cli: string } {
  if (variant === 'mz') return { node: process.execPath, pathPrefix: [dirname(process.execPath)], cli: requireHost('pi-mz') };
  const cli = requireHost('pi-ew');
  if (systemNodeIsNewEnough()) return { node: process.execPath, pathPrefix: [dirname(process.execPath)], cli };
  const node22 = requireHost('node22');
  return { node: node22, pathPrefix: [dirname(node22)], cli };
}

export function piModelsJson(server: FakeModelServer): Record<string, unknown> {
  return {
    providers: {
      fake: {
        baseUrl: server.baseUrl,
        api: 'openai-completions',
        apiKey: 'fake-key-not-secret',
        models: [{ id: 'fake-model', name: 'Fake Model', reasoning: false, contextWindow: 128000, maxTokens: 4096 }],
      },
    },
  };
}

export async function runPi(opts: PiRunOptions): Promise<PiRunResult> {
  assertRunInputs('Pi', opts.server, 'openai-chat', opts.project);
  if (opts.variant !== 'ew' && opts.variant !== 'mz') throw new TypeError(`Pi variant must be 'ew' or 'mz', got ${String(opts.variant)}`);
  const runtime = piRuntime(opts.variant);
  const runDir = makeRunDir(`pi-${opts.variant}`, opts.runDir);
  const home = join(runDir, 'home');
  const tmp = join(runDir, 'tmp'); // jiti and the Node compile cache write under os.tmpdir()
  const agentDir = join(home, '.pi', 'agent');
  for (const d of [home, tmp, agentDir]) mkdirSync(d, { recursive: true });
  writeFileSync(join(agentDir, 'models.json'), `${JSON.stringify(piModelsJson(opts.server), null, 2)}\n`);
  const env = withOverrides(
    {
      ...baseEnv(home, tmp, runtime.pathPrefix),
      PI_CODING_AGENT_DIR: agentDir,
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_CACHE_HOME: join(home, '.cache'),
      XDG_DATA_HOME: join(home, '.local', 'share'),
      PI_OFFLINE: '1',
      PI_TELEMETRY: '0',
      PI_SKIP_VERSION_CHECK: '1',
    },
    opts.env,
  );
  const extensions = opts.extensionFile === undefined ? [] : Array.isArray(opts.extensionFile) ? opts.extensionFile : [opts.extensionFile];
  const args = [runtime.cli, '--model', 'fake/fake-model', ...extensions.flatMap((f) => ['-e', f])];
  if ((opts.mode ?? 'print') === 'json') args.push('--mode', 'json');
  args.push(...(opts.args ?? []), '-p', opts.prompt);
  const result = await withRequests(opts.server, runDir, () =>
    runProcess({ command: runtime.node, args, cwd: opts.project, env, timeoutMs: opts.timeoutMs ?? DEFAULT_RUN_TIMEOUT_MS }),
  );
  return { ...result, agentDir, events: opts.mode === 'json' ? jsonLines(result.stdout) : [] };
}
