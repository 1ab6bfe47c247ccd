import { useState } from 'react';
import { App, Button, Form, Input, Popconfirm, Tag, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '@portal/providers';
import { hasPermission } from '@portal/session';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import {
  KEY_OPERATION_QUERY_PERMISSION,
  KEY_OPERATION_UPDATE_PERMISSION,
  maskedKey,
  operatorRevokeOpenKey,
  pageOpenKeys,
  useOpenKeyPage,
  usedToday,
  type OpenKeyFilters,
  type OperatorOpenKey,
} from '../../open-platform/api/open-keys';
import { formatTime } from './format';
import { ExportButton, PageTableOrError, SearchResetButtons } from './operations-list';
import { OperatorGate } from './operator-gate';

const PAGE_SIZE = 20;

interface FilterValues {
  keyword?: string;
}

function OpenKeysAdmin() {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const permissions = useSession((state) => state.permissions);
  const mayRevoke = hasPermission(permissions, KEY_OPERATION_UPDATE_PERMISSION);
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<OpenKeyFilters>({ pageNo: 1, pageSize: PAGE_SIZE });
  const page = useOpenKeyPage(filters);
  const revoke = useMutation({
    mutationFn: operatorRevokeOpenKey,
    onSuccess: () => {
      message.success(t('openPlatform.keys.revoked'));
      void queryClient.invalidateQueries({ queryKey: ['operations', 'open-keys'] });
    },
    onError: (error) => message.error(error instanceof Error ? error.message : t('openPlatform.keys.revokeFailed')),
  });
  const search = (values: FilterValues) => setFilters({ pageNo: 1, pageSize: filters.pageSize, keyword: values.keyword?.trim() || undefined });

  return (
    <div className="page-container operations-page" data-testid="operations-open-keys">
      <Typography.Title level={3}>{t('operations.openKeys.title')}</Typography.Title>
      <Form form={form} layout="inline" onFinish={search} className="operations-filters" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="keyword" label={t('operations.keyword')}>
          <Input allowClear maxLength={100} placeholder={t('operations.openKeys.keywordPlaceholder')} data-testid="open-keys-keyword" />
        </Form.Item>
        <SearchResetButtons form={form} onSearch={search} testIdPrefix="open-keys" />
        <ExportButton
          filters={filters}
          fetchPage={pageOpenKeys}
          fileName="api-keys"
          testIdPrefix="open-keys"
          columns={[
            { title: 'ID', value: (key) => key.id },
            { title: t('openPlatform.keys.name'), value: (key) => key.name },
            { title: t('operations.openKeys.prefix'), value: (key) => maskedKey(key.prefix) },
            { title: t('operations.openKeys.owner'), value: (key) => (key.orgName && key.orgId > 1 ? `${key.orgName} · ${key.username}` : key.username) },
            { title: t('openPlatform.keys.scopes'), value: (key) => key.scopes.map((scope) => t(`openPlatform.libraries.${scope}`)).join('、') },
            { title: t('operations.openKeys.perMinute'), value: (key) => key.requestsPerMinute },
            { title: t('operations.openKeys.perDay'), value: (key) => key.requestsPerDay },
            { title: t('openPlatform.keys.today'), value: usedToday },
            { title: t('operations.openKeys.last30Days'), value: (key) => key.requestsLast30Days },
            { title: t('openPlatform.keys.lastUsed'), value: (key) => formatTime(key.lastUsedTime) },
            { title: t('openPlatform.keys.created'), value: (key) => formatTime(key.createTime) },
            {
              title: t('operations.openKeys.status'),
              value: (key) => (key.revokedTime ? t('openPlatform.keys.revokedTag') : t('operations.openKeys.live')),
            },
          ]}
        />
      </Form>
      <PageTableOrError<OperatorOpenKey, OpenKeyFilters>
        page={page}
        filters={filters}
        setFilters={setFilters}
        emptyText={t('operations.openKeys.empty')}
        testIdPrefix="open-keys"
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: t('openPlatform.keys.name'),
            dataIndex: 'name',
            render: (_, key) => (
              <span>
                {key.name} <Typography.Text code>{maskedKey(key.prefix)}</Typography.Text>
              </span>
            ),
          },
          {
            title: t('operations.openKeys.owner'),
            key: 'owner',
            render: (_, key) => (key.orgName && key.orgId > 1 ? `${key.orgName} · ${key.username}` : key.username),
          },
          {
            title: t('openPlatform.keys.scopes'),
            dataIndex: 'scopes',
            render: (scopes: string[]) => scopes.map((scope) => <Tag key={scope}>{t(`openPlatform.libraries.${scope}`)}</Tag>),
          },
          {
            title: t('openPlatform.keys.limits'),
            key: 'limits',
            render: (_, key) => t('openPlatform.keys.limitsValue', { perMinute: key.requestsPerMinute, perDay: key.requestsPerDay }),
          },
          { title: t('openPlatform.keys.today'), key: 'today', render: (_, key) => usedToday(key) },
          { title: t('operations.openKeys.last30Days'), dataIndex: 'requestsLast30Days' },
          { title: t('openPlatform.keys.lastUsed'), dataIndex: 'lastUsedTime', render: (time?: number | null) => formatTime(time) },
          { title: t('openPlatform.keys.created'), dataIndex: 'createTime', render: (time: number) => formatTime(time) },
          {
            title: t('openPlatform.keys.action'),
            key: 'action',
            render: (_, key) =>
              key.revokedTime ? (
                <Tag>{t('openPlatform.keys.revokedTag')}</Tag>
              ) : mayRevoke ? (
                <Popconfirm title={t('openPlatform.keys.revokeConfirm', { name: key.name })} onConfirm={() => revoke.mutate(key.id)}>
                  <Button danger size="small" data-testid={`open-keys-revoke-${key.id}`}>
                    {t('openPlatform.keys.revoke')}
                  </Button>
                </Popconfirm>
              ) : (
                <Tag color="green">{t('operations.openKeys.live')}</Tag>
              ),
          },
        ]}
      />
    </div>
  );
}

/** `/operation/open-keys`: operators see every API key with its usage and revoke abusive ones (issue 19). */
export default function OpenKeysAdminPage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('operations.openKeys.title'));
  return (
    <OperatorGate permission={KEY_OPERATION_QUERY_PERMISSION}>
      <OpenKeysAdmin />
    </OperatorGate>
  );
}
