import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { I18N_NAMESPACE } from '../../../i18n';
import { addToCompare, MAX_COMPARE, removeFromCompare, useCompareIds } from '../compare-list';

/** Toggles a component in the session's compare list (at most five). */
export function AddToCompareButton({ id }: { id: number }) {
  const { t } = useTranslation(I18N_NAMESPACE);
  const { message } = App.useApp();
  const ids = useCompareIds();
  const inList = ids.includes(id);
  return (
    <Button
      data-testid="add-to-compare"
      data-in-compare={inList}
      onClick={() => {
        if (inList) {
          removeFromCompare(id);
          return;
        }
        const result = addToCompare(id);
        if (result === 'full') void message.warning(t('compare.full', { max: MAX_COMPARE }));
        else void message.success(t('compare.added', { count: ids.length + 1 }));
      }}
    >
      {inList ? t('compare.remove') : t('compare.add')}
    </Button>
  );
}
