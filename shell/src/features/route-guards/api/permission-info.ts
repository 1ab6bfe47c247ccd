import { http } from '@portal/http';
import { clearToken, resetUser, sessionStore, type PortalUser } from '@portal/session';

interface PermissionInfo {
  permissions?: string[];
  roles?: string[];
  user?: PortalUser | null;
  menus?: { permission?: string }[];
}

function fetchPermissionInfo(): Promise<PermissionInfo> {
  return http.get<PermissionInfo>('/base/system/auth/get-permission-info', { appType: 2 }, { silent: true });
}

function storePermissionInfo(info: PermissionInfo): void {
  sessionStore.setState({
    user: info.user ?? null,
    permissions: info.permissions ?? [],
    roles: info.roles ?? [],
    menuPermissions: (info.menus ?? []).map((menu) => menu.permission ?? '').filter(Boolean),
    isSetUser: true,
  });
}

/**
 * Loads the user after a token arrived in the query (route guard 2): GET
 * /base/system/auth/get-permission-info?appType=2. A failure logs, removes the token and resets the state (spec §8).
 */
export async function loadUserInfo(): Promise<void> {
  try {
    storePermissionInfo(await fetchPermissionInfo());
  } catch (error) {
    console.error('[shell] permission info could not be loaded; signing out:', error);
    clearToken();
    resetUser();
  }
}

/**
 * Reads the signed-in user's permissions again after a change that may have altered them (an operator editing
 * roles, perhaps their own): the menu and the gates follow at once. A failure keeps what is known (the next page
 * load reads them again) rather than signing the user out.
 */
export async function reloadOwnPermissions(): Promise<void> {
  try {
    storePermissionInfo(await fetchPermissionInfo());
  } catch (error) {
    console.warn('[shell] permission info could not be reloaded:', error);
  }
}
