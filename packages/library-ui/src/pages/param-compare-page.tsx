import { useMemo } from 'react';
import { Button, Card, Empty, Space, Table, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '../components/query-state';
import { useLibraryTranslation } from '../i18n/use-library-translation';
// The toolbar row is the results page's (`cmp-results__toolbar`).
import '../features/search/components/search-results.css';
import { useCompare } from '../features/compare/api/compare-items';
import { compareSelection, MAX_COMPARE, useCompareIds } from '../features/compare/compare-list';
import { cellValue, rowDiffers } from '../features/compare/compare-rows';
import type { CompareRow } from '../features/items/types';
import { differenceRowProps } from '../features/compare/difference-row';

/**
 * /{library}/param-compare (参数对比): the parameter table of the chosen items side by side, differing
 * rows highlighted. The choice is `?ids=1,2,3` (the compare basket's 参数对比 button writes it), else the
 * whole basket; removing a column changes the URL, not the basket.
 */
export default function ParamComparePage() {
  const { t, i18n } = useLibraryTranslation();
  const basket = useCompareIds();
  const [searchParams, setSearchParams] = useSearchParams();
  const idsParam = searchParams.get('ids');
  const ids = useMemo(() => compareSelection(idsParam, basket), [idsParam, basket]);
  const compare = useCompare(ids);
  const removeColumn = (id: number) => {
    const next = new URLSearchParams(searchParams);
    next.set('ids', ids.filter((other) => other !== id).join(','));
    setSearchParams(next, { replace: true });
  };
  const english = i18n.language.startsWith('en');

  if (ids.length < 2) {
    return (
      <Card style={{ margin: 16 }} data-testid="compare-page">
        <Empty data-testid="compare-too-few" description={t('compare.tooFew', { count: ids.length, max: MAX_COMPARE })}>
          <Space>
            <Link to="/compare" data-testid="compare-to-basket">
              {t('basket.open', { count: basket.length })}
            </Link>
            <Link to="/search">{t('compare.goSearch')}</Link>
          </Space>
        </Empty>
      </Card>
    );
  }

  const items = compare.data?.components ?? [];
  const columns: ColumnsType<CompareRow> = [
    {
      title: t('compare.attribute'),
      fixed: 'left',
      render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{english ? row.labelEn : row.label}</span>,
    },
    ...items.map((item, index) => ({
      key: item.id,
      title: (
        <span data-testid={`compare-column-${item.id}`}>
          <Link to={`/detail/${item.id}`}>{item.partNumber}</Link>{' '}
          <Button
            size="small"
            type="text"
            icon={<CloseOutlined />}
            aria-label={t('compare.remove')}
            data-testid={`compare-remove-${item.id}`}
            onClick={() => removeColumn(item.id)}
          />
        </span>
      ),
      render: (_: unknown, row: CompareRow) => cellValue(row, index, english),
    })),
  ];

  return (
    <div data-testid="compare-page" style={{ padding: 16 }}>
      <div className="cmp-results__toolbar">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('compare.title')}
        </Typography.Title>
        <Link to="/compare" data-testid="compare-to-basket">
          {t('basket.open', { count: basket.length })}
        </Link>
      </div>
      <QueryState testId="compare" isPending={compare.isPending} error={compare.error} onRetry={() => void compare.refetch()}>
        <Table<CompareRow>
          data-testid="compare-table"
          rowKey="key"
          size="small"
          bordered
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={columns}
          dataSource={compare.data?.rows ?? []}
          onRow={(row) => differenceRowProps(rowDiffers(row))}
        />
      </QueryState>
    </div>
  );
}
