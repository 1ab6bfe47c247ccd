import { lazy, Suspense, useMemo, useState } from 'react';
import { Button, Card, Empty, Select, Skeleton, Space, Switch, Table, Typography } from 'antd';
import { CloseOutlined, DownloadOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useQueries } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { downloadText } from '@portal/providers';
import {
  compareSelection,
  differenceRowProps,
  itemQueryOptions,
  MAX_COMPARE,
  QueryState,
  useCompareIds,
  useLibraryConfig,
  useLibraryTranslation,
} from '@portal/library-ui/items';
import { compareCsv, compareLines, unitGroupsOf, type CompareLine, type UnitChoice } from '../features/compare/compare-lines';
import { usePropertyName } from '../features/material/property-names';
import { UNIT_GROUPS, type UnitGroup } from '../features/material/property-units';
import { materialDetailOf, type MaterialDetail } from '../features/material/types';

// The charts are a chunk of their own: the table shows first, and /mat never downloads them.
const CompareCharts = lazy(() =>
  import(/* webpackChunkName: "mat-compare-charts" */ '../features/compare/components/compare-charts').then((module) => ({ default: module.CompareCharts })),
);

/**
 * /mat/mat-compare (材料对比): up to ten materials side by side — record rows and every property, in
 * the units chosen per group (stress, modulus, density, temperature), differing rows highlighted —
 * with a radar and bar charts and a CSV export. The choice is `?ids=1,2,3`, else the compare basket
 * (加入对比); removing a column changes the URL, not the basket.
 */
export function MatComparePage() {
  const { t, i18n } = useLibraryTranslation();
  const { apiBase } = useLibraryConfig();
  const propertyName = usePropertyName();
  const english = i18n.language.startsWith('en');
  const basket = useCompareIds();
  const [searchParams, setSearchParams] = useSearchParams();
  const idsParam = searchParams.get('ids');
  const ids = useMemo(() => compareSelection(idsParam, basket), [idsParam, basket]);
  const [units, setUnits] = useState<UnitChoice>({});
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const details = useQueries({ queries: ids.map((id) => ({ ...itemQueryOptions(apiBase, id), enabled: ids.length >= 2 })) });

  const pending = details.some((query) => query.isPending);
  const error = details.find((query) => query.error)?.error ?? null;
  const materials: MaterialDetail[] = pending || error ? [] : details.map((query) => materialDetailOf(query.data));
  const lines = compareLines(materials, units, english);

  const removeColumn = (id: number) => {
    const next = new URLSearchParams(searchParams);
    next.set('ids', ids.filter((other) => other !== id).join(','));
    setSearchParams(next, { replace: true });
  };

  if (ids.length < 2) {
    return (
      <Card style={{ margin: 16 }} data-testid="mat-compare-page">
        <Empty data-testid="compare-too-few" description={t('compare.tooFew', { count: ids.length, max: MAX_COMPARE })}>
          <Space>
            <Link to="/compare">{t('basket.open', { count: basket.length })}</Link>
            <Link to="/search">{t('compare.goSearch')}</Link>
          </Space>
        </Empty>
      </Card>
    );
  }

  const names = materials.map((material) => material.component.partNumber);
  const labelOf = (line: CompareLine) => (line.kind === 'record' ? t(`mat.compare.${line.key}`) : propertyName({ key: line.key }));
  const exportCsv = () =>
    downloadText(
      compareCsv(lines, names, labelOf, { attribute: t('compare.attribute'), unit: t('mat.compare.unit') }),
      `materials-compare-${ids.join('-')}.csv`,
    );
  const shownLines = onlyDifferences ? lines.filter((line) => line.differs) : lines;

  const columns: ColumnsType<CompareLine> = [
    {
      title: t('compare.attribute'),
      fixed: 'left',
      render: (_, line) => <span style={{ whiteSpace: 'nowrap' }}>{labelOf(line)}</span>,
    },
    { title: t('mat.compare.unit'), render: (_, line) => line.unit?.symbol ?? '' },
    ...materials.map((material, index) => ({
      key: material.component.id,
      title: (
        <span data-testid={`compare-column-${material.component.id}`} style={{ whiteSpace: 'nowrap' }}>
          <Link to={`/detail/${material.component.id}`}>{material.component.partNumber}</Link>{' '}
          <Button
            size="small"
            type="text"
            icon={<CloseOutlined />}
            aria-label={t('compare.remove')}
            data-testid={`compare-remove-${material.component.id}`}
            onClick={() => removeColumn(material.component.id)}
          />
        </span>
      ),
      render: (_: unknown, line: CompareLine) => line.values[index] ?? '—',
    })),
  ];

  return (
    <div data-testid="mat-compare-page" style={{ padding: 16 }}>
      <Space wrap align="center" style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('mat.compare.title')}
        </Typography.Title>
        <Space wrap>
          <Link to="/compare" data-testid="compare-to-basket">
            {t('basket.open', { count: basket.length })}
          </Link>
          <Button icon={<DownloadOutlined />} onClick={exportCsv} disabled={materials.length === 0} data-testid="mat-compare-csv">
            {t('mat.compare.csv')}
          </Button>
        </Space>
      </Space>
      <QueryState testId="compare" isPending={pending} error={error} onRetry={() => details.forEach((query) => void query.refetch())}>
        <Space wrap style={{ marginBottom: 12 }} data-testid="mat-compare-units">
          {unitGroupsOf(lines).map((group: UnitGroup) => (
            <Space key={group} size={4}>
              <Typography.Text type="secondary">{t(`mat.compare.unitGroup.${group}`)}</Typography.Text>
              <Select
                size="small"
                data-testid={`mat-unit-${group}`}
                value={units[group] ?? UNIT_GROUPS[group][0].symbol}
                onChange={(symbol: string) => setUnits({ ...units, [group]: symbol })}
                options={UNIT_GROUPS[group].map((unit) => ({ value: unit.symbol, label: unit.symbol }))}
                style={{ minWidth: 90 }}
              />
            </Space>
          ))}
          <Space size={4}>
            <Switch size="small" checked={onlyDifferences} onChange={setOnlyDifferences} data-testid="mat-only-differences" />
            <Typography.Text type="secondary">{t('mat.compare.onlyDifferences')}</Typography.Text>
          </Space>
        </Space>
        <Table<CompareLine>
          data-testid="compare-table"
          rowKey="key"
          size="small"
          bordered
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={columns}
          dataSource={shownLines}
          onRow={(line) => differenceRowProps(line.differs)}
        />
        <Suspense fallback={<Skeleton active style={{ marginTop: 16 }} />}>
          <CompareCharts lines={lines} seriesNames={names} />
        </Suspense>
      </QueryState>
    </div>
  );
}
