/**
 * The one place the installer and doctor read and edit Codex's per-hook trust entries. Codex
 * runs a user hook only when `config.toml` holds
 *   [hooks.state."<abs hooks.json>:<event_snake>:<group>:<handler>"]
 *   trusted_hash = "sha256:<hex>"
 * for exactly that handler; otherwise it skips the hook without a word. The computation and
 * the TOML rendering belong to hook-trust.ts; this file picks stopline's own handlers out of
 * the result, names keys for handlers that moved, and edits those tables at text level: only
 * they are touched, a table is added at the end of the file, removed together with the blank
 * line that was added before it, and renamed in place when a group index moves.
 */
import { parseTableHeader, scanTables, TomlEditError } from '../cli/install/toml-trust';
import { splitLines, type Line } from '../cli/install/text-lines';
import { CODEX_HOOK_EVENTS, codexEventLabel, codexHookTrustEntries, renderCodexHookTrustToml, type CodexHookEvent, type TrustEntry } from './hook-trust';

export type { TrustEntry } from './hook-trust';

interface GroupPosition {
  event: string;
  groupIndex: number;
}

/**
 * Trust entries for the handlers of the groups at `positions` in the parsed hooks.json
 * (`hooksJsonPath` = the path as Codex names it). Computed over the whole file, as Codex
 * does, so the indices are the ones Codex sees.
 */
export function trustEntriesFor(hooksJsonPath: string, hooksFile: unknown, positions: readonly GroupPosition[]): TrustEntry[] {
  const wanted = new Set(positions.map((p) => `${p.event}\u0000${p.groupIndex}`));
  return codexHookTrustEntries(hooksJsonPath, hooksFile)
    .filter((e) => wanted.has(`${e.event}\u0000${e.groupIndex}`))
    .map((e) => ({ key: e.key, trustedHash: e.trustedHash }));
}

function isCodexEvent(event: string): event is CodexHookEvent {
  return (CODEX_HOOK_EVENTS as readonly string[]).includes(event);
}

/** The trust key of one handler position (used to carry trust along when a group moves). */
export function trustKey(hooksJsonPath: string, event: string, groupIndex: number, handlerIndex: number): string | undefined {
  if (!isCodexEvent(event)) return undefined; // Codex ignores the event, so it has no trust entry
  return `${hooksJsonPath}:${codexEventLabel(event)}:${groupIndex}:${handlerIndex}`;
}

/** `[hooks.state."…"]\ntrusted_hash = "…"\n` for each entry, blank line between tables. */
function renderTrustTables(entries: readonly TrustEntry[]): string {
  // the renderer reads only key and trustedHash; the other fields fill its entry type
  return renderCodexHookTrustToml(entries.map((e) => ({ ...e, event: 'PreToolUse', groupIndex: 0, handlerIndex: 0 })));
}

/** The header line Codex's renderer writes for `key`. */
function renderTrustHeader(key: string): string {
  return renderTrustTables([{ key, trustedHash: '' }]).split('\n')[0]!;
}

function isTrustTable(keys: string[], key: string): boolean {
  return trustTableKey(keys) === key;
}

const quoted = (s: string): string => JSON.stringify(s);

/**
 * A table for one of our keys must be the only place that key is defined, or the file
 * would stop parsing. When the key text shows up elsewhere (an inline table, a dotted
 * key), refuse rather than guess.
 */
function assertNoForeignMention(lines: Line[], headerLines: Set<number>, key: string, file: string): void {
  const needles = [key, quoted(key).slice(1, -1)];
  lines.forEach((line, i) => {
    if (headerLines.has(i)) return;
    if (needles.some((n) => line.text.includes(n))) {
      throw new TomlEditError(`${file}: line ${i + 1} already mentions the trust key ${quoted(key)} in a form stopline does not edit; remove that entry by hand, then run the install again`);
    }
  });
}

/** Adds or updates the trust tables for `entries`; unchanged tables are left alone. */
export function upsertTrustEntries(text: string, entries: readonly TrustEntry[], file: string): string {
  const toAppend: TrustEntry[] = [];
  for (const entry of entries) {
    const lines = splitLines(text);
    const { tables, headerLines } = scanTables(lines);
    assertNoForeignMention(lines, headerLines, entry.key, file);
    const matches = tables.filter((t) => isTrustTable(t.keys, entry.key));
    if (matches.length > 1) throw new TomlEditError(`${file}: the table for ${quoted(entry.key)} appears ${matches.length} times; Codex cannot read this file, fix it by hand`);
    const table = matches[0];
    if (!table) {
      toAppend.push(entry);
      continue;
    }
    const body = lines.slice(table.headerLine + 1, table.lastBodyLine + 1);
    const at = body.findIndex((l) => /^\s*trusted_hash\s*=/.test(l.text));
    const wantedLine = renderTrustTables([entry]).split('\n')[1]!;
    if (at < 0) {
      const header = lines[table.headerLine]!;
      text = text.slice(0, header.end) + (header.end === text.length && !text.endsWith('\n') ? '\n' : '') + wantedLine + '\n' + text.slice(header.end);
      continue;
    }
    const line = body[at]!;
    const value = /=\s*("(?:[^"\\]|\\.)*"|'[^']*')/.exec(line.text)?.[1];
    const current = value === undefined ? undefined : value.startsWith("'") ? value.slice(1, -1) : (JSON.parse(value) as string);
    if (current === entry.trustedHash) continue;
    const lineEnd = line.start + line.text.length;
    text = text.slice(0, line.start) + wantedLine + text.slice(lineEnd);
  }
  if (toAppend.length) {
    let out = text;
    if (out.length && !out.endsWith('\n')) out += '\n';
    out += (out.length ? '\n' : '') + renderTrustTables(toAppend);
    text = out;
  }
  return text;
}

/** Removes the trust tables for `keys` (and the blank line in front of each). */
export function removeTrustEntries(text: string, keys: readonly string[]): string {
  for (const key of keys) {
    const lines = splitLines(text);
    const { tables } = scanTables(lines);
    const table = tables.find((t) => isTrustTable(t.keys, key));
    if (!table) continue;
    let first = table.headerLine;
    if (first > 0 && lines[first - 1]!.text.trim() === '') first--;
    const start = lines[first]!.start;
    const end = lines[table.lastBodyLine]!.end;
    text = text.slice(0, start) + text.slice(end);
  }
  return text;
}

/** Renames trust tables whose key changed (a group moved to another index). */
export function renameTrustEntries(text: string, renames: ReadonlyMap<string, string>): string {
  if (renames.size === 0) return text;
  const lines = splitLines(text);
  const { tables } = scanTables(lines);
  // all at once from the back: renames may form chains (3 -> 2, 4 -> 3)
  for (const table of [...tables].reverse()) {
    const key = trustTableKey(table.keys);
    if (key === undefined) continue;
    const renamed = renames.get(key);
    if (renamed === undefined) continue;
    const line = lines[table.headerLine]!;
    const comment = /\]\s*(#.*)$/.exec(line.text)?.[1];
    const header = `${renderTrustHeader(renamed)}${comment ? ' ' + comment : ''}`;
    text = text.slice(0, line.start) + header + text.slice(line.start + line.text.length);
  }
  return text;
}

/**
 * The tables of config.toml with their body lines, for the readers of trust and plugin entries: a
 * table starts at a line parseTableHeader reads as a plain header (an array table's lines stay in
 * the table before it).
 */
export function configTables(toml: string): { keys: string[]; body: string[] }[] {
  const tables: { keys: string[]; body: string[] }[] = [];
  for (const line of toml.split('\n')) {
    const keys = parseTableHeader(line.replace(/\r$/, ''));
    if (keys) tables.push({ keys, body: [] });
    else tables.at(-1)?.body.push(line);
  }
  return tables;
}

/** The key of a `[hooks.state."…"]` table, or undefined for any other table. */
export function trustTableKey(keys: readonly string[]): string | undefined {
  return keys.length === 3 && keys[0] === 'hooks' && keys[1] === 'state' ? keys[2] : undefined;
}

/** `trusted_hash` of every `[hooks.state."…"]` table in config.toml. */
export function trustedHashes(toml: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const { keys, body } of configTables(toml)) {
    const key = trustTableKey(keys);
    if (key === undefined) continue;
    for (const line of body) {
      const m = /^\s*trusted_hash\s*=\s*"([^"]*)"/.exec(line);
      if (m) out.set(key, m[1]!);
    }
  }
  return out;
}
