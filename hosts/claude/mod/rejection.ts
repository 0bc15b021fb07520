/** The errno a `$.fs` rejection names (`<plugin>: $.fs.stat(<path>) failed: ENOENT`), else EIO. */
export function errorCode(err: unknown): string {
  const m = /\b(E[A-Z]{2,})\b\s*$/.exec(err instanceof Error ? err.message : String(err));
  return m ? m[1]! : 'EIO';
}
