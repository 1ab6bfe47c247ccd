import { useSyncExternalStore } from 'react';
import { createStore, getLoginActiveTab, setLoginActiveTab, type LoginTab } from '@portal/session';

/**
 * The sign-in dialogs (spec §3 app state: showLogin, showRegister, activeName). One module instance
 * per page: AuthEntry, LoginDialog and whoever imports `mfe_auth/loginDialogStore` share it.
 * `view` picks what shows: the login dialog (470 px) with its tabs or the not-registered form, or the
 * register / forgot-password dialogs (460 px).
 */
export type LoginDialogView = 'login' | 'notRegistered' | 'register' | 'forgot';

export interface LoginDialogState {
  open: boolean;
  activeTab: LoginTab;
  view: LoginDialogView;
  /** The unregistered mobile the not-registered form shows (spec §4 SMS login). */
  mobile?: string;
}

export const LOGIN_TABS: readonly LoginTab[] = ['account', 'phone', 'wechat'];

export const loginDialogStore = createStore<LoginDialogState>({
  open: false,
  // Spec §2: the stored active tab opens (wechat included).
  activeTab: getLoginActiveTab(),
  view: 'login',
});

export function openLoginDialog(tab?: LoginTab): void {
  if (tab) setLoginActiveTab(tab);
  loginDialogStore.setState({ open: true, view: 'login', activeTab: tab ?? getLoginActiveTab() });
}

export function openRegisterDialog(): void {
  loginDialogStore.setState({ open: true, view: 'register' });
}

export function openForgotPasswordDialog(): void {
  loginDialogStore.setState({ open: true, view: 'forgot' });
}

export function showNotRegistered(mobile: string): void {
  loginDialogStore.setState({ open: true, view: 'notRegistered', mobile });
}

/** Back from the not-registered, register or forgot-password views to the login tabs. */
export function backToLogin(): void {
  loginDialogStore.setState({ open: true, view: 'login', activeTab: getLoginActiveTab() });
}

export function closeLoginDialog(): void {
  loginDialogStore.setState({ open: false, view: 'login', mobile: undefined });
}

export function selectLoginTab(tab: LoginTab): void {
  setLoginActiveTab(tab);
  loginDialogStore.setState({ activeTab: tab });
}

export function isLoginTab(value: unknown): value is LoginTab {
  return typeof value === 'string' && (LOGIN_TABS as readonly string[]).includes(value);
}

export function useLoginDialog(): LoginDialogState {
  return useSyncExternalStore(loginDialogStore.subscribe, loginDialogStore.getState, loginDialogStore.getState);
}
