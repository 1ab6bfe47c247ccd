import { useSyncExternalStore } from 'react';

/** The parts picked for comparison, kept for the browser session (spec: at most 5). */
export const COMPARE_STORAGE_KEY = 'portal_component_compare';
export const MAX_COMPARE = 5;

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: { raw: string | null; ids: number[] } = { raw: null, ids: [] };

function parse(raw: string | null): number[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    const ids = value.filter((id): id is number => Number.isInteger(id) && id > 0);
    return [...new Set(ids)].slice(0, MAX_COMPARE);
  } catch {
    // A corrupt entry (edited by hand) is an empty list, not a crash.
    return [];
  }
}

export function getCompareIds(): number[] {
  const raw = sessionStorage.getItem(COMPARE_STORAGE_KEY);
  // Same array while storage is unchanged, as useSyncExternalStore requires.
  if (raw !== cached.raw) cached = { raw, ids: parse(raw) };
  return cached.ids;
}

function save(ids: number[]): void {
  sessionStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify(ids));
  for (const listener of listeners) listener();
}

export type AddResult = 'added' | 'already' | 'full';

export function addToCompare(id: number): AddResult {
  const ids = getCompareIds();
  if (ids.includes(id)) return 'already';
  if (ids.length >= MAX_COMPARE) return 'full';
  save([...ids, id]);
  return 'added';
}

export function removeFromCompare(id: number): void {
  save(getCompareIds().filter((other) => other !== id));
}

export function clearCompare(): void {
  save([]);
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCompareIds(): number[] {
  return useSyncExternalStore(subscribe, getCompareIds, getCompareIds);
}
