import type { ReactNode } from 'react';
import { Button, Empty, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIBRARY_NAMESPACE } from '@portal/library-ui';
import '../i18n/item-messages';

interface QueryStateProps {
  /** Prefix of the test ids: `<id>-loading`, `<id>-error`, `<id>-empty`. */
  testId: string;
  isPending: boolean;
  error: Error | null;
  isEmpty?: boolean;
  emptyText?: string;
  onRetry?: () => void;
  children: ReactNode;
}

/** Loading, error (the server's message and a retry) and empty states around a query's content. */
export function QueryState({ testId, isPending, error, isEmpty, emptyText, onRetry, children }: QueryStateProps) {
  const { t } = useTranslation(LIBRARY_NAMESPACE);
  if (isPending) return <Skeleton active data-testid={`${testId}-loading`} paragraph={{ rows: 6 }} />;
  if (error) {
    return (
      <Result
        status="error"
        data-testid={`${testId}-error`}
        title={t('queryState.error')}
        subTitle={error.message}
        extra={
          onRetry && (
            <Button type="primary" onClick={onRetry} data-testid={`${testId}-retry`}>
              {t('queryState.retry')}
            </Button>
          )
        }
      />
    );
  }
  if (isEmpty) return <Empty data-testid={`${testId}-empty`} description={emptyText ?? t('queryState.empty')} />;
  return <>{children}</>;
}
