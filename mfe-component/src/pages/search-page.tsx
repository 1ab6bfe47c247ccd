import { useMemo, type HTMLAttributes } from 'react';
import { Card, Col, Radio, Row, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { I18N_NAMESPACE } from '../i18n';
import { QueryState } from '../components/query-state';
import { useSearchComponents, type SearchResult } from '../features/search/api/search-components';
import { FacetList } from '../features/search/components/facet-list';
import { RangeFilterEditor } from '../features/search/components/range-filter';
import { parameterCell, parameterColumns } from '../features/search/parameter-columns';
import { hasCriteria, PAGE_SIZES, readSearchState, withFilters, writeSearchState, type SearchState } from '../features/search/search-state';

type Row = SearchResult['list'][number];

/** /component/search: keyword tags from the URL, facets, range filters, sorting and paging. */
export function SearchPage() {
  const { t, i18n } = useTranslation(I18N_NAMESPACE);
  const english = i18n.language.startsWith('en');
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => readSearchState(searchParams), [searchParams]);
  const runnable = hasCriteria(state);
  const search = useSearchComponents(state, runnable);
  const update = (next: SearchState) => setSearchParams(writeSearchState(next));

  const facets = search.data?.facets;
  const sortOptions = [
    { value: 'relevance', label: t('search.sort.relevance') },
    { value: 'partNumber', label: t('search.sort.partNumber') },
    { value: '-partNumber', label: t('search.sort.partNumberDesc') },
    ...(facets?.parameters ?? []).flatMap((parameter) => [
      { value: `param:${parameter.value}`, label: t('search.sort.paramAsc', { name: parameter.name }) },
      { value: `-param:${parameter.value}`, label: t('search.sort.paramDesc', { name: parameter.name }) },
    ]),
  ];

  const columns: ColumnsType<Row> = [
    {
      title: t('field.partNumber'),
      dataIndex: 'partNumber',
      render: (value: string, row) => (
        // The row navigates on click as well: stop here so the link alone adds the history entry.
        <Link to={`/detail/${row.id}`} data-testid={`result-link-${row.id}`} onClick={(event) => event.stopPropagation()}>
          {value}
        </Link>
      ),
    },
    { title: t('field.name'), dataIndex: 'name' },
    { title: t('field.manufacturer'), dataIndex: 'manufacturerName', render: (value: string | null) => value ?? '—' },
    { title: t('field.package'), dataIndex: 'package', render: (value: string | null) => value ?? '—' },
    // One column per dimension the hits state (容值, 电压 …), then the description for the rest.
    ...parameterColumns(search.data?.list ?? []).map((column) => ({
      key: `param-${column.dimension}`,
      title: <span data-testid={`param-column-${column.dimension}`}>{english ? column.nameEn : column.name}</span>,
      onCell: () => ({ 'data-testid': `param-cell-${column.dimension}` }) as HTMLAttributes<HTMLElement>,
      render: (_: unknown, row: Row) => parameterCell(row.parameters, column.dimension) ?? '—',
    })),
    { title: t('field.pinCount'), dataIndex: 'pinCount', width: 90, render: (value: number | null) => value ?? '—' },
    { title: t('field.description'), dataIndex: 'description', ellipsis: true, render: (value: string | null) => value || '—' },
  ];

  return (
    <div data-testid="component-search" style={{ padding: 16 }}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Text>{t('search.keywords')}</Typography.Text>
        {state.keyWords.map((keyword) => (
          <Tag key={keyword} color="blue" data-testid="search-keyword">
            {keyword}
          </Tag>
        ))}
        {state.notAnalyzerKeyWords.map((keyword) => (
          <Tag key={keyword} color="purple" data-testid="search-value-keyword">
            {keyword}
          </Tag>
        ))}
      </Space>
      {!runnable ? (
        <Card data-testid="search-prompt">{t('search.prompt')}</Card>
      ) : (
        <Row gutter={16}>
          <Col xs={24} md={7} lg={6}>
            <Card size="small">
              <div data-testid="facet-category" style={{ marginBottom: 16 }}>
                <Typography.Text strong>{t('search.facet.category')}</Typography.Text>
                <Radio.Group
                  style={{ display: 'flex', flexDirection: 'column', maxHeight: 220, overflowY: 'auto', marginTop: 4 }}
                  value={state.category ?? ''}
                  onChange={(event) => update(withFilters(state, { category: event.target.value || undefined }))}
                >
                  <Radio value="">{t('search.facet.allCategories')}</Radio>
                  {(facets?.categories ?? []).map((facet) => (
                    <Radio key={facet.value} value={facet.value} data-testid={`facet-category-${facet.value}`}>
                      {facet.name} <Typography.Text type="secondary">({facet.count})</Typography.Text>
                    </Radio>
                  ))}
                </Radio.Group>
              </div>
              <FacetList
                testId="facet-manufacturer"
                title={t('search.facet.manufacturer')}
                values={facets?.manufacturers ?? []}
                selected={state.manufacturers}
                onChange={(manufacturers) => update(withFilters(state, { manufacturers }))}
              />
              <FacetList
                testId="facet-package"
                title={t('search.facet.package')}
                values={facets?.packages ?? []}
                selected={state.packages}
                onChange={(packages) => update(withFilters(state, { packages }))}
              />
              <RangeFilterEditor
                parameters={facets?.parameters ?? []}
                ranges={state.ranges}
                onChange={(ranges) => update(withFilters(state, { ranges }))}
              />
            </Card>
          </Col>
          <Col xs={24} md={17} lg={18}>
            <Space style={{ marginBottom: 12, justifyContent: 'space-between', width: '100%' }}>
              <Typography.Text data-testid="search-total">{t('search.total', { total: search.data?.total ?? 0 })}</Typography.Text>
              <Select
                data-testid="search-sort"
                style={{ width: 220 }}
                value={state.sort}
                options={sortOptions}
                onChange={(sort) => update(withFilters(state, { sort }))}
              />
            </Space>
            <QueryState
              testId="search"
              isPending={search.isPending}
              error={search.error}
              isEmpty={search.data?.list.length === 0}
              emptyText={t('search.empty')}
              onRetry={() => void search.refetch()}
            >
              <Table<Row>
                data-testid="search-results"
                rowKey="id"
                size="middle"
                loading={search.isFetching}
                columns={columns}
                dataSource={search.data?.list ?? []}
                onRow={(row) => ({ onClick: () => void navigate(`/detail/${row.id}`), style: { cursor: 'pointer' } })}
                pagination={{
                  current: state.pageNo,
                  pageSize: state.pageSize,
                  total: Math.min(search.data?.total ?? 0, 10_000),
                  pageSizeOptions: PAGE_SIZES.map(String),
                  showSizeChanger: true,
                  onChange: (pageNo, pageSize) =>
                    update(pageSize === state.pageSize ? { ...state, pageNo } : withFilters(state, { pageSize })),
                }}
              />
            </QueryState>
          </Col>
        </Row>
      )}
    </div>
  );
}
