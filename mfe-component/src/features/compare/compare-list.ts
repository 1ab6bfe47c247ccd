import { useSyncExternalStore } from 'react';

/**
 * The compare basket (对比): the components picked for comparison, kept in localStorage so it survives
 * navigation, reloads and new tabs; at most ten. The parameter table (参数对比) compares any of them.
 */
export const COMPARE_STORAGE_KEY = 'portal_component_compare';
export const MAX_COMPARE = 10;

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: { raw: string | null; ids: number[] } = { raw: null, ids: [] };

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage switched off (privacy settings): the basket lives for the page only.
    return undefined;
  }
}

let memory: string | null = null;

function read(): string | null {
  const store = storage();
  return store ? store.getItem(COMPARE_STORAGE_KEY) : memory;
}

/** Distinct positive integer ids, at most {@link MAX_COMPARE}; anything else reads as an empty basket. */
export function parseCompareIds(raw: string | null): number[] {
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
  const raw = read();
  // Same array while storage is unchanged, as useSyncExternalStore requires.
  if (raw !== cached.raw) cached = { raw, ids: parseCompareIds(raw) };
  return cached.ids;
}

function notify(): void {
  for (const listener of listeners) listener();
}

function save(ids: number[]): void {
  const raw = JSON.stringify(ids);
  const store = storage();
  if (store) store.setItem(COMPARE_STORAGE_KEY, raw);
  else memory = raw;
  notify();
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

function onStorage(event: StorageEvent): void {
  // Another tab changed the basket.
  if (event.key === COMPARE_STORAGE_KEY || event.key === null) notify();
}

function subscribe(listener: Listener): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

export function useCompareIds(): number[] {
  return useSyncExternalStore(subscribe, getCompareIds, getCompareIds);
}

/**
 * The ids a parameter comparison shows: `?ids=3,1,2` from the URL (distinct positive integers, at most
 * {@link MAX_COMPARE}), else the whole basket.
 */
export function compareSelection(param: string | null, basket: readonly number[]): number[] {
  if (param === null) return [...basket];
  const ids = param
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d+$/.test(part))
    .map(Number)
    .filter((id) => id > 0);
  return [...new Set(ids)].slice(0, MAX_COMPARE);
}
