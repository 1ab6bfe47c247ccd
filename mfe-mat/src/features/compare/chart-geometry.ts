import { fromCanonical } from '../material';
import type { CompareLine } from './compare-lines';

/** The radar's most axes: more would not be readable at 500 px. */
export const MAX_RADAR_AXES = 8;

/** Series colours, one per compared material (ten at most). */
export const SERIES_COLOURS = ['#1677ff', '#fa541c', '#52c41a', '#722ed1', '#faad14', '#13c2c2', '#eb2f96', '#2f54eb', '#a0d911', '#8c8c8c'] as const;

export interface RadarData {
  /** The property keys on the axes, in order. */
  axes: string[];
  /** Per material, per axis: the value over the largest of that axis (0–1). */
  series: number[][];
}

/**
 * The radar's normalised values: the properties every material states (a missing value would read as
 * zero), each divided by the largest of them, so that each axis runs 0–1 whatever its unit. Negative
 * values (a temperature below 0 °C) sit at the centre. Fewer than three such properties make no radar.
 */
export function radarData(lines: readonly CompareLine[]): RadarData | undefined {
  const shared = lines.filter((line) => line.kind === 'property' && line.numbers.length > 0 && line.numbers.every((value) => value !== undefined));
  const axes = shared.filter((line) => Math.max(...line.numbers.map((value) => value ?? 0)) > 0).slice(0, MAX_RADAR_AXES);
  if (axes.length < 3) return undefined;
  const count = axes[0].numbers.length;
  const largest = axes.map((line) => Math.max(...line.numbers.map((value) => value ?? 0)));
  const series = Array.from({ length: count }, (_, material) => axes.map((line, axis) => Math.max(0, (line.numbers[material] ?? 0) / largest[axis])));
  return { axes: axes.map((line) => line.key), series };
}

/** The point at `fraction` (0–1) of the radius on axis `index` of `count`, the first axis straight up. */
export function radarPoint(index: number, count: number, fraction: number, radius: number, centre: number): [number, number] {
  const angle = (2 * Math.PI * index) / count - Math.PI / 2;
  return [centre + Math.cos(angle) * radius * fraction, centre + Math.sin(angle) * radius * fraction];
}

/** The smallest 1, 2 or 5 × 10ⁿ at or above `value`: a bar chart's axis end. */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (value <= step * power * (1 + 1e-9)) return step * power;
  return 10 * power;
}

export interface BarData {
  key: string;
  unit: string;
  /** The axis end, in the shown unit. */
  scaleMax: number;
  /** Per material: its value in the shown unit and the bar's length (0–1), or undefined where it states none. */
  bars: ({ value: number; fraction: number } | undefined)[];
}

/**
 * One bar chart per property at least two materials state, in the shown unit, from zero to a round
 * axis end. A value below zero gets no length (its number is still written).
 */
export function barData(lines: readonly CompareLine[]): BarData[] {
  return lines
    .filter((line) => line.kind === 'property' && line.numbers.filter((value) => value !== undefined).length >= 2)
    .map((line) => {
      const shown = line.numbers.map((value) => (value === undefined ? undefined : fromCanonical(value, line.unit)));
      const scaleMax = niceCeiling(Math.max(...shown.map((value) => value ?? 0)));
      return {
        key: line.key,
        unit: line.unit?.symbol ?? '',
        scaleMax,
        bars: shown.map((value) => (value === undefined ? undefined : { value, fraction: Math.max(0, Math.min(1, value / scaleMax)) })),
      };
    });
}
