import { theme, type ThemeConfig } from 'antd';
import { useSyncExternalStore } from 'react';

/** Primary blue of the portal; exported for the rare places (charts, SVG) outside antd tokens. */
export const PORTAL_PRIMARY_COLOR = '#1a5fd0';

/**
 * A calm engineering-catalogue look: one primary blue, small radii, dense but readable type,
 * CJK fonts first so Chinese never falls back to a serif face.
 */
export const portalTheme: ThemeConfig = {
  token: {
    colorPrimary: PORTAL_PRIMARY_COLOR,
    colorInfo: PORTAL_PRIMARY_COLOR,
    colorLink: PORTAL_PRIMARY_COLOR,
    colorBgLayout: '#f4f6f9',
    borderRadius: 4,
    fontSize: 14,
    fontFamily: "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerHeight: 60, headerBg: '#ffffff', bodyBg: '#f4f6f9' },
    Card: { headerFontSize: 15 },
    Tree: { titleHeight: 30 },
  },
};

/** The dark plugin theme (spec §4: a design tool opens the portal with `theme=dark`). */
export const portalDarkTheme: ThemeConfig = {
  ...portalTheme,
  algorithm: theme.darkAlgorithm,
  token: { ...portalTheme.token, colorBgLayout: '#14171c' },
  components: {
    ...portalTheme.components,
    Layout: { headerHeight: 60, headerBg: '#1e232b', bodyBg: '#14171c' },
  },
};

/**
 * The shell marks plugin mode on `<html data-plugin="dark|light|">` at start-up; every React root
 * (the shell and each library application) follows it, so a dark design tool gets dark pages, not
 * only a dark header.
 */
function subscribeToPluginTheme(onChange: () => void): () => void {
  if (typeof MutationObserver === 'undefined' || typeof document === 'undefined') return () => undefined;
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-plugin'] });
  return () => observer.disconnect();
}

function pluginThemeIsDark(): boolean {
  return typeof document !== 'undefined' && document.documentElement.dataset.plugin === 'dark';
}

/** The antd theme for the current plugin mode. */
export function usePortalTheme(): ThemeConfig {
  const dark = useSyncExternalStore(subscribeToPluginTheme, pluginThemeIsDark, () => false);
  return dark ? portalDarkTheme : portalTheme;
}
