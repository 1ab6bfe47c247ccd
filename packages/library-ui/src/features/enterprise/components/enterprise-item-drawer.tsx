import { useEffect, useRef, useState } from 'react';
import { App, Button, Descriptions, Drawer, Empty, Flex, Space, Table, Tag, Typography } from 'antd';
import { CloseOutlined, DownloadOutlined, EyeOutlined, PictureOutlined, SearchOutlined } from '@ant-design/icons';
import { useLibraryTranslation } from '../../../i18n/use-library-translation';
import { ApiImage } from '@portal/providers';
import {
  needsStepPreview,
  useDownloadEnterpriseFile,
  useDrawStepPreview,
  type EnterpriseFile,
  type EnterpriseFileSource,
  type EnterpriseItem,
  type EnterpriseParameter,
  type ShowcaseItem,
} from '../api/enterprise-items';
import { categoryLabel, formatBytes, formatTime, STATE_COLORS, textOrDash } from '../format';
import { usePreviewMessages } from './step-preview';
import { isViewableModel } from '../../model-viewer/model-names';
import { EnterpriseModelView } from './enterprise-model-view';

/**
 * The item's models, datasheets and drawings (a model with its picture), each downloaded from `source`; a model the
 * browser can show is viewed in 3D below the list. With `onChanged` (a member who publishes), a pending item's STEP
 * model without a picture offers to draw one.
 */
function ItemFiles({
  item,
  source,
  onChanged,
}: {
  item: EnterpriseItem | ShowcaseItem;
  source: EnterpriseFileSource;
  onChanged?: (item: EnterpriseItem) => void;
}) {
  const { t } = useLibraryTranslation();
  const { message } = App.useApp();
  const download = useDownloadEnterpriseFile();
  const drawPreview = useDrawStepPreview();
  const previewMessages = usePreviewMessages();
  // The model shown in 3D below the table, by its index.
  const [viewing, setViewing] = useState<number>();
  const view = useRef<HTMLDivElement>(null);
  // The view opens below the list, out of sight in a long drawer: brought to the top of it.
  useEffect(() => {
    if (viewing !== undefined) view.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [viewing]);
  const files = item.files ?? [];
  const previewable = onChanged !== undefined && 'state' in item && item.state === 'pending';
  if (files.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('enterprise.files.none')} />;
  const viewed = viewing === undefined ? undefined : files[viewing];
  return (
    <>
      <Table<EnterpriseFile & { index: number }>
        data-testid="enterprise-item-files"
        size="small"
        rowKey="index"
        pagination={false}
        dataSource={files.map((file, index) => ({ ...file, index }))}
        columns={[
          {
            key: 'kind',
            title: t('enterprise.files.kindTitle'),
            // Room for the picture, or the button that draws it.
            width: 140,
            render: (_, file) => (
              <>
                {t(`enterprise.files.kind.${file.kind}`)}
                <ApiImage
                  path={file.thumbnail ? source.thumbnailPath(file.index) : undefined}
                  alt={file.name}
                  size={64}
                  testId={`enterprise-item-file-thumbnail-${file.index}`}
                />
                {/* Where the picture goes: a STEP model has none until the page draws it. */}
                {previewable && needsStepPreview(file) && (
                  <div style={{ marginTop: 4 }}>
                    <Button
                      size="small"
                      icon={<PictureOutlined />}
                      aria-label={t('enterprise.preview.drawFile', { name: file.name })}
                      loading={drawPreview.isPending && drawPreview.variables?.index === file.index}
                      onClick={() =>
                        drawPreview.mutate(
                          { id: item.id, index: file.index, file },
                          {
                            onSuccess: (changed) => {
                              previewMessages.done(file.name);
                              onChanged?.(changed);
                            },
                            onError: (error) => previewMessages.failed(file.name, error),
                          },
                        )
                      }
                      data-testid={`enterprise-item-file-preview-${file.index}`}
                    >
                      {t('enterprise.preview.draw')}
                    </Button>
                  </div>
                )}
              </>
            ),
          },
          { key: 'name', title: t('enterprise.field.name'), dataIndex: 'name', ellipsis: true },
          { key: 'size', title: t('enterprise.files.size'), render: (_, file) => formatBytes(file.size) },
          {
            key: 'download',
            title: t('enterprise.field.actions'),
            render: (_, file) => (
              <Space size={4} wrap>
                {file.kind === 'model' && isViewableModel(file.name) && (
                  <Button
                    size="small"
                    icon={<EyeOutlined />}
                    aria-label={t('enterprise.files.viewFile', { name: file.name })}
                    aria-pressed={viewing === file.index}
                    onClick={() => setViewing(file.index)}
                    data-testid={`enterprise-item-file-view-${file.index}`}
                  >
                    {t('enterprise.files.view')}
                  </Button>
                )}
                <Button
                  size="small"
                  icon={<DownloadOutlined />}
                  aria-label={t('enterprise.files.downloadFile', { name: file.name })}
                  loading={download.isPending && download.variables?.index === file.index}
                  onClick={() =>
                    download.mutate(
                      { source, index: file.index, file },
                      { onError: (error) => void message.error(t('enterprise.files.downloadFailed', { message: error.message })) },
                    )
                  }
                  data-testid={`enterprise-item-file-download-${file.index}`}
                >
                  {t('enterprise.files.download')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {viewing !== undefined && viewed && (
        // Room for the viewer and its tools from the start, so the scroll lands where the model will be.
        <div ref={view} style={{ marginTop: 12, minHeight: 380 }} data-testid="enterprise-item-model-view">
          <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
            <Typography.Text strong ellipsis>
              {viewed.name}
            </Typography.Text>
            <Button
              size="small"
              type="text"
              icon={<CloseOutlined />}
              aria-label={t('enterprise.files.closeView')}
              onClick={() => setViewing(undefined)}
              data-testid="enterprise-item-model-view-close"
            />
          </Flex>
          <EnterpriseModelView key={viewing} source={source} index={viewing} file={viewed} />
        </div>
      )}
    </>
  );
}

/** The review's fields of a member's item; a public page's item has none, but its publication time. */
function reviewFields(item: EnterpriseItem | ShowcaseItem, t: ReturnType<typeof useLibraryTranslation>['t']) {
  if (!('state' in item)) return [{ key: 'publishTime', label: t('enterprise.showcase.publishTime'), children: formatTime(item.publishTime) }];
  return [
    {
      key: 'state',
      label: t('enterprise.field.state'),
      children: <Tag color={STATE_COLORS[item.state]}>{t(`enterprise.state.${item.state}`)}</Tag>,
    },
    { key: 'createTime', label: t('enterprise.field.createTime'), children: formatTime(item.createTime) },
    { key: 'reviewTime', label: t('enterprise.field.reviewTime'), children: formatTime(item.reviewTime) },
    {
      key: 'remark',
      label: t('enterprise.field.remark'),
      children: <span data-testid="enterprise-item-drawer-remark">{textOrDash(item.remark)}</span>,
    },
  ];
}

/** Whether the organisation's shape search can rank items like this one: approved, with a model the server read. */
function hasComparableModel(item: EnterpriseItem | ShowcaseItem): item is EnterpriseItem {
  return 'state' in item && item.state === 'approved' && (item.files ?? []).some((file) => file.kind === 'model' && (file.thumbnail || file.shape));
}

/**
 * Every field of an item, its parameters as a name / value table and its files from `files`: one of the
 * organisation's items for its members (with its review), or one its public page shows. `onChanged` (members who
 * publish) gets the item back when a STEP model's preview was drawn; `onFindSimilar` (members) offers, for an
 * approved item with a readable model, the organisation's items shaped like it.
 */
export function EnterpriseItemDrawer({
  item,
  files,
  onClose,
  onChanged,
  onFindSimilar,
}: {
  item: EnterpriseItem | ShowcaseItem | undefined;
  files: (item: EnterpriseItem | ShowcaseItem) => EnterpriseFileSource;
  onClose: () => void;
  onChanged?: (item: EnterpriseItem) => void;
  onFindSimilar?: (item: EnterpriseItem) => void;
}) {
  const { t, i18n } = useLibraryTranslation();
  const english = i18n.language.startsWith('en');
  const parameters = item?.parameters ?? [];
  return (
    <Drawer open={item !== undefined} onClose={onClose} title={t('enterprise.drawer.title')} size="min(560px, 100vw)" data-testid="enterprise-item-drawer">
      {item && (
        <>
          <Typography.Title level={5} style={{ marginTop: 0 }} data-testid="enterprise-item-drawer-code">
            {item.code}
          </Typography.Title>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'code', label: t('enterprise.field.code'), children: item.code },
              { key: 'name', label: t('enterprise.field.name'), children: item.name },
              { key: 'category', label: t('enterprise.field.category'), children: categoryLabel(item, english) },
              { key: 'manufacturer', label: t('enterprise.field.manufacturer'), children: textOrDash(item.manufacturer) },
              ...reviewFields(item, t),
              {
                key: 'description',
                label: t('enterprise.field.description'),
                children: <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>{textOrDash(item.description)}</Typography.Paragraph>,
              },
            ]}
          />
          <Typography.Title level={5}>{t('enterprise.field.parameters')}</Typography.Title>
          {parameters.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('enterprise.drawer.noParameters')} />
          ) : (
            <Table<EnterpriseParameter>
              data-testid="enterprise-item-parameters"
              size="small"
              rowKey="name"
              pagination={false}
              dataSource={parameters}
              columns={[
                { key: 'name', title: t('enterprise.field.parameterName'), dataIndex: 'name' },
                { key: 'value', title: t('enterprise.field.parameterValue'), dataIndex: 'value' },
              ]}
            />
          )}
          <Flex justify="space-between" align="center">
            <Typography.Title level={5}>{t('enterprise.field.files')}</Typography.Title>
            {onFindSimilar && hasComparableModel(item) && (
              <Button
                size="small"
                icon={<SearchOutlined />}
                aria-label={t('enterprise.shapeSearch.findSimilarLabel', { code: item.code })}
                onClick={() => onFindSimilar(item)}
                data-testid="enterprise-item-find-similar"
              >
                {t('enterprise.shapeSearch.findSimilar')}
              </Button>
            )}
          </Flex>
          {/* Another item starts without a model shown. */}
          <ItemFiles key={item.id} item={item} source={files(item)} onChanged={onChanged} />
        </>
      )}
    </Drawer>
  );
}
