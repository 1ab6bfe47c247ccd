import { useState } from 'react';
import { Button, Card, Input, List, Typography } from 'antd';
import { QueryState } from '../../components/query-state';
import { useLibraryTranslation } from '../../i18n/use-library-translation';
import { useSearchItems } from '../search/api/search-items';
import { readSearchState } from '../search/search-state';
import { pickerSearch } from './picker-search';

/**
 * A search box over the library's search; picking a hit hands its id to `onPick` (the 推荐 pages
 * without a part). Texts `recommend.pick*`, worded by each library.
 */
export function ItemPicker({ onPick }: { onPick: (id: number) => void }) {
  const { t } = useLibraryTranslation();
  const [text, setText] = useState('');
  const search = pickerSearch(text);
  const hits = useSearchItems(search ?? readSearchState(new URLSearchParams()), search !== undefined);
  return (
    <Card data-testid="recommend-picker" title={t('recommend.pickTitle')}>
      <Typography.Paragraph type="secondary">{t('recommend.pickHint')}</Typography.Paragraph>
      <Input.Search
        data-testid="recommend-picker-input"
        placeholder={t('recommend.pickPlaceholder')}
        enterButton={t('recommend.pickSearch')}
        allowClear
        onSearch={(value) => setText(value)}
        style={{ maxWidth: 480, marginBottom: 16 }}
      />
      {search && (
        <QueryState
          testId="recommend-picker"
          isPending={hits.isPending}
          error={hits.error}
          isEmpty={hits.data?.list.length === 0}
          emptyText={t('recommend.pickEmpty')}
          onRetry={() => void hits.refetch()}
        >
          <List
            data-testid="recommend-picker-results"
            dataSource={hits.data?.list ?? []}
            renderItem={(hit) => (
              <List.Item key={hit.id}>
                <List.Item.Meta
                  title={
                    <Button type="link" style={{ padding: 0, height: 'auto' }} data-testid="recommend-picker-option" onClick={() => onPick(hit.id)}>
                      {hit.partNumber}
                    </Button>
                  }
                  description={[hit.manufacturerName, hit.package, hit.description].filter(Boolean).join(' · ')}
                />
              </List.Item>
            )}
          />
        </QueryState>
      )}
    </Card>
  );
}
