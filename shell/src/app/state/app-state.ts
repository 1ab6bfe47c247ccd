import { useSyncExternalStore } from 'react';
import { createStore } from '@portal/session';
import { screenTypeFor, type ScreenType } from '../rules/screen';
import type { PluginTheme } from '../rules/plugin-mode';

/** The shell's app state (spec §3 App state); login-dialog state lives in mfe-auth's store. */
export interface AppState {
  isPrivate: boolean;
  isPlugin: boolean;
  pluginTheme: PluginTheme;
  screenType: ScreenType;
  channel: number;
  /** Inside an iframe of another page (the QR scan panel, an embedding site). */
  isEmbed: boolean;
  /** Full-screen mask text while a scan login is handed to the parent (guard 3); '' = no mask. */
  loginMask: boolean;
}

export const appStore = createStore<AppState>({
  isPrivate: false,
  isPlugin: false,
  pluginTheme: 'light',
  screenType: typeof window === 'undefined' ? 'large' : screenTypeFor(window.innerWidth),
  channel: 960,
  isEmbed: typeof window !== 'undefined' && window.parent !== window,
  loginMask: false,
});

export function useAppState<T>(select: (state: AppState) => T): T {
  return useSyncExternalStore(
    appStore.subscribe,
    () => select(appStore.getState()),
    () => select(appStore.getState()),
  );
}
