import { App } from 'antd';
import { useLibraryTranslation } from '../../../i18n/use-library-translation';
import { StepConversionError } from '../../shape-search/step/step-tessellation';

/** Why a STEP model's preview was not drawn, in the user's words: the conversion's problem or the server's refusal. */
export function previewFailureReason(error: unknown, t: ReturnType<typeof useLibraryTranslation>['t']): string {
  if (error instanceof StepConversionError) return t(`enterprise.preview.problem.${error.problem}`);
  return error instanceof Error && error.message ? error.message : t('enterprise.preview.problem.failed');
}

/** The toasts of drawing a STEP model's preview (docs/enterprise-library.md, "Thumbnails of STEP models"). */
export function usePreviewMessages() {
  const { t } = useLibraryTranslation();
  const { message } = App.useApp();
  return {
    done: (name: string) => void message.success(t('enterprise.preview.done', { name })),
    failed: (name: string, error: unknown) => void message.warning(t('enterprise.preview.failed', { name, reason: previewFailureReason(error, t) })),
  };
}
