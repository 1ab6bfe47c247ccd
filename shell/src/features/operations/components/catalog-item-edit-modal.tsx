import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Select, Skeleton, TreeSelect, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isPortalError } from '@portal/http';
import { currentLanguage } from '@portal/providers';
import { useCategoryTrees, type CategoryNode } from '../../brand-entry/api/category-options';
import {
  CATALOG_EDIT_LIMITS,
  CATALOG_ITEM_NOT_FOUND,
  CATALOG_LIFECYCLES,
  useCatalogItemDetail,
  useEditCatalogItem,
  type CatalogItem,
  type CatalogItemDetail,
  type CatalogItemEdit,
  type CatalogLibrary,
} from '../api/catalog-items-admin';
import { manufacturerKeys, useManufacturers } from '../api/catalog-manufacturers-admin';
import { useFailureMessage } from './operations-list';

/** How many manufacturers the manufacturer's search offers at a time. */
const MANUFACTURER_OPTIONS = 20;

const URL_PATTERN = /^https?:\/\/[^\s/]\S*$/i;

interface TreeOption {
  value: string;
  title: string;
  children?: TreeOption[];
}

function toTreeData(nodes: CategoryNode[], english: boolean): TreeOption[] {
  return nodes.map((node) => ({
    value: node.code,
    title: english ? node.nameEn || node.name : node.name,
    children: node.children.length > 0 ? toTreeData(node.children, english) : undefined,
  }));
}

function initialValues(detail: CatalogItemDetail): CatalogItemEdit {
  return {
    name: detail.item.name,
    description: detail.description,
    categoryCode: detail.categoryCode ?? '',
    documentUrl: detail.documentUrl ?? '',
    lifecycle: detail.lifecycle ?? '',
    manufacturerId: detail.manufacturerId ?? null,
    reason: '',
  };
}

/**
 * 修正: an item's name, description, category, manufacturer, document link and lifecycle, with why. A corrected field says what the
 * source has under it; setting it back to that value ends the correction.
 */
export function CatalogItemEditModal({ library, item, onClose }: { library: CatalogLibrary; item: CatalogItem | undefined; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const fail = useFailureMessage();
  const detail = useCatalogItemDetail(library, item?.id);
  const edit = useEditCatalogItem(library);
  const [form] = Form.useForm<CatalogItemEdit>();
  const [tree] = useCategoryTrees([library]);
  const english = currentLanguage() === 'en-US';
  const treeData = useMemo(() => toTreeData(tree?.data ?? [], english), [tree?.data, english]);
  const lifecycleLabel = (value: string) => t(`operations.catalogItems.lifecycles.${value || 'none'}`);
  const queryClient = useQueryClient();
  const [manufacturerSearch, setManufacturerSearch] = useState('');
  const manufacturers = useManufacturers(
    library,
    { pageNo: 1, pageSize: MANUFACTURER_OPTIONS, keyWords: manufacturerSearch.trim() || undefined },
    item !== undefined && manufacturerSearch.trim() !== '',
  );
  // The item's own manufacturer first, then those the search found.
  const manufacturerOptions = new Map<number, string>();
  if (detail.data?.manufacturerId != null)
    manufacturerOptions.set(detail.data.manufacturerId, detail.data.item.manufacturerName ?? `#${detail.data.manufacturerId}`);
  if (manufacturerSearch.trim()) for (const maker of manufacturers.data?.list ?? []) manufacturerOptions.set(maker.id, maker.name);

  /** `来源：…` under a corrected field. */
  const sourceHint = (field: keyof CatalogItemEdit) => {
    const correction = detail.data?.corrections.find((candidate) => candidate.field === field);
    if (!correction) return undefined;
    const original = correction.original ?? null;
    const shown = field === 'lifecycle' ? lifecycleLabel(original ?? '') : original || t('operations.catalogItems.sourceEmpty');
    return <span data-testid={`catalog-edit-source-${field}`}>{t('operations.catalogItems.sourceValue', { value: shown })}</span>;
  };

  const submit = (values: CatalogItemEdit) => {
    if (!item) return;
    const trimmed = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : (value ?? '')]));
    edit.mutate(
      // A cleared manufacturer is `null` (none), never left out (left as it is).
      { ...(trimmed as unknown as CatalogItemEdit), manufacturerId: values.manufacturerId ?? null, id: item.id },
      {
        onSuccess: () => {
          // The manufacturers' item counts follow a changed manufacturer.
          void queryClient.invalidateQueries({ queryKey: manufacturerKeys.library(library) });
          void message.success(t('operations.catalogItems.editedToast'));
          onClose();
        },
        onError: (error) => {
          fail(error);
          if (isPortalError(error) && error.code === CATALOG_ITEM_NOT_FOUND) onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={item !== undefined}
      title={item && t('operations.catalogItems.editTitle', { code: item.code })}
      okText={t('operations.catalogItems.confirm')}
      cancelText={t('operations.catalogItems.cancel')}
      okButtonProps={{ loading: edit.isPending, disabled: !detail.data, 'data-testid': 'catalog-edit-submit' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      data-testid="catalog-edit-modal"
    >
      {detail.isError && <Alert type="error" showIcon title={detail.error.message} data-testid="catalog-edit-error" />}
      {detail.isPending && item && <Skeleton active />}
      {detail.data && (
        <Form form={form} layout="vertical" preserve={false} initialValues={initialValues(detail.data)} onFinish={submit}>
          <Typography.Paragraph type="secondary">{t('operations.catalogItems.editHint')}</Typography.Paragraph>
          {detail.data.correctionReason && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={t('operations.catalogItems.lastCorrection', { reason: detail.data.correctionReason, operator: detail.data.correctedBy ?? '-' })}
              data-testid="catalog-edit-last"
            />
          )}
          <Form.Item
            name="name"
            label={t('operations.catalogItems.name')}
            extra={sourceHint('name')}
            rules={[{ required: true, whitespace: true, message: t('operations.catalogItems.nameRequired') }]}
          >
            <Input maxLength={CATALOG_EDIT_LIMITS.name} data-testid="catalog-edit-name" />
          </Form.Item>
          <Form.Item name="description" label={t('operations.catalogItems.description')} extra={sourceHint('description')}>
            <Input.TextArea rows={3} maxLength={CATALOG_EDIT_LIMITS.description} showCount data-testid="catalog-edit-description" />
          </Form.Item>
          <Form.Item name="categoryCode" label={t('operations.catalogItems.category')} extra={sourceHint('categoryCode')}>
            <TreeSelect
              treeData={treeData}
              showSearch
              allowClear
              treeNodeFilterProp="title"
              loading={tree?.isPending}
              placeholder={t('operations.catalogItems.categoryNone')}
              data-testid="catalog-edit-category"
            />
          </Form.Item>
          <Form.Item name="manufacturerId" label={t('operations.catalogItems.manufacturer')} extra={sourceHint('manufacturerId')}>
            <Select<number | null>
              showSearch
              filterOption={false}
              onSearch={setManufacturerSearch}
              allowClear
              loading={manufacturers.isFetching}
              placeholder={t('operations.catalogItems.manufacturerNone')}
              notFoundContent={manufacturerSearch.trim() ? undefined : t('operations.catalogItems.manufacturerSearch')}
              options={[...manufacturerOptions].map(([value, label]) => ({ value, label }))}
              data-testid="catalog-edit-manufacturer"
            />
          </Form.Item>
          <Form.Item
            name="documentUrl"
            label={t('operations.catalogItems.documentUrl')}
            extra={sourceHint('documentUrl')}
            rules={[{ pattern: URL_PATTERN, message: t('operations.catalogItems.documentUrlInvalid') }]}
          >
            <Input maxLength={CATALOG_EDIT_LIMITS.documentUrl} placeholder="https://" data-testid="catalog-edit-document" />
          </Form.Item>
          <Form.Item name="lifecycle" label={t('operations.catalogItems.lifecycle')} extra={sourceHint('lifecycle')}>
            <Select options={['', ...CATALOG_LIFECYCLES].map((value) => ({ value, label: lifecycleLabel(value) }))} data-testid="catalog-edit-lifecycle" />
          </Form.Item>
          <Form.Item
            name="reason"
            label={t('operations.catalogItems.editReason')}
            rules={[{ required: true, whitespace: true, message: t('operations.catalogItems.editReasonRequired') }]}
          >
            <Input.TextArea
              rows={2}
              maxLength={CATALOG_EDIT_LIMITS.reason}
              showCount
              placeholder={t('operations.catalogItems.editReasonPlaceholder')}
              data-testid="catalog-edit-reason"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
