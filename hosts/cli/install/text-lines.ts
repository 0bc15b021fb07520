/**
 * A config file's text as lines with their offsets, for the text-level editors (config.yaml,
 * config.toml) that change one line and keep every other byte as written.
 */
export interface Line {
  /** the line without its line break (a trailing \r dropped) */
  text: string;
  /** offset of the line in the document */
  start: number;
  /** offset after the line break (or the end of the text) */
  end: number;
}

export function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start < text.length) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl + 1;
    lines.push({ text: text.slice(start, nl < 0 ? text.length : nl).replace(/\r$/, ''), start, end });
    start = end;
  }
  return lines;
}
