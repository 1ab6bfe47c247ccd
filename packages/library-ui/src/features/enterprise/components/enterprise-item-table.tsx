import type { HTMLAttributes, ReactNode } from 'react';
import { Button, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { UseQueryResult } from '@tanstack/react-query';
import { useLibraryTranslation } from '../../../i18n/use-library-translation';
import type { ShowcaseItem } from '../api/enterprise-items';
import { categoryLabel, formatTime, textOrDash } from '../format';

/** What every enterprise item shows, the members' and the public page's alike. */
type ItemFields = Pick<ShowcaseItem, 'id' | 'code' | 'name' | 'manufacturer' | 'categoryName' | 'categoryNameEn'>;

/** The leading columns of every enterprise item list: code, name, category (in the UI language), manufacturer. */
export function useItemColumns<Item extends ItemFields>(): ColumnsType<Item> {
  const { t, i18n } = useLibraryTranslation();
  const english = i18n.language.startsWith('en');
  return [
    { key: 'code', title: t('enterprise.field.code'), dataIndex: 'code' },
    { key: 'name', title: t('enterprise.field.name'), dataIndex: 'name' },
    { key: 'category', title: t('enterprise.field.category'), render: (_, item) => categoryLabel(item, english) },
    { key: 'manufacturer', title: t('enterprise.field.manufacturer'), dataIndex: 'manufacturer', render: (value?: string | null) => textOrDash(value) },
  ];
}

/** A time cell that does not wrap. */
export const timeCell = (value?: number | null) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(value)}</span>;

/** A link button inside a row that acts without also opening the row. */
export function RowButton({ label, children, testId, onClick }: { label: string; children: ReactNode; testId: string; onClick: () => void }) {
  return (
    <Button
      type="link"
      size="small"
      style={{ padding: 0 }}
      aria-label={label}
      data-testid={testId}
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
    >
      {children}
    </Button>
  );
}

/**
 * A page of enterprise items from the server (the members' list, an organisation's public page): rows open the
 * item (`onOpen`), the last page stays on screen while the next loads, and `empty` explains an empty page once the
 * first one has loaded.
 */
export function EnterpriseItemTable<Item extends { id: number }>({
  testId,
  rowTestId,
  items,
  columns,
  pageNo,
  pageSize,
  onPage,
  onOpen,
  empty,
}: {
  testId: string;
  rowTestId: string;
  items: UseQueryResult<{ list: Item[]; total: number }>;
  columns: ColumnsType<Item>;
  pageNo: number;
  pageSize: number;
  onPage: (pageNo: number) => void;
  onOpen: (item: Item) => void;
  empty: ReactNode;
}) {
  const { t } = useLibraryTranslation();
  return (
    <Table<Item>
      data-testid={testId}
      rowKey="id"
      size="middle"
      scroll={{ x: 'max-content' }}
      loading={items.isFetching}
      dataSource={items.data?.list ?? []}
      columns={columns}
      onRow={(item) =>
        ({
          'data-testid': `${rowTestId}-${item.id}`,
          style: { cursor: 'pointer' },
          onClick: () => onOpen(item),
        }) as HTMLAttributes<HTMLElement>
      }
      // Nothing while the first page loads; then why the list is empty.
      locale={{ emptyText: items.isPending ? <span /> : empty }}
      pagination={{
        current: pageNo,
        pageSize,
        total: items.data?.total ?? 0,
        showSizeChanger: false,
        showTotal: (total) => t('enterprise.total', { total }),
        onChange: onPage,
      }}
    />
  );
}
