import { Spin } from 'antd';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppState } from '../../../app/state/app-state';
import { loadingStore } from '../loading-store';

/** The global loading mask (spec §3 globalLoading) and the scan-login mask of route guard 3. */
export function LoadingMask() {
  const { t } = useTranslation('shell');
  const loading = useSyncExternalStore(loadingStore.subscribe, () => loadingStore.getState().visible);
  const loginMask = useAppState((state) => state.loginMask);
  if (loginMask) {
    return (
      <div className="fullscreen-mask" data-testid="login-mask" role="status">
        <Spin size="large" description={t('guard.loggingIn')}>
          <div className="fullscreen-mask-box" />
        </Spin>
      </div>
    );
  }
  if (!loading) return null;
  return (
    <div className="fullscreen-mask" data-testid="loading-mask" role="status">
      <Spin size="large" description={t('common.loading')}>
        <div className="fullscreen-mask-box" />
      </Spin>
    </div>
  );
}
