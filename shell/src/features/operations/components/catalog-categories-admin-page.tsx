import { useMemo, useState, type HTMLAttributes, type Key, type ReactNode } from 'react';
import { Alert, App, Button, Checkbox, Empty, Form, Input, InputNumber, Modal, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isPortalError } from '@portal/http';
import { operationsPermission } from '@portal/session';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import {
  CATEGORY_LIMITS,
  CATEGORY_NOT_EMPTY,
  CATEGORY_NOT_FOUND,
  CATEGORY_STALE,
  useCategoryTree,
  useEditCategory,
  useSetCategoryHidden,
  type CatalogCategory,
  type CategoryEdit,
} from '../api/catalog-categories-admin';
import type { CatalogLibrary } from '../api/catalog-items-admin';
import { CatalogLibrarySwitch, useCatalogLibrary } from './catalog-library-switch';
import { formatTime } from './format';
import { SearchResetButtons, useFailureMessage } from './operations-list';
import { OperatorGate } from './operator-gate';

interface FilterValues {
  keyWords?: string;
  /** Only corrected, hidden or stale categories (with their ancestors). */
  flagged?: boolean;
}

type CorrectedField = keyof Omit<CategoryEdit, 'reason'>;

/** A row of the tree: no `children` on a leaf (so it shows no expand icon), and whether an ancestor is hidden. */
type CategoryRow = Omit<CatalogCategory, 'children'> & { children?: CategoryRow[]; hiddenWithParent: boolean };

function toRows(categories: CatalogCategory[], parentHidden = false): CategoryRow[] {
  return categories.map(({ children, ...category }) => ({
    ...category,
    hiddenWithParent: parentHidden,
    children: children.length > 0 ? toRows(children, parentHidden || category.hidden) : undefined,
  }));
}

/** Whether a category matches the filters; none when nothing filters. */
function matcherOf({ keyWords, flagged }: FilterValues): ((category: CatalogCategory) => boolean) | undefined {
  const needle = keyWords?.trim().toLowerCase();
  if (!needle && !flagged) return undefined;
  return (category) =>
    (!needle || [category.code, category.name, category.nameEn].some((text) => text.toLowerCase().includes(needle))) &&
    (!flagged || category.hidden || category.stale || category.corrections.length > 0);
}

/** The matching categories with their whole subtrees and their ancestors; `ancestors` collects the codes of the latter. */
function prune(categories: CatalogCategory[], matches: (category: CatalogCategory) => boolean, ancestors: string[]): CatalogCategory[] {
  return categories.flatMap((category) => {
    const children = prune(category.children, matches, ancestors);
    if (children.length > 0) ancestors.push(category.code);
    if (matches(category)) return [category];
    return children.length > 0 ? [{ ...category, children }] : [];
  });
}

/** The rows the filters leave and the codes to expand so that every match shows. */
function filterTree(tree: CatalogCategory[], filters: FilterValues): { rows: CategoryRow[]; expanded: string[] } {
  const matches = matcherOf(filters);
  if (!matches) return { rows: toRows(tree), expanded: [] };
  const expanded: string[] = [];
  return { rows: toRows(prune(tree, matches, expanded)), expanded };
}

/** 已隐藏 / 随上级隐藏 / 已修正 / 已不在分类表, each with its details in a tooltip. */
function CategoryStatus({ category }: { category: CategoryRow }) {
  const { t } = useTranslation('shell');
  const fieldLabel = (field: string) => t(`operations.catalogCategories.fields.${field}`, { defaultValue: field });
  const tags: ReactNode[] = [];
  if (category.hidden) {
    tags.push(
      <Tooltip
        key="hidden"
        title={
          <>
            <div style={{ whiteSpace: 'pre-wrap' }}>{category.hiddenReason || '-'}</div>
            <div>
              {typeof category.hiddenBy === 'number'
                ? t('operations.catalogCategories.hiddenAtBy', { time: formatTime(category.hiddenTime), operator: category.hiddenBy })
                : t('operations.catalogCategories.hiddenAt', { time: formatTime(category.hiddenTime) })}
            </div>
          </>
        }
      >
        <Tag color="red" data-testid={`category-hidden-${category.code}`}>
          {t('operations.catalogCategories.hidden')}
        </Tag>
      </Tooltip>,
    );
  } else if (category.hiddenWithParent) {
    tags.push(
      <Tooltip key="hidden" title={t('operations.catalogCategories.hiddenWithParentHint')}>
        <Tag data-testid={`category-hidden-with-parent-${category.code}`}>{t('operations.catalogCategories.hiddenWithParent')}</Tag>
      </Tooltip>,
    );
  }
  if (category.corrections.length > 0) {
    tags.push(
      <Tooltip
        key="corrected"
        title={
          <>
            {category.corrections.map((correction) => (
              <div key={correction.field}>
                {t('operations.catalogCategories.correction', { field: fieldLabel(correction.field), value: String(correction.original ?? '-') })}
              </div>
            ))}
            {category.correctionReason && (
              <div style={{ whiteSpace: 'pre-wrap' }}>{t('operations.catalogCategories.correctionReason', { reason: category.correctionReason })}</div>
            )}
            <div>{t('operations.catalogCategories.correctedAtBy', { time: formatTime(category.correctionTime), operator: category.correctedBy ?? '-' })}</div>
          </>
        }
      >
        <Tag color="blue" data-testid={`category-corrected-${category.code}`}>
          {t('operations.catalogCategories.corrected')}
        </Tag>
      </Tooltip>,
    );
  }
  if (category.stale) {
    tags.push(
      <Tooltip key="stale" title={t('operations.catalogCategories.staleHint')}>
        <Tag color="orange" data-testid={`category-stale-${category.code}`}>
          {t('operations.catalogCategories.stale')}
        </Tag>
      </Tooltip>,
    );
  }
  return tags.length > 0 ? (
    <Space size={[0, 4]} wrap>
      {tags}
    </Space>
  ) : (
    '-'
  );
}

/** The public items of the subtree (the direct ones in the tooltip), and the organisations' items when there are any. */
function CategoryItems({ category }: { category: CategoryRow }) {
  const { t } = useTranslation('shell');
  return (
    <span data-testid={`category-items-${category.code}`}>
      <Tooltip title={t('operations.catalogCategories.itemsHint', { count: category.subtreeItemCount, direct: category.itemCount })}>
        <span>{category.subtreeItemCount}</span>
      </Tooltip>
      {category.enterpriseItemCount > 0 && (
        <Tooltip title={t('operations.catalogCategories.enterpriseItemsHint', { count: category.enterpriseItemCount })}>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {t('operations.catalogCategories.enterpriseItems', { count: category.enterpriseItemCount })}
          </Typography.Text>
        </Tooltip>
      )}
    </span>
  );
}

/**
 * 编辑: the Chinese and English names and the place among the siblings, with why. A corrected field says what the
 * taxonomy file has under it; setting it back to that value ends the correction.
 */
function EditModal({ library, category, onClose }: { library: CatalogLibrary; category: CategoryRow | undefined; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const fail = useFailureMessage();
  const edit = useEditCategory(library);
  const [form] = Form.useForm<CategoryEdit>();

  /** `分类表原值：…` under a corrected field. */
  const originalHint = (field: CorrectedField) => {
    const correction = category?.corrections.find((candidate) => candidate.field === field);
    if (!correction) return undefined;
    return (
      <div data-testid={`category-edit-original-${field}`}>{t('operations.catalogCategories.original', { value: String(correction.original ?? '-') })}</div>
    );
  };

  const submit = ({ name, nameEn, sort, reason }: CategoryEdit) => {
    if (!category) return;
    edit.mutate(
      { code: category.code, name: name.trim(), nameEn: nameEn.trim(), sort, reason: reason.trim() },
      {
        onSuccess: () => {
          void message.success(t('operations.catalogCategories.savedToast'));
          onClose();
        },
        onError: (error) => {
          fail(error);
          // Gone or no longer in the file meanwhile: the tree refetches and there is nothing left to correct.
          if (isPortalError(error) && (error.code === CATEGORY_NOT_FOUND || error.code === CATEGORY_STALE)) onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={category !== undefined}
      title={category && t('operations.catalogCategories.editTitle', { name: category.name, code: category.code })}
      okText={t('operations.catalogItems.confirm')}
      cancelText={t('operations.catalogItems.cancel')}
      okButtonProps={{ loading: edit.isPending, 'data-testid': 'category-edit-submit' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="category-edit-modal"
    >
      {category && (
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ name: category.name, nameEn: category.nameEn, sort: category.sort, reason: '' }}
          onFinish={submit}
        >
          <Typography.Paragraph type="secondary">{t('operations.catalogCategories.editHint')}</Typography.Paragraph>
          {category.corrections.length > 0 && category.correctionReason && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={t('operations.catalogCategories.lastCorrection', {
                reason: category.correctionReason,
                time: formatTime(category.correctionTime),
                operator: category.correctedBy ?? '-',
              })}
              data-testid="category-edit-last"
            />
          )}
          <Form.Item
            name="name"
            label={t('operations.catalogCategories.fields.name')}
            extra={originalHint('name')}
            rules={[{ required: true, whitespace: true, message: t('operations.catalogCategories.nameRequired') }]}
          >
            <Input maxLength={CATEGORY_LIMITS.name} showCount data-testid="category-edit-name" />
          </Form.Item>
          <Form.Item
            name="nameEn"
            label={t('operations.catalogCategories.fields.nameEn')}
            extra={originalHint('nameEn')}
            rules={[{ required: true, whitespace: true, message: t('operations.catalogCategories.nameEnRequired') }]}
          >
            <Input maxLength={CATEGORY_LIMITS.nameEn} showCount data-testid="category-edit-name-en" />
          </Form.Item>
          <Form.Item
            name="sort"
            label={t('operations.catalogCategories.fields.sort')}
            extra={
              <>
                <div>{t('operations.catalogCategories.sortHint')}</div>
                {originalHint('sort')}
              </>
            }
            rules={[{ required: true, message: t('operations.catalogCategories.sortRequired') }]}
          >
            <InputNumber min={0} max={CATEGORY_LIMITS.sortMax} precision={0} style={{ width: 160 }} data-testid="category-edit-sort" />
          </Form.Item>
          <Form.Item
            name="reason"
            label={t('operations.catalogCategories.editReason')}
            rules={[{ required: true, whitespace: true, message: t('operations.catalogCategories.editReasonRequired') }]}
          >
            <Input.TextArea
              rows={2}
              maxLength={CATEGORY_LIMITS.reason}
              showCount
              placeholder={t('operations.catalogCategories.editReasonPlaceholder')}
              data-testid="category-edit-reason"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** 隐藏: a reason is required (1–200 characters); the category and its subtree leave the public pages. */
function HideModal({ library, category, onClose }: { library: CatalogLibrary; category: CategoryRow | undefined; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const fail = useFailureMessage();
  const setHidden = useSetCategoryHidden(library);
  const [form] = Form.useForm<{ reason: string }>();

  const submit = ({ reason }: { reason: string }) => {
    if (!category) return;
    setHidden.mutate(
      { code: category.code, hidden: true, reason: reason.trim() },
      {
        onSuccess: () => {
          void message.success(t('operations.catalogCategories.hiddenToast'));
          onClose();
        },
        onError: (error) => {
          // Not empty (items came in meanwhile) or gone: the server's message says so, and the tree refetches.
          fail(error);
          if (isPortalError(error) && (error.code === CATEGORY_NOT_FOUND || error.code === CATEGORY_NOT_EMPTY)) onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={category !== undefined}
      title={category && t('operations.catalogCategories.hideTitle', { name: category.name, code: category.code })}
      okText={t('operations.catalogItems.confirm')}
      cancelText={t('operations.catalogItems.cancel')}
      okButtonProps={{ danger: true, loading: setHidden.isPending, 'data-testid': 'category-hide-submit' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="category-hide-modal"
    >
      {category && (
        <Form form={form} layout="vertical" preserve={false} onFinish={submit}>
          <Typography.Paragraph type="secondary">{t('operations.catalogCategories.hideHint', { name: category.name })}</Typography.Paragraph>
          <Form.Item
            name="reason"
            label={t('operations.catalogCategories.reason')}
            rules={[{ required: true, whitespace: true, message: t('operations.catalogCategories.reasonRequired') }]}
          >
            <Input.TextArea
              rows={3}
              maxLength={CATEGORY_LIMITS.reason}
              showCount
              placeholder={t('operations.catalogCategories.reasonPlaceholder')}
              data-testid="category-hide-reason"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** 恢复, behind a confirmation: the category and its subtree come back to the public pages. */
function RestoreButton({ library, category }: { library: CatalogLibrary; category: CategoryRow }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const fail = useFailureMessage();
  const setHidden = useSetCategoryHidden(library);
  return (
    <Popconfirm
      title={t('operations.catalogCategories.restoreConfirm')}
      okText={t('operations.catalogItems.confirm')}
      cancelText={t('operations.catalogItems.cancel')}
      okButtonProps={{ 'data-testid': `category-restore-confirm-${category.code}` }}
      onConfirm={() =>
        setHidden.mutateAsync({ code: category.code, hidden: false }).then(() => void message.success(t('operations.catalogCategories.restoredToast')), fail)
      }
    >
      <Button type="link" size="small" loading={setHidden.isPending} data-testid={`category-restore-${category.code}`}>
        {t('operations.catalogCategories.restore')}
      </Button>
    </Popconfirm>
  );
}

function CatalogCategoriesAdmin() {
  const { t } = useTranslation('shell');
  const { libraries, library, setLibrary } = useCatalogLibrary();
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<FilterValues>({});
  // The rows the operator opened or closed; until then, the ancestors of the matches.
  const [expanded, setExpanded] = useState<readonly Key[] | undefined>();
  const [editing, setEditing] = useState<CategoryRow | undefined>();
  const [hiding, setHiding] = useState<CategoryRow | undefined>();
  const tree = useCategoryTree(library);
  const filtered = useMemo(() => filterTree(tree.data ?? [], filters), [tree.data, filters]);
  const filtering = matcherOf(filters) !== undefined;

  const search = (values: FilterValues) => {
    setFilters(values);
    setExpanded(undefined);
  };
  const switchLibrary = (next: CatalogLibrary) => {
    setLibrary(next);
    setExpanded(undefined);
  };

  return (
    <div className="page-container operations-page" data-testid="operations-catalog-categories">
      <Typography.Title level={3}>{t('operations.catalogCategories.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('operations.catalogCategories.intro')}</Typography.Paragraph>
      <CatalogLibrarySwitch libraries={libraries} library={library} onChange={switchLibrary} />
      <Form form={form} layout="inline" onFinish={search} className="operations-filters" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="keyWords" label={t('operations.keyword')}>
          <Input allowClear maxLength={100} placeholder={t('operations.catalogCategories.keywordPlaceholder')} data-testid="categories-keyword" />
        </Form.Item>
        <Form.Item name="flagged" valuePropName="checked">
          <Checkbox data-testid="categories-flagged">{t('operations.catalogCategories.flaggedOnly')}</Checkbox>
        </Form.Item>
        <SearchResetButtons form={form} onSearch={search} testIdPrefix="categories" />
      </Form>
      {tree.isError ? (
        <Alert
          type="error"
          showIcon
          title={tree.error.message}
          action={<Button onClick={() => void tree.refetch()}>{t('operations.retry')}</Button>}
          data-testid="categories-error"
        />
      ) : (
        <Table<CategoryRow>
          rowKey="code"
          loading={tree.isFetching}
          dataSource={filtered.rows}
          pagination={false}
          expandable={{ expandedRowKeys: expanded ?? filtered.expanded, onExpandedRowsChange: setExpanded }}
          locale={{ emptyText: <Empty description={t(filtering ? 'operations.catalogCategories.noMatch' : 'operations.catalogCategories.empty')} /> }}
          onRow={(category) => ({ 'data-testid': `categories-row-${category.code}` }) as HTMLAttributes<HTMLElement>}
          scroll={{ x: 1000 }}
          data-testid="categories-table"
          columns={[
            {
              title: t('operations.catalogCategories.name'),
              dataIndex: 'name',
              width: 280,
              // Its own block formatting context: both lines sit beside the floated indent and expand icon.
              render: (name: string, category) => (
                <div style={{ display: 'flow-root' }} data-testid={`category-name-${category.code}`}>
                  <div>{name}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {category.nameEn}
                  </Typography.Text>
                </div>
              ),
            },
            {
              title: t('operations.catalogCategories.code'),
              dataIndex: 'code',
              width: 190,
              render: (code: string) => (
                <Typography.Text code style={{ wordBreak: 'break-all' }}>
                  {code}
                </Typography.Text>
              ),
            },
            { title: t('operations.catalogCategories.sort'), dataIndex: 'sort', width: 70 },
            {
              title: t('operations.catalogCategories.items'),
              key: 'items',
              width: 110,
              render: (_value, category) => <CategoryItems category={category} />,
            },
            {
              title: t('operations.catalogCategories.status'),
              key: 'status',
              width: 200,
              render: (_value, category) => <CategoryStatus category={category} />,
            },
            {
              title: t('operations.actions'),
              key: 'actions',
              width: 150,
              fixed: 'right',
              render: (_value, category) => {
                const occupied = category.subtreeItemCount + category.enterpriseItemCount > 0;
                return (
                  <Space size="small">
                    <Tooltip title={category.stale ? t('operations.catalogCategories.staleHint') : undefined}>
                      <Button
                        type="link"
                        size="small"
                        disabled={category.stale}
                        onClick={() => setEditing(category)}
                        data-testid={`category-edit-${category.code}`}
                      >
                        {t('operations.catalogCategories.edit')}
                      </Button>
                    </Tooltip>
                    {category.hidden ? (
                      <RestoreButton library={library} category={category} />
                    ) : (
                      <Tooltip title={occupied ? t('operations.catalogCategories.notEmpty') : undefined}>
                        <Button
                          type="link"
                          size="small"
                          danger
                          disabled={occupied}
                          onClick={() => setHiding(category)}
                          data-testid={`category-hide-${category.code}`}
                        >
                          {t('operations.catalogCategories.hide')}
                        </Button>
                      </Tooltip>
                    )}
                  </Space>
                );
              },
            },
          ]}
        />
      )}
      <EditModal library={library} category={editing} onClose={() => setEditing(undefined)} />
      <HideModal library={library} category={hiding} onClose={() => setHiding(undefined)} />
    </div>
  );
}

/**
 * `/operation/catalog-categories` (分类管理): operators correct a library's category names and order over the taxonomy
 * file, and hide empty categories from the public tree; for holders of a library's `<library>:catalog:manage`, over
 * the libraries held.
 */
export default function CatalogCategoriesAdminPage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('operations.catalogCategories.title'));
  return (
    <OperatorGate permission={operationsPermission('catalog-categories')}>
      <CatalogCategoriesAdmin />
    </OperatorGate>
  );
}
