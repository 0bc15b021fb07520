/**
 * A host's own record of a session's tool calls (Claude Code's transcript, Codex's rollout),
 * read for the per-session check (core/evidence/seen.ts): which calls ran, by id and tool, and
 * nothing else of them. Each host's line format lives in hosts/<host>/ behind CallRecordFormat;
 * this file reads the file within bounds and turns the calls into the turn end's RecordedCalls.
 *
 * The read never fails an event and never waits: a file that is missing, not a regular file
 * (a FIFO would block a read), too slow to read, or not text is `unreadable` with a short reason
 * the core turns into one diagnostic line. A record larger than the size bound is read from its
 * end (the newest calls, those of the turn that just ended) and marked truncated. Only lines
 * holding the format's marker are parsed, so the many lines a transcript keeps of prompts,
 * attachments and requests cost a substring test each.
 */
import { nodeRead } from '../../core/state/node-read';
import { findToolEntry } from '../../core/registry/lookup';
import type { HostRegistry } from '../../core/registry/types';
import type { RecordedCall, TurnEnd } from '../../core/protocol';
import { isRecord } from '../../core/check';

/** One tool call as a record format reads it. */
interface ParsedCall {
  id: string;
  /** the tool's name as the record spells it */
  tool: string;
  /** ms since the epoch, when the record says */
  at?: number;
  /** false when the record says the host refused the call before running it (no hook fires then) */
  ran: boolean;
}

/** The calls of one record, in the order first seen; a call and its result may be lines apart. */
export class CallLog {
  private readonly calls = new Map<string, ParsedCall>();
  private readonly refused = new Set<string>();

  call(id: unknown, tool: unknown, at?: unknown): void {
    if (typeof id !== 'string' || id === '' || typeof tool !== 'string' || this.calls.has(id)) return;
    const c: ParsedCall = { id, tool, ran: true };
    const ms = typeof at === 'string' ? Date.parse(at) : NaN;
    if (!Number.isNaN(ms) && ms >= 0) c.at = ms;
    this.calls.set(id, c);
  }

  /** The host answered this call without running it (a malformed input, a tool it does not have). */
  refuse(id: unknown): void {
    if (typeof id === 'string') this.refused.add(id);
  }

  list(): ParsedCall[] {
    return [...this.calls.values()].map((c) => (this.refused.has(c.id) ? { ...c, ran: false } : c));
  }
}

/** A host's line format (hosts/claude/transcript.ts, hosts/codex/rollout.ts). */
export interface CallRecordFormat {
  /** only a line that holds this text can name a call or its result: the filter before a parse */
  marker: string;
  /** note the calls and refusals one parsed line holds */
  take(line: Record<string, unknown>, log: CallLog): void;
}

export interface ReadLimits {
  /** bytes read at most, from the end of the record */
  maxBytes: number;
  /** parsing stops, and the record counts as unreadable, past this many ms */
  maxMs: number;
  now?: () => number;
}

/**
 * At a turn end: 16 MiB is the newest part of a long Claude Code session (its transcript keeps
 * every request's prompt beside the messages, ~30-50 KB a request) and reads and filters in
 * well under the time bound; the bound keeps a turn end from ever holding a resident evaluator.
 */
const TURN_END_LIMITS: ReadLimits = { maxBytes: 16 * 1024 * 1024, maxMs: 1500 };

type RecordRead = { ok: true; calls: ParsedCall[]; truncated: boolean } | { ok: false; why: string };

function errorWords(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code ?? (err instanceof Error ? err.name : 'error');
}

/** The text of the record, whole or its last `maxBytes` (from the first whole line). */
function readText(path: string, maxBytes: number): { text: string; truncated: boolean } | { why: string } {
  let size: number;
  try {
    const st = nodeRead.stat(path);
    if (!st) return { why: 'ENOENT' };
    if (st.kind !== 'file') return { why: 'not a regular file' };
    size = st.size;
  } catch (err) {
    return { why: errorWords(err) };
  }
  try {
    if (size <= maxBytes) return { text: nodeRead.text(path), truncated: false };
    const text = nodeRead.tail(path, maxBytes);
    // the first line is cut: it starts before the part read
    return { text: text.slice(text.indexOf('\n') + 1), truncated: true };
  } catch (err) {
    return { why: errorWords(err) };
  }
}

/** Read the calls of one record file within the limits. Never throws. */
export function readCallRecord(path: string, format: CallRecordFormat, limits: ReadLimits = TURN_END_LIMITS): RecordRead {
  const now = limits.now ?? Date.now;
  const started = now();
  const got = readText(path, limits.maxBytes);
  if ('why' in got) return { ok: false, why: got.why };
  const log = new CallLog();
  let n = 0;
  for (const line of got.text.split('\n')) {
    if (!line.includes(format.marker)) continue;
    if (++n % 64 === 0 && now() - started > limits.maxMs) return { ok: false, why: `reading took over ${limits.maxMs} ms` };
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      continue;
    }
    if (isRecord(v)) format.take(v, log);
  }
  if (now() - started > limits.maxMs) return { ok: false, why: `reading took over ${limits.maxMs} ms` };
  return { ok: true, calls: log.list(), truncated: got.truncated };
}

/** The calls that ran, as the turn end hands them to the core: id, the tool's kind, no hook. */
export function recordedCalls(registry: HostRegistry, calls: readonly ParsedCall[]): RecordedCall[] {
  const out: RecordedCall[] = [];
  for (const c of calls) {
    if (!c.ran) continue;
    const entry = findToolEntry(registry, c.tool);
    const r: RecordedCall = { id: c.id, kind: entry?.kind ?? 'unknown' };
    if (entry?.noHook) r.noHook = true;
    if (c.at !== undefined) r.at = c.at;
    out.push(r);
  }
  return out;
}

/**
 * The `record` of a turn end: the record file the host named, read and mapped; `unreadable` when
 * the payload names none or it could not be read.
 */
export function turnEndRecord(registry: HostRegistry, path: string | undefined, format: CallRecordFormat, limits: ReadLimits = TURN_END_LIMITS): NonNullable<TurnEnd['record']> {
  if (!path) return { calls: [], truncated: false, unreadable: 'the host named no record' };
  const r = readCallRecord(path, format, limits);
  if (!r.ok) return { calls: [], truncated: false, unreadable: r.why };
  return { calls: recordedCalls(registry, r.calls), truncated: r.truncated };
}
