import { Button, Progress, Space, Typography } from 'antd';
import { CloseCircleOutlined, RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { registerUploadMessages, UPLOAD_NAMESPACE } from './i18n';
import type { UploadController } from './use-upload';

registerUploadMessages();

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The state of one upload: name and size, antd Progress in percent, and the buttons that fit the
 * state (cancel while running, resume after a cancel, upload again after an error).
 */
export function UploadTask({ upload, testId = 'upload-task' }: { upload: UploadController; testId?: string }) {
  const { t } = useTranslation(UPLOAD_NAMESPACE);
  const { state } = upload;
  if (!state.file) return null;
  const progressStatus = state.status === 'error' ? 'exception' : state.status === 'done' ? 'success' : state.status === 'uploading' ? 'active' : 'normal';
  return (
    <div className="portal-upload-task" data-testid={testId} data-status={state.status}>
      <Space size={8} wrap>
        <Typography.Text strong>{state.file.name}</Typography.Text>
        <Typography.Text type="secondary">{formatSize(state.file.size)}</Typography.Text>
      </Space>
      <Progress percent={state.percent} status={progressStatus} data-testid={`${testId}-progress`} aria-valuenow={state.percent} />
      <Space size={8} wrap>
        {state.status === 'uploading' && (
          <Button size="small" icon={<CloseCircleOutlined />} onClick={upload.cancel} data-testid={`${testId}-cancel`}>
            {t('cancel')}
          </Button>
        )}
        {state.status === 'canceled' && (
          <>
            <Typography.Text type="warning">{t('canceled')}</Typography.Text>
            <Button size="small" type="primary" icon={<RedoOutlined />} onClick={upload.resume} data-testid={`${testId}-resume`}>
              {t('resume')}
            </Button>
          </>
        )}
        {state.status === 'error' && (
          <>
            <Typography.Text type="danger" data-testid={`${testId}-error`}>
              {t('failed', { message: state.error?.message ?? '' })}
            </Typography.Text>
            <Button size="small" type="primary" icon={<RedoOutlined />} onClick={upload.resume} data-testid={`${testId}-resume`}>
              {t('retry')}
            </Button>
          </>
        )}
        {state.status === 'done' && (
          <Typography.Text type="success" data-testid={`${testId}-done`}>
            {t('done')}
          </Typography.Text>
        )}
      </Space>
    </div>
  );
}
