import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Checkbox, Col, Empty, Form, Row, Slider, Switch, TreeSelect, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { categoryTreeQueryOptions, type CategoryNode } from '@portal/library-ui';
import { isLibraryKey, useSession, type LibraryKey } from '@portal/providers';
import { getMode } from '@portal/session';
import { useNavigate, useSearchParams } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { useLibraryConfig } from '../../../config/library-config';
import { useLibraryTranslation } from '../../../i18n/use-library-translation';
import '../shape-messages';
import { itemQueryOptions } from '../../items/api/get-item';
import { parseId } from '../../../utils/parse-id';
import { useShapeSearch } from '../api/search-shape';
import { carryShapeFile, enterpriseShapeSearchPath } from '../../enterprise/api/enterprise-shape-search';
import { DEFAULT_SHAPE_OPTIONS, MIN_SCORE_STEP, type ShapeOptions, type ShapeQuery } from '../shape-search';
import { ShapeNotices, ShapeResults } from './shape-results';
import './shape-search.css';

export type ShapeMode = '3d' | '2d';

interface ShapeSearchViewProps {
  mode: ShapeMode;
  /** The input card's content: the upload (and the sketch); it calls `search` with what to look for. */
  input: (search: (query: ShapeQuery) => void, searching: boolean) => ReactNode;
}

interface TreeOption {
  value: string;
  title: string;
  children: TreeOption[];
}

function treeOptions(nodes: readonly CategoryNode[], english: boolean): TreeOption[] {
  return nodes.map((node) => ({ value: node.code, title: english ? node.nameEn : node.name, children: treeOptions(node.children, english) }));
}

/** "Find similar" from a detail page: `?id=<item>&library=<its library>` (the page's own library by default). */
function similarFromUrl(params: URLSearchParams, own: LibraryKey): ShapeQuery | undefined {
  const id = parseId(params.get('id'));
  if (id === undefined) return undefined;
  const library = params.get('library');
  return { kind: 'similar', library: library && isLibraryKey(library) ? library : own, id };
}

/**
 * In private mode (spec §4: a member working in the organisation's library), this page still searches the public
 * library: say so, and lead to the organisation's own shape search (its library page's 按形状查找, opened on
 * arrival with the page's kind of input, searching with the file this page searched with). Not for users without an
 * organisation (orgId ≤ 1 has no toggle), nor in a library without organisation pages.
 */
function PrivateModeNotice({ mode, query }: { mode: ShapeMode; query: ShapeQuery | undefined }) {
  const { t } = useLibraryTranslation();
  const navigate = useNavigate();
  const { brands } = useLibraryConfig();
  const orgId = useSession((state) => state.user?.orgId ?? null);
  // Without 厂商 pages (materials) the library has no organisation page to lead to.
  if (!brands || !orgId || orgId <= 1 || getMode() !== 'private') return null;
  return (
    <Alert
      type="info"
      showIcon
      className="lib-shape-private-mode"
      style={{ marginBottom: 16 }}
      data-testid="shape-private-mode"
      title={t('shape.privateMode')}
      action={
        <Button
          size="small"
          type="primary"
          data-testid="shape-private-mode-search"
          onClick={() =>
            void navigate(enterpriseShapeSearchPath(orgId, mode === '3d' ? 'model' : 'image'), {
              // A public item's find-similar has no file: the organisation's dialog opens for an upload.
              state: query && query.kind !== 'similar' ? carryShapeFile(query.file) : undefined,
            })
          }
        >
          {t('shape.privateModeSearch')}
        </Button>
      }
    />
  );
}

/**
 * The body both model-search pages share: the input card, the filters (minimum similarity, include size,
 * ignore mirrored, category, libraries) and the ranked cards of every library asked, merged by score.
 */
export function ShapeSearchView({ mode, input }: ShapeSearchViewProps) {
  const { t, i18n } = useLibraryTranslation();
  const config = useLibraryConfig();
  const { library } = config;
  const offered = config.shapeSearch?.offered ?? [library];
  const [searchParams] = useSearchParams();
  const [query, setQuery] = useState<ShapeQuery | undefined>(() => (mode === '3d' ? similarFromUrl(searchParams, library) : undefined));
  const [options, setOptions] = useState<ShapeOptions>(DEFAULT_SHAPE_OPTIONS);
  const [minScore, setMinScore] = useState(DEFAULT_SHAPE_OPTIONS.minScore);
  const [libraries, setLibraries] = useState<LibraryKey[]>(() => [...(config.shapeSearch?.selected ?? offered)]);
  const english = i18n.language.startsWith('en');

  const ownModels = offered.includes(library);
  const categoryApplies = ownModels && libraries.includes(library);
  // The page's own category tree, for its own library's hits (materials' tree says nothing about models).
  const categories = useQuery({ ...categoryTreeQueryOptions(library), enabled: categoryApplies });
  const categoryLibrary = categoryApplies && options.categoryCode ? library : undefined;
  const result = useShapeSearch(query, options, libraries, categoryLibrary);
  const similarSource = useQuery({
    ...itemQueryOptions(`/public/${query?.kind === 'similar' ? query.library : library}`, query?.kind === 'similar' ? query.id : 0),
    enabled: query?.kind === 'similar',
  });

  const searching = result.isFetching;
  const answer = result.data;

  return (
    <div className="lib-shape-search" data-testid={`shape-search-${mode}`} data-library={library}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t(`shape.title.${mode}`)}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t(`shape.intro.${mode}`)}</Typography.Paragraph>
      <PrivateModeNotice mode={mode} query={query} />
      {!ownModels && <Alert type="info" showIcon style={{ marginBottom: 16 }} data-testid="shape-other-libraries" message={t('shape.otherLibraries')} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={9} xl={8}>
          <Card size="small" title={t(`shape.input.${mode}`)}>
            {input(setQuery, searching)}
          </Card>
          <Card size="small" title={t('shape.filters.title')} style={{ marginTop: 16 }}>
            <Form layout="vertical" size="small">
              <Form.Item label={t('shape.filters.minScore', { score: minScore })}>
                {/* antd's Slider does not pass a test id on to its element. */}
                <div data-testid="shape-min-score">
                  <Slider
                    min={0}
                    max={100}
                    step={MIN_SCORE_STEP}
                    marks={{ 0: '0%', 50: '50%', 80: '80%', 100: '100%' }}
                    value={minScore}
                    onChange={setMinScore}
                    onChangeComplete={(value) => setOptions((current) => ({ ...current, minScore: value }))}
                    tooltip={{ formatter: (value) => `${value}%` }}
                  />
                </div>
              </Form.Item>
              <Form.Item label={t('shape.filters.includeSize')} tooltip={t('shape.filters.includeSizeHint')} style={{ marginBottom: 8 }}>
                <Switch
                  data-testid="shape-include-size"
                  checked={options.includeSize}
                  onChange={(includeSize) => setOptions((current) => ({ ...current, includeSize }))}
                />
              </Form.Item>
              <Form.Item label={t('shape.filters.ignoreMirrored')} tooltip={t('shape.filters.ignoreMirroredHint')} style={{ marginBottom: 8 }}>
                <Switch
                  data-testid="shape-ignore-mirrored"
                  checked={options.ignoreMirrored}
                  onChange={(ignoreMirrored) => setOptions((current) => ({ ...current, ignoreMirrored }))}
                />
              </Form.Item>
              {offered.length > 1 && query?.kind !== 'similar' && (
                <Form.Item label={t('shape.filters.libraries')} style={{ marginBottom: 8 }}>
                  <Checkbox.Group
                    data-testid="shape-libraries"
                    value={libraries}
                    onChange={(chosen) => chosen.length > 0 && setLibraries(offered.filter((key) => chosen.includes(key)))}
                    options={offered.map((key) => ({ value: key, label: t(`shape.library.${key}`) }))}
                  />
                </Form.Item>
              )}
              {categoryApplies && (
                <Form.Item label={t('shape.filters.category')} style={{ marginBottom: 0 }}>
                  <TreeSelect
                    data-testid="shape-category"
                    allowClear
                    showSearch
                    treeNodeFilterProp="title"
                    placeholder={t('shape.filters.allCategories')}
                    loading={categories.isPending}
                    treeData={treeOptions(categories.data ?? [], english)}
                    value={options.categoryCode}
                    onChange={(categoryCode?: string) => setOptions((current) => ({ ...current, categoryCode: categoryCode || undefined }))}
                  />
                </Form.Item>
              )}
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={15} xl={16}>
          <Card
            size="small"
            title={
              query?.kind === 'similar' ? t('shape.similarTo', { partNumber: similarSource.data?.component.partNumber ?? `#${query.id}` }) : t('shape.results')
            }
            extra={answer && <span data-testid="shape-total">{t(answer.atLeast ? 'shape.totalAtLeast' : 'shape.total', { total: answer.total })}</span>}
          >
            {query === undefined ? (
              <Empty data-testid="shape-prompt" description={t(`shape.prompt.${mode}`)} />
            ) : (
              <QueryState testId="shape" isPending={result.isPending} error={result.error} onRetry={() => void result.refetch()}>
                {answer && (
                  <>
                    <ShapeNotices answer={answer} />
                    {answer.hits.length === 0 ? (
                      <Empty data-testid="shape-empty" description={t('shape.empty')} />
                    ) : (
                      <ShapeResults hits={answer.hits} showLibrary={offered.length > 1} />
                    )}
                  </>
                )}
              </QueryState>
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
