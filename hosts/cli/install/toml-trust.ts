/**
 * Text-level edits of Codex's config.toml for the per-hook trust tables
 *   [hooks.state."<hooks.json path>:<event_snake>:<group>:<handler>"]
 *   trusted_hash = "sha256:…"
 * Only those tables are touched; comments, key order and every other table stay as
 * written. A table is added at the end of the file, removed together with the blank line
 * that was added before it, and renamed in place when a group index moves.
 */
import type { TrustEntry } from './codex-hook-trust';
import { splitLines, type Line } from './text-lines';
import { renderTrustHeader, renderTrustTables } from './codex-trust';

export class TomlEditError extends Error {}

export type { TrustEntry } from './codex-hook-trust';

interface TableBlock {
  /** dotted key parts of the header, decoded */
  keys: string[];
  headerLine: number;
  /** index of the last line that belongs to this table's body (comments/blanks before the next header belong to it only when followed by more body) */
  lastBodyLine: number;
}

/** Decodes `[a."b c".'d']`; null when the line is not a plain table header. */
export function parseTableHeader(line: string): string[] | null {
  let pos = 0;
  const s = line;
  const ws = () => {
    while (s[pos] === ' ' || s[pos] === '\t') pos++;
  };
  ws();
  if (s[pos] !== '[' || s[pos + 1] === '[') return null;
  pos++;
  const keys: string[] = [];
  for (;;) {
    ws();
    const c = s[pos];
    if (c === '"') {
      let j = pos + 1;
      while (j < s.length && s[j] !== '"') j += s[j] === '\\' ? 2 : 1;
      if (j >= s.length) return null;
      try {
        keys.push(JSON.parse(s.slice(pos, j + 1)) as string);
      } catch {
        return null; // TOML escapes JSON does not know (\e, \x); not a key we wrote
      }
      pos = j + 1;
    } else if (c === "'") {
      const j = s.indexOf("'", pos + 1);
      if (j < 0) return null;
      keys.push(s.slice(pos + 1, j));
      pos = j + 1;
    } else {
      const m = /^[A-Za-z0-9_-]+/.exec(s.slice(pos));
      if (!m) return null;
      keys.push(m[0]);
      pos += m[0].length;
    }
    ws();
    if (s[pos] === '.') {
      pos++;
      continue;
    }
    if (s[pos] !== ']') return null;
    pos++;
    ws();
    return pos === s.length || s[pos] === '#' ? keys : null;
  }
}

/** Header lines, skipping anything inside multi-line strings. */
export function scanTables(lines: Line[]): { tables: TableBlock[]; headerLines: Set<number> } {
  const tables: TableBlock[] = [];
  const headerLines = new Set<number>();
  let openDelimiter: '"""' | "'''" | null = null;
  lines.forEach((line, i) => {
    if (openDelimiter) {
      if (line.text.includes(openDelimiter)) openDelimiter = null;
      return;
    }
    const trimmed = line.text.trim();
    if (trimmed.startsWith('[')) {
      headerLines.add(i);
      const keys = parseTableHeader(line.text);
      tables.push({ keys: keys ?? [], headerLine: i, lastBodyLine: i });
      return;
    }
    // a value that opens a multi-line string and does not close it on the same line
    for (const d of ['"""', "'''"] as const) {
      const at = line.text.indexOf(d);
      if (at >= 0 && line.text.indexOf(d, at + 3) < 0 && !line.text.slice(0, at).includes('#')) openDelimiter = d;
    }
    const current = tables[tables.length - 1];
    if (current && trimmed !== '' && !trimmed.startsWith('#')) current.lastBodyLine = i;
  });
  // a multi-line string's continuation lines are body lines too
  for (let t = 0; t < tables.length; t++) {
    const next = tables[t + 1]?.headerLine ?? lines.length;
    const block = tables[t]!;
    for (let i = next - 1; i > block.lastBodyLine; i--) {
      const trimmed = lines[i]!.text.trim();
      if (trimmed !== '' && !trimmed.startsWith('#')) {
        block.lastBodyLine = i;
        break;
      }
    }
  }
  return { tables, headerLines };
}

function isTrustTable(keys: string[], key: string): boolean {
  return keys.length === 3 && keys[0] === 'hooks' && keys[1] === 'state' && keys[2] === key;
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
    const [a, b, key] = table.keys;
    if (table.keys.length !== 3 || a !== 'hooks' || b !== 'state' || key === undefined) continue;
    const renamed = renames.get(key);
    if (renamed === undefined) continue;
    const line = lines[table.headerLine]!;
    const comment = /\]\s*(#.*)$/.exec(line.text)?.[1];
    const header = `${renderTrustHeader(renamed)}${comment ? ' ' + comment : ''}`;
    text = text.slice(0, line.start) + header + text.slice(line.start + line.text.length);
  }
  return text;
}
