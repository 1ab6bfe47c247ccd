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
  /** A file already being searched with (carried from another page): shown as chosen. */
  initial?: File;
}

/** A line the zone shows, kept as its key and values so that it follows a language switch. */
interface Line {
  key: string;
  values: Record<string, string | number>;
}

/**
 * The drop zone of a model or a picture. The file is not uploaded by antd: the search sends it. A STEP file is
 * tessellated in the browser first and searched as STL (docs/shape-search.md, "STEP"); a file the search cannot
 * read is refused here with the reason.
 */
export function ShapeUpload({ kind, onFile, disabled, initial }: ShapeUploadProps) {
  const { t } = useLibraryTranslation();
  const [problem, setProblem] = useState<Line | null>(null);
  const [chosen, setChosen] = useState<Line | null>(() => (initial ? { key: 'shape.upload.chosen', values: { name: initial.name } } : null));
  const [converting, setConverting] = useState(false);
  const extensions = kind === 'model' ? MODEL_EXTENSIONS : IMAGE_EXTENSIONS;

  const convertStep = (file: File) => {
    setConverting(true);
    tessellateStep(file)
      .then(({ file: stl, triangles }) => {
        setChosen({ key: 'shape.upload.stepConverted', values: { name: file.name, triangles } });
        onFile(stl);
      })
      .catch((error: unknown) => {
        const { problem, detail } = error instanceof StepConversionError ? error : { problem: 'failed', detail: String(error) };
        setProblem({ key: `shape.upload.step.${problem}`, values: { name: file.name, detail: detail ?? '' } });
      })
      .finally(() => setConverting(false));
  };

  const accept = (file: File) => {
    setProblem(null);
    setChosen(null);
    if (kind === 'model' && hasExtension(file.name, STEP_EXTENSIONS)) {
      convertStep(file);
    } else if (!hasExtension(file.name, extensions)) {
      setProblem({ key: 'shape.upload.badExtension', values: { name: file.name } });
    } else {
      setChosen({ key: 'shape.upload.chosen', values: { name: file.name } });
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
          {t(chosen.key, chosen.values)}
        </div>
      )}
      {problem && <Alert type="error" showIcon style={{ marginTop: 8 }} data-testid="shape-upload-problem" message={t(problem.key, problem.values)} />}
    </div>
  );
}
