import { useState } from 'react';
import { Card, Select, Space, Table, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { QueryState, useLibraryTranslation, type DetailSlotProps } from '@portal/library-ui/items';
import { useVariants } from '../api/get-variants';
import { hasLengths, pageOf, sizesOf, variantsOfSize } from '../variant-rows';
import { partDetailOf, type PartVariant } from '../types';
import { isCadPlugin } from '../../plugin';

const PAGE_SIZE = 10;

/**
 * Detail section: the variants of the part's family and standard (size × length). Picking one moves to
 * its page, keeping the query (a profile's length), so the drawing, 3D view and downloads follow.
 */
export function VariantTable({ item }: DetailSlotProps) {
  const { t } = useLibraryTranslation();
  const detail = partDetailOf(item);
  const id = detail.component.id;
  const variants = useVariants(id);
  const navigate = useNavigate();
  const { search } = useLocation();
  const list = variants.data?.variants ?? [];
  const [size, setSize] = useState<string | undefined>(undefined);
  const rows = variantsOfSize(list, size);
  // Open on the page that holds this variant; a page the reader chose holds until the variant, the
  // filter or the list changes.
  const view = `${id}|${size ?? ''}|${list.length}`;
  const [chosen, setChosen] = useState<{ view: string; page: number }>();
  const page = chosen?.view === view ? chosen.page : pageOf(rows, id, PAGE_SIZE);
  const go = (variant: PartVariant) => {
    if (variant.id !== id) void navigate(`/detail/${variant.id}${search}`);
  };
  const standard = detail.component.designation;
  // In the CAD plugin the title row has a compact picker instead (part-actions.tsx).
  if (isCadPlugin()) return null;

  return (
    <Card title={t('part.variants', { standard })} size="small" style={{ marginTop: 16 }} data-testid="part-variants">
      <QueryState
        testId="part-variants"
        isPending={variants.isPending}
        error={variants.error}
        isEmpty={list.length === 0}
        emptyText={t('part.noVariants')}
        onRetry={() => void variants.refetch()}
      >
        <>
          <Space style={{ marginBottom: 8 }} wrap>
            <Typography.Text>{t('part.size')}</Typography.Text>
            <Select
              data-testid="part-variant-size"
              allowClear
              placeholder={t('part.allSizes')}
              style={{ minWidth: 160 }}
              value={size}
              options={sizesOf(list).map((value) => ({ value, label: value }))}
              onChange={(value: string | undefined) => setSize(value)}
            />
            <Typography.Text type="secondary">{t('part.variantCount', { count: rows.length })}</Typography.Text>
          </Space>
          <Table<PartVariant>
            data-testid="part-variant-table"
            size="small"
            rowKey="id"
            dataSource={rows}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              showSizeChanger: false,
              onChange: (next: number) => setChosen({ view, page: next }),
              size: 'small',
            }}
            rowClassName={(variant) => (variant.id === id ? 'ant-table-row-selected' : '')}
            onRow={(variant) => ({
              onClick: () => go(variant),
              style: { cursor: variant.id === id ? 'default' : 'pointer' },
              'data-testid': variant.id === id ? 'part-variant-current' : 'part-variant-row',
            })}
            columns={[
              { title: t('part.designation'), dataIndex: 'partNumber' },
              { title: t('part.size'), dataIndex: 'size' },
              ...(hasLengths(list) ? [{ title: t('part.nominalLength'), render: (_: unknown, variant: PartVariant) => variant.lengthMm ?? '—' }] : []),
            ]}
          />
        </>
      </QueryState>
    </Card>
  );
}
