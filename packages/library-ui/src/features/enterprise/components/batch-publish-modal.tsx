import { useState } from 'react';
import { Alert, Button, Flex, Modal, Progress, Result, Space, Table, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { UploadFile } from 'antd/es/upload/interface';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useLibraryTranslation } from '../../../i18n/use-library-translation';
import {
  ENTERPRISE_BATCH_LIMITS,
  ENTERPRISE_TEMPLATE_COLUMNS,
  ENTERPRISE_UPLOAD_TYPES,
  isEnterpriseBatchFile,
  useDownloadEnterpriseTemplate,
  useImportEnterpriseItems,
  type EnterpriseBatchError,
} from '../api/enterprise-items';
import { formatBytes, textOrDash } from '../format';
import { EnterpriseFileField, type EnterpriseFileValue } from './enterprise-file-field';

const errorText = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/**
 * 批量发布: explains the template and offers it as Excel (.xlsx) and CSV, takes one `.xlsx` or `.csv` file (checked here for its extension and
 * size before anything is sent) and imports it. The server imports all or nothing: a report with errors lists the
 * rejected rows and stored none, and the user picks a corrected file; a clean report says how many were submitted
 * for review. A refusal of the whole file (unreadable, wrong header, too many rows) shows its message and keeps
 * the file. The upload shows its percentage, then the server checks every row.
 */
export function BatchPublishModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLibraryTranslation();
  const template = useDownloadEnterpriseTemplate();
  const importer = useImportEnterpriseItems();
  const [file, setFile] = useState<File>();
  /** The ZIP of files the 文件 column names, uploaded through the file service before the import. */
  const [archive, setArchive] = useState<EnterpriseFileValue>({ uploading: false });
  /** Remounts the ZIP field when the dialog closes, so that a reopened dialog starts without one. */
  const [archiveField, setArchiveField] = useState(0);
  /** Why the file last chosen was refused here, without asking the server. */
  const [refusal, setRefusal] = useState<string>();
  const importing = importer.isPending;
  const report = importer.data;
  const done = report !== undefined && report.errors.length === 0;
  const maxSize = formatBytes(ENTERPRISE_BATCH_LIMITS.bytes);

  const choose = (chosen: File) => {
    importer.reset();
    const name = chosen.name;
    let problem: string | undefined;
    if (!isEnterpriseBatchFile(name)) problem = t('enterprise.batch.notTable', { name });
    else if (chosen.size > ENTERPRISE_BATCH_LIMITS.bytes) problem = t('enterprise.batch.tooLarge', { name, actual: formatBytes(chosen.size), size: maxSize });
    else if (chosen.size === 0) problem = t('enterprise.batch.empty', { name });
    setRefusal(problem);
    setFile(problem ? undefined : chosen);
    // Never uploaded by antd itself: the import button sends it.
    return false;
  };

  const close = () => {
    if (importing) return;
    setFile(undefined);
    setRefusal(undefined);
    setArchive({ uploading: false });
    setArchiveField((generation) => generation + 1);
    importer.reset();
    template.reset();
    onClose();
  };

  const start = () => {
    if (!file || importing || archive.uploading) return;
    // The outcome shows from the mutation's state (report or error); nothing more to do here.
    importer.mutate({ file, filesClaim: archive.claim });
  };

  const fileList: UploadFile[] = file ? [{ uid: 'enterprise-batch-file', name: file.name, size: file.size, status: 'done' }] : [];

  const errorColumns: ColumnsType<EnterpriseBatchError & { key: number }> = [
    { key: 'row', title: t('enterprise.batch.row'), dataIndex: 'row', width: 80 },
    { key: 'field', title: t('enterprise.batch.field'), dataIndex: 'field', width: 120, render: (value?: string | null) => textOrDash(value) },
    { key: 'reason', title: t('enterprise.batch.reason'), dataIndex: 'reason' },
  ];

  const footer = done
    ? [
        <Button key="done" type="primary" onClick={close} data-testid="enterprise-batch-done">
          {t('enterprise.batch.done')}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={close} disabled={importing} data-testid="enterprise-batch-cancel">
          {t('enterprise.batch.cancel')}
        </Button>,
        <Button key="import" type="primary" onClick={start} disabled={!file || archive.uploading} loading={importing} data-testid="enterprise-batch-import">
          {t('enterprise.batch.import')}
        </Button>,
      ];

  return (
    <Modal
      open={open}
      title={t('enterprise.batch.title')}
      onCancel={close}
      closable={!importing}
      mask={{ closable: !importing }}
      keyboard={!importing}
      footer={footer}
      width={720}
      data-testid="enterprise-batch-modal"
    >
      {done ? (
        <Result
          status="success"
          title={t('enterprise.batch.imported', { count: report.imported })}
          subTitle={t('enterprise.batch.importedText')}
          data-testid="enterprise-batch-result"
        />
      ) : (
        <>
          <Typography.Paragraph>{t('enterprise.batch.intro')}</Typography.Paragraph>
          <ul style={{ paddingInlineStart: 20, marginBottom: 12 }}>
            <li>{t('enterprise.batch.columns', { columns: ENTERPRISE_TEMPLATE_COLUMNS.join(',') })}</li>
            <li>{t('enterprise.batch.category')}</li>
            <li>{t('enterprise.batch.parameters')}</li>
            <li>{t('enterprise.batch.files')}</li>
            <li>{t('enterprise.batch.encoding')}</li>
            <li>{t('enterprise.batch.limits', { rows: ENTERPRISE_BATCH_LIMITS.rows, size: maxSize })}</li>
          </ul>
          <Space orientation="vertical" style={{ width: '100%', marginBottom: 16 }}>
            <Space wrap>
              <Button
                icon={<DownloadOutlined />}
                loading={template.isPending && template.variables === 'xlsx'}
                disabled={template.isPending}
                onClick={() => template.mutate('xlsx')}
                data-testid="enterprise-batch-template"
              >
                {t('enterprise.batch.template')}
              </Button>
              <Button
                icon={<DownloadOutlined />}
                loading={template.isPending && template.variables === 'csv'}
                disabled={template.isPending}
                onClick={() => template.mutate('csv')}
                data-testid="enterprise-batch-template-csv"
              >
                {t('enterprise.batch.templateCsv')}
              </Button>
            </Space>
            {template.error && (
              <Alert
                type="error"
                showIcon
                title={t('enterprise.batch.templateFailed', { message: errorText(template.error, '') })}
                data-testid="enterprise-batch-template-error"
              />
            )}
          </Space>
          <Upload.Dragger
            // On the <input type=file> itself (antd passes data-* attributes to it), for setInputFiles.
            data-testid="enterprise-batch-file"
            // Every file reaches `choose`, dropped ones too, so that a wrong one is refused with a reason.
            accept={{ format: '.xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', filter: 'native' }}
            multiple={false}
            maxCount={1}
            fileList={fileList}
            beforeUpload={choose}
            onRemove={() => {
              setFile(undefined);
              importer.reset();
            }}
            showUploadList={{ showRemoveIcon: !importing }}
            disabled={importing}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('enterprise.batch.drop')}</p>
            <p className="ant-upload-hint">{t('enterprise.batch.dropHint', { size: maxSize })}</p>
          </Upload.Dragger>
          {refusal && <Alert type="error" showIcon role="alert" title={refusal} style={{ marginTop: 16 }} data-testid="enterprise-batch-refused" />}
          <Flex vertical gap={4} style={{ marginTop: 16 }} data-testid="enterprise-batch-archive">
            <Typography.Text strong>{t('enterprise.batch.archive')}</Typography.Text>
            <Typography.Text type="secondary">
              {t('enterprise.batch.archiveHint', { size: formatBytes(ENTERPRISE_UPLOAD_TYPES.archive.maxBytes) })}
            </Typography.Text>
            <EnterpriseFileField key={archiveField} kind="archive" onChange={setArchive} />
          </Flex>
          {importing && file && (
            <Flex vertical gap={4} role="status" style={{ marginTop: 16 }} data-testid="enterprise-batch-progress">
              <Progress percent={importer.percent} size="small" status="active" />
              <Typography.Text>{t(importer.percent < 100 ? 'enterprise.batch.importing' : 'enterprise.batch.checking', { name: file.name })}</Typography.Text>
            </Flex>
          )}
          {importer.error && (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={errorText(importer.error, t('enterprise.batch.failed'))}
              style={{ marginTop: 16 }}
              data-testid="enterprise-batch-error"
            />
          )}
          {report && report.errors.length > 0 && (
            <div style={{ marginTop: 16 }} data-testid="enterprise-batch-errors">
              <Alert
                type="error"
                showIcon
                role="alert"
                title={t('enterprise.batch.rejectedTitle', { count: report.errors.length })}
                description={t('enterprise.batch.rejectedText', { rows: report.rows })}
                style={{ marginBottom: 12 }}
              />
              <Table<EnterpriseBatchError & { key: number }>
                size="small"
                rowKey="key"
                columns={errorColumns}
                // A row may have several errors, even two alike: keyed by position.
                dataSource={report.errors.map((error, index) => ({ ...error, key: index }))}
                pagination={report.errors.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
                data-testid="enterprise-batch-errors-table"
              />
            </div>
          )}
        </>
      )}
    </Modal>
  );
}
