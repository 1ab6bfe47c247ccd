import type { ModelDownload } from './types';

/**
 * A profile's length in mm, as the model route accepts it (`?length=`, 10–20000 mm,
 * part-api `PROFILE_LENGTH_MIN_MM` / `_MAX_MM`). Kept in the page's URL (`?length=500`) so the
 * drawing, the 3D view and the downloads read one value and a link keeps it.
 */
export const PROFILE_LENGTH = { min: 10, max: 20_000, default: 1_000 } as const;

export type LengthProblem = 'notNumber' | 'outOfRange';

export type LengthReading = { length: number; problem?: undefined } | { length?: undefined; problem: LengthProblem };

/** The URL's `length`: absent or blank → the default (1 m, as the API probes profiles). */
export function readLength(raw: string | null): LengthReading {
  if (raw === null || raw.trim() === '') return { length: PROFILE_LENGTH.default };
  const text = raw.trim();
  // Plain decimals only: `1e3`, `0x10` or `500mm` are refused rather than guessed.
  if (!/^\d+(\.\d+)?$/.test(text)) return { problem: 'notNumber' };
  const length = Number(text);
  if (length < PROFILE_LENGTH.min || length > PROFILE_LENGTH.max) return { problem: 'outOfRange' };
  return { length };
}

/** The length as the server writes it in file names: at most three decimals, no trailing zeros. */
export function formatLength(length: number): string {
  return String(Number(length.toFixed(3)));
}

/** The model's URL, with the length when the model needs one. */
export function modelUrl(model: ModelDownload, length: number | undefined): string {
  if (!model.lengthRequired || length === undefined) return model.url;
  return `${model.url}?length=${formatLength(length)}`;
}

/**
 * The name the server gives the file: the detail lists a profile's name without its length
 * (`profile_IPE_IPE100.step`); the download adds it to the size (`profile_IPE_IPE100x500.step`,
 * part-api `ModelSource::file_name`).
 */
export function downloadName(model: ModelDownload, length: number | undefined): string {
  if (!model.lengthRequired || length === undefined) return model.fileName;
  const dot = model.fileName.lastIndexOf('.');
  if (dot <= 0) return `${model.fileName}x${formatLength(length)}`;
  return `${model.fileName.slice(0, dot)}x${formatLength(length)}${model.fileName.slice(dot)}`;
}
