import { useState } from 'react';
import { Alert, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useLibraryTranslation } from '../../../i18n/use-library-translation';
import { hasExtension, IMAGE_EXTENSIONS, MODEL_EXTENSIONS, STEP_EXTENSIONS } from '../shape-search';

interface ShapeUploadProps {
  kind: 'model' | 'image';
  onFile: (file: File) => void;
  disabled?: boolean;
}

/**
 * The drop zone of a model or a picture. The file is not uploaded by antd: the search sends it. A file the
 * search cannot read is refused here with the reason (STEP: docs/shape-search.md, "Pages").
 */
export function ShapeUpload({ kind, onFile, disabled }: ShapeUploadProps) {
  const { t } = useLibraryTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const extensions = kind === 'model' ? MODEL_EXTENSIONS : IMAGE_EXTENSIONS;

  const accept = (file: File) => {
    if (kind === 'model' && hasExtension(file.name, STEP_EXTENSIONS)) {
      setProblem(t('shape.upload.stepNotSupported'));
    } else if (!hasExtension(file.name, extensions)) {
      setProblem(t('shape.upload.badExtension', { name: file.name }));
    } else {
      setProblem(null);
      setChosen(file.name);
      onFile(file);
    }
    // Never uploaded by antd itself.
    return false;
  };

  return (
    <div data-testid={`shape-upload-${kind}`}>
      <Upload.Dragger
        accept={[...extensions, ...(kind === 'model' ? STEP_EXTENSIONS : [])].join(',')}
        multiple={false}
        showUploadList={false}
        beforeUpload={accept}
        disabled={disabled}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t(`shape.upload.${kind}`)}</p>
        <p className="ant-upload-hint">{t(`shape.upload.${kind}Hint`)}</p>
      </Upload.Dragger>
      {chosen && !problem && (
        <div style={{ marginTop: 8 }} data-testid="shape-upload-chosen">
          {t('shape.upload.chosen', { name: chosen })}
        </div>
      )}
      {problem && <Alert type="error" showIcon style={{ marginTop: 8 }} data-testid="shape-upload-problem" message={problem} />}
    </div>
  );
}
