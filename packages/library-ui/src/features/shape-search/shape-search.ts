import type { LibraryKey } from '@portal/providers';
import type { ComponentSchema } from '@portal/api-types';

/** One ranked hit: the item's summary, its similarity (0–100) and its thumbnail's absolute URL. */
export type ShapeHit = ComponentSchema<'ShapeHit'>;
/** What every shape search answers: hits best first, how many reached `minScore`, the fingerprint job's progress. */
export type ShapeAnswer = ComponentSchema<'ShapeAnswer'>;
export type ShapeStatus = ComponentSchema<'ShapeStatus'>;

/** The options every shape route takes (docs/shape-search.md, "Routes"). */
export interface ShapeOptions {
  /** The CADENAS-style slider: hits below this similarity (0–100) are left out. */
  minScore: number;
  includeSize: boolean;
  ignoreMirrored: boolean;
  /** A category subtree of the page's own library; other libraries are not filtered by it. */
  categoryCode?: string;
  pageSize: number;
}

export const DEFAULT_SHAPE_OPTIONS: ShapeOptions = { minScore: 0, includeSize: false, ignoreMirrored: true, pageSize: 20 };

/** Slider marks: a step of 5 %, labelled every 25 %. */
export const MIN_SCORE_STEP = 5;

/** What a search asks: an uploaded model, a picture (a file or the sketch), or an item's "find similar". */
export type ShapeQuery = { kind: 'model'; file: File } | { kind: 'image'; file: File } | { kind: 'similar'; library: LibraryKey; id: number };

/** A hit with the library it came from (cards link to that library's detail page). */
export interface LibraryHit extends ShapeHit {
  library: LibraryKey;
}

/** One library's part of a search: its answer, or "not searchable yet" when its routes answer 404. */
export type LibraryAnswer = { library: LibraryKey; searchable: true; answer: ShapeAnswer } | { library: LibraryKey; searchable: false };

/** The libraries' hits in one list, best score first (the fingerprint is the same everywhere, so scores compare). */
export interface MergedAnswer {
  hits: LibraryHit[];
  total: number;
  /** A library counted no further than the server's cap: `total` is a lower bound ("at least 500"). */
  atLeast: boolean;
  /** Libraries whose routes are not there yet. */
  notSearchable: LibraryKey[];
  /** Libraries whose fingerprint job is still running, with its progress. */
  indexing: { library: LibraryKey; status: ShapeStatus }[];
}

/** A shape answer counts the items at or above the minimum score up to this many (`MAX_RANKED` of the routes). */
export const MAX_COUNTED = 500;

/**
 * Merges the libraries' answers by score, best first (a stable sort: ties keep the libraries' order), and keeps
 * the first `pageSize` hits: each library answered its own best `pageSize`, so the merged best `pageSize` are
 * among them.
 */
export function mergeByScore(answers: readonly LibraryAnswer[], pageSize: number): MergedAnswer {
  const hits: LibraryHit[] = [];
  const notSearchable: LibraryKey[] = [];
  const indexing: MergedAnswer['indexing'] = [];
  let total = 0;
  let atLeast = false;
  for (const part of answers) {
    if (!part.searchable) {
      notSearchable.push(part.library);
      continue;
    }
    total += part.answer.total;
    atLeast ||= part.answer.total >= MAX_COUNTED;
    if (part.answer.status.state !== 'ready') indexing.push({ library: part.library, status: part.answer.status });
    for (const hit of part.answer.list) hits.push({ ...hit, library: part.library });
  }
  hits.sort((a, b) => b.score - a.score);
  return { hits: hits.slice(0, pageSize), total, atLeast, notSearchable, indexing };
}

/** The query string of a shape route; `categoryCode` only for the library whose tree it is. */
export function shapeParams(options: ShapeOptions, categoryApplies: boolean): Record<string, string | number | boolean> {
  const params: Record<string, string | number | boolean> = {
    minScore: options.minScore,
    includeSize: options.includeSize,
    ignoreMirrored: options.ignoreMirrored,
    pageSize: options.pageSize,
  };
  if (categoryApplies && options.categoryCode) params.categoryCode = options.categoryCode;
  return params;
}

/**
 * The libraries a search goes to: the "find similar" item's library is always asked (the item's fingerprint
 * lives there); an item of another library is asked nowhere else it has no id.
 */
export function librariesToAsk(query: ShapeQuery, chosen: readonly LibraryKey[]): LibraryKey[] {
  if (query.kind === 'similar') return [query.library];
  return [...chosen];
}

/** Model files the 3D search reads (the back end picks the reader from the extension). */
export const MODEL_EXTENSIONS = ['.stl', '.obj', '.glb', '.gltf', '.wrl'] as const;
/** Picture files the 2D search reads. */
export const IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;
/** STEP files are tessellated in the browser and searched as STL (docs/shape-search.md, "STEP"). */
export const STEP_EXTENSIONS = ['.step', '.stp'] as const;

export function hasExtension(name: string, extensions: readonly string[]): boolean {
  const lower = name.toLowerCase();
  return extensions.some((extension) => lower.endsWith(extension));
}
