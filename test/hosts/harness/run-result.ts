import type { FakeModelServer, ProtocolName } from './fake-server';
import type { ProcessResult } from './process';
import type { RecordedRequest } from './script';

export interface HostRunResult extends ProcessResult {
  /** the requests the fake model server received during this run, in order */
  requests: RecordedRequest[];
  /** the run folder (isolated HOME, temp dir, host config); kept for inspection */
  runDir: string;
}

export function assertProtocol(server: FakeModelServer, wanted: ProtocolName, host: string): void {
  if (server.protocol !== wanted) {
    throw new TypeError(`${host} talks ${wanted}, but the server given speaks ${server.protocol}`);
  }
}

/** Run `fn`, returning its process result plus the server requests that arrived meanwhile. */
export async function withRequests(server: FakeModelServer, runDir: string, fn: () => Promise<ProcessResult>): Promise<HostRunResult> {
  const first = server.requests.length;
  const result = await fn();
  return { ...result, requests: server.requests.slice(first), runDir };
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
