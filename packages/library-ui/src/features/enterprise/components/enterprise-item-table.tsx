import type { HTMLAttributes, ReactNode } from 'react';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { UseQueryResult } from '@tanstack/react-query';
import { useLibraryTranslation } from '../../../i18n/use-library-translation';

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
