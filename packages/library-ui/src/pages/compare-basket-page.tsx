import { useState } from 'react';
import { Button, Card, Empty, Space, Table, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useQueries } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useLibraryConfig } from '../config/library-config';
import { useLibraryTranslation } from '../i18n/use-library-translation';
// The toolbar row is the results page's (`cmp-results__toolbar`).
import '../features/search/components/search-results.css';
import { itemQueryOptions } from '../features/items/api/get-item';
import { MAX_COMPARE, useCompareIds, useCompareList } from '../features/compare/compare-list';
import type { ItemDetail } from '../features/items/types';

interface BasketRow {
  id: number;
  detail?: ItemDetail;
  failed: boolean;
}

/**
 * /{library}/compare (对比): the compare basket — the items picked on the search, catalogue and detail
 * pages, kept across pages and reloads (at most ten). Tick some (all by default) and open 参数对比 on them.
 */
export default function CompareBasketPage() {
  const { t, i18n } = useLibraryTranslation();
  const english = i18n.language.startsWith('en');
  const navigate = useNavigate();
  const { apiBase } = useLibraryConfig();
  const basket = useCompareList();
  const ids = useCompareIds();
  // Unticked ids; everything else in the basket is selected, including what is added later.
  const [unticked, setUnticked] = useState<number[]>([]);
  const details = useQueries({ queries: ids.map((id) => itemQueryOptions(apiBase, id)) });
  const rows: BasketRow[] = ids.map((id, index) => ({ id, detail: details[index]?.data, failed: Boolean(details[index]?.error) }));
  const selected = ids.filter((id) => !unticked.includes(id));

  if (ids.length === 0) {
    return (
      <Card style={{ margin: 16 }} data-testid="compare-basket">
        <Empty data-testid="compare-basket-empty" description={t('basket.empty', { max: MAX_COMPARE })}>
          <Link to="/search">{t('compare.goSearch')}</Link>
        </Empty>
      </Card>
    );
  }

  const columns: ColumnsType<BasketRow> = [
    {
      title: t('field.partNumber'),
      key: 'partNumber',
      render: (_, row) =>
        row.detail ? (
          <Link to={`/detail/${row.id}`} data-testid={`basket-link-${row.id}`}>
            {row.detail.component.partNumber}
          </Link>
        ) : row.failed ? (
          <Typography.Text type="danger">{t('basket.missing', { id: row.id })}</Typography.Text>
        ) : (
          '…'
        ),
    },
    { title: t('field.name'), key: 'name', responsive: ['md'], render: (_, row) => row.detail?.component.name ?? '' },
    { title: t('field.manufacturer'), key: 'manufacturer', render: (_, row) => row.detail?.component.manufacturerName ?? '—' },
    { title: t('field.package'), key: 'package', responsive: ['sm'], render: (_, row) => row.detail?.component.package ?? '—' },
    {
      title: t('field.keyParameters'),
      key: 'parameters',
      responsive: ['lg'],
      render: (_, row) =>
        (row.detail?.parameters ?? [])
          .slice(0, 3)
          .map((parameter) => `${english ? parameter.nameEn : parameter.name} ${parameter.display}`)
          .join(' · ') || '—',
    },
    {
      key: 'remove',
      width: 60,
      align: 'center',
      render: (_, row) => (
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('compare.remove')}
          data-testid={`basket-remove-${row.id}`}
          onClick={() => basket.remove(row.id)}
        />
      ),
    },
  ];

  return (
    <div data-testid="compare-basket" style={{ padding: 16 }}>
      <div className="cmp-results__toolbar">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('basket.title')}{' '}
          <Typography.Text type="secondary" data-testid="compare-basket-count">
            {t('basket.count', { count: ids.length, max: MAX_COMPARE })}
          </Typography.Text>
        </Typography.Title>
        <Space wrap>
          <Button
            type="primary"
            data-testid="compare-basket-compare"
            disabled={selected.length < 2}
            onClick={() => void navigate(`/param-compare?ids=${selected.join(',')}`)}
          >
            {t('basket.compare', { count: selected.length })}
          </Button>
          <Button data-testid="compare-basket-clear" onClick={basket.clear}>
            {t('compare.clear')}
          </Button>
        </Space>
      </div>
      {selected.length < 2 ? (
        <Typography.Paragraph type="secondary" data-testid="compare-basket-hint">
          {t('basket.pickTwo')}
        </Typography.Paragraph>
      ) : null}
      <Table<BasketRow>
        data-testid="compare-basket-table"
        rowKey="id"
        size="middle"
        pagination={false}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setUnticked(ids.filter((id) => !keys.includes(id))),
          getCheckboxProps: (row) => ({ 'data-testid': `basket-pick-${row.id}` }) as object,
        }}
      />
    </div>
  );
}
