import { useState } from 'react';
import { Alert, App, Button, Checkbox, Form, Modal, Input, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
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
import { ROLE_QUERY_PERMISSION, ROLE_UPDATE_PERMISSION, holdsAll, useRoles, useSetUserRoles } from '../api/roles-admin';
import { formatTime } from './format';
import { ExportButton, PageTableOrError, SearchResetButtons, useFailureMessage } from './operations-list';
import { OperatorGate } from './operator-gate';
import { useRoleName } from './roles-admin-page';

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

/**
 * A role code's label: the built-in roles' translated names, the others' stored names when the operator may read
 * the roles (the code otherwise).
 */
function useRoleLabel() {
  const { t } = useTranslation('shell');
  const permissions = useSession((state) => state.permissions);
  const roles = useRoles(hasPermission(permissions, ROLE_QUERY_PERMISSION));
  return (code: string) => {
    const role = roles.data?.find((candidate) => candidate.code === code);
    return role && !role.builtIn ? role.name : t(`operations.users.roles.${code}`, { defaultValue: code });
  };
}

function RoleTags({ roles, label }: { roles: string[]; label: (code: string) => string }) {
  if (roles.length === 0) return <>-</>;
  return (
    <>
      {roles.map((role) => (
        <Tag key={role}>{label(role)}</Tag>
      ))}
    </>
  );
}

/**
 * 角色: the account's whole set of roles as checkboxes. Roles holding a permission the operator lacks are locked (the
 * server refuses giving or withdrawing them), as is the operator's own account (another role manager changes it).
 */
function UserRolesModal({ user, onClose }: { user: OperationUser | undefined; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const fail = useFailureMessage();
  const held = useSession((state) => state.permissions);
  const roles = useRoles(user !== undefined);
  const roleName = useRoleName();
  const setRoles = useSetUserRoles();
  const [form] = Form.useForm<{ roleIds: number[] }>();
  const current = (roles.data ?? []).filter((role) => user?.roles.includes(role.code)).map((role) => role.id);
  const submit = ({ roleIds }: { roleIds: number[] }) =>
    user &&
    setRoles.mutateAsync({ userId: user.id, roleIds }).then(() => {
      void message.success(t('operations.roles.assignedToast'));
      onClose();
    }, fail);
  return (
    <Modal
      open={user !== undefined}
      title={user ? t('operations.roles.assignTitle', { name: user.username }) : undefined}
      okText={t('operations.roles.save')}
      cancelText={t('operations.roles.cancel')}
      okButtonProps={{ loading: setRoles.isPending, disabled: !roles.data, 'data-testid': 'user-roles-submit' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="user-roles-form"
    >
      {roles.isError ? (
        <Alert type="error" showIcon title={roles.error.message} />
      ) : (
        roles.data && (
          <Form form={form} layout="vertical" preserve={false} initialValues={{ roleIds: current }} onFinish={(values) => void submit(values)}>
            <Form.Item name="roleIds" extra={t('operations.roles.assignHint')}>
              <Checkbox.Group
                style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
                options={roles.data.map((role) => ({
                  value: role.id,
                  label: <span data-testid={`user-role-option-${role.code}`}>{roleName(role)}</span>,
                  disabled: !holdsAll(held, role.permissions),
                }))}
              />
            </Form.Item>
          </Form>
        )
      )}
    </Modal>
  );
}

/** Enable/disable and "reset sessions", each behind a confirmation; 角色 for role managers. */
function UserActions({ user, mayUpdate, mayAssign, onRoles }: { user: OperationUser; mayUpdate: boolean; mayAssign: boolean; onRoles: () => void }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const setStatus = useSetUserStatus();
  const revoke = useRevokeUserSessions();
  const fail = useFailureMessage();
  const self = useSession((state) => state.user?.id);
  const disabling = user.status === USER_STATUS.enabled;
  const nextStatus = disabling ? USER_STATUS.disabled : USER_STATUS.enabled;
  return (
    <Space size={0}>
      {mayAssign && String(self) !== String(user.id) && (
        <Button type="link" onClick={onRoles} data-testid={`user-roles-${user.id}`}>
          {t('operations.roles.assign')}
        </Button>
      )}
      {mayUpdate && (
        <>
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
        </>
      )}
    </Space>
  );
}

function UsersAdmin() {
  const { t } = useTranslation('shell');
  const permissions = useSession((state) => state.permissions);
  const mayUpdate = hasPermission(permissions, USER_UPDATE_PERMISSION);
  const mayAssign = hasPermission(permissions, ROLE_UPDATE_PERMISSION);
  const roleLabel = useRoleLabel();
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<UserFilters>({ pageNo: 1, pageSize: PAGE_SIZE });
  const [rolesOf, setRolesOf] = useState<OperationUser | undefined>();
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
              value: (user) => user.roles.map(roleLabel).join('、'),
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
          {
            title: t('operations.users.roles.title'),
            dataIndex: 'roles',
            width: 180,
            render: (value: string[]) => <RoleTags roles={value} label={roleLabel} />,
          },
          { title: t('operations.users.status'), dataIndex: 'status', width: 90, render: (value: number) => <UserStatusTag status={value} /> },
          { title: t('operations.users.sessions'), dataIndex: 'sessionCount', width: 90 },
          { title: t('operations.users.lastLogin'), dataIndex: 'lastLoginTime', width: 180, render: (value?: number) => formatTime(value) },
          { title: t('operations.users.createTime'), dataIndex: 'createTime', width: 180, render: (value: number) => formatTime(value) },
          ...(mayUpdate || mayAssign
            ? [
                {
                  title: t('operations.actions'),
                  key: 'actions',
                  width: (mayUpdate ? 180 : 0) + (mayAssign ? 70 : 0),
                  fixed: 'right' as const,
                  render: (_value: unknown, record: OperationUser) => (
                    <UserActions user={record} mayUpdate={mayUpdate} mayAssign={mayAssign} onRoles={() => setRolesOf(record)} />
                  ),
                },
              ]
            : []),
        ]}
      />
      <UserRolesModal user={rolesOf} onClose={() => setRolesOf(undefined)} />
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
