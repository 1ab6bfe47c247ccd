import { useSyncExternalStore } from 'react';
import { createStore } from '@portal/session';
import { closeTab, openTab, type Tab } from '../../app/rules/tab-list';

/** The tab list of spec §3/§4 (capacity 10, oldest after home dropped). */
export const tabStore = createStore<{ tabs: Tab[] }>({ tabs: [] });

export function visitTab(tab: Omit<Tab, 'isActive'>): void {
  tabStore.setState((state) => ({ tabs: openTab(state.tabs, tab) }));
}

export function removeTab(name: string): void {
  tabStore.setState((state) => ({ tabs: closeTab(state.tabs, name) }));
}

export function useTabs(): Tab[] {
  return useSyncExternalStore(tabStore.subscribe, () => tabStore.getState().tabs);
}
