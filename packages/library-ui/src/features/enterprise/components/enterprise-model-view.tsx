import { useCallback } from 'react';
import { requestBlob } from '@portal/http';
import { useLibraryTranslation } from '../../../i18n/use-library-translation';
import { LazyModelViewer } from '../../model-viewer/components/lazy-model-viewer';
import { hasKnownUnits, ModelFormatError } from '../../model-viewer/model-names';
import type { EnterpriseFile, EnterpriseFileSource } from '../api/enterprise-items';
import { previewFailureReason } from './step-preview';

interface EnterpriseModelViewProps {
  source: EnterpriseFileSource;
  index: number;
  file: EnterpriseFile;
}

/**
 * An item's model in 3D inside its drawer: the file is read with the session's token (an organisation's files are
 * not public), a STEP model tessellated in the browser, then orbit, section and measure with the public item page's
 * viewer and its chunk (docs/enterprise-library.md, "Viewing a model in 3D").
 */
export function EnterpriseModelView({ source, index, file }: EnterpriseModelViewProps) {
  const { t } = useLibraryTranslation();
  const path = source.path(index);
  const load = useCallback(async () => ({ bytes: await (await requestBlob(path)).arrayBuffer(), name: file.name }), [path, file.name]);
  const describeError = useCallback(
    (error: unknown) => (error instanceof ModelFormatError ? t(`enterprise.files.viewProblem.${error.problem}`) : previewFailureReason(error, t)),
    [t],
  );
  return <LazyModelViewer load={load} describeError={describeError} tools={hasKnownUnits(file.name)} height={300} />;
}
