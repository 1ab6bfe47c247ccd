import { LOCAL_STORAGE_KEYS } from '@portal/session';
import {
  backToLogin,
  closeLoginDialog,
  isLoginTab,
  loginDialogStore,
  openLoginDialog,
  openRegisterDialog,
  selectLoginTab,
  showNotRegistered,
} from './login-dialog-store';

describe('login dialog store', () => {
  beforeEach(() => {
    window.localStorage.clear();
    loginDialogStore.setState({ open: false, activeTab: 'account', view: 'login', mobile: undefined });
  });

  it('opens on the stored tab and closes', () => {
    window.localStorage.setItem(LOCAL_STORAGE_KEYS.loginActiveTab, 'wechat');
    openLoginDialog();
    expect(loginDialogStore.getState()).toMatchObject({ open: true, activeTab: 'wechat', view: 'login' });
    closeLoginDialog();
    expect(loginDialogStore.getState().open).toBe(false);
  });

  it('remembers the chosen tab for the next opening', () => {
    selectLoginTab('phone');
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.loginActiveTab)).toBe('phone');
    closeLoginDialog();
    openLoginDialog();
    expect(loginDialogStore.getState().activeTab).toBe('phone');
  });

  it('opens on an explicitly requested tab', () => {
    openLoginDialog('phone');
    expect(loginDialogStore.getState()).toMatchObject({ open: true, activeTab: 'phone', view: 'login' });
  });

  it('switches to the not-registered form with its mobile and back to the login tabs', () => {
    openLoginDialog('phone');
    showNotRegistered('13800000000');
    expect(loginDialogStore.getState()).toMatchObject({ open: true, view: 'notRegistered', mobile: '13800000000' });
    backToLogin();
    expect(loginDialogStore.getState()).toMatchObject({ open: true, view: 'login', activeTab: 'phone' });
    openRegisterDialog();
    expect(loginDialogStore.getState().view).toBe('register');
    closeLoginDialog();
    expect(loginDialogStore.getState()).toMatchObject({ open: false, view: 'login', mobile: undefined });
  });

  it('knows the three tab names of the spec', () => {
    expect(['account', 'phone', 'wechat'].every(isLoginTab)).toBe(true);
    expect(isLoginTab('qr')).toBe(false);
  });
});
