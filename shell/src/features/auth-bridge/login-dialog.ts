import { loadRemoteModule } from '../../app/federation/federation';

interface LoginDialogModule {
  openLoginDialog: (tab?: 'account' | 'phone' | 'wechat') => void;
}

/**
 * Opens mfe-auth's login dialog through its exposed store (one module instance per page, shared with the
 * header buttons). Resolves false when mfe-auth cannot be loaded, so the caller can fall back to /login.
 */
export async function openLoginDialog(): Promise<boolean> {
  try {
    const module = await loadRemoteModule<LoginDialogModule>('mfe_auth/loginDialogStore');
    module.openLoginDialog();
    return true;
  } catch (error) {
    console.error('[shell] login dialog unavailable:', error);
    return false;
  }
}
