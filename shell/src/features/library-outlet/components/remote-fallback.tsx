import { useState } from 'react';
import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface RemoteFallbackProps {
  reason: string;
  onRetry: () => Promise<void>;
}

/** Shown in place of a library application that could not load or mount. */
export function RemoteFallback({ reason, onRetry }: RemoteFallbackProps) {
  const { t } = useTranslation('shell');
  const [retrying, setRetrying] = useState(false);
  const retry = () => {
    setRetrying(true);
    onRetry().finally(() => setRetrying(false));
  };
  return (
    <div className="remote-fallback" data-testid="remote-fallback" role="alert">
      <Result
        status="warning"
        title={t('remote.unavailable')}
        subTitle={
          <>
            <Typography.Paragraph type="secondary" className="remote-fallback-reason">
              {t('remote.reason', { reason })}
            </Typography.Paragraph>
            <Typography.Paragraph type="secondary">{t('remote.hint')}</Typography.Paragraph>
          </>
        }
        extra={
          <Button type="primary" data-testid="remote-retry" loading={retrying} onClick={retry}>
            {t('remote.retry')}
          </Button>
        }
      />
    </div>
  );
}
