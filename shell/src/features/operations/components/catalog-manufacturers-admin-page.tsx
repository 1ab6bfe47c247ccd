import { useState } from 'react';
import { App, Button, Checkbox, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isPortalError } from '@portal/http';
import { operationsPermission } from '@portal/session';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import type { CatalogLibrary } from '../api/catalog-items-admin';
import {
  MANUFACTURER_NAME_MAX,
  MANUFACTURER_NOT_FOUND,
  MANUFACTURER_WEBSITE_MAX,
  useEditManufacturer,
  useManufacturers,
  useMergeManufacturer,
  type CatalogManufacturer,
  type ManufacturerFilters,
} from '../api/catalog-manufacturers-admin';
import { CatalogLibrarySwitch, useCatalogLibrary } from './catalog-library-switch';
import { PageTableOrError, SearchResetButtons, useFailureMessage } from './operations-list';
import { OperatorGate } from './operator-gate';

const PAGE_SIZE = 10;
/** How many candidates the merge target's search offers at a time. */
const TARGET_OPTIONS = 20;
const WEBSITE_PATTERN = /^https?:\/\/[^\s/]\S*$/i;

interface FilterValues {
  keyWords?: string;
  duplicates?: boolean;
}

function filtersOf(values: FilterValues, pageSize: number): ManufacturerFilters {
  return {
    pageNo: 1,
    pageSize,
    keyWords: values.keyWords?.trim() || undefined,
    duplicates: values.duplicates || undefined,
  };
}

/** 编辑: the name (the old one stays as an alias, so the next import files its records here) and the website. */
function EditModal({ library, manufacturer, onClose }: { library: CatalogLibrary; manufacturer: CatalogManufacturer | undefined; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const fail = useFailureMessage();
  const edit = useEditManufacturer(library);
  const [form] = Form.useForm<{ name: string; website?: string }>();

  const submit = ({ name, website }: { name: string; website?: string }) => {
    if (!manufacturer) return;
    edit.mutate(
      { id: manufacturer.id, name: name.trim(), website: website?.trim() ?? '' },
      {
        onSuccess: () => {
          void message.success(t('operations.catalogManufacturers.savedToast'));
          onClose();
        },
        onError: (error) => {
          fail(error);
          // Merged away meanwhile: the list refetches and there is nothing left to edit.
          if (isPortalError(error) && error.code === MANUFACTURER_NOT_FOUND) onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={manufacturer !== undefined}
      title={manufacturer && t('operations.catalogManufacturers.editTitle', { name: manufacturer.name })}
      okText={t('operations.catalogItems.confirm')}
      cancelText={t('operations.catalogItems.cancel')}
      okButtonProps={{ loading: edit.isPending, 'data-testid': 'manufacturer-edit-submit' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="manufacturer-edit-modal"
    >
      {manufacturer && (
        <Form form={form} layout="vertical" preserve={false} initialValues={{ name: manufacturer.name, website: manufacturer.website ?? '' }} onFinish={submit}>
          <Form.Item
            name="name"
            label={t('operations.catalogManufacturers.name')}
            extra={t('operations.catalogManufacturers.renameHint')}
            rules={[{ required: true, whitespace: true, message: t('operations.catalogManufacturers.nameRequired') }]}
          >
            <Input maxLength={MANUFACTURER_NAME_MAX} showCount data-testid="manufacturer-edit-name" />
          </Form.Item>
          <Form.Item
            name="website"
            label={t('operations.catalogManufacturers.website')}
            rules={[{ pattern: WEBSITE_PATTERN, message: t('operations.catalogManufacturers.websiteInvalid') }]}
          >
            <Input maxLength={MANUFACTURER_WEBSITE_MAX} placeholder="https://" data-testid="manufacturer-edit-website" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** `name (#id · N 条)`, the label of a merge target. */
function targetLabel(manufacturer: CatalogManufacturer, t: (key: string, options?: Record<string, unknown>) => string) {
  return `${manufacturer.name} (#${manufacturer.id} · ${t('operations.catalogManufacturers.items', { count: manufacturer.itemCount })})`;
}

/**
 * 合并到…: the chosen manufacturer keeps the items and aliases, this one's name becomes its alias and this one goes. In
 * the duplicates view the other members of the group are offered first.
 */
function MergeModal({
  library,
  manufacturer,
  group,
  onClose,
}: {
  library: CatalogLibrary;
  manufacturer: CatalogManufacturer | undefined;
  group: CatalogManufacturer[];
  onClose: () => void;
}) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const fail = useFailureMessage();
  const merge = useMergeManufacturer(library);
  const [search, setSearch] = useState('');
  const [targetId, setTargetId] = useState<number | undefined>();
  const candidates = useManufacturers(
    library,
    { pageNo: 1, pageSize: TARGET_OPTIONS, keyWords: search.trim() || undefined },
    manufacturer !== undefined && search.trim() !== '',
  );
  const byId = new Map<number, CatalogManufacturer>();
  for (const candidate of [...group, ...(candidates.data?.list ?? [])]) {
    if (candidate.id !== manufacturer?.id) byId.set(candidate.id, candidate);
  }
  const target = targetId === undefined ? undefined : byId.get(targetId);

  const close = () => {
    setSearch('');
    setTargetId(undefined);
    onClose();
  };
  const submit = () => {
    if (!manufacturer || !target) return;
    merge.mutate(
      { id: manufacturer.id, targetId: target.id },
      {
        onSuccess: (result) => {
          void message.success(t('operations.catalogManufacturers.mergedToast', { name: result.target.name, count: result.moved }));
          close();
        },
        onError: (error) => {
          fail(error);
          if (isPortalError(error) && error.code === MANUFACTURER_NOT_FOUND) close();
        },
      },
    );
  };

  return (
    <Modal
      open={manufacturer !== undefined}
      title={manufacturer && t('operations.catalogManufacturers.mergeTitle', { name: manufacturer.name })}
      okText={t('operations.catalogManufacturers.mergeConfirm')}
      cancelText={t('operations.catalogItems.cancel')}
      okButtonProps={{ danger: true, disabled: !target, loading: merge.isPending, 'data-testid': 'manufacturer-merge-submit' }}
      onOk={submit}
      onCancel={close}
      destroyOnHidden
      data-testid="manufacturer-merge-modal"
    >
      {manufacturer && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text>{t('operations.catalogManufacturers.mergeTarget')}</Typography.Text>
          <Select<number>
            showSearch
            style={{ width: '100%' }}
            value={targetId}
            onChange={setTargetId}
            filterOption={false}
            onSearch={setSearch}
            loading={candidates.isFetching}
            placeholder={t('operations.catalogManufacturers.mergeSearch')}
            notFoundContent={t('operations.catalogManufacturers.mergeNone')}
            options={[...byId.values()].map((candidate) => ({ value: candidate.id, label: targetLabel(candidate, t) }))}
            data-testid="manufacturer-merge-target"
          />
          {target && (
            <Typography.Paragraph type="warning" data-testid="manufacturer-merge-hint">
              {t('operations.catalogManufacturers.mergeHint', { source: manufacturer.name, target: target.name, count: manufacturer.itemCount })}
            </Typography.Paragraph>
          )}
        </Space>
      )}
    </Modal>
  );
}

function CatalogManufacturersAdmin() {
  const { t } = useTranslation('shell');
  const { libraries, library, setLibrary } = useCatalogLibrary();
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<ManufacturerFilters>(filtersOf({}, PAGE_SIZE));
  const [editing, setEditing] = useState<CatalogManufacturer | undefined>();
  const [merging, setMerging] = useState<CatalogManufacturer | undefined>();
  const page = useManufacturers(library, filters);
  const rows = page.data?.list ?? [];
  // In the duplicates view, the rest of the row's group (on this page).
  const groupOf = (manufacturer: CatalogManufacturer) =>
    manufacturer.duplicateKey ? rows.filter((row) => row.duplicateKey === manufacturer.duplicateKey && row.id !== manufacturer.id) : [];

  const search = (values: FilterValues) => setFilters(filtersOf(values, filters.pageSize));
  const switchLibrary = (next: CatalogLibrary) => {
    setLibrary(next);
    setFilters((previous) => ({ ...previous, pageNo: 1 }));
  };

  return (
    <div className="page-container operations-page" data-testid="operations-catalog-manufacturers">
      <Typography.Title level={3}>{t('operations.catalogManufacturers.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('operations.catalogManufacturers.intro')}</Typography.Paragraph>
      <CatalogLibrarySwitch libraries={libraries} library={library} onChange={switchLibrary} />
      <Form form={form} layout="inline" onFinish={search} className="operations-filters" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="keyWords" label={t('operations.keyword')}>
          <Input allowClear maxLength={100} placeholder={t('operations.catalogManufacturers.keywordPlaceholder')} data-testid="manufacturers-keyword" />
        </Form.Item>
        <Form.Item name="duplicates" valuePropName="checked">
          <Checkbox data-testid="manufacturers-duplicates">{t('operations.catalogManufacturers.duplicatesOnly')}</Checkbox>
        </Form.Item>
        <SearchResetButtons form={form} onSearch={search} testIdPrefix="manufacturers" />
      </Form>
      <PageTableOrError
        page={page}
        filters={filters}
        setFilters={setFilters}
        emptyText={t(filters.duplicates ? 'operations.catalogManufacturers.noDuplicates' : 'operations.catalogManufacturers.empty')}
        testIdPrefix="manufacturers"
        scroll={{ x: 1000 }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 90 },
          {
            title: t('operations.catalogManufacturers.name'),
            dataIndex: 'name',
            ellipsis: true,
            render: (name: string, manufacturer) => (
              <>
                <div>{name}</div>
                {manufacturer.duplicateKey && (
                  <Tag color="orange" data-testid={`manufacturer-group-${manufacturer.id}`}>
                    {t('operations.catalogManufacturers.group', { key: manufacturer.duplicateKey })}
                  </Tag>
                )}
              </>
            ),
          },
          {
            title: t('operations.catalogManufacturers.website'),
            dataIndex: 'website',
            width: 220,
            ellipsis: true,
            render: (website: string | null) =>
              website ? (
                <a href={website} target="_blank" rel="noopener noreferrer nofollow">
                  {website}
                </a>
              ) : (
                '-'
              ),
          },
          {
            title: t('operations.catalogManufacturers.itemCount'),
            dataIndex: 'itemCount',
            width: 120,
            render: (count: number, manufacturer) => (
              <span data-testid={`manufacturer-count-${manufacturer.id}`}>
                {count}
                {manufacturer.hiddenCount > 0 && (
                  <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 4 }}>
                    {t('operations.catalogManufacturers.hiddenCount', { count: manufacturer.hiddenCount })}
                  </Typography.Text>
                )}
              </span>
            ),
          },
          {
            title: t('operations.catalogManufacturers.aliases'),
            dataIndex: 'aliases',
            width: 240,
            render: (aliases: string[], manufacturer) =>
              aliases.length === 0 ? (
                '-'
              ) : (
                <span data-testid={`manufacturer-aliases-${manufacturer.id}`}>
                  {aliases.map((alias) => (
                    <Tag key={alias}>{alias}</Tag>
                  ))}
                </span>
              ),
          },
          {
            title: t('operations.actions'),
            key: 'actions',
            width: 210,
            fixed: 'right',
            render: (_value, manufacturer) => (
              <>
                <Button type="link" onClick={() => setEditing(manufacturer)} data-testid={`manufacturer-edit-${manufacturer.id}`}>
                  {t('operations.catalogManufacturers.edit')}
                </Button>
                <Button type="link" danger onClick={() => setMerging(manufacturer)} data-testid={`manufacturer-merge-${manufacturer.id}`}>
                  {t('operations.catalogManufacturers.merge')}
                </Button>
              </>
            ),
          },
        ]}
      />
      <EditModal library={library} manufacturer={editing} onClose={() => setEditing(undefined)} />
      <MergeModal library={library} manufacturer={merging} group={merging ? groupOf(merging) : []} onClose={() => setMerging(undefined)} />
    </div>
  );
}

/**
 * `/operation/catalog-manufacturers` (厂商管理): operators rename a library's manufacturers, set their websites and
 * merge duplicates; for holders of a library's `<library>:catalog:manage`, over the libraries held.
 */
export default function CatalogManufacturersAdminPage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('operations.catalogManufacturers.title'));
  return (
    <OperatorGate permission={operationsPermission('catalog-manufacturers')}>
      <CatalogManufacturersAdmin />
    </OperatorGate>
  );
}
