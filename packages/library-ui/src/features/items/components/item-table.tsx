import type { HTMLAttributes } from 'react';
import { Table, type TablePaginationConfig } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { fieldText, useLibraryConfig, type ListColumn } from '../../../config/library-config';
import { useLibraryTranslation } from '../../../i18n/use-library-translation';
import type { ItemSummary } from '../types';

/** A page of items with the library's list columns; the part number links to the detail page. */
export function ItemTable({ testId, rows, pagination }: { testId: string; rows: ItemSummary[]; pagination?: TablePaginationConfig | false }) {
  const { t } = useLibraryTranslation();
  const { listColumns } = useLibraryConfig();
  const text = (value: string | number | null) => value ?? '—';
  const all: Record<Extract<ListColumn, string>, ColumnsType<ItemSummary>[number]> = {
    partNumber: { title: t('field.partNumber'), dataIndex: 'partNumber', render: (value: string, row) => <Link to={`/detail/${row.id}`}>{value}</Link> },
    name: { title: t('field.name'), dataIndex: 'name' },
    manufacturer: { title: t('field.manufacturer'), dataIndex: 'manufacturerName', render: text },
    package: { title: t('field.package'), dataIndex: 'package', render: text },
    pinCount: { title: t('field.pinCount'), dataIndex: 'pinCount', render: text },
    description: { title: t('field.description'), dataIndex: 'description', render: text },
  };
  return (
    <Table<ItemSummary>
      data-testid={testId}
      rowKey="id"
      size="middle"
      dataSource={rows}
      pagination={pagination}
      columns={listColumns.map((column) =>
        typeof column === 'string'
          ? { key: column, ...all[column] }
          : {
              key: `field-${column.field}`,
              title: t(column.titleKey),
              // A standard (ISO 4762, EN 10088) reads as one word: it does not break.
              onCell: () => ({ 'data-testid': `field-cell-${column.field}`, style: { whiteSpace: 'nowrap' } }) as HTMLAttributes<HTMLElement>,
              render: (_: unknown, row: ItemSummary) => fieldText(row, column.field),
            },
      )}
    />
  );
}
