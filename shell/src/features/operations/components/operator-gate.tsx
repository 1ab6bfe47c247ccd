import type { ReactNode } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '@portal/providers';
import { getToken, hasPermission } from '@portal/session';
import { openLoginDialog } from '../../auth-bridge';
// The operations strings register with the operations pages' chunks, not the first load.
import '../operations-messages';

/**
 * Operations pages are for users holding `permission` (one of them, when several; or `*:*:*`, spec §5/§6): signed-out visitors
 * get the sign-in, others a 403 card. The server checks the same permission on every call.
 */
export function OperatorGate({ permission, children }: { permission: string | readonly string[]; children: ReactNode }) {
  const { t } = useTranslation('shell');
  const permissions = useSession((state) => state.permissions);
  const isSetUser = useSession((state) => state.isSetUser);
  if (!getToken()) {
    return (
      <Result
        status="403"
        title={t('operations.signInTitle')}
        extra={
          <Button type="primary" onClick={() => void openLoginDialog()} data-testid="operations-login">
            {t('operations.signIn')}
          </Button>
        }
        data-testid="operations-signed-out"
      />
    );
  }
  if (!isSetUser) return <Spin size="large" style={{ display: 'block', margin: '80px auto' }} data-testid="operations-loading" />;
  if (!hasPermission(permissions, permission)) {
    return <Result status="403" title={t('operations.forbiddenTitle')} subTitle={t('operations.forbiddenText')} data-testid="operations-forbidden" />;
  }
  return <>{children}</>;
}
