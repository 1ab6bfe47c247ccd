import { useSyncExternalStore } from 'react';
import { useLibraryConfig } from '../../config/library-config';

/**
 * The compare basket (对比): the items picked for comparison, kept in localStorage so it survives
 * navigation, reloads and new tabs; at most ten. The parameter table (参数对比) compares any of them.
 * Each library has its own basket under its own storage key (`LibraryConfig.compareStorageKey`).
 */
export const MAX_COMPARE = 10;

export type AddResult = 'added' | 'already' | 'full';

export interface CompareList {
  readonly storageKey: string;
  getIds(): number[];
  add(id: number): AddResult;
  remove(id: number): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage switched off (privacy settings): the basket lives for the page only.
    return undefined;
  }
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

function createCompareList(storageKey: string): CompareList {
  const listeners = new Set<() => void>();
  let cached: { raw: string | null; ids: number[] } = { raw: null, ids: [] };
  let memory: string | null = null;

  const read = (): string | null => {
    const store = storage();
    return store ? store.getItem(storageKey) : memory;
  };
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const getIds = (): number[] => {
    const raw = read();
    // Same array while storage is unchanged, as useSyncExternalStore requires.
    if (raw !== cached.raw) cached = { raw, ids: parseCompareIds(raw) };
    return cached.ids;
  };
  const save = (ids: number[]) => {
    const raw = JSON.stringify(ids);
    const store = storage();
    if (store) store.setItem(storageKey, raw);
    else memory = raw;
    notify();
  };
  const onStorage = (event: StorageEvent) => {
    // Another tab changed the basket.
    if (event.key === storageKey || event.key === null) notify();
  };

  return {
    storageKey,
    getIds,
    add(id) {
      const ids = getIds();
      if (ids.includes(id)) return 'already';
      if (ids.length >= MAX_COMPARE) return 'full';
      save([...ids, id]);
      return 'added';
    },
    remove(id) {
      save(getIds().filter((other) => other !== id));
    },
    clear() {
      save([]);
    },
    subscribe(listener) {
      if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
      };
    },
  };
}

const lists = new Map<string, CompareList>();

/** The basket kept under `storageKey`; one instance per key, so every page of a library shares it. */
export function compareListFor(storageKey: string): CompareList {
  let list = lists.get(storageKey);
  if (!list) {
    list = createCompareList(storageKey);
    lists.set(storageKey, list);
  }
  return list;
}

/** The basket of the page's library. */
export function useCompareList(): CompareList {
  return compareListFor(useLibraryConfig().compareStorageKey);
}

/** The ids in the page's library's basket, following changes (also from other tabs). */
export function useCompareIds(): number[] {
  const list = useCompareList();
  return useSyncExternalStore(list.subscribe, list.getIds, list.getIds);
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
