import { appStore } from './state/app-state';
import { applyPluginMode, PLUGIN_CHANNEL_STORAGE_KEY, PLUGIN_THEME_STORAGE_KEY } from './start-up';

afterEach(() => {
  sessionStorage.clear();
  appStore.setState({ isPlugin: false, pluginTheme: 'light', channel: 960 });
  document.documentElement.dataset.plugin = '';
});

describe('applyPluginMode: the plugin session survives navigation (issue 12)', () => {
  it('keeps <html data-plugin>, the theme and the channel on later pages without the query', () => {
    applyPluginMode('/component', '?swType=EDA&theme=dark&softwareName=Kicad&fileType=symbol');
    expect(document.documentElement.dataset.plugin).toBe('dark');
    expect(sessionStorage.getItem(PLUGIN_THEME_STORAGE_KEY)).toBe('dark');
    expect(sessionStorage.getItem(PLUGIN_CHANNEL_STORAGE_KEY)).toBe('207');

    for (const [path, search] of [
      ['/component/search', '?keyWords=AMS1117'],
      ['/component/detail/12', ''],
      ['/part', ''],
      ['/plugin/login', ''],
    ]) {
      applyPluginMode(path, search);
      expect(document.documentElement.dataset.plugin).toBe('dark');
      expect(appStore.getState()).toMatchObject({ isPlugin: true, pluginTheme: 'dark', channel: 207 });
      expect(sessionStorage.getItem('channel')).toBe('207');
    }
  });

  it('leaves a tab no plugin opened in the portal chrome', () => {
    applyPluginMode('/component/search', '?keyWords=AMS1117&theme=dark');
    expect(document.documentElement.dataset.plugin).toBe('');
    expect(appStore.getState()).toMatchObject({ isPlugin: false, channel: 960 });
    expect(sessionStorage.getItem(PLUGIN_THEME_STORAGE_KEY)).toBeNull();
  });
});
