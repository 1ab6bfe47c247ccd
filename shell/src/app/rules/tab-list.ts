/** A visited page kept in the tab list (spec §3 Tab). */
export interface Tab {
  title: string;
  /** Unique key: the route's path. */
  name: string;
  path: string;
  isActive: boolean;
  /** The page stays alive (hidden, state kept) while its tab is in the list. */
  cache: boolean;
}

/** Spec §4 / §9: the tab list holds at most 10 tabs. */
export const TAB_LIST_CAPACITY = 10;
export const HOME_TAB_NAME = '/';

/**
 * Opens `tab` (activating it, or appending it). When the list is full the oldest tab after the home
 * tab is dropped; the home tab is never dropped. Returns a new list.
 */
export function openTab(tabs: readonly Tab[], tab: Omit<Tab, 'isActive'>, capacity: number = TAB_LIST_CAPACITY): Tab[] {
  const existing = tabs.find((item) => item.name === tab.name);
  let next: Tab[] = existing ? tabs.map((item) => (item.name === tab.name ? { ...item, ...tab } : item)) : [...tabs, { ...tab, isActive: false }];
  while (next.length > capacity) {
    const dropIndex = next.findIndex((item) => item.name !== HOME_TAB_NAME && item.name !== tab.name);
    if (dropIndex < 0) break;
    next = next.filter((_, index) => index !== dropIndex);
  }
  return next.map((item) => ({ ...item, isActive: item.name === tab.name }));
}

export function closeTab(tabs: readonly Tab[], name: string): Tab[] {
  return tabs.filter((item) => item.name !== name);
}
