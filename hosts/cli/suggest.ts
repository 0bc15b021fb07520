/**
 * "Did you mean" for mistyped commands and options: the closest candidate by
 * optimal-string-alignment distance (a swapped pair of letters counts as one edit),
 * or the only candidate the input is a prefix of.
 */

function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** The candidate the user most likely meant, or undefined when nothing is close. */
export function suggest(input: string, candidates: readonly string[]): string | undefined {
  const needle = input.toLowerCase();
  const prefixed = candidates.filter((c) => c.toLowerCase().startsWith(needle) && needle.replace(/^-+/, '').length >= 2);
  if (prefixed.length === 1) return prefixed[0];
  // allow roughly one typo per three characters, at least one
  const limit = Math.max(1, Math.floor(needle.replace(/^-+/, '').length / 3));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of [...candidates].sort()) {
    const dist = editDistance(needle, c.toLowerCase());
    if (dist < bestDistance) {
      best = c;
      bestDistance = dist;
    }
  }
  return bestDistance <= limit ? best : undefined;
}
