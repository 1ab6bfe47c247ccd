import { useState, type HTMLAttributes } from 'react';
import { Alert, App, Button, Checkbox, Empty, Form, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isPortalError } from '@portal/http';
import { useSession } from '@portal/providers';
import { hasPermission } from '@portal/session';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import {
  ALL_PERMISSIONS,
  ROLE_CODE_PATTERN,
  ROLE_NAME_MAX,
  ROLE_QUERY_PERMISSION,
  ROLE_UPDATE_PERMISSION,
  holdsAll,
  permissionLabelKey,
  useCreateRole,
  useDeleteRole,
  usePermissionCatalogue,
  useRoles,
  useUpdateRole,
  type OperationRole,
  type PermissionEntry,
  type RoleInput,
} from '../api/roles-admin';
import { formatTime } from './format';
import { useFailureMessage } from './operations-list';
import { OperatorGate } from './operator-gate';

/** The catalogue's groups, in the order the form shows them. */
const GROUPS: PermissionEntry['group'][] = ['operation', 'library', 'portal'];

/** Which form is open: a new role, or the one being edited. */
type Editing = { mode: 'create' } | { mode: 'edit'; role: OperationRole };

/** A built-in role's translated name (the stored one otherwise). */
export function useRoleName() {
  const { t } = useTranslation('shell');
  return (role: Pick<OperationRole, 'code' | 'name' | 'builtIn'>) =>
    role.builtIn ? t(`operations.users.roles.${role.code}`, { defaultValue: role.name }) : role.name;
}

/** A role's permissions as tags, in the catalogue's order (by area, as the form groups them), unknown ones last. */
function PermissionTags({ permissions }: { permissions: string[] }) {
  const { t } = useTranslation('shell');
  const catalogue = usePermissionCatalogue();
  if (permissions.includes(ALL_PERMISSIONS)) return <Tag color="gold">{t('operations.roles.allPermissions')}</Tag>;
  if (permissions.length === 0) return <>-</>;
  const order = (catalogue.data ?? []).map((entry) => entry.code);
  const rank = (code: string) => (order.includes(code) ? order.indexOf(code) : order.length);
  return (
    <Space size={[0, 6]} wrap>
      {[...permissions]
        .sort((a, b) => rank(a) - rank(b))
        .map((permission) => (
          <Tag key={permission} title={permission}>
            {t(permissionLabelKey(permission), { defaultValue: permission })}
          </Tag>
        ))}
    </Space>
  );
}

/**
 * Create or edit: code (fixed once made), name, and the permissions grouped as the catalogue groups them. The
 * permissions the operator does not hold are shown but locked: the server refuses granting or withdrawing them.
 */
function RoleFormModal({ editing, onClose }: { editing: Editing | undefined; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const [form] = Form.useForm<RoleInput>();
  const held = useSession((state) => state.permissions);
  const catalogue = usePermissionCatalogue();
  const create = useCreateRole();
  const update = useUpdateRole();
  const fail = useFailureMessage();
  const roleName = useRoleName();
  const role = editing?.mode === 'edit' ? editing.role : undefined;

  const submit = async (values: RoleInput) => {
    const input = { name: values.name.trim(), permissions: values.permissions ?? [] };
    try {
      if (role) {
        await update.mutateAsync({ id: role.id, ...input });
        void message.success(t('operations.roles.savedToast'));
      } else {
        await create.mutateAsync({ code: values.code.trim(), ...input });
        void message.success(t('operations.roles.createdToast'));
      }
      onClose();
    } catch (error) {
      // A taken code belongs under its field; other refusals (permissions not held) are a toast.
      if (isPortalError(error) && !role && error.code === 1_002_026_001) form.setFields([{ name: 'code', errors: [error.message] }]);
      else fail(error);
    }
  };

  return (
    <Modal
      open={editing !== undefined}
      width={760}
      title={role ? t('operations.roles.editTitle', { name: roleName(role) }) : t('operations.roles.create')}
      okText={t('operations.roles.save')}
      cancelText={t('operations.roles.cancel')}
      okButtonProps={{ loading: create.isPending || update.isPending, 'data-testid': 'role-form-submit' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="role-form"
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={role ? { code: role.code, name: role.name, permissions: role.permissions } : { permissions: [] }}
        onFinish={(values) => void submit(values)}
      >
        <Space size="middle" style={{ display: 'flex' }} align="start">
          <Form.Item
            name="code"
            label={t('operations.roles.code')}
            extra={role ? undefined : t('operations.roles.codeHint')}
            rules={[
              { required: true, message: t('operations.roles.codeRequired') },
              { pattern: ROLE_CODE_PATTERN, message: t('operations.roles.codeInvalid') },
            ]}
            style={{ width: 300 }}
          >
            <Input disabled={role !== undefined} maxLength={32} placeholder="auditor" data-testid="role-form-code" />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('operations.roles.name')}
            rules={[{ required: true, whitespace: true, message: t('operations.roles.nameRequired') }]}
            style={{ width: 300 }}
          >
            <Input maxLength={ROLE_NAME_MAX} showCount placeholder={t('operations.roles.namePlaceholder')} data-testid="role-form-name" />
          </Form.Item>
        </Space>
        <Form.Item name="permissions" label={t('operations.roles.permissions')} extra={t('operations.roles.notHeldHint')}>
          {catalogue.isError ? (
            <Alert type="error" showIcon title={catalogue.error.message} />
          ) : (
            <Checkbox.Group style={{ display: 'block' }} data-testid="role-form-permissions">
              {GROUPS.map((group) => (
                <div key={group} className="role-permission-group">
                  <Typography.Text strong>{t(`operations.roles.groups.${group}`)}</Typography.Text>
                  <div className="role-permission-options">
                    {(catalogue.data ?? [])
                      .filter((entry) => entry.group === group)
                      .map((entry) => (
                        <Checkbox key={entry.code} value={entry.code} disabled={!holdsAll(held, [entry.code])} data-testid={`role-permission-${entry.code}`}>
                          <span title={entry.code}>{t(permissionLabelKey(entry.code), { defaultValue: entry.code })}</span>
                        </Checkbox>
                      ))}
                  </div>
                </div>
              ))}
            </Checkbox.Group>
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}

function RoleActions({ role, held, onEdit }: { role: OperationRole; held: string[]; onEdit: () => void }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const fail = useFailureMessage();
  const remove = useDeleteRole();
  if (role.permissions.includes(ALL_PERMISSIONS)) return <Typography.Text type="secondary">{t('operations.roles.protected')}</Typography.Text>;
  // The server's escalation rule, shown before the click: a role with a permission the operator lacks is theirs to read only.
  if (!holdsAll(held, role.permissions)) return <Typography.Text type="secondary">{t('operations.roles.notHeld')}</Typography.Text>;
  return (
    <Space size={0}>
      <Button type="link" onClick={onEdit} data-testid={`role-edit-${role.code}`}>
        {t('operations.roles.edit')}
      </Button>
      {!role.builtIn && (
        <Popconfirm
          title={t('operations.roles.deleteConfirm', { name: role.name })}
          description={role.userCount > 0 ? t('operations.roles.deleteInUse', { count: role.userCount }) : undefined}
          okText={t('operations.roles.confirm')}
          cancelText={t('operations.roles.cancel')}
          okButtonProps={{ danger: true, 'data-testid': `role-delete-confirm-${role.code}` }}
          onConfirm={() => remove.mutateAsync(role.id).then(() => void message.success(t('operations.roles.deletedToast')), fail)}
        >
          <Button type="link" danger loading={remove.isPending} data-testid={`role-delete-${role.code}`}>
            {t('operations.roles.delete')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}

function RolesAdmin() {
  const { t } = useTranslation('shell');
  const permissions = useSession((state) => state.permissions);
  const mayUpdate = hasPermission(permissions, ROLE_UPDATE_PERMISSION);
  const roleName = useRoleName();
  const roles = useRoles();
  const [editing, setEditing] = useState<Editing | undefined>();

  return (
    <div className="page-container operations-page" data-testid="operations-roles">
      <div className="operations-title-row">
        <Typography.Title level={3}>{t('operations.roles.title')}</Typography.Title>
        {mayUpdate && (
          <Button type="primary" onClick={() => setEditing({ mode: 'create' })} data-testid="roles-create">
            {t('operations.roles.create')}
          </Button>
        )}
      </div>
      <Typography.Paragraph type="secondary">{t('operations.roles.intro')}</Typography.Paragraph>
      {roles.isError ? (
        <Alert
          type="error"
          showIcon
          title={roles.error.message}
          action={<Button onClick={() => void roles.refetch()}>{t('operations.retry')}</Button>}
          data-testid="roles-error"
        />
      ) : (
        <Table<OperationRole>
          rowKey="id"
          loading={roles.isFetching}
          dataSource={roles.data ?? []}
          pagination={false}
          scroll={{ x: 1000 }}
          locale={{ emptyText: <Empty /> }}
          data-testid="roles-table"
          onRow={(role) => ({ 'data-testid': `roles-row-${role.code}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            {
              title: t('operations.roles.name'),
              key: 'name',
              width: 200,
              render: (_value: unknown, role: OperationRole) => (
                <Space direction="vertical" size={0}>
                  <span>
                    {roleName(role)} {role.builtIn && <Tag>{t('operations.roles.builtIn')}</Tag>}
                  </span>
                  <Typography.Text type="secondary" code>
                    {role.code}
                  </Typography.Text>
                </Space>
              ),
            },
            { title: t('operations.roles.permissions'), dataIndex: 'permissions', render: (value: string[]) => <PermissionTags permissions={value} /> },
            { title: t('operations.roles.userCount'), dataIndex: 'userCount', width: 100 },
            { title: t('operations.roles.createTime'), dataIndex: 'createTime', width: 180, render: (value: number) => formatTime(value) },
            ...(mayUpdate
              ? [
                  {
                    title: t('operations.actions'),
                    key: 'actions',
                    width: 150,
                    fixed: 'right' as const,
                    render: (_value: unknown, role: OperationRole) => (
                      <RoleActions role={role} held={permissions} onEdit={() => setEditing({ mode: 'edit', role })} />
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      <RoleFormModal editing={editing} onClose={() => setEditing(undefined)} />
    </div>
  );
}

/** `/operation/roles`: the roles, what each permits and how many hold it; role managers create, edit and delete them. */
export default function RolesAdminPage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('operations.roles.title'));
  return (
    <OperatorGate permission={ROLE_QUERY_PERMISSION}>
      <RolesAdmin />
    </OperatorGate>
  );
}
