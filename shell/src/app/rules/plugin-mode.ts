import { lookupChannel, PORTAL_CHANNEL } from '@portal/channel';
import type { PluginState, SoftwareType } from '@portal/session';

export const SOFTWARE_TYPES: readonly SoftwareType[] = ['CAD', 'EDA', 'CAE', 'CAM'];
export type PluginTheme = 'light' | 'dark';

/** Query parameters a design-software plugin opens the portal with (docs/shell.md). */
export const PLUGIN_QUERY = {
  softwareType: 'swType',
  theme: 'theme',
  softwareName: 'softwareName',
  fileType: 'fileType',
  pluginVersion: 'pluginVersion',
  wechatOrigin: 'wechatOrigin',
  showSequence: 'showSequence',
  channel: 'channel',
} as const;

export function isSoftwareType(value: unknown): value is SoftwareType {
  return typeof value === 'string' && (SOFTWARE_TYPES as readonly string[]).includes(value);
}

/** A path that contains a /plugin segment switches the app into plugin mode (spec §2). */
export function isPluginPath(pathname: string): boolean {
  return pathname.split('/').includes('plugin');
}

/**
 * The wechat origin is accepted only if it contains the company's messaging sub-domain (spec §4);
 * without a configured sub-domain nothing is accepted.
 */
export function acceptWechatOrigin(origin: string | null | undefined, messagingSubdomain: string): string | undefined {
  if (!origin || !messagingSubdomain) return undefined;
  return origin.includes(messagingSubdomain) ? origin : undefined;
}

export interface PluginResolution {
  isPlugin: boolean;
  /** The state to keep in session storage (present when the query started plugin mode). */
  state?: PluginState;
  theme: PluginTheme;
  /** The channel header to send: the plugin's channel, the query override, or the portal channel. */
  channel: number;
}

export interface PluginInput {
  pathname: string;
  search: string;
  /** The plugin state this tab's session keeps (session storage), if a plugin started it. */
  stored?: PluginState;
  storedTheme?: PluginTheme;
  /** The channel the plugin session resolved when it started (keeps a query override across pages). */
  storedChannel?: number;
  messagingSubdomain: string;
}

function themeFrom(value: string | null | undefined): PluginTheme | undefined {
  return value === 'dark' || value === 'light' ? value : undefined;
}

/**
 * Spec §4 plugin mode: (1) the query carries swType ∈ CAD/EDA/CAE/CAM (theme picks dark or light);
 * (2) the path contains /plugin and the values saved in session storage are used. An unknown swType
 * does not start plugin mode. The channel (spec §3): the query's channel if known, else the lookup from
 * the software name and file type, else the portal channel.
 *
 * Decision (issue 12): once a plugin started the tab's session, plugin mode, its theme and its channel
 * stay for every later page of that tab, whatever the path, even after a reload: the plugin opens the
 * portal once with its query, and the links inside the portal (search, toolbar, detail pages) do not
 * carry that query. A later query can still change the theme or the channel, or start another plugin.
 */
export function resolvePluginMode(input: PluginInput): PluginResolution {
  const query = new URLSearchParams(input.search);
  const queryChannel = query.get(PLUGIN_QUERY.channel);
  const queryTheme = themeFrom(query.get(PLUGIN_QUERY.theme));
  const swType = query.get(PLUGIN_QUERY.softwareType);
  if (isSoftwareType(swType)) {
    const state: PluginState = { softwareType: swType };
    const softwareName = query.get(PLUGIN_QUERY.softwareName);
    const fileType = query.get(PLUGIN_QUERY.fileType);
    const pluginVersion = query.get(PLUGIN_QUERY.pluginVersion);
    const wechatOrigin = acceptWechatOrigin(query.get(PLUGIN_QUERY.wechatOrigin), input.messagingSubdomain);
    if (softwareName) state.softwareName = softwareName;
    if (fileType) state.fileType = fileType;
    if (pluginVersion) state.pluginVersion = pluginVersion;
    if (wechatOrigin) state.wechatOrigin = wechatOrigin;
    if (query.has(PLUGIN_QUERY.showSequence)) state.showSequence = query.get(PLUGIN_QUERY.showSequence) !== 'false';
    return {
      isPlugin: true,
      state,
      theme: queryTheme ?? 'light',
      channel: lookupChannel({ softwareName, fileType, queryChannel }) ?? PORTAL_CHANNEL,
    };
  }
  if (input.stored) {
    const { softwareName, fileType } = input.stored;
    return {
      isPlugin: true,
      theme: queryTheme ?? input.storedTheme ?? 'light',
      channel: lookupChannel({ queryChannel }) ?? input.storedChannel ?? lookupChannel({ softwareName, fileType }) ?? PORTAL_CHANNEL,
    };
  }
  return {
    isPlugin: isPluginPath(input.pathname),
    theme: queryTheme ?? 'light',
    channel: lookupChannel({ queryChannel }) ?? PORTAL_CHANNEL,
  };
}
