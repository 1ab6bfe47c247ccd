import { Fragment, type HTMLAttributes } from 'react';
import { Card, Radio, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { fieldText, useLibraryConfig, type FieldColumn, type ResultColumn } from '../../../config/library-config';
import { useLibraryTranslation } from '../../../i18n/use-library-translation';
import { AddToCompareButton } from '../../compare/components/add-to-compare-button';
import { useSearchItems, type SearchResult } from '../api/search-items';
import { facetName, useParameterName } from '../facet-name';
import { parameterColumns, parameterValues, VALUE_SEPARATOR } from '../parameter-columns';
import { keepsPartNumberOnOneLine } from '../part-number';
import { hasCriteria, PAGE_SIZES, withFilters, type SearchState } from '../search-state';
import { FacetList } from './facet-list';
import { RangeFilterEditor } from './range-filter';
import './search-results.css';

type Row = SearchResult['list'][number];

interface SearchResultsProps {
  state: SearchState;
  onChange: (next: SearchState) => void;
  /**
   * The catalogue's variant: the category is picked in the catalogue's tree (no category facet), the
   * filters sit in a row above the table, which the tree beside it leaves narrower, and the columns are
   * the library's `catalogueColumns`.
   */
  embedded?: boolean;
}

/** A cell's text on one line, cut with an ellipsis at the column's width (the whole text on hover). */
function Clipped({ text, width }: { text: string; width: 'name' | 'manufacturer' | 'description' }) {
  return (
    <span className={`cmp-results__clip cmp-results__clip--${width}`} title={text}>
      {text}
    </span>
  );
}

/**
 * Facets, range filters, sorting and the paged results table of a search state, with the facets and
 * columns of the page's library. Used by the search page and by the catalogue, which lists a
 * category's items with the same filters.
 */
export function SearchResults({ state, onChange, embedded = false }: SearchResultsProps) {
  const config = useLibraryConfig();
  const offers = (facet: (typeof config.search.facets)[number]) => config.search.facets.includes(facet);
  const showCategoryFacet = !embedded && offers('category');
  const { t, i18n } = useLibraryTranslation();
  const english = i18n.language.startsWith('en');
  const navigate = useNavigate();
  const search = useSearchItems(state, hasCriteria(state));
  const update = onChange;

  const parameterName = useParameterName();
  const facets = search.data?.facets;
  const sortOptions = [
    { value: 'relevance', label: t('search.sort.relevance') },
    { value: 'partNumber', label: t('search.sort.partNumber') },
    { value: '-partNumber', label: t('search.sort.partNumberDesc') },
    ...(facets?.parameters ?? []).flatMap((parameter) => [
      { value: `param:${parameter.value}`, label: t('search.sort.paramAsc', { name: parameterName(parameter) }) },
      { value: `-param:${parameter.value}`, label: t('search.sort.paramDesc', { name: parameterName(parameter) }) },
    ]),
  ];

  const columnsOf: Record<ResultColumn, ColumnsType<Row>> = {
    partNumber: [
      {
        title: t('field.partNumber'),
        dataIndex: 'partNumber',
        // The part number is what a row is looked up by: a designation with its size keeps its line
        // (ISO 4762 M6×20, not ISO / 4762 / M6×20 at 500 px) and the other columns wrap instead.
        onCell: (row) =>
          ({
            'data-testid': 'part-number-cell',
            style: keepsPartNumberOnOneLine(row.partNumber) ? { whiteSpace: 'nowrap' } : undefined,
          }) as HTMLAttributes<HTMLElement>,
        render: (value: string, row) => (
          // The row navigates on click as well: stop here so the link alone adds the history entry.
          <Link to={`/detail/${row.id}`} data-testid={`result-link-${row.id}`} onClick={(event) => event.stopPropagation()}>
            {value}
          </Link>
        ),
      },
    ],
    name: [{ title: t('field.name'), dataIndex: 'name', responsive: ['md'], render: (value: string) => <Clipped text={value} width="name" /> }],
    manufacturer: [
      {
        title: t('field.manufacturer'),
        dataIndex: 'manufacturerName',
        render: (value: string | null) => (value ? <Clipped text={value} width="manufacturer" /> : '—'),
      },
    ],
    package: [{ title: t('field.package'), dataIndex: 'package', render: (value: string | null) => value ?? '—' }],
    // One column per dimension the hits state (容值, 电压 …), then the description for the rest.
    parameters: parameterColumns(search.data?.list ?? []).map((column) => ({
      key: `param-${column.dimension}`,
      title: english ? column.nameEn : column.name,
      // On the header cell, not in the title: the table's width-measuring row repeats the titles.
      onHeaderCell: () => ({ 'data-testid': `param-column-${column.dimension}` }) as HTMLAttributes<HTMLElement>,
      onCell: () => ({ 'data-testid': `param-cell-${column.dimension}` }) as HTMLAttributes<HTMLElement>,
      // Each value whole on its line (`Flash 512KB`, `· RAM 256KB`): the cell breaks only between values.
      render: (_: unknown, row: Row) => {
        const values = parameterValues(row.parameters, column.dimension);
        if (values.length === 0) return '—';
        // The space before a separator stays outside the unbreakable span: the line may break there.
        return values.map((value, index) => (
          <Fragment key={index}>
            {index > 0 ? ' ' : ''}
            <span className="cmp-results__value">
              {index > 0 ? `${VALUE_SEPARATOR.trimStart()}` : ''}
              {value}
            </span>
          </Fragment>
        ));
      },
    })),
    pinCount: [{ title: t('field.pinCount'), dataIndex: 'pinCount', width: 80, responsive: ['lg'], render: (value: number | null) => value ?? '—' }],
    description: [
      {
        title: t('field.description'),
        dataIndex: 'description',
        responsive: ['sm'],
        render: (value: string | null) => (value ? <Clipped text={value} width="description" /> : '—'),
      },
    ],
    compare: [
      {
        key: 'compare',
        title: t('compare.column'),
        width: 64,
        align: 'center',
        onCell: () => ({ onClick: (event: { stopPropagation: () => void }) => event.stopPropagation() }) as HTMLAttributes<HTMLElement>,
        render: (_: unknown, row: Row) => <AddToCompareButton id={row.id} compact />,
      },
    ],
  };
  const fieldColumn = (column: FieldColumn): ColumnsType<Row> => [
    {
      key: `field-${column.field}`,
      title: t(column.titleKey),
      // A standard (ISO 4762) may break at its space when the table is tight: the part number beside
      // it, which repeats the standard, keeps its line instead. Never inside a word (ISO 7380-/1).
      onCell: () => ({ 'data-testid': `field-cell-${column.field}` }) as HTMLAttributes<HTMLElement>,
      render: (_: unknown, row: Row) =>
        fieldText(row, column.field)
          .split(' ')
          .map((word, index) => (
            <Fragment key={index}>
              {index > 0 ? ' ' : ''}
              <span className="cmp-results__value">{word}</span>
            </Fragment>
          )),
    },
  ];
  const columns: ColumnsType<Row> = (embedded ? config.search.catalogueColumns : config.search.columns).flatMap((column) =>
    typeof column === 'string' ? columnsOf[column] : fieldColumn(column),
  );

  return (
    <div className={embedded ? 'cmp-results cmp-results--embedded' : 'cmp-results'} data-testid="search-layout">
      <aside className="cmp-results__filters">
        <Card size="small" className="cmp-results__filters-card">
          {showCategoryFacet ? (
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
                    {facetName(facet, english)} <Typography.Text type="secondary">({facet.count})</Typography.Text>
                  </Radio>
                ))}
              </Radio.Group>
            </div>
          ) : null}
          {offers('manufacturer') ? (
            <FacetList
              testId="facet-manufacturer"
              title={t('search.facet.manufacturer')}
              values={facets?.manufacturers ?? []}
              selected={state.manufacturers}
              english={english}
              onChange={(manufacturers) => update(withFilters(state, { manufacturers }))}
            />
          ) : null}
          {offers('package') ? (
            <FacetList
              testId="facet-package"
              title={t('search.facet.package')}
              values={facets?.packages ?? []}
              selected={state.packages}
              english={english}
              onChange={(packages) => update(withFilters(state, { packages }))}
            />
          ) : null}
          {offers('ranges') ? (
            <RangeFilterEditor parameters={facets?.parameters ?? []} ranges={state.ranges} onChange={(ranges) => update(withFilters(state, { ranges }))} />
          ) : null}
        </Card>
      </aside>
      <section className="cmp-results__main">
        <div className="cmp-results__toolbar">
          <Typography.Text data-testid="search-total">{t('search.total', { total: search.data?.total ?? 0 })}</Typography.Text>
          <Select
            data-testid="search-sort"
            className="cmp-results__sort"
            value={state.sort}
            options={sortOptions}
            popupMatchSelectWidth={false}
            onChange={(sort) => update(withFilters(state, { sort }))}
          />
        </div>
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
            className="cmp-results__table"
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
              responsive: true,
              onChange: (pageNo, pageSize) => update(pageSize === state.pageSize ? { ...state, pageNo } : withFilters(state, { pageSize })),
            }}
          />
        </QueryState>
      </section>
    </div>
  );
}
