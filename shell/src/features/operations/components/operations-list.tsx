import { useState, type Dispatch, type HTMLAttributes, type SetStateAction } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Space, Table, type FormInstance, type TableProps } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { isPortalError } from '@portal/http';
import { downloadText, toCsv } from '@portal/providers';
import type { PageResult } from '../api/feedback-admin';
// The operations strings register with the operations pages' chunks, not the first load.
import '../operations-messages';

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

/** A toast of a failed call: the server's own message (its envelope's `msg`) when there is one. */
export function useFailureMessage() {
  const { message } = App.useApp();
  return (error: unknown) => void message.error(isPortalError(error) ? error.message : String(error));
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
  /** A row's key and test id when `id` alone does not name it (rows of several sources); `id` by default. */
  rowId?: (row: Row) => string;
};

/** One page of an operations list: the error with a retry, or the table with the shared paging. */
export function PageTableOrError<Row extends { id: number }, Filters extends PageFilters>({
  page,
  filters,
  setFilters,
  emptyText,
  testIdPrefix,
  rowId = (row) => String(row.id),
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
      rowKey={rowId}
      loading={page.isFetching}
      dataSource={page.data?.list ?? []}
      locale={{ emptyText: <Empty description={emptyText} /> }}
      data-testid={`${testIdPrefix}-table`}
      onRow={(record) => ({ 'data-testid': `${testIdPrefix}-row-${rowId(record)}` }) as HTMLAttributes<HTMLElement>}
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

/** One column of an export: its header and the cell text of a row. */
export interface ExportColumn<Row> {
  title: string;
  value: (row: Row) => string | number | null | undefined;
}

/** The export reads the list in pages of the largest size the server allows. */
const EXPORT_PAGE_SIZE = 100;
/** An export holds at most this many rows; past it the operator narrows the filters. */
export const EXPORT_MAX_ROWS = 10_000;

/**
 * Every row the current filters find, at most `max`: the list calls page by page (the server's own
 * paging and permission check), stopping at the total or a short page.
 */
export async function collectRows<Row, Filters extends PageFilters>(
  filters: Filters,
  fetchPage: (filters: Filters) => Promise<PageResult<Row>>,
  max = EXPORT_MAX_ROWS,
): Promise<{ rows: Row[]; total: number }> {
  const rows: Row[] = [];
  for (let pageNo = 1; ; pageNo += 1) {
    const page = await fetchPage({ ...filters, pageNo, pageSize: EXPORT_PAGE_SIZE });
    rows.push(...page.list);
    if (page.list.length < EXPORT_PAGE_SIZE || rows.length >= Math.min(page.total, max)) {
      return { rows: rows.slice(0, max), total: page.total };
    }
  }
}

/** Writes `rows` as a CSV file named after the list and the time, with the columns' texts as the table shows them. */
function downloadCsv<Row>(rows: Row[], columns: ExportColumn<Row>[], fileName: string) {
  const csv = toCsv([columns.map((column) => column.title), ...rows.map((row) => columns.map((column) => column.value(row)))]);
  downloadText(csv, `${fileName}-${dayjs().format('YYYYMMDD-HHmmss')}.csv`);
}

/**
 * 导出: the rows the list's current filters find (not only the page shown) as a CSV file named after
 * the list and the time, with the columns' texts as the table shows them.
 */
export function ExportButton<Row, Filters extends PageFilters>({
  filters,
  fetchPage,
  columns,
  fileName,
  testIdPrefix,
}: {
  filters: Filters;
  fetchPage: (filters: Filters) => Promise<PageResult<Row>>;
  columns: ExportColumn<Row>[];
  fileName: string;
  testIdPrefix: string;
}) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const fail = useFailureMessage();
  const [exporting, setExporting] = useState(false);
  const exportRows = async () => {
    setExporting(true);
    try {
      const { rows, total } = await collectRows(filters, fetchPage);
      downloadCsv(rows, columns, fileName);
      if (rows.length < total) void message.warning(t('operations.exportTruncated', { count: rows.length, total }));
      else void message.success(t('operations.exported', { count: rows.length }));
    } catch (error) {
      fail(error);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportRows()} data-testid={`${testIdPrefix}-export`}>
      {t('operations.export')}
    </Button>
  );
}

/** 导出 of a list that is whole on the page (not paged, e.g. the statistics' top lists): the rows shown, as CSV. */
export function ExportRowsButton<Row>({
  rows,
  columns,
  fileName,
  testIdPrefix,
}: {
  rows: Row[] | undefined;
  columns: ExportColumn<Row>[];
  fileName: string;
  testIdPrefix: string;
}) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  return (
    <Button
      size="small"
      icon={<DownloadOutlined />}
      disabled={!rows || rows.length === 0}
      onClick={() => {
        if (!rows) return;
        downloadCsv(rows, columns, fileName);
        void message.success(t('operations.exported', { count: rows.length }));
      }}
      data-testid={`${testIdPrefix}-export`}
    >
      {t('operations.export')}
    </Button>
  );
}
