import { useLocation } from 'react-router';
import { getPluginState, isEmbeddedFrame } from '@portal/session';

/** Spec §2/§4: a path containing /plugin, or a plugin session started earlier, means plugin mode (500 px). */
export function isPluginPath(pathname: string): boolean {
  return pathname.split('/').includes('plugin');
}

export function usePluginMode(): { isPlugin: boolean; isEmbed: boolean } {
  const { pathname } = useLocation();
  return { isPlugin: isPluginPath(pathname) || getPluginState() !== undefined, isEmbed: isEmbeddedFrame() };
}
