import { useState } from 'react';
import { Button, Empty, Flex, Modal, Segmented, Slider, Spin, Tag, Typography } from 'antd';
import { ApiImage } from '@portal/providers';
import { QueryState } from '../../../components/query-state';
import { useLibraryConfig } from '../../../config/library-config';
import { useLibraryTranslation } from '../../../i18n/use-library-translation';
import { ShapeUpload } from '../../shape-search/components/shape-upload';
import { MIN_SCORE_STEP } from '../../shape-search/shape-search';
import { memberFileSource, type EnterpriseItem } from '../api/enterprise-items';
import { useEnterpriseShapeSearch, type EnterpriseShapeQuery, type EnterpriseShapeUpload } from '../api/enterprise-shape-search';

interface EnterpriseShapeSearchProps {
  /** Out of the way while a hit's drawer is open; kept mounted, so closing the drawer comes back to the results. */
  hidden: boolean;
  onClose: () => void;
  /** Opened from an item's 查找相似条目: its alike items are ranked before any upload. */
  similarTo?: EnterpriseItem;
  /** The input offered first (a model unless said). */
  initialKind?: EnterpriseShapeUpload['kind'];
  /** A file of `initialKind` carried from the public model search: searched with on opening. */
  initialFile?: File;
  /** A ranked item chosen: the list opens it in its drawer. */
  onOpenItem: (item: EnterpriseItem) => void;
}

/**
 * 按形状查找: a model (STEP converted in the browser) or a picture ranks the organisation's approved items of this
 * library by their models (docs/enterprise-library.md, "Searching the organisation's models by shape"). Loaded
 * with its own chunk when first opened. Opened for an item, it ranks that item's alike ones first; an upload
 * replaces them.
 */
export default function EnterpriseShapeSearch({ hidden, onClose, similarTo, initialKind = 'model', initialFile, onOpenItem }: EnterpriseShapeSearchProps) {
  const { t } = useLibraryTranslation();
  const { library } = useLibraryConfig();
  const [kind, setKind] = useState<EnterpriseShapeUpload['kind']>(initialKind);
  const [query, setQuery] = useState<EnterpriseShapeQuery | undefined>(() =>
    similarTo ? { kind: 'similar', item: similarTo } : initialFile && { kind: initialKind, file: initialFile },
  );
  const [sliding, setSliding] = useState(0);
  const [minScore, setMinScore] = useState(0);
  const result = useEnterpriseShapeSearch(query, minScore);
  const answer = result.data;

  return (
    <Modal open={!hidden} title={t('enterprise.shapeSearch.title')} width={760} footer={null} onCancel={onClose}>
      <div data-testid="enterprise-shape-search">
        <Typography.Paragraph type="secondary">{t('enterprise.shapeSearch.intro')}</Typography.Paragraph>
        <Segmented<EnterpriseShapeUpload['kind']>
          data-testid="enterprise-shape-kind"
          value={kind}
          onChange={setKind}
          options={(['model', 'image'] as const).map((value) => ({ value, label: t(`enterprise.shapeSearch.kind.${value}`) }))}
          style={{ marginBottom: 12 }}
        />
        <ShapeUpload
          key={kind}
          kind={kind}
          disabled={result.isFetching}
          initial={query?.kind === kind && query.file === initialFile ? initialFile : undefined}
          onFile={(file) => setQuery({ kind, file })}
        />
        <div style={{ margin: '16px 0 8px' }}>{t('enterprise.shapeSearch.minScore', { score: sliding })}</div>
        <div data-testid="enterprise-shape-min-score">
          <Slider
            min={0}
            max={100}
            step={MIN_SCORE_STEP}
            marks={{ 0: '0%', 50: '50%', 80: '80%', 100: '100%' }}
            value={sliding}
            onChange={setSliding}
            onChangeComplete={setMinScore}
            tooltip={{ formatter: (value) => `${value}%` }}
          />
        </div>
        {query?.kind === 'similar' && (
          <Typography.Title level={5} data-testid="enterprise-shape-similar-to">
            {t('enterprise.shapeSearch.similarTo', { code: query.item.code })}
          </Typography.Title>
        )}
        {query && (
          <QueryState testId="enterprise-shape" isPending={result.isPending} error={result.error} onRetry={() => void result.refetch()}>
            {answer && (
              <Spin spinning={result.isFetching}>
                {answer.searched === 0 ? (
                  <Empty
                    data-testid="enterprise-shape-no-models"
                    // The item searched with is not among what it is compared with.
                    description={t(query.kind === 'similar' ? 'enterprise.shapeSearch.noOtherModels' : 'enterprise.shapeSearch.noModels')}
                  />
                ) : (
                  <>
                    <Typography.Text type="secondary" data-testid="enterprise-shape-total">
                      {t('enterprise.shapeSearch.searched', { count: answer.searched, total: answer.total })}
                    </Typography.Text>
                    <Flex vertical gap={8} style={{ marginTop: 8 }} data-testid="enterprise-shape-results">
                      {answer.list.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('enterprise.shapeSearch.none')} />}
                      {answer.list.map((hit) => (
                        <Flex
                          key={hit.item.id}
                          align="center"
                          gap={12}
                          data-testid="enterprise-shape-hit"
                          style={{ padding: 8, border: '1px solid rgba(5, 5, 5, 0.06)', borderRadius: 6, cursor: 'pointer' }}
                          onClick={() => onOpenItem(hit.item)}
                        >
                          <div style={{ width: 56, height: 56, flex: 'none' }}>
                            <ApiImage
                              path={hit.thumbnailUrl ? memberFileSource(library, hit.item.id).thumbnailPath(hit.fileIndex) : undefined}
                              alt={hit.item.code}
                              size={56}
                            />
                          </div>
                          <div style={{ flex: 1, minWidth: 0 }}>
                            <Typography.Text strong ellipsis style={{ display: 'block' }}>
                              {`${hit.item.code} · ${hit.item.name}`}
                            </Typography.Text>
                            <Tag color={hit.score >= 90 ? 'green' : 'default'}>{t('enterprise.shapeSearch.score', { score: hit.score })}</Tag>
                          </div>
                          <Button
                            type="link"
                            size="small"
                            aria-label={t('enterprise.shapeSearch.openItem', { code: hit.item.code })}
                            onClick={(event) => {
                              event.stopPropagation();
                              onOpenItem(hit.item);
                            }}
                          >
                            {t('enterprise.view')}
                          </Button>
                        </Flex>
                      ))}
                    </Flex>
                  </>
                )}
              </Spin>
            )}
          </QueryState>
        )}
      </div>
    </Modal>
  );
}
