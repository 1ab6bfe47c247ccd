import { useCallback } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { navigateAcrossApps, paths } from '@portal/providers';
import { AUTH_NAMESPACE } from '../../../i18n';
import { isBlockedUserError } from '../api/get-permission-info';
import { closeLoginDialog } from '../login-dialog-store';

export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * Reports a failed sign-in: blocked users get 暂无权限，请联系管理员 and go to / (spec §6); anything else
 * is returned as the text the form shows next to its button.
 */
export function useSignInFailure() {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const { message } = App.useApp();
  return useCallback(
    (error: unknown): string | undefined => {
      if (isBlockedUserError(error)) {
        message.warning(t('errors.blocked'));
        closeLoginDialog();
        navigateAcrossApps(paths.home());
        return undefined;
      }
      return errorText(error, t('errors.loginFailed'));
    },
    [message, t],
  );
}
