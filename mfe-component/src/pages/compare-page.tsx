import type { HTMLAttributes } from 'react';
import { Button, Card, Empty, Table, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { I18N_NAMESPACE } from '../i18n';
import { QueryState } from '../components/query-state';
import { useCompare } from '../features/compare/api/compare-components';
import { clearCompare, MAX_COMPARE, removeFromCompare, useCompareIds } from '../features/compare/compare-list';
import type { CompareRow } from '../features/components/types';

/**
 * A row is highlighted when the server says it differs and the shown values are not all the same: the
 * server's flag alone also marks rows where every part lacks the value (all null).
 */
export function rowDiffers(row: CompareRow): boolean {
  return row.differs && new Set(row.values.map((value) => value ?? '')).size > 1;
}

/** /component/compare and /component/param-compare: the session's parts side by side. */
export function ComparePage() {
  const { t, i18n } = useTranslation(I18N_NAMESPACE);
  const ids = useCompareIds();
  const compare = useCompare(ids);
  const english = i18n.language.startsWith('en');

  if (ids.length < 2) {
    return (
      <Card style={{ margin: 16 }} data-testid="compare-page">
        <Empty data-testid="compare-too-few" description={t('compare.tooFew', { count: ids.length, max: MAX_COMPARE })}>
          <Link to="/search">{t('compare.goSearch')}</Link>
        </Empty>
      </Card>
    );
  }

  const components = compare.data?.components ?? [];
  const columns: ColumnsType<CompareRow> = [
    { title: t('compare.attribute'), fixed: 'left', width: 140, render: (_, row) => (english ? row.labelEn : row.label) },
    ...components.map((component, index) => ({
      key: component.id,
      title: (
        <span data-testid={`compare-column-${component.id}`}>
          <Link to={`/detail/${component.id}`}>{component.partNumber}</Link>{' '}
          <Button
            size="small"
            type="text"
            icon={<CloseOutlined />}
            aria-label={t('compare.remove')}
            data-testid={`compare-remove-${component.id}`}
            onClick={() => removeFromCompare(component.id)}
          />
        </span>
      ),
      render: (_: unknown, row: CompareRow) => row.values[index] ?? '—',
    })),
  ];

  return (
    <div data-testid="compare-page" style={{ padding: 16 }}>
      <Typography.Title level={4}>
        {t('compare.title')} <Button onClick={clearCompare}>{t('compare.clear')}</Button>
      </Typography.Title>
      <QueryState testId="compare" isPending={compare.isPending} error={compare.error} onRetry={() => void compare.refetch()}>
        <Table<CompareRow>
          data-testid="compare-table"
          rowKey="key"
          size="small"
          bordered
          pagination={false}
          scroll={{ x: true }}
          columns={columns}
          dataSource={compare.data?.rows ?? []}
          onRow={(row) => {
            const differs = rowDiffers(row);
            return { 'data-differs': differs, style: differs ? { background: '#fff7e6' } : undefined } as HTMLAttributes<HTMLElement>;
          }}
        />
      </QueryState>
    </div>
  );
}
