import { useLayoutEffect, useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { pickFiles, UploadTask, useUpload } from '@portal/upload';
import { useLibraryTranslation } from '../../../i18n/use-library-translation';
import { formatBytes } from '../format';
import { ENTERPRISE_UPLOAD_TYPES, type EnterpriseUploadKind } from '../api/enterprise-items';

/** What the form needs of one file: its upload's claim once done, whether it is still running, and the file itself. */
export interface EnterpriseFileValue {
  claim?: string;
  uploading: boolean;
  /** The chosen file (a STEP model's preview is drawn from it after the submission). */
  file?: File;
}

/** Why a chosen file is refused before any byte is sent (the server checks the same). */
export function refuseEnterpriseFile(file: File, kind: EnterpriseUploadKind): 'type' | 'size' | 'empty' | undefined {
  const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  if (!ENTERPRISE_UPLOAD_TYPES[kind].extensions.includes(extension)) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > ENTERPRISE_UPLOAD_TYPES[kind].maxBytes) return 'size';
  return undefined;
}

/**
 * One file of an item (模型, 数据手册 or 图纸) or a batch's ZIP (`archive`): choose it, watch it upload through the
 * file service (chunked past 5 MB, with cancel and resume), remove it. `onChange` gets the upload's claim, which the
 * item's draft or the batch import sends.
 */
export function EnterpriseFileField({ kind, onChange }: { kind: EnterpriseUploadKind; onChange: (value: EnterpriseFileValue) => void }) {
  const { t } = useLibraryTranslation();
  const { bizCode, extensions, maxBytes } = ENTERPRISE_UPLOAD_TYPES[kind];
  const upload = useUpload({ bizCode });
  const [refusal, setRefusal] = useState<string>();
  const { status, result } = upload.state;

  // A layout effect: the form holds the claim before the page can show the upload as done, so an import clicked
  // at once never goes without it (a plain effect left a window a loaded test machine hit).
  useLayoutEffect(() => {
    onChange({ claim: status === 'done' ? result?.claim : undefined, uploading: status === 'uploading', file: upload.state.file });
    // `onChange` is the form's setter for this kind; only the upload's progress matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status, result]);

  const choose = async () => {
    const [file] = await pickFiles({ accept: extensions.map((extension) => `.${extension}`).join(',') });
    if (!file) return;
    const refused = refuseEnterpriseFile(file, kind);
    if (refused) {
      setRefusal(t(`enterprise.files.refused.${refused}`, { name: file.name, types: extensions.join(', '), size: formatBytes(maxBytes) }));
      return;
    }
    setRefusal(undefined);
    upload.start(file);
  };

  const testId = `enterprise-publish-file-${kind}`;
  return (
    <div data-testid={testId}>
      <Space wrap>
        <Button icon={<UploadOutlined />} onClick={() => void choose()} disabled={status === 'uploading'} data-testid={`${testId}-choose`}>
          {upload.state.file ? t('enterprise.files.replace') : t('enterprise.files.choose')}
        </Button>
        {upload.state.file && status !== 'uploading' && (
          <Button type="text" icon={<DeleteOutlined />} onClick={upload.reset} aria-label={t('enterprise.files.remove')} data-testid={`${testId}-remove`} />
        )}
        <Typography.Text type="secondary">{extensions.map((extension) => `.${extension}`).join(' ')}</Typography.Text>
      </Space>
      {refusal && (
        <Typography.Paragraph type="danger" style={{ margin: '4px 0 0' }} data-testid={`${testId}-refused`}>
          {refusal}
        </Typography.Paragraph>
      )}
      <UploadTask upload={upload} testId={`${testId}-task`} />
    </div>
  );
}
