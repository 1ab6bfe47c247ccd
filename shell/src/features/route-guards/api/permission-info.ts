import { http } from '@portal/http';
import { clearToken, resetUser, sessionStore, type PortalUser } from '@portal/session';

interface PermissionInfo {
  permissions?: string[];
  roles?: string[];
  user?: PortalUser | null;
  menus?: { permission?: string }[];
}

/**
 * Loads the user after a token arrived in the query (route guard 2): GET
 * /base/system/auth/get-permission-info?appType=2. A failure logs, removes the token and resets the state (spec §8).
 */
export async function loadUserInfo(): Promise<void> {
  try {
    const info = await http.get<PermissionInfo>('/base/system/auth/get-permission-info', { appType: 2 }, { silent: true });
    sessionStore.setState({
      user: info.user ?? null,
      permissions: info.permissions ?? [],
      roles: info.roles ?? [],
      menuPermissions: (info.menus ?? []).map((menu) => menu.permission ?? '').filter(Boolean),
      isSetUser: true,
    });
  } catch (error) {
    console.error('[shell] permission info could not be loaded; signing out:', error);
    clearToken();
    resetUser();
  }
}
