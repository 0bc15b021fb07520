/**
 * Run one `http` hook: POST the payload JSON, bounded by the hook's timeout and the host's
 * AbortSignal. Header values expand `$VAR` / `${VAR}` from the environment; when the hook
 * lists `allowedEnvVars` (always for Claude hooks) only those expand and any other
 * reference becomes '' — so a copied settings file cannot ship arbitrary secrets off-box.
 */
import type { RawRun } from './decode';
import { expandHeaderValue, type HttpSpec } from './run-spec';

/** @keep expandHeaderValue a header value's variables: the tests check both spellings and an unknown name */
export { expandHeaderValue } from './run-spec';

async function readCapped(res: Response, max: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size < max) {
      const part = value.length > max - size ? value.subarray(0, max - size) : value;
      parts.push(part);
      size += part.length;
    }
  }
  return Buffer.concat(parts).toString('utf8');
}

export async function runHttp(spec: HttpSpec): Promise<RawRun> {
  if (spec.signal?.aborted) return { kind: 'aborted' };
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, spec.timeoutMs);
  const onAbort = (): void => controller.abort();
  spec.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    for (const [k, v] of Object.entries(spec.headers ?? {})) headers[k] = expandHeaderValue(v, spec.env, spec.allowedEnvVars);
    const res = await fetch(spec.url, { method: 'POST', headers, body: spec.body, signal: controller.signal });
    const body = await readCapped(res, spec.maxBodyBytes ?? 4 * 1024 * 1024);
    return { kind: 'http', status: res.status, body };
  } catch (err) {
    if (timedOut) return { kind: 'timeout', afterMs: spec.timeoutMs };
    if (spec.signal?.aborted) return { kind: 'aborted' };
    // name the cause (ECONNREFUSED, bad header) without echoing header values
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? (err instanceof TypeError ? 'invalid request' : err instanceof Error ? err.name : 'error');
    return { kind: 'request-error', message: why };
  } finally {
    clearTimeout(timer);
    spec.signal?.removeEventListener('abort', onAbort);
  }
}
