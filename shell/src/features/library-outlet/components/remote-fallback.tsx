import { useEffect, useState } from 'react';
import { Button, Result } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface RemoteFallbackProps {
  /** The technical reason (federation runtime message, manifest URL): logged and kept on the element, never shown. */
  reason: string;
  onRetry: () => Promise<void>;
}

/**
 * Shown in place of a library application or a remote page that could not load or mount: plain words
 * and a retry (issue 12). The federation runtime's message ("[ Federation Runtime ] … RUNTIME-003") means
 * nothing to a user; it goes to the console and to `data-reason` for whoever supports the site.
 */
export function RemoteFallback({ reason, onRetry }: RemoteFallbackProps) {
  const { t } = useTranslation('shell');
  const [retrying, setRetrying] = useState(false);
  useEffect(() => {
    console.warn('[shell] a module could not be loaded:', reason);
  }, [reason]);
  const retry = () => {
    setRetrying(true);
    onRetry().finally(() => setRetrying(false));
  };
  return (
    <div className="remote-fallback" data-testid="remote-fallback" data-reason={reason} role="alert">
      <Result
        status="warning"
        title={t('remote.unavailable')}
        subTitle={t('remote.hint')}
        extra={
          <Button type="primary" icon={<ReloadOutlined />} data-testid="remote-retry" loading={retrying} onClick={retry}>
            {t('remote.retry')}
          </Button>
        }
      />
    </div>
  );
}
