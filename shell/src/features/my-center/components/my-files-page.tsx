import { useState } from 'react';
import { App, Button, Card, Popconfirm, Space, Table, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { formatFileSize, useDeleteMyFile, useMyFiles, type MyFile } from '../api/my-files';
import { MyCenterFrame, SignedInGate } from './my-center-frame';

const PAGE_SIZE = 10;

function MyFilesTable() {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const [pageNo, setPageNo] = useState(1);
  const files = useMyFiles(pageNo, PAGE_SIZE);
  const remove = useDeleteMyFile();
  const onDelete = (file: MyFile) =>
    remove.mutate(file.id, {
      onSuccess: () => {
        message.success(t('my.files.deleted', { name: file.name }));
        // Leaving an emptied last page.
        if (files.data && files.data.list.length === 1 && pageNo > 1) setPageNo(pageNo - 1);
      },
      onError: (error) => message.error(error.message),
    });
  return (
    <Card title={t('my.files.title')} data-testid="my-files-page">
      <Typography.Paragraph type="secondary">{t('my.files.text')}</Typography.Paragraph>
      <Table<MyFile>
        rowKey="id"
        size="middle"
        loading={files.isFetching}
        dataSource={files.data?.list ?? []}
        locale={{ emptyText: files.isError ? files.error.message : t('my.files.empty') }}
        data-testid="my-files-table"
        scroll={{ x: 640 }}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: files.data?.total ?? 0,
          showTotal: (total) => t('my.total', { total }),
          onChange: setPageNo,
        }}
        columns={[
          {
            title: t('my.files.name'),
            dataIndex: 'name',
            ellipsis: true,
            render: (name: string, file) => <span data-testid={`my-file-name-${file.id}`}>{name}</span>,
          },
          {
            title: t('my.files.type'),
            dataIndex: 'category',
            width: 130,
            render: (category: string) => t(`my.files.categories.${category}`, { defaultValue: category }),
          },
          { title: t('my.files.size'), dataIndex: 'size', width: 110, render: (size: number) => formatFileSize(size) },
          { title: t('my.files.date'), dataIndex: 'createTime', width: 170, render: (time: number) => new Date(time).toLocaleString() },
          {
            title: t('my.actions'),
            key: 'actions',
            width: 200,
            render: (_, file) => (
              <Space>
                <Button size="small" icon={<DownloadOutlined />} href={file.url} target="_blank" rel="noreferrer" data-testid={`my-file-download-${file.id}`}>
                  {t('my.files.download')}
                </Button>
                <Popconfirm title={t('my.files.deleteConfirm', { name: file.name })} onConfirm={() => onDelete(file)}>
                  <Button size="small" danger icon={<DeleteOutlined />} data-testid={`my-file-delete-${file.id}`}>
                    {t('my.files.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** /user/files: every file the user uploaded (avatar, feedback images, licences, models), paged. */
export default function MyFilesPage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('my.nav.files'));
  return (
    <MyCenterFrame>
      <SignedInGate>
        <MyFilesTable />
      </SignedInGate>
    </MyCenterFrame>
  );
}
