/** Percentiles and summaries of samples in milliseconds. */

export type Summary = {
  n: number;
  min: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
};

/** The p-th percentile (0–100) of sorted samples, linearly interpolated between the closest ranks. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  const a = sorted[lo] ?? Number.NaN;
  const b = sorted[hi] ?? Number.NaN;
  return a + (b - a) * (rank - lo);
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const sum = sorted.reduce((s, x) => s + x, 0);
  return {
    n: sorted.length,
    min: sorted[0] ?? Number.NaN,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    mean: sorted.length ? sum / sorted.length : Number.NaN,
  };
}

/** Rounds for the JSON results (3 decimals: microseconds when in ms). */
export function round(x: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

export function roundSummary(s: Summary): Summary {
  return {
    n: s.n,
    min: round(s.min),
    p50: round(s.p50),
    p90: round(s.p90),
    p99: round(s.p99),
    max: round(s.max),
    mean: round(s.mean),
  };
}

export function ms(x: number): string {
  if (!Number.isFinite(x)) return 'n/a';
  return `${Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(2)}ms`;
}

export function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)}MB`;
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)}KB`;
}
