import { App, Button, Tooltip } from 'antd';
import { CheckOutlined, PlusOutlined } from '@ant-design/icons';
import { useLibraryTranslation } from '../../../i18n/use-library-translation';
import { MAX_COMPARE, useCompareIds, useCompareList } from '../compare-list';

/**
 * Puts an item into the compare basket (对比) or takes it out. At the eleventh the basket is full:
 * a warning says so and links nothing away. `compact`: an icon button for table rows.
 */
export function AddToCompareButton({ id, compact = false }: { id: number; compact?: boolean }) {
  const { t } = useLibraryTranslation();
  const { message } = App.useApp();
  const basket = useCompareList();
  const ids = useCompareIds();
  const inList = ids.includes(id);
  const label = inList ? t('compare.remove') : t('compare.add');
  const toggle = () => {
    if (inList) {
      basket.remove(id);
      return;
    }
    const result = basket.add(id);
    if (result === 'full') void message.warning({ content: t('compare.full', { max: MAX_COMPARE }), key: 'compare-full' });
    else void message.success({ content: t('compare.added', { count: ids.length + 1, max: MAX_COMPARE }), key: 'compare-added' });
  };
  if (compact) {
    return (
      <Tooltip title={label}>
        <Button
          size="small"
          type={inList ? 'primary' : 'default'}
          icon={inList ? <CheckOutlined /> : <PlusOutlined />}
          aria-label={label}
          aria-pressed={inList}
          data-testid={`result-compare-${id}`}
          data-in-compare={inList}
          onClick={toggle}
        />
      </Tooltip>
    );
  }
  return (
    <Button data-testid="add-to-compare" data-in-compare={inList} onClick={toggle}>
      {label}
    </Button>
  );
}
