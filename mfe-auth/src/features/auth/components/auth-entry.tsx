import { lazy, Suspense, useEffect } from 'react';
import { App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { navigateAcrossApps, paths, useSession } from '@portal/providers';
import { getToken, type PortalUser } from '@portal/session';
import { AUTH_NAMESPACE } from '../../../i18n';
import { isBlockedUserError, useRestoreSignedInUser } from '../api/get-permission-info';
import { useLogout } from '../api/logout';
import { closeLoginDialog, openLoginDialog, openRegisterDialog } from '../login-dialog-store';
import { SessionWatcher } from './session-watcher';

const loadSignedInMenu = () => import('./signed-in-menu');
const SignedInMenu = lazy(loadSignedInMenu);

/** The name the header shows: nickname, else username, else the e-mail or mobile (spec §5 nickname rule). */
export function displayName(user: PortalUser): string | undefined {
  return user.nickname || user.username || user.email || user.mobile || undefined;
}

/** Second line of the dropdown: organisation, else e-mail, else mobile (spec §2 Header). */
export function secondaryLine(user: PortalUser): string | undefined {
  return user.orgName || user.email || user.mobile || undefined;
}

/** The header's right-hand entry: sign-in buttons, or the signed-in user's menu; watches the session. */
export function AuthEntry() {
  return (
    <>
      <SessionWatcher />
      <AuthEntryContent />
    </>
  );
}

function AuthEntryContent() {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const { message } = App.useApp();
  const user = useSession((state) => state.user);
  const isSetUser = useSession((state) => state.isSetUser);
  const restore = useRestoreSignedInUser(isSetUser);
  const logout = useLogout();
  // A stored token means a user is about to be restored: fetch the menu's chunk beside that request.
  const expectsUser = Boolean(user) || Boolean(getToken());

  useEffect(() => {
    if (expectsUser) void loadSignedInMenu();
  }, [expectsUser]);

  useEffect(() => {
    // Spec §6: a blocked user restored from a stored token is warned and sent home.
    if (restore.error && isBlockedUserError(restore.error)) {
      message.warning(t('errors.blocked'));
      navigateAcrossApps(paths.home());
    }
  }, [restore.error, message, t]);

  if (!user) {
    return (
      <Space size={8} data-testid="auth-entry">
        <Button type="primary" onClick={() => openLoginDialog()} data-testid="login-button">
          {t('entry.login')}
        </Button>
        <Button onClick={() => openRegisterDialog()} data-testid="register-button">
          {t('entry.register')}
        </Button>
      </Space>
    );
  }
  // Here, not in the menu: signing out unmounts the menu, and a mutation's callbacks never run for an
  // unmounted caller (the redirect from the personal centre would be lost).
  const signOut = () =>
    logout.mutate(undefined, {
      onSettled: () => {
        closeLoginDialog();
        message.info(t('entry.loggedOut'));
        // Spec §2 Logout destinations: leaving the personal centre returns to /.
        if (window.location.pathname.startsWith(paths.user()) || window.location.pathname.startsWith('/personalCenter')) {
          navigateAcrossApps(paths.home());
        }
      },
    });

  const name = displayName(user) ?? t('entry.unnamed');
  return (
    // The fallback has the trigger's size (avatar, name), so the header does not move when the menu arrives.
    <Suspense
      fallback={
        <Space className="auth-user-trigger" data-testid="auth-user-pending">
          <span className="auth-user-avatar-placeholder" />
          <span className="auth-user-name">{name}</span>
          <span className="auth-user-caret-placeholder" />
        </Space>
      }
    >
      <SignedInMenu user={user} name={name} onSignOut={signOut} />
    </Suspense>
  );
}
