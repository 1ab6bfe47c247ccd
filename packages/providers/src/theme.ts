import type { ThemeConfig } from 'antd';

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
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerHeight: 60, headerBg: '#ffffff', bodyBg: '#f4f6f9' },
    Card: { headerFontSize: 15 },
    Tree: { titleHeight: 30 },
  },
};
