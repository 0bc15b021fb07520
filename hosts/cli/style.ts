/**
 * Terminal colours: only when the stream is a TTY, and never when NO_COLOR or
 * STOPLINE_NO_COLOR is set to a non-empty value (https://no-color.org).
 */

export interface Stream {
  write(text: string): unknown;
  isTTY?: boolean;
}

export type Env = Readonly<Record<string, string | undefined>>;

export interface Style {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

/** @keep colorEnabled whether output is coloured (TTY, NO_COLOR, STOPLINE_NO_COLOR): the tests set each */
export function colorEnabled(stream: Stream, env: Env): boolean {
  if (nonEmpty(env.NO_COLOR) || nonEmpty(env.STOPLINE_NO_COLOR)) return false;
  return stream.isTTY === true;
}

function nonEmpty(value: string | undefined): boolean {
  return value !== undefined && value !== '';
}

const sgr = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;
const plain = (text: string) => text;

export function styleFor(stream: Stream, env: Env): Style {
  if (!colorEnabled(stream, env)) return { bold: plain, dim: plain, red: plain, green: plain, yellow: plain, cyan: plain };
  return { bold: sgr(1, 22), dim: sgr(2, 22), red: sgr(31, 39), green: sgr(32, 39), yellow: sgr(33, 39), cyan: sgr(36, 39) };
}
