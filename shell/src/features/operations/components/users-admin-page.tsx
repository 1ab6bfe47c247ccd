import { useState } from 'react';
import { App, Button, Form, Input, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isPortalError } from '@portal/http';
import { useSession } from '@portal/providers';
import { hasPermission } from '@portal/session';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import {
  USER_QUERY_PERMISSION,
  USER_STATUS,
  USER_UPDATE_PERMISSION,
  pageUsers,
  useRevokeUserSessions,
  useSetUserStatus,
  useUsersPage,
  type OperationUser,
  type UserFilters,
} from '../api/users-admin';
import { formatTime } from './format';
import { ExportButton, PageTableOrError, SearchResetButtons } from './operations-list';
import { OperatorGate } from './operator-gate';

const PAGE_SIZE = 10;

interface FilterValues {
  keyWords?: string;
  status?: number;
}

/** An account's status as a tag (the organisations' member list shows it too). */
export function UserStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('shell');
  return status === USER_STATUS.enabled ? (
    <Tag color="success">{t('operations.users.enabled')}</Tag>
  ) : (
    <Tag color="error">{t('operations.users.disabled')}</Tag>
  );
}

function RoleTags({ roles }: { roles: string[] }) {
  const { t } = useTranslation('shell');
  if (roles.length === 0) return <>-</>;
  return (
    <>
      {roles.map((role) => (
        <Tag key={role}>{t(`operations.users.roles.${role}`, { defaultValue: role })}</Tag>
      ))}
    </>
  );
}

/** Enable/disable and "reset sessions", each behind a confirmation. */
function UserActions({ user }: { user: OperationUser }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const setStatus = useSetUserStatus();
  const revoke = useRevokeUserSessions();
  const fail = (error: unknown) => message.error(isPortalError(error) ? error.message : String(error));
  const disabling = user.status === USER_STATUS.enabled;
  const nextStatus = disabling ? USER_STATUS.disabled : USER_STATUS.enabled;
  return (
    <Space size={0}>
      <Popconfirm
        title={t(disabling ? 'operations.users.disableConfirm' : 'operations.users.enableConfirm', { name: user.username })}
        okText={t('operations.users.confirm')}
        cancelText={t('operations.users.cancel')}
        okButtonProps={{ danger: disabling, 'data-testid': `user-status-confirm-${user.id}` }}
        onConfirm={() =>
          setStatus
            .mutateAsync({ id: user.id, status: nextStatus })
            .then(() => void message.success(t(disabling ? 'operations.users.disabledToast' : 'operations.users.enabledToast')), fail)
        }
      >
        <Button type="link" danger={disabling} loading={setStatus.isPending} data-testid={`user-status-${user.id}`}>
          {t(disabling ? 'operations.users.disable' : 'operations.users.enable')}
        </Button>
      </Popconfirm>
      <Popconfirm
        title={t('operations.users.resetConfirm', { name: user.username })}
        okText={t('operations.users.confirm')}
        cancelText={t('operations.users.cancel')}
        okButtonProps={{ 'data-testid': `user-reset-confirm-${user.id}` }}
        onConfirm={() => revoke.mutateAsync(user.id).then((sessions) => void message.success(t('operations.users.resetToast', { count: sessions })), fail)}
      >
        <Button type="link" loading={revoke.isPending} data-testid={`user-reset-${user.id}`}>
          {t('operations.users.resetSessions')}
        </Button>
      </Popconfirm>
    </Space>
  );
}

function UsersAdmin() {
  const { t } = useTranslation('shell');
  const permissions = useSession((state) => state.permissions);
  const mayUpdate = hasPermission(permissions, USER_UPDATE_PERMISSION);
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<UserFilters>({ pageNo: 1, pageSize: PAGE_SIZE });
  const page = useUsersPage(filters);

  const search = (values: FilterValues) =>
    setFilters({ pageNo: 1, pageSize: filters.pageSize, status: values.status, keyWords: values.keyWords?.trim() || undefined });

  return (
    <div className="page-container operations-page" data-testid="operations-users">
      <Typography.Title level={3}>{t('operations.users.title')}</Typography.Title>
      <Form form={form} layout="inline" onFinish={search} className="operations-filters" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="keyWords" label={t('operations.keyword')}>
          <Input allowClear maxLength={100} placeholder={t('operations.users.keywordPlaceholder')} data-testid="users-filter-keyword" />
        </Form.Item>
        <Form.Item name="status" label={t('operations.users.status')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('operations.all')}
            options={[
              { value: USER_STATUS.enabled, label: t('operations.users.enabled') },
              { value: USER_STATUS.disabled, label: t('operations.users.disabled') },
            ]}
            data-testid="users-filter-status"
          />
        </Form.Item>
        <SearchResetButtons form={form} onSearch={search} testIdPrefix="users" />
        <ExportButton
          filters={filters}
          fetchPage={pageUsers}
          fileName="users"
          testIdPrefix="users"
          columns={[
            { title: 'ID', value: (user) => user.id },
            { title: t('operations.users.username'), value: (user) => user.username },
            { title: t('operations.users.nickname'), value: (user) => user.nickname },
            { title: t('operations.users.email'), value: (user) => user.email },
            { title: t('operations.users.mobile'), value: (user) => user.mobile },
            { title: t('operations.users.org'), value: (user) => user.orgName },
            {
              title: t('operations.users.roles.title'),
              value: (user) => user.roles.map((role) => t(`operations.users.roles.${role}`, { defaultValue: role })).join('、'),
            },
            {
              title: t('operations.users.status'),
              value: (user) => t(user.status === USER_STATUS.enabled ? 'operations.users.enabled' : 'operations.users.disabled'),
            },
            { title: t('operations.users.sessions'), value: (user) => user.sessionCount },
            { title: t('operations.users.lastLogin'), value: (user) => formatTime(user.lastLoginTime) },
            { title: t('operations.users.createTime'), value: (user) => formatTime(user.createTime) },
          ]}
        />
      </Form>
      <PageTableOrError
        page={page}
        filters={filters}
        setFilters={setFilters}
        emptyText={t('operations.users.empty')}
        testIdPrefix="users"
        scroll={{ x: 1200 }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          { title: t('operations.users.username'), dataIndex: 'username', ellipsis: true },
          { title: t('operations.users.nickname'), dataIndex: 'nickname', ellipsis: true, render: (value: string) => value || '-' },
          { title: t('operations.users.email'), dataIndex: 'email', ellipsis: true, render: (value: string | null) => value || '-' },
          { title: t('operations.users.mobile'), dataIndex: 'mobile', width: 130, render: (value: string | null) => value || '-' },
          { title: t('operations.users.org'), dataIndex: 'orgName', width: 120, ellipsis: true },
          { title: t('operations.users.roles.title'), dataIndex: 'roles', width: 180, render: (value: string[]) => <RoleTags roles={value} /> },
          { title: t('operations.users.status'), dataIndex: 'status', width: 90, render: (value: number) => <UserStatusTag status={value} /> },
          { title: t('operations.users.sessions'), dataIndex: 'sessionCount', width: 90 },
          { title: t('operations.users.lastLogin'), dataIndex: 'lastLoginTime', width: 180, render: (value?: number) => formatTime(value) },
          { title: t('operations.users.createTime'), dataIndex: 'createTime', width: 180, render: (value: number) => formatTime(value) },
          ...(mayUpdate
            ? [
                {
                  title: t('operations.actions'),
                  key: 'actions',
                  width: 180,
                  fixed: 'right' as const,
                  render: (_value: unknown, record: OperationUser) => <UserActions user={record} />,
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}

/** `/operation/users`: operators search accounts, enable/disable them and end their sessions. */
export default function UsersAdminPage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('operations.users.title'));
  return (
    <OperatorGate permission={USER_QUERY_PERMISSION}>
      <UsersAdmin />
    </OperatorGate>
  );
}
