/**
 * Reading a command hook's stdin with two bounds, so a misbehaving host (or a person running
 * the script by hand) can never make the hook hang until the host's own timeout kills it:
 * that kill is an allow on both Claude Code and Codex, whatever the fail mode says.
 *
 * - size: at most MAX_HOOK_INPUT_BYTES (8 MiB). A larger payload is refused as soon as the
 *   limit is crossed (the rest is not buffered).
 * - time: stdin must reach end-of-file within STDIN_TIMEOUT_MS. A host writes one JSON
 *   object and close the pipe at once, so a few seconds is generous and still far below the
 *   hook timeouts stopline registers (10 s).
 */

/**
 * Largest hook payload accepted. A Write of a big file is the realistic maximum.
 * @keep MAX_HOOK_INPUT_BYTES the stdin bound: the tests feed input at it and over it
 */
export const MAX_HOOK_INPUT_BYTES = 8 * 1024 * 1024;
/** How long to wait for stdin to close. */
const STDIN_TIMEOUT_MS = 3000;
/** After the bound: how long the reader waits for bytes already in the pipe before giving up. */
const STARVATION_GRACE_MS = 250;

export type StdinResult =
  | { ok: true; text: string }
  | { ok: false; reason: 'too-large' | 'timeout' | 'error'; message: string };

/** @keep StdinLimits the bounds the tests set small */
export interface StdinLimits {
  maxBytes?: number;
  timeoutMs?: number;
}

function mib(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB`;
}

/**
 * The bound on time: a CPU-starved hook (many hooks at once on a small
 * machine) wakes up with the bound already passed while the whole payload sits unread in the
 * pipe (timers run before the event loop polls I/O). So an expired bound is only final once a
 * grace period has passed with no new bytes; while bytes keep arriving it is extended, up to
 * three bounds in all. `size()` is the byte count read so far.
 */
function timeBound(timeoutMs: number, size: () => number, onTimeout: () => void, later: Schedule): { stop(): void } {
  const started = Date.now();
  let seenAtLastCheck = -1;
  let stopped = false;
  const onBound = (): void => {
    if (stopped) return;
    const waited = Date.now() - started;
    if (size() !== seenAtLastCheck && waited < timeoutMs * 3) {
      seenAtLastCheck = size();
      cancel = later(Math.min(STARVATION_GRACE_MS, timeoutMs), onBound);
      return;
    }
    onTimeout();
  };
  let cancel = later(timeoutMs, onBound);
  return {
    stop() {
      stopped = true;
      cancel();
    },
  };
}

/** Run `fn` after `ms`; the returned function cancels it (runtime-io.ts gives each runtime's cheapest). */
type Schedule = (ms: number, fn: () => void) => () => void;

const setTimeoutSchedule: Schedule = (ms, fn) => {
  const t = setTimeout(fn, ms);
  return () => clearTimeout(t);
};

function tooLarge(maxBytes: number): StdinResult {
  return { ok: false, reason: 'too-large', message: `hook input larger than ${mib(maxBytes)} refused` };
}

function timedOut(timeoutMs: number): StdinResult {
  return { ok: false, reason: 'timeout', message: `hook input did not end within ${timeoutMs} ms` };
}

function joined(chunks: readonly Uint8Array[], size: number): string {
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder('utf-8').decode(all);
}

/**
 * The same bounds over a pull reader (`read()` gives the next chunk, null at the end), the form
 * each runtime's cheapest stdin door takes (hosts/shared/runtime-io.ts). Never rejects. After a
 * refusal the pending read is left behind: the caller answers and exits.
 */
export function readBoundedChunks(read: () => Promise<Uint8Array | null>, limits: StdinLimits = {}, later: Schedule = setTimeoutSchedule): Promise<StdinResult> {
  const maxBytes = limits.maxBytes ?? MAX_HOOK_INPUT_BYTES;
  const timeoutMs = limits.timeoutMs ?? STDIN_TIMEOUT_MS;
  return new Promise((resolve) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    let settled = false;
    const finish = (result: StdinResult): void => {
      if (settled) return;
      settled = true;
      bound.stop();
      resolve(result);
    };
    const bound = timeBound(timeoutMs, () => size, () => finish(timedOut(timeoutMs)), later);
    const pull = async (): Promise<void> => {
      for (;;) {
        const chunk = await read();
        if (settled) return;
        if (chunk === null) return finish({ ok: true, text: joined(chunks, size) });
        size += chunk.byteLength;
        if (size > maxBytes) return finish(tooLarge(maxBytes));
        chunks.push(chunk);
      }
    };
    pull().catch((err: unknown) => {
      const why = err instanceof Error ? err.message : String(err);
      finish({ ok: false, reason: 'error', message: `hook input could not be read: ${why}` });
    });
  });
}
