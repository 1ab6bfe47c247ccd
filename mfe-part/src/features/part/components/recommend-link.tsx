import { Link } from 'react-router';
import { useLibraryTranslation, type DetailSlotProps } from '@portal/library-ui/items';

/** Detail slot `actions`: the link to this part's recommendations (/part/recommend?id=). */
export function RecommendLink({ item }: DetailSlotProps) {
  const { t } = useLibraryTranslation();
  return (
    <Link to={`/recommend?id=${item.component.id}`} data-testid="detail-recommend-link">
      {t('detail.recommend')}
    </Link>
  );
}
