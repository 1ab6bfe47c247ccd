import { describe, expect, it } from 'vitest';
import { closeTab, openTab, TAB_LIST_CAPACITY, type Tab } from './tab-list';

const tab = (name: string) => ({ name, path: name, title: name, cache: true });

function openAll(names: string[]): Tab[] {
  return names.reduce<Tab[]>((tabs, name) => openTab(tabs, tab(name)), []);
}

describe('tab list', () => {
  it('activates the opened tab and keeps one tab per name', () => {
    const tabs = openTab(openAll(['/', '/download']), tab('/'));
    expect(tabs.map((t) => t.name)).toEqual(['/', '/download']);
    expect(tabs.filter((t) => t.isActive).map((t) => t.name)).toEqual(['/']);
  });

  it('is capped at 10, dropping the oldest tab after home', () => {
    const names = ['/', ...Array.from({ length: 10 }, (_, i) => `/page-${i}`)];
    const tabs = openAll(names);
    expect(tabs).toHaveLength(TAB_LIST_CAPACITY);
    expect(tabs[0].name).toBe('/');
    expect(tabs.map((t) => t.name)).not.toContain('/page-0');
    expect(tabs[tabs.length - 1]).toMatchObject({ name: '/page-9', isActive: true });
  });

  it('drops the oldest tab when home is not in the list', () => {
    const tabs = openAll(Array.from({ length: 11 }, (_, i) => `/p${i}`));
    expect(tabs.map((t) => t.name)).toEqual(Array.from({ length: 10 }, (_, i) => `/p${i + 1}`));
  });

  it('closes a tab', () => {
    expect(closeTab(openAll(['/', '/a']), '/a').map((t) => t.name)).toEqual(['/']);
  });
});
