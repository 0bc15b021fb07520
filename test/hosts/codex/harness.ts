/**
 * Codex CLI 0.171.0, headless: `codex exec --json --skip-git-repo-check
 * --dangerously-bypass-approvals-and-sandbox <prompt>` with an isolated CODEX_HOME whose
 * config.toml points at a fake Responses server. Hooks go to `$CODEX_HOME/hooks.json`; their
 * trust is either persisted in config.toml (computed by hosts/codex/hook-trust.ts, the way a real
 * install would do it), bypassed with `--dangerously-bypass-hook-trust`, or left out ('none':
 * Codex then skips every hook without a word).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { codexHookTrustEntries, renderCodexHookTrustToml } from '../../../hosts/codex/hook-trust';
import type { FakeModelServer } from '../harness/fake-server';
import { requireHost } from '../harness/hosts';
import { baseEnv, makeRunDir, runProcess, withOverrides } from '../harness/process';
import { assertRunInputs, DEFAULT_RUN_TIMEOUT_MS, jsonLines, withRequests, type HostRunOptions, type HostRunResult } from '../harness/run-result';

export type CodexTrustMode = 'persisted' | 'bypass' | 'none';

export interface CodexRunOptions extends HostRunOptions {
  /** written to `$CODEX_HOME/hooks.json` */
  hooksJson?: Record<string, unknown>;
  /** how the hooks get trusted; default 'persisted' */
  trust?: CodexTrustMode;
  /** extra top-level config.toml lines (e.g. `model_auto_compact_token_limit = 5000`) */
  config?: string;
  /** model slug from Codex's bundled catalog; default gpt-5.5 (gives exec_command + freeform apply_patch) */
  model?: string;
  /** extra `codex exec` arguments, placed before the prompt */
  args?: string[];
}

export interface CodexRunResult extends HostRunResult {
  /** `$CODEX_HOME` of the run */
  codexHome: string;
  /** parsed `--json` event lines */
  events: unknown[];
}

/** The platform binary the npm wrapper execs (used directly for `app-server`). */
export function codexBinary(): string {
  const wrapper = requireHost('codex');
  // <root>/node_modules/@openai/codex/bin/codex.js -> <root>/node_modules/@openai/codex-linux-x64/...
  return join(dirname(wrapper), '..', '..', 'codex-linux-x64', 'vendor', 'x86_64-unknown-linux-musl', 'bin', 'codex');
}

export function codexConfigToml(server: FakeModelServer, opts: { model?: string; config?: string } = {}): string {
  return [
    `model = "${opts.model ?? 'gpt-5.5'}"`,
    'model_provider = "fake"',
    'check_for_update_on_startup = false',
    opts.config ?? '',
    '',
    '[model_providers.fake]',
    'name = "Scripted fake model"',
    `base_url = "${server.baseUrl}"`,
    'env_key = "FAKE_MODEL_API_KEY"',
    'wire_api = "responses"',
    'request_max_retries = 0',
    'stream_max_retries = 0',
    '',
    '[features]',
    '# plugins resolve api.github.com / chatgpt.com at startup; off keeps all traffic on loopback',
    'plugins = false',
    '',
    '[analytics]',
    'enabled = false',
    '',
    '[feedback]',
    'enabled = false',
    '',
  ].join('\n');
}

function codexEnv(runDir: string, overrides?: Record<string, string | undefined>) {
  const home = join(runDir, 'home');
  const codexHome = join(runDir, 'codex-home');
  const tmp = join(runDir, 'tmp');
  for (const d of [home, codexHome, tmp]) mkdirSync(d, { recursive: true });
  const env = withOverrides(
    { ...baseEnv(home, tmp), CODEX_HOME: codexHome, FAKE_MODEL_API_KEY: 'harness-dummy-key', RUST_LOG: 'error' },
    overrides,
  );
  return { env, codexHome };
}

export async function runCodex(opts: CodexRunOptions): Promise<CodexRunResult> {
  assertRunInputs('Codex', opts.server, 'openai-responses', opts.project);
  const wrapper = requireHost('codex');
  const runDir = makeRunDir('codex', opts.runDir);
  const { env, codexHome } = codexEnv(runDir, opts.env);
  const trust = opts.trust ?? 'persisted';
  let config = codexConfigToml(opts.server, opts);
  if (opts.hooksJson) {
    const hooksPath = join(codexHome, 'hooks.json');
    writeFileSync(hooksPath, JSON.stringify(opts.hooksJson, null, 2));
    if (trust === 'persisted') config += `\n${renderCodexHookTrustToml(codexHookTrustEntries(hooksPath, opts.hooksJson))}`;
  }
  writeFileSync(join(codexHome, 'config.toml'), config);
  const args = ['exec', '--json', '--skip-git-repo-check', '--dangerously-bypass-approvals-and-sandbox'];
  if (trust === 'bypass') args.push('--dangerously-bypass-hook-trust');
  args.push(...(opts.args ?? []), opts.prompt);
  // the npm wrapper (node) execs the platform binary and forwards SIGTERM to it
  const result = await withRequests(opts.server, runDir, () =>
    runProcess({ command: process.execPath, args: [wrapper, ...args], cwd: opts.project, env, timeoutMs: opts.timeoutMs ?? DEFAULT_RUN_TIMEOUT_MS }),
  );
  return { ...result, codexHome, events: jsonLines(result.stdout) };
}

export interface CodexListedHook {
  key: string;
  eventName: string;
  command: string;
  matcher: string | null;
  timeoutSec: number;
  currentHash: string;
  trustStatus: string;
}

/**
 * Ask the real Codex which hooks it sees and how it hashes / trusts them
 * (`codex app-server`, JSON-RPC over stdio, method `hooks/list`).
 */
export function codexHooksList(opts: { codexHome: string; cwd: string; timeoutMs?: number }): Promise<CodexListedHook[]> {
  const bin = codexBinary();
  const runDir = dirname(opts.codexHome);
  const env = { ...baseEnv(join(runDir, 'home'), join(runDir, 'tmp')), CODEX_HOME: opts.codexHome, RUST_LOG: 'error' };
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['app-server'], { cwd: opts.cwd, env, stdio: ['pipe', 'pipe', 'ignore'] });
    let buf = '';
    let done = false;
    const finish = (err: Error | null, hooks?: CodexListedHook[]) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      child.stdin.end();
      if (child.exitCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
      if (err) reject(err);
      else resolve(hooks ?? []);
    };
    // a bound on a hang, not a latency check: on a loaded 2-core machine (the oracle beside it) 20 s was missed twice
    const timer = setTimeout(() => finish(new Error('codex app-server did not answer hooks/list in time')), opts.timeoutMs ?? 60_000);
    child.on('error', (e) => finish(e));
    child.on('exit', (code) => finish(new Error(`codex app-server exited (${code}) before answering hooks/list`)));
    const send = (msg: unknown) => child.stdin.write(`${JSON.stringify(msg)}\n`);
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString('utf8');
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        let msg: { id?: number; result?: { data?: Array<{ hooks?: CodexListedHook[] }> }; error?: unknown };
        try {
          msg = JSON.parse(line);
        } catch {
          continue;
        }
        if (msg.id === 1) {
          send({ method: 'initialized' });
          send({ id: 2, method: 'hooks/list', params: {} });
        } else if (msg.id === 2) {
          if (msg.error) finish(new Error(`hooks/list failed: ${JSON.stringify(msg.error)}`));
          else finish(null, (msg.result?.data ?? []).flatMap((x) => x.hooks ?? []));
        }
      }
    });
    send({ id: 1, method: 'initialize', params: { clientInfo: { name: 'stopline-harness', version: '0' } } });
  });
}
