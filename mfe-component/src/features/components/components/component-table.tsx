import { Table, type TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { I18N_NAMESPACE } from '../../../i18n';
import type { ComponentSummary } from '../types';

/** A page of components; the part number links to the detail page. */
export function ComponentTable({ testId, rows, pagination }: { testId: string; rows: ComponentSummary[]; pagination?: TablePaginationConfig | false }) {
  const { t } = useTranslation(I18N_NAMESPACE);
  return (
    <Table<ComponentSummary>
      data-testid={testId}
      rowKey="id"
      size="middle"
      dataSource={rows}
      pagination={pagination}
      columns={[
        { title: t('field.partNumber'), dataIndex: 'partNumber', render: (value: string, row) => <Link to={`/detail/${row.id}`}>{value}</Link> },
        { title: t('field.manufacturer'), dataIndex: 'manufacturerName', render: (value: string | null) => value ?? '—' },
        { title: t('field.package'), dataIndex: 'package', render: (value: string | null) => value ?? '—' },
        { title: t('field.description'), dataIndex: 'description', render: (value: string | null) => value ?? '—' },
      ]}
    />
  );
}
