import type { Dispatch, HTMLAttributes, SetStateAction } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Empty, Space, Table, type FormInstance, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageResult } from '../api/feedback-admin';

/**
 * The search + reset pair that ends every operations filter form.
 * Reset searches with the form's initial values, so a page's default filter (e.g. "open") comes back.
 */
export function SearchResetButtons<Values>({
  form,
  onSearch,
  testIdPrefix,
}: {
  form: FormInstance<Values>;
  onSearch: (values: Values) => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation('shell');
  return (
    <Space>
      <Button type="primary" htmlType="submit" data-testid={`${testIdPrefix}-search`}>
        {t('operations.search')}
      </Button>
      <Button
        onClick={() => {
          form.resetFields();
          onSearch(form.getFieldsValue());
        }}
      >
        {t('operations.reset')}
      </Button>
    </Space>
  );
}

/** The paging part of every operations list filter. */
interface PageFilters {
  pageNo: number;
  pageSize: number;
}

/** What the shared table sets itself; the rest (columns, expandable…) stays with the page. */
type SharedTableProps = 'rowKey' | 'loading' | 'dataSource' | 'locale' | 'onRow' | 'pagination';

type PageTableOrErrorProps<Row extends { id: number }, Filters extends PageFilters> = Omit<TableProps<Row>, SharedTableProps> & {
  page: UseQueryResult<PageResult<Row>>;
  filters: Filters;
  setFilters: Dispatch<SetStateAction<Filters>>;
  emptyText: string;
  /** Gives `<prefix>-error`, `<prefix>-table` and `<prefix>-row-<id>`, which the browser tests find. */
  testIdPrefix: string;
};

/** One page of an operations list: the error with a retry, or the table with the shared paging. */
export function PageTableOrError<Row extends { id: number }, Filters extends PageFilters>({
  page,
  filters,
  setFilters,
  emptyText,
  testIdPrefix,
  ...tableProps
}: PageTableOrErrorProps<Row, Filters>) {
  const { t } = useTranslation('shell');
  if (page.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={page.error.message}
        action={<Button onClick={() => void page.refetch()}>{t('operations.retry')}</Button>}
        data-testid={`${testIdPrefix}-error`}
      />
    );
  }
  return (
    <Table<Row>
      {...tableProps}
      rowKey="id"
      loading={page.isFetching}
      dataSource={page.data?.list ?? []}
      locale={{ emptyText: <Empty description={emptyText} /> }}
      data-testid={`${testIdPrefix}-table`}
      onRow={(record) => ({ 'data-testid': `${testIdPrefix}-row-${record.id}` }) as HTMLAttributes<HTMLElement>}
      pagination={{
        current: filters.pageNo,
        pageSize: filters.pageSize,
        total: page.data?.total ?? 0,
        showSizeChanger: true,
        showTotal: (total) => t('operations.total', { total }),
        // A new page size starts over at page 1, since the old page number may no longer exist.
        onChange: (pageNo, pageSize) => setFilters((previous) => ({ ...previous, pageNo: pageSize === previous.pageSize ? pageNo : 1, pageSize })),
      }}
    />
  );
}
