import { lazy, Suspense, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { App, Button, Empty, Flex, Segmented, Space, Switch, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { QueryState } from '../../../components/query-state';
import { useLibraryTranslation } from '../../../i18n/use-library-translation';
import { useLibraryConfig } from '../../../config/library-config';
import {
  ENTERPRISE_ITEM_STATES,
  memberFileSource,
  useEnterpriseItems,
  useSetEnterpriseItemShowcase,
  type EnterpriseItem,
  type EnterpriseItemState,
} from '../api/enterprise-items';
import { STATE_COLORS, textOrDash } from '../format';
import { EnterpriseItemDrawer } from './enterprise-item-drawer';
import { carriedShapeFile, SHAPE_SEARCH_PARAM, type EnterpriseShapeUpload } from '../api/enterprise-shape-search';
import { EnterpriseItemTable, RowButton, timeCell, useItemColumns } from './enterprise-item-table';
import { KeywordSearch } from './keyword-search';

export const ENTERPRISE_PAGE_SIZE = 20;

// With the STEP converter and the upload: loaded when a member first opens it.
const EnterpriseShapeSearch = lazy(() => import('./enterprise-shape-search'));

type StateFilter = EnterpriseItemState | 'all';

/**
 * Whether the item is on the organisation's public page: a switch for an approved item when the member may
 * publish, else what is so. A pending or rejected item the organisation chose to show returns once approved.
 */
function ShowcaseCell({ item, editable }: { item: EnterpriseItem; editable: boolean }) {
  const { t } = useLibraryTranslation();
  const { message } = App.useApp();
  const showcase = useSetEnterpriseItemShowcase();
  if (item.state !== 'approved') return item.showcased ? <Tag>{t('enterprise.showcase.afterApproval')}</Tag> : '—';
  if (!editable) return item.showcased ? <Tag color="blue">{t('enterprise.showcase.shown')}</Tag> : '—';
  return (
    <Switch
      size="small"
      checked={item.showcased}
      loading={showcase.isPending}
      aria-label={t('enterprise.showcase.switchLabel', { code: item.code })}
      data-testid={`enterprise-item-showcase-${item.id}`}
      onClick={(checked, event) => {
        event.stopPropagation();
        showcase.mutate(
          { id: item.id, showcased: checked },
          { onSuccess: () => void message.success(t(checked ? 'enterprise.showcase.shownToast' : 'enterprise.showcase.hiddenToast', { code: item.code })) },
        );
      }}
    />
  );
}

/**
 * The organisation's items in this library, newest first, a page at a time from the server: filtered by
 * review state and a keyword (code, name, manufacturer); a row (or its 查看) opens the whole item. A member who
 * may publish revises decided items and shows approved ones on the organisation's public page.
 */
export function EnterpriseItems({ canPublish = false, onRevise }: { canPublish?: boolean; onRevise?: (item: EnterpriseItem) => void }) {
  const { t } = useLibraryTranslation();
  const { library } = useLibraryConfig();
  const itemColumns = useItemColumns<EnterpriseItem>();
  const [state, setState] = useState<StateFilter>('all');
  const [keyword, setKeyword] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [opened, setOpened] = useState<EnterpriseItem>();
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  // Open (for an upload of `kind`, or for the alike items of `similarTo`) or closed (undefined). The public shape
  // search in private mode leads here with `?shapeSearch=model|image`, and the file it searched with if any: open
  // on arrival, searching with that file.
  const [shapeSearch, setShapeSearch] = useState<{ kind?: EnterpriseShapeUpload['kind']; similarTo?: EnterpriseItem; file?: File } | undefined>(() => {
    const kind = searchParams.get(SHAPE_SEARCH_PARAM);
    return kind === 'model' || kind === 'image' ? { kind, file: carriedShapeFile(location.state) } : undefined;
  });
  const closeShapeSearch = () => {
    setShapeSearch(undefined);
    // A reload or a shared link does not open it again.
    if (searchParams.has(SHAPE_SEARCH_PARAM))
      setSearchParams(
        (current) => {
          current.delete(SHAPE_SEARCH_PARAM);
          return current;
        },
        { replace: true },
      );
  };
  const items = useEnterpriseItems({ pageNo, pageSize: ENTERPRISE_PAGE_SIZE, state: state === 'all' ? undefined : state, keyword: keyword || undefined });
  const filtered = state !== 'all' || keyword !== '';

  const columns: ColumnsType<EnterpriseItem> = [
    ...itemColumns,
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
      render: timeCell,
    },
    {
      key: 'showcased',
      title: t('enterprise.showcase.column'),
      render: (_, item) => <ShowcaseCell item={item} editable={canPublish} />,
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
          <RowButton label={t('enterprise.viewItem', { code: item.code })} testId={`enterprise-item-view-${item.id}`} onClick={() => setOpened(item)}>
            {t('enterprise.view')}
          </RowButton>
          {/* What an operator is reviewing is not changed under them: only decided items are revised. */}
          {onRevise && item.state !== 'pending' && (
            <RowButton
              label={t('enterprise.revise.buttonLabel', { code: item.code })}
              testId={`enterprise-item-revise-${item.id}`}
              onClick={() => onRevise(item)}
            >
              {t('enterprise.revise.button')}
            </RowButton>
          )}
        </Space>
      ),
    },
  ];

  const search = (value: string) => {
    setKeyword(value);
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
        <Space wrap>
          <Button data-testid="enterprise-shape-search-open" onClick={() => setShapeSearch({})}>
            {t('enterprise.shapeSearch.open')}
          </Button>
          <KeywordSearch testId="enterprise-keyword" active={keyword !== ''} onSearch={search} />
        </Space>
      </Flex>
      <QueryState testId="enterprise-items" isPending={false} error={items.error} onRetry={() => void items.refetch()}>
        <EnterpriseItemTable<EnterpriseItem>
          testId="enterprise-items-table"
          rowTestId="enterprise-item-row"
          items={items}
          columns={columns}
          pageNo={pageNo}
          pageSize={ENTERPRISE_PAGE_SIZE}
          onPage={setPageNo}
          onOpen={setOpened}
          empty={
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
          }
        />
      </QueryState>
      {shapeSearch && (
        <Suspense fallback={null}>
          <EnterpriseShapeSearch
            // Another item's 查找相似条目 starts a new search.
            key={shapeSearch.similarTo?.id ?? 'upload'}
            hidden={opened !== undefined}
            similarTo={shapeSearch.similarTo}
            initialKind={shapeSearch.kind}
            initialFile={shapeSearch.file}
            onClose={closeShapeSearch}
            onOpenItem={setOpened}
          />
        </Suspense>
      )}
      <EnterpriseItemDrawer
        item={opened}
        files={(item) => memberFileSource(library, item.id)}
        onClose={() => setOpened(undefined)}
        onChanged={canPublish ? setOpened : undefined}
        onFindSimilar={(item) => {
          setOpened(undefined);
          setShapeSearch({ similarTo: item });
        }}
      />
    </>
  );
}
