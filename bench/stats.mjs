// Order statistics for the bench. Percentiles use the nearest-rank method (no interpolation),
// so a p95 over 30 runs is an observed sample, not an invented one.

/** @param {number[]} values @param {number} p 0..100 */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1];
}

/** @param {number[]} values */
export function median(values) {
  if (values.length === 0) return NaN;
  const v = [...values].sort((a, b) => a - b);
  return (v[Math.floor((v.length - 1) / 2)] + v[Math.ceil((v.length - 1) / 2)]) / 2;
}

/** @param {number[]} values */
export function summarize(values) {
  return { n: values.length, median: median(values), p95: percentile(values, 95), p99: percentile(values, 99), min: Math.min(...values), max: Math.max(...values) };
}

export const round = (x, digits = 2) => (Number.isFinite(x) ? Number(x.toFixed(digits)) : x);
