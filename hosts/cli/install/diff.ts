/**
 * A small unified diff (the `diff -u` format people already read) for `--dry-run`.
 * Config edits are local, so common leading and trailing lines are trimmed first and a
 * plain LCS runs only on the changed middle.
 */

const CONTEXT = 3;
/** past this many cells the middle is shown as one replaced block (still a valid diff) */
const MAX_LCS_CELLS = 4_000_000;

type Op = { kind: ' ' | '-' | '+'; line: string };

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function middleOps(a: string[], b: string[]): Op[] {
  if (a.length * b.length > MAX_LCS_CELLS) return [...a.map((line) => ({ kind: '-' as const, line })), ...b.map((line) => ({ kind: '+' as const, line }))];
  const n = a.length;
  const m = b.length;
  // lcs[i][j] = LCS length of a[i..] and b[j..]
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      ops.push({ kind: ' ', line: a[i]! });
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) ops.push({ kind: '-', line: a[i++]! });
    else ops.push({ kind: '+', line: b[j++]! });
  }
  while (i < n) ops.push({ kind: '-', line: a[i++]! });
  while (j < m) ops.push({ kind: '+', line: b[j++]! });
  return ops;
}

/**
 * `before`/`after` null = the file does not exist on that side. Returns '' when equal.
 * A missing final newline is marked the way diff does.
 */
export function unifiedDiff(path: string, before: string | null, after: string | null): string {
  if (before === after) return '';
  const a = splitLines(before ?? '');
  const b = splitLines(after ?? '');
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  const ops: Op[] = [
    ...a.slice(0, pre).map((line) => ({ kind: ' ' as const, line })),
    ...middleOps(a.slice(pre, a.length - suf), b.slice(pre, b.length - suf)),
    ...a.slice(a.length - suf).map((line) => ({ kind: ' ' as const, line })),
  ];
  const noNewlineA = before !== null && before !== '' && !before.endsWith('\n');
  const noNewlineB = after !== null && after !== '' && !after.endsWith('\n');
  // a change only in the final newline still needs a hunk
  if (!ops.some((o) => o.kind !== ' ') && noNewlineA !== noNewlineB && ops.length) {
    const last = ops.pop()!;
    ops.push({ kind: '-', line: last.line }, { kind: '+', line: last.line });
  }

  const out: string[] = [`--- ${before === null ? '/dev/null' : path}`, `+++ ${after === null ? '/dev/null' : path}`];
  const changed = ops.map((o, k) => (o.kind !== ' ' ? k : -1)).filter((k) => k >= 0);
  let h = 0;
  while (h < changed.length) {
    let start = Math.max(0, changed[h]! - CONTEXT);
    let end = Math.min(ops.length, changed[h]! + CONTEXT + 1);
    while (h + 1 < changed.length && changed[h + 1]! - CONTEXT <= end) {
      h++;
      end = Math.min(ops.length, changed[h]! + CONTEXT + 1);
    }
    h++;
    // line numbers of the hunk start on each side
    let aLine = 1;
    let bLine = 1;
    for (let k = 0; k < start; k++) {
      if (ops[k]!.kind !== '+') aLine++;
      if (ops[k]!.kind !== '-') bLine++;
    }
    const hunk = ops.slice(start, end);
    const aCount = hunk.filter((o) => o.kind !== '+').length;
    const bCount = hunk.filter((o) => o.kind !== '-').length;
    // like diff -u: a one-line range is written without its count
    const range = (line: number, count: number) => (count === 1 ? `${line}` : `${count ? line : line - 1},${count}`);
    out.push(`@@ -${range(aLine, aCount)} +${range(bLine, bCount)} @@`);
    // index of the last line of each side, to mark a missing final newline
    const lastA = ops.reduce((acc, o, k) => (o.kind !== '+' ? k : acc), -1);
    const lastB = ops.reduce((acc, o, k) => (o.kind !== '-' ? k : acc), -1);
    hunk.forEach((o, k) => {
      out.push(o.kind + o.line);
      const idx = start + k;
      if ((idx === lastA && noNewlineA && o.kind !== '+') || (idx === lastB && noNewlineB && o.kind !== '-')) out.push('\\ No newline at end of file');
    });
    start = end;
  }
  return out.join('\n') + '\n';
}
