/**
 * The session's turn prompts, read from Vibe's session journal: Vibe 3.0.2 has no prompt event,
 * and a `$stopline` directive is in the person's prompt. The payload's
 * `transcript_path` is the session's folder; its `journal/*.jsonl` files are append-only records,
 * and a turn starts with a `command_reserved` record whose payload is
 * `{client_command_id, method: "turn/start", params: {injected, message: [{type: "text", text}]}}`
 * (observed on 3.0.2: it is written before the turn's first model request, so every pre_tool of
 * the turn finds it). All of them are handed on, oldest first: a turn in which the model called
 * no tool still counts at the next turn's first call. `injected: false` is the person's own message; an injected one is Vibe's
 * (a post_agent retry, a loop), never the person.
 *
 * Only those records are read: at most MAX_BYTES of the end of each of the newest MAX_FILES journal
 * files, the last MAX_TURNS turns. A folder that cannot be read, or no record in the bounded read,
 * is no prompt: the call is judged under the contract the session already has.
 */
import { closeSync, fstatSync, openSync, readSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface TurnPrompt {
  /** the turn's id (client_command_id): the key the core takes the prompt once by */
  key: string;
  text: string;
  /** false: Vibe's own message (a retry after a post_agent deny, a loop) */
  person: boolean;
}

/** The end of a journal file read, per file (a long session's model inputs make them large). */
const MAX_BYTES = 8 * 1024 * 1024;
/** Journal files looked at (the newest ones). */
const MAX_FILES = 2;
/** Turns handed on (the newest ones). */
const MAX_TURNS = 32;

const TURN_START = '"turn/start"';

function tail(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const len = Math.min(size, MAX_BYTES);
    const buf = Buffer.alloc(len);
    let got = 0;
    while (got < len) {
      const n = readSync(fd, buf, got, len - got, size - len + got);
      if (n <= 0) break;
      got += n;
    }
    return buf.subarray(0, got).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * A `turn/start` record's prompt, or null when the line is not one.
 * @keep turnStartOf a turn's start read from Vibe's session journal: the tests check person and injected
 *   turns
 */
export function turnStartOf(line: string): TurnPrompt | null {
  if (!line.includes(TURN_START)) return null;
  let rec: unknown;
  try {
    rec = JSON.parse(line);
  } catch {
    return null;
  }
  const payload = obj(obj(rec)?.payload);
  if (obj(rec)?.type !== 'command_reserved' || payload?.method !== 'turn/start') return null;
  const params = obj(payload.params);
  const key = payload.client_command_id;
  if (!params || typeof key !== 'string' || key === '' || !Array.isArray(params.message)) return null;
  const text = params.message
    .map((part) => obj(part))
    .filter((part) => part?.type === 'text' && typeof part.text === 'string')
    .map((part) => part!.text as string)
    .join('\n');
  return { key, text, person: params.injected === false };
}

function obj(v: unknown): Record<string, unknown> | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** Every turn's prompt in a journal text, in order. */
function turnStarts(text: string): TurnPrompt[] {
  return text.split('\n').flatMap((line) => {
    const found = turnStartOf(line);
    return found ? [found] : [];
  });
}

/** The session's turn prompts from its folder, oldest first (see the header); [] when none can be read. */
export function readTurnPrompts(sessionDir: string): TurnPrompt[] {
  let files: string[];
  try {
    const dir = join(sessionDir, 'journal');
    files = readdirSync(dir)
      .filter((n) => n.endsWith('.jsonl'))
      .sort()
      .slice(-MAX_FILES)
      .map((n) => join(dir, n));
  } catch {
    return [];
  }
  const out: TurnPrompt[] = [];
  for (const f of files) {
    try {
      out.push(...turnStarts(tail(f)));
    } catch {
      // an unreadable file holds no prompt
    }
  }
  return out.slice(-MAX_TURNS);
}
