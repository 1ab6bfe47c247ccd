import { useState } from 'react';
import { App, Input, Modal, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isPortalError } from '@portal/http';
import {
  CATALOG_HIDE_REASON_MAX,
  CATALOG_ITEM_NOT_FOUND,
  useCatalogItems,
  useMergeCatalogItem,
  type CatalogItem,
  type CatalogLibrary,
} from '../api/catalog-items-admin';
import { useFailureMessage } from './operations-list';

/** A code as likely duplicates share it (the server's `code_key`): lower-cased, without space - _ /. */
export function codeKey(code: string): string {
  return code.toLowerCase().replace(/[\s\-_/]/g, '');
}

/** How many public items the target's search offers at a time. */
const TARGET_OPTIONS = 20;

/**
 * 合并到…: a duplicate goes into a public item of the library — hidden, its address showing the target from then on.
 * The other rows of its code on the page (the duplicates view lists them together, whatever their case and separators)
 * are offered first.
 */
export function CatalogItemMergeModal({
  library,
  item,
  twins,
  onClose,
}: {
  library: CatalogLibrary;
  item: CatalogItem | undefined;
  twins: CatalogItem[];
  onClose: () => void;
}) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const fail = useFailureMessage();
  const merge = useMergeCatalogItem(library);
  const [search, setSearch] = useState('');
  const [targetId, setTargetId] = useState<number | undefined>();
  const [reason, setReason] = useState('');
  const keyWords = search.trim();
  const candidates = useCatalogItems(
    library,
    { pageNo: 1, pageSize: TARGET_OPTIONS, keyWords: keyWords || undefined, hidden: false },
    item !== undefined && keyWords !== '',
  );
  const byId = new Map<number, CatalogItem>();
  for (const candidate of [...twins, ...(keyWords ? (candidates.data?.list ?? []) : [])]) {
    if (candidate.id !== item?.id && !candidate.hidden) byId.set(candidate.id, candidate);
  }
  const target = targetId === undefined ? undefined : byId.get(targetId);

  const close = () => {
    setSearch('');
    setTargetId(undefined);
    setReason('');
    onClose();
  };
  const submit = () => {
    if (!item || !target) return;
    merge.mutate(
      { id: item.id, targetId: target.id, reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          void message.success(t('operations.catalogItems.mergedToast', { code: target.code, id: target.id }));
          close();
        },
        onError: (error) => {
          fail(error);
          if (isPortalError(error) && error.code === CATALOG_ITEM_NOT_FOUND) close();
        },
      },
    );
  };

  return (
    <Modal
      open={item !== undefined}
      title={item && t('operations.catalogItems.mergeTitle', { code: item.code, id: item.id })}
      okText={t('operations.catalogItems.mergeConfirm')}
      cancelText={t('operations.catalogItems.cancel')}
      okButtonProps={{ danger: true, disabled: !target, loading: merge.isPending, 'data-testid': 'catalog-merge-submit' }}
      onOk={submit}
      onCancel={close}
      destroyOnHidden
      data-testid="catalog-merge-modal"
    >
      {item && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text>{t('operations.catalogItems.mergeTarget')}</Typography.Text>
          <Select<number>
            showSearch
            style={{ width: '100%' }}
            value={targetId}
            onChange={setTargetId}
            filterOption={false}
            onSearch={setSearch}
            loading={candidates.isFetching}
            placeholder={t('operations.catalogItems.mergeSearch')}
            notFoundContent={t('operations.catalogItems.mergeNone')}
            options={[...byId.values()].map((candidate) => ({
              value: candidate.id,
              label: `${candidate.code} · ${candidate.name} (#${candidate.id}${candidate.source ? ` · ${candidate.source}` : ''})`,
            }))}
            data-testid="catalog-merge-target"
          />
          <Input.TextArea
            rows={2}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={CATALOG_HIDE_REASON_MAX}
            showCount
            placeholder={t('operations.catalogItems.mergeReasonPlaceholder')}
            data-testid="catalog-merge-reason"
          />
          {target && (
            <Typography.Paragraph type="warning" data-testid="catalog-merge-hint">
              {t('operations.catalogItems.mergeHint', { code: item.code, id: item.id, target: target.code, targetId: target.id })}
            </Typography.Paragraph>
          )}
        </Space>
      )}
    </Modal>
  );
}
