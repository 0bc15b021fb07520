/**
 * The table headers of a TOML file read at text level, for installers that edit a host's TOML
 * config in place (comments, key order and every other table stay as written).
 */
import type { Line } from './text-lines';

export class TomlEditError extends Error {}

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
