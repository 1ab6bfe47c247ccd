/** Log-scale helpers of the Ashby chart (hand-written SVG, no chart library). */

export interface LogScale {
  /** Decades shown: [10^low, 10^high]. */
  low: number;
  high: number;
  /** Pixel range. */
  from: number;
  to: number;
}

/** A scale covering `values` (positive) with whole decades, at least one. */
export function logScale(values: readonly number[], from: number, to: number): LogScale {
  const logs = values.filter((value) => value > 0 && Number.isFinite(value)).map(Math.log10);
  if (logs.length === 0) return { low: 0, high: 1, from, to };
  let low = Math.floor(Math.min(...logs));
  let high = Math.ceil(Math.max(...logs));
  if (high <= low) high = low + 1;
  if (high - low > 12) low = high - 12;
  return { low, high, from, to };
}

/** The pixel of `value` (clamped to the scale's ends). */
export function project(scale: LogScale, value: number): number {
  const log = value > 0 ? Math.log10(value) : scale.low;
  const t = Math.min(1, Math.max(0, (log - scale.low) / (scale.high - scale.low)));
  return scale.from + t * (scale.to - scale.from);
}

/** One tick per decade. */
export function decadeTicks(scale: LogScale): number[] {
  const ticks: number[] = [];
  for (let decade = scale.low; decade <= scale.high; decade += 1) ticks.push(10 ** decade);
  return ticks;
}
