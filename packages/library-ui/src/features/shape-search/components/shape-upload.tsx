import { useState } from 'react';
import { Alert, Spin, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useLibraryTranslation } from '../../../i18n/use-library-translation';
import '../shape-messages';
import { hasExtension, IMAGE_EXTENSIONS, MODEL_EXTENSIONS, STEP_EXTENSIONS } from '../shape-search';
import { StepConversionError, tessellateStep } from '../step/step-tessellation';

interface ShapeUploadProps {
  kind: 'model' | 'image';
  onFile: (file: File) => void;
  disabled?: boolean;
}

/**
 * The drop zone of a model or a picture. The file is not uploaded by antd: the search sends it. A STEP file is
 * tessellated in the browser first and searched as STL (docs/shape-search.md, "STEP"); a file the search cannot
 * read is refused here with the reason.
 */
export function ShapeUpload({ kind, onFile, disabled }: ShapeUploadProps) {
  const { t } = useLibraryTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [converting, setConverting] = useState(false);
  const extensions = kind === 'model' ? MODEL_EXTENSIONS : IMAGE_EXTENSIONS;

  const convertStep = (file: File) => {
    setConverting(true);
    tessellateStep(file)
      .then(({ file: stl, triangles }) => {
        setChosen(t('shape.upload.stepConverted', { name: file.name, triangles }));
        onFile(stl);
      })
      .catch((error: unknown) => {
        const { problem, detail } = error instanceof StepConversionError ? error : { problem: 'failed', detail: String(error) };
        setProblem(t(`shape.upload.step.${problem}`, { name: file.name, detail: detail ?? '' }));
      })
      .finally(() => setConverting(false));
  };

  const accept = (file: File) => {
    setProblem(null);
    setChosen(null);
    if (kind === 'model' && hasExtension(file.name, STEP_EXTENSIONS)) {
      convertStep(file);
    } else if (!hasExtension(file.name, extensions)) {
      setProblem(t('shape.upload.badExtension', { name: file.name }));
    } else {
      setChosen(t('shape.upload.chosen', { name: file.name }));
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
        disabled={disabled || converting}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t(`shape.upload.${kind}`)}</p>
        <p className="ant-upload-hint">{t(`shape.upload.${kind}Hint`)}</p>
      </Upload.Dragger>
      {converting && (
        <div style={{ marginTop: 8 }} data-testid="shape-upload-converting">
          <Spin size="small" /> {t('shape.upload.stepConverting')}
        </div>
      )}
      {chosen && !problem && (
        <div style={{ marginTop: 8 }} data-testid="shape-upload-chosen">
          {chosen}
        </div>
      )}
      {problem && <Alert type="error" showIcon style={{ marginTop: 8 }} data-testid="shape-upload-problem" message={problem} />}
    </div>
  );
}
