import { useState } from 'react';
import { Button, Card, List, Space, Typography } from 'antd';
import { navigateAcrossApps } from '@portal/providers';
import { FileAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { pickFiles, UploadTask, useUpload, type UploadedFile } from '@portal/upload';
import { AUTH_NAMESPACE } from '../../../i18n';

/** What the file service files model uploads under (category ModelFiles). */
export const MODEL_BIZ_CODE = 'model';
/** Model formats the picker offers; the server decides what it accepts. */
export const MODEL_ACCEPT = '.step,.stp,.stl,.igs,.iges,.x_t,.sldprt,.glb,.wrl,.zip';

function formatSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * 我的文件: upload a model file (STEP…) with visible progress, cancel and resume; the list shows this
 * visit's uploads and links to the shell's /user/files, which lists every file of the user (paged).
 */
export function MyFilesCard() {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const [uploaded, setUploaded] = useState<UploadedFile[]>([]);
  const upload = useUpload({ bizCode: MODEL_BIZ_CODE, onUploaded: (file) => setUploaded((previous) => [file, ...previous]) });
  const busy = upload.state.status === 'uploading';

  const choose = async () => {
    const [file] = await pickFiles({ accept: MODEL_ACCEPT });
    if (file) upload.start(file);
  };

  return (
    <Card title={t('myFiles.title')} data-testid="my-files-card">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('myFiles.text')}</Typography.Text>
        <Button icon={<FileAddOutlined />} disabled={busy} onClick={() => void choose()} data-testid="my-files-pick">
          {t('myFiles.pick')}
        </Button>
        <UploadTask upload={upload} testId="my-files-task" />
        <List
          size="small"
          header={<Typography.Text strong>{t('myFiles.session')}</Typography.Text>}
          locale={{ emptyText: t('myFiles.empty') }}
          dataSource={uploaded}
          data-testid="my-files-list"
          renderItem={(file) => (
            <List.Item key={file.id} data-testid={`my-file-${file.id}`}>
              <Typography.Link href={file.url} target="_blank" rel="noreferrer">
                {file.name}
              </Typography.Link>
              <Typography.Text type="secondary">{formatSize(file.size)}</Typography.Text>
            </List.Item>
          )}
        />
        <Button type="link" onClick={() => navigateAcrossApps('/user/files')} data-testid="my-files-all" style={{ paddingInline: 0 }}>
          {t('myFiles.sessionOnly')}
        </Button>
      </Space>
    </Card>
  );
}
