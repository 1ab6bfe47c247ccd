import { useState, type HTMLAttributes } from 'react';
import { Button, Empty, Flex, Input, Segmented, Space, Table, Tag, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { QueryState } from '../../../components/query-state';
import { useLibraryTranslation } from '../../../i18n/use-library-translation';
import { ENTERPRISE_ITEM_STATES, useEnterpriseItems, type EnterpriseItem, type EnterpriseItemState } from '../api/enterprise-items';
import { categoryLabel, formatTime, STATE_COLORS, textOrDash } from '../format';
import { EnterpriseItemDrawer } from './enterprise-item-drawer';

export const ENTERPRISE_PAGE_SIZE = 20;

type StateFilter = EnterpriseItemState | 'all';

/**
 * The organisation's items in this library, newest first, a page at a time from the server: filtered by
 * review state and a keyword (code, name, manufacturer); a row (or its 查看) opens the whole item.
 */
export function EnterpriseItems({ onRevise }: { onRevise?: (item: EnterpriseItem) => void }) {
  const { t, i18n } = useLibraryTranslation();
  const english = i18n.language.startsWith('en');
  const [state, setState] = useState<StateFilter>('all');
  const [keywordText, setKeywordText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [opened, setOpened] = useState<EnterpriseItem>();
  const items = useEnterpriseItems({ pageNo, pageSize: ENTERPRISE_PAGE_SIZE, state: state === 'all' ? undefined : state, keyword: keyword || undefined });
  const filtered = state !== 'all' || keyword !== '';

  const columns: ColumnsType<EnterpriseItem> = [
    { key: 'code', title: t('enterprise.field.code'), dataIndex: 'code' },
    { key: 'name', title: t('enterprise.field.name'), dataIndex: 'name' },
    { key: 'category', title: t('enterprise.field.category'), render: (_, item) => categoryLabel(item, english) },
    { key: 'manufacturer', title: t('enterprise.field.manufacturer'), dataIndex: 'manufacturer', render: (value?: string | null) => textOrDash(value) },
    {
      key: 'state',
      title: t('enterprise.field.state'),
      dataIndex: 'state',
      render: (value: EnterpriseItemState) => <Tag color={STATE_COLORS[value]}>{t(`enterprise.state.${value}`)}</Tag>,
    },
    {
      key: 'createTime',
      title: t('enterprise.field.createTime'),
      dataIndex: 'createTime',
      render: (value: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(value)}</span>,
    },
    {
      key: 'remark',
      title: t('enterprise.field.remark'),
      render: (_, item) => (item.state === 'rejected' ? <Typography.Text type="danger">{textOrDash(item.remark)}</Typography.Text> : '—'),
    },
    {
      key: 'actions',
      title: t('enterprise.field.actions'),
      render: (_, item) => (
        <Space size={12}>
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            aria-label={t('enterprise.viewItem', { code: item.code })}
            data-testid={`enterprise-item-view-${item.id}`}
            onClick={(event) => {
              event.stopPropagation();
              setOpened(item);
            }}
          >
            {t('enterprise.view')}
          </Button>
          {/* What an operator is reviewing is not changed under them: only decided items are revised. */}
          {onRevise && item.state !== 'pending' && (
            <Button
              type="link"
              size="small"
              style={{ padding: 0 }}
              aria-label={t('enterprise.revise.buttonLabel', { code: item.code })}
              data-testid={`enterprise-item-revise-${item.id}`}
              onClick={(event) => {
                event.stopPropagation();
                onRevise(item);
              }}
            >
              {t('enterprise.revise.button')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const search = (value: string) => {
    setKeyword(value.trim());
    setPageNo(1);
  };

  return (
    <>
      <Flex wrap gap={12} justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Segmented<StateFilter>
          data-testid="enterprise-state-filter"
          aria-label={t('enterprise.filter.label')}
          value={state}
          onChange={(next) => {
            setState(next);
            setPageNo(1);
          }}
          options={[
            { value: 'all', label: t('enterprise.filter.all') },
            ...ENTERPRISE_ITEM_STATES.map((value) => ({ value, label: t(`enterprise.state.${value}`) })),
          ]}
        />
        <Space.Compact style={{ width: 360, maxWidth: '100%' }}>
          <Input
            type="search"
            data-testid="enterprise-keyword"
            aria-label={t('enterprise.filter.keyword')}
            placeholder={t('enterprise.filter.keyword')}
            allowClear
            value={keywordText}
            onChange={(event) => {
              setKeywordText(event.target.value);
              // Clearing the box shows everything again at once.
              if (event.target.value === '' && keyword !== '') search('');
            }}
            onPressEnter={() => search(keywordText)}
          />
          <Button
            icon={<SearchOutlined />}
            aria-label={t('enterprise.filter.search')}
            onClick={() => search(keywordText)}
            data-testid="enterprise-keyword-search"
          />
        </Space.Compact>
      </Flex>
      <QueryState testId="enterprise-items" isPending={false} error={items.error} onRetry={() => void items.refetch()}>
        <Table<EnterpriseItem>
          data-testid="enterprise-items-table"
          rowKey="id"
          size="middle"
          scroll={{ x: 'max-content' }}
          loading={items.isFetching}
          dataSource={items.data?.list ?? []}
          columns={columns}
          onRow={(item) =>
            ({
              'data-testid': `enterprise-item-row-${item.id}`,
              style: { cursor: 'pointer' },
              onClick: () => setOpened(item),
            }) as HTMLAttributes<HTMLElement>
          }
          locale={{
            // Nothing while the first page loads; then why the list is empty.
            emptyText: items.isPending ? (
              <span />
            ) : (
              <Empty
                data-testid="enterprise-library-empty"
                description={
                  filtered ? (
                    <Typography.Paragraph>{t('enterprise.noMatch')}</Typography.Paragraph>
                  ) : (
                    <>
                      <Typography.Paragraph strong>{t('enterprise.empty')}</Typography.Paragraph>
                      <Typography.Paragraph type="secondary">{t('enterprise.explain')}</Typography.Paragraph>
                      <Typography.Paragraph type="secondary">{t('enterprise.switchHint')}</Typography.Paragraph>
                    </>
                  )
                }
              />
            ),
          }}
          pagination={{
            current: pageNo,
            pageSize: ENTERPRISE_PAGE_SIZE,
            total: items.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('enterprise.total', { total }),
            onChange: setPageNo,
          }}
        />
      </QueryState>
      <EnterpriseItemDrawer item={opened} onClose={() => setOpened(undefined)} />
    </>
  );
}
