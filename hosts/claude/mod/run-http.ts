/**
 * core/hooks/run-http.ts for the Claude Code mod (the mod's build points that module here): a
 * person's http hook is POSTed through `$.http.fetch`, bounded by its timeout. Header values
 * expand `$VAR` from the environment exactly as the process door does (only the names the hook
 * lists when it lists any).
 */
import type { RawRun } from '../../../core/hooks/decode';
import { expandHeaderValue, type HttpSpec } from '../../../core/hooks/run-spec';
import { hostRunners } from './host-runners';


export async function runHttp(spec: HttpSpec): Promise<RawRun> {
  const host = hostRunners();
  if (!host) return { kind: 'request-error', message: 'no host fetch (outside a decision)' };
  if (host.isDryRun() || spec.signal?.aborted) return { kind: 'aborted' };
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const [k, v] of Object.entries(spec.headers ?? {})) headers[k] = expandHeaderValue(v, spec.env, spec.allowedEnvVars);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<RawRun>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timeout', afterMs: spec.timeoutMs }), spec.timeoutMs);
  });
  try {
    const answer = host.fetch(spec.url, { method: 'POST', headers, body: spec.body }).then(
      (r): RawRun => ({ kind: 'http', status: r.status, body: r.text.slice(0, spec.maxBodyBytes ?? 4 * 1024 * 1024) }),
      (): RawRun => ({ kind: 'request-error', message: 'request refused or failed' }),
    );
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
