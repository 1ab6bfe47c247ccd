import { PORTAL_CHANNEL } from '@portal/channel';
import { getMode, getPluginState, safeSessionStorage, setChannel, setPluginState, setTenantId } from '@portal/session';
import { getPortalConfig } from './config/portal-config';
import { appStore } from './state/app-state';
import { resolvePluginMode, type PluginTheme } from './rules/plugin-mode';
import { planQueryGuards } from './rules/route-guards';
import { RESIZE_THROTTLE_MS, screenTypeFor } from './rules/screen';
import { throttle } from './rules/timing';

/** Session-storage key of the plugin theme (the plugin state of @portal/session has no theme field). */
export const PLUGIN_THEME_STORAGE_KEY = 'pluginTheme';
/** Session-storage key of the channel the plugin session resolved (the `channel` key is reset at start). */
export const PLUGIN_CHANNEL_STORAGE_KEY = 'pluginChannel';

function storedTheme(): PluginTheme | undefined {
  const value = safeSessionStorage()?.getItem(PLUGIN_THEME_STORAGE_KEY);
  return value === 'dark' || value === 'light' ? value : undefined;
}

function storedChannel(): number | undefined {
  const value = Number(safeSessionStorage()?.getItem(PLUGIN_CHANNEL_STORAGE_KEY) ?? '');
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/**
 * Plugin mode and channel for the current URL (spec §3, §4). Runs at start and on every navigation,
 * because a plugin can open any portal path with its query. A plugin session persists in session
 * storage (state, theme, channel), so every later page of the tab keeps it (docs/shell.md).
 */
export function applyPluginMode(pathname: string, search: string): void {
  const resolution = resolvePluginMode({
    pathname,
    search,
    stored: getPluginState(),
    storedTheme: storedTheme(),
    storedChannel: storedChannel(),
    messagingSubdomain: getPortalConfig().messagingSubdomain,
  });
  if (resolution.state) setPluginState(resolution.state);
  const session = safeSessionStorage();
  if (resolution.isPlugin && getPluginState()) {
    session?.setItem(PLUGIN_THEME_STORAGE_KEY, resolution.theme);
    session?.setItem(PLUGIN_CHANNEL_STORAGE_KEY, String(resolution.channel));
  }
  setChannel(resolution.channel);
  appStore.setState({ isPlugin: resolution.isPlugin, pluginTheme: resolution.theme, channel: resolution.channel });
  document.documentElement.dataset.plugin = resolution.isPlugin ? resolution.theme : '';
}

/** Everything the shell sets up before it renders: channel, plugin mode, tenant, mode, screen type. */
export function startShell(): void {
  // Spec §3: the channel is the portal at start; plugin mode may replace it just below.
  setChannel(PORTAL_CHANNEL);
  applyPluginMode(window.location.pathname, window.location.search);
  const { tenantId } = planQueryGuards(window.location.search);
  if (tenantId) setTenantId(tenantId);
  appStore.setState({ isPrivate: getMode() === 'private' });

  const onResize = throttle(() => appStore.setState({ screenType: screenTypeFor(window.innerWidth) }), RESIZE_THROTTLE_MS);
  window.addEventListener('resize', onResize);
  appStore.subscribe((state, previous) => {
    if (state.screenType !== previous.screenType) document.documentElement.dataset.screen = state.screenType;
  });
  document.documentElement.dataset.screen = appStore.getState().screenType;
}
