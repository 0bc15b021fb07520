import { existsSync, mkdirSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { FakeModelServer, ProtocolName } from './fake-server';
import { makeRunDir, parseJsonOutput, runProcess, type ProcessResult, type ProcessSpec } from './process';
import type { RecordedRequest } from './script';

export interface HostRunResult extends ProcessResult {
  /** the requests the fake model server received during this run, in order */
  requests: RecordedRequest[];
  /** the run folder (isolated HOME, temp dir, host config); kept for inspection */
  runDir: string;
}

/** What every host runner takes; each runner's options add its host's own knobs. */
export interface HostRunOptions {
  /** working directory of the run: an existing folder, given as an absolute path */
  project: string;
  prompt: string;
  /** a fake model server speaking the host's protocol (assertRunInputs checks which) */
  server: FakeModelServer;
  /** extra CLI arguments */
  args?: string[];
  /** environment overrides (undefined removes a variable) */
  env?: Record<string, string | undefined>;
  /** default 180 s */
  timeoutMs?: number;
  /** run folder (default: a new temp folder) */
  runDir?: string;
}

/** Runner preconditions, checked before anything is written or spawned. */
export function assertRunInputs(host: string, server: FakeModelServer, wanted: ProtocolName, project: string): void {
  if (server.protocol !== wanted) {
    throw new TypeError(`${host} talks ${wanted}, but the server given speaks ${server.protocol}`);
  }
  if (!isAbsolute(project) || !existsSync(project) || !statSync(project).isDirectory()) {
    throw new TypeError(`${host}: project must be an existing folder given as an absolute path, got "${project}"`);
  }
}

/** Default wall-clock bound of one host run (generous: a loaded 2-core box slows OpenCode a lot). */
export const DEFAULT_RUN_TIMEOUT_MS = 180_000;

/** Run `fn`, returning its process result plus the server requests that arrived meanwhile. */
export async function withRequests(server: FakeModelServer, runDir: string, fn: () => Promise<ProcessResult>): Promise<HostRunResult> {
  const first = server.requests.length;
  const result = await fn();
  return { ...result, requests: server.requests.slice(first), runDir };
}

/** A run's folders, created: the run folder, its HOME (`home`, else `<runDir>/home`) with the host's config folder `configDir` in it, and a TMP. */
export function runFolders(host: string, configDir: string, opts: { runDir?: string; home?: string }): { runDir: string; home: string; tmp: string; config: string } {
  const runDir = makeRunDir(host, opts.runDir);
  const home = opts.home ?? join(runDir, 'home');
  const tmp = join(runDir, 'tmp');
  const config = join(home, configDir);
  for (const d of [home, tmp, config]) mkdirSync(d, { recursive: true });
  return { runDir, home, tmp, config };
}

/** A headless turn whose stdout is one JSON document: the process result, the requests of the run, and that document (undefined when stdout is not one). */
export async function runJsonTurn(
  server: FakeModelServer,
  folders: { runDir: string; home: string },
  spec: Omit<ProcessSpec, 'timeoutMs'> & { timeoutMs?: number | undefined },
): Promise<HostRunResult & { home: string; output: unknown }> {
  const result = await withRequests(server, folders.runDir, () => runProcess({ ...spec, timeoutMs: spec.timeoutMs ?? DEFAULT_RUN_TIMEOUT_MS }));
  return { ...result, home: folders.home, output: parseJsonOutput(result.stdout) };
}

/** One run of a host's command in its run folders (runFolders), with the requests its fake server received and its stdout's JSON lines as `events`. */
export async function runLines(
  server: FakeModelServer,
  folders: { runDir: string; home: string },
  spec: Omit<ProcessSpec, 'timeoutMs'> & { timeoutMs?: number | undefined },
): Promise<HostRunResult & { home: string; events: unknown[] }> {
  const result = await withRequests(server, folders.runDir, () => runProcess({ ...spec, timeoutMs: spec.timeoutMs ?? DEFAULT_RUN_TIMEOUT_MS }));
  return { ...result, home: folders.home, events: jsonLines(result.stdout) };
}

/** Parse JSON-lines output (e.g. `codex exec --json`, `opencode run --format json`); non-JSON lines are skipped. */
export function jsonLines(text: string): unknown[] {
  const out: unknown[] = [];
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (!t.startsWith('{')) continue;
    try {
      out.push(JSON.parse(t));
    } catch {
      /* not a JSON line */
    }
  }
  return out;
}
