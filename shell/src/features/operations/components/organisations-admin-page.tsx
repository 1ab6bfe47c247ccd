import { useState } from 'react';
import { App, Button, Checkbox, Drawer, Form, Input, Modal, Popconfirm, Select, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isPortalError } from '@portal/http';
import { useSession } from '@portal/providers';
import { hasPermission } from '@portal/session';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import {
  BUSINESS_SCOPES,
  ORG_NAME_MAX,
  ORG_QUERY_PERMISSION,
  ORG_UPDATE_PERMISSION,
  pageOrgs,
  useAddOrgMember,
  useCreateOrg,
  useOrgsPage,
  useRemoveOrgMember,
  useSetOrgMemberAdmin,
  useUpdateOrg,
  type OperationOrg,
  type OrgFilters,
  type OrgInput,
} from '../api/orgs-admin';
import { useUsersPage, type OperationUser, type UserFilters } from '../api/users-admin';
import { formatTime } from './format';
import { ExportButton, PageTableOrError, SearchResetButtons, useFailureMessage } from './operations-list';
import { OperatorGate } from './operator-gate';
import { UserStatusTag } from './users-admin-page';

const PAGE_SIZE = 10;

interface FilterValues {
  keyWords?: string;
  enabled?: boolean;
}

/** Which form is open: a new organisation, or the one being edited. */
type Editing = { mode: 'create' } | { mode: 'edit'; org: OperationOrg };

function ScopeTags({ scopes }: { scopes: number[] }) {
  const { t } = useTranslation('shell');
  if (scopes.length === 0) return <>-</>;
  return (
    <>
      {scopes.map((scope) => (
        <Tag key={scope} color="blue">
          {t(`operations.organisations.scopes.${scope}`, { defaultValue: String(scope) })}
        </Tag>
      ))}
    </>
  );
}

/** Create or edit: the name and the business scope. A taken name shows under the field. */
function OrgFormModal({ editing, onClose }: { editing: Editing | undefined; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const [form] = Form.useForm<OrgInput>();
  const create = useCreateOrg();
  const update = useUpdateOrg();
  const fail = useFailureMessage();
  const pending = create.isPending || update.isPending;

  const submit = async (values: OrgInput) => {
    const input = { name: values.name.trim(), businessScope: values.businessScope ?? [] };
    try {
      if (editing?.mode === 'edit') {
        await update.mutateAsync({ id: editing.org.id, ...input });
        void message.success(t('operations.organisations.savedToast'));
      } else {
        await create.mutateAsync(input);
        void message.success(t('operations.organisations.createdToast'));
      }
      onClose();
    } catch (error) {
      // The server's refusals (a taken name, a bad scope) belong to the form's fields.
      if (isPortalError(error)) form.setFields([{ name: 'name', errors: [error.message] }]);
      else fail(error);
    }
  };

  return (
    <Modal
      open={editing !== undefined}
      title={t(editing?.mode === 'edit' ? 'operations.organisations.edit' : 'operations.organisations.create')}
      okText={t('operations.organisations.save')}
      cancelText={t('operations.organisations.cancel')}
      okButtonProps={{ loading: pending, 'data-testid': 'org-form-submit' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="org-form"
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={editing?.mode === 'edit' ? { name: editing.org.name, businessScope: editing.org.businessScope } : { businessScope: [] }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="name"
          label={t('operations.organisations.name')}
          rules={[{ required: true, whitespace: true, message: t('operations.organisations.nameRequired') }]}
        >
          <Input maxLength={ORG_NAME_MAX} showCount placeholder={t('operations.organisations.namePlaceholder')} data-testid="org-form-name" />
        </Form.Item>
        <Form.Item name="businessScope" label={t('operations.organisations.businessScope')} extra={t('operations.organisations.scopeHint')}>
          <Checkbox.Group
            options={BUSINESS_SCOPES.map((scope) => ({ value: scope, label: t(`operations.organisations.scopes.${scope}`) }))}
            data-testid="org-form-scope"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Whether a member administers the organisation: a switch for holders of the update permission, a tag for the others. */
function MemberAdminCell({ org, user, mayUpdate }: { org: OperationOrg; user: OperationUser; mayUpdate: boolean }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const fail = useFailureMessage();
  const setAdmin = useSetOrgMemberAdmin();
  if (!mayUpdate) return user.orgAdmin ? <Tag color="gold">{t('operations.organisations.admin')}</Tag> : <>-</>;
  return (
    <Switch
      size="small"
      checked={user.orgAdmin}
      loading={setAdmin.isPending}
      aria-label={t('operations.organisations.admin')}
      data-testid={`org-member-admin-${user.id}`}
      onChange={(orgAdmin) =>
        void setAdmin
          .mutateAsync({ orgId: org.id, userId: user.id, orgAdmin })
          .then(
            () =>
              void message.success(
                t(orgAdmin ? 'operations.organisations.adminGrantedToast' : 'operations.organisations.adminRevokedToast', { name: user.username }),
              ),
            fail,
          )
      }
    />
  );
}

/** The members of one organisation: add by account, remove behind a confirmation, name administrators. */
function Members({ org, mayUpdate }: { org: OperationOrg; mayUpdate: boolean }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const fail = useFailureMessage();
  const [form] = Form.useForm<{ account: string }>();
  const [filters, setFilters] = useState<UserFilters>({ pageNo: 1, pageSize: PAGE_SIZE, orgId: org.id });
  const members = useUsersPage(filters);
  const add = useAddOrgMember();
  const remove = useRemoveOrgMember();

  const addMember = ({ account }: { account: string }) =>
    add.mutateAsync({ orgId: org.id, account: account.trim() }).then(
      () => {
        form.resetFields();
        void message.success(t('operations.organisations.memberAddedToast'));
      },
      // The server's refusals (unknown account, member of another organisation) belong under the field.
      (error: unknown) => (isPortalError(error) ? form.setFields([{ name: 'account', errors: [error.message] }]) : fail(error)),
    );

  return (
    <>
      {mayUpdate && (
        <Form form={form} layout="inline" onFinish={(values) => void addMember(values)} style={{ marginBottom: 16, rowGap: 12 }}>
          <Form.Item name="account" rules={[{ required: true, whitespace: true, message: t('operations.organisations.accountRequired') }]} style={{ flex: 1 }}>
            <Input maxLength={64} placeholder={t('operations.organisations.accountPlaceholder')} data-testid="org-member-account" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={add.isPending} data-testid="org-member-add">
            {t('operations.organisations.addMember')}
          </Button>
        </Form>
      )}
      <PageTableOrError
        page={members}
        filters={filters}
        setFilters={setFilters}
        emptyText={t('operations.organisations.membersEmpty')}
        testIdPrefix="org-members"
        size="small"
        scroll={{ x: 690 }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: t('operations.users.username'), dataIndex: 'username', ellipsis: true },
          { title: t('operations.users.nickname'), dataIndex: 'nickname', ellipsis: true, render: (value: string) => value || '-' },
          {
            title: t('operations.organisations.contact'),
            key: 'contact',
            ellipsis: true,
            render: (_value: unknown, user: OperationUser) => user.email || user.mobile || '-',
          },
          {
            title: t('operations.users.status'),
            dataIndex: 'status',
            width: 90,
            render: (value: number) => <UserStatusTag status={value} />,
          },
          {
            title: t('operations.organisations.admin'),
            dataIndex: 'orgAdmin',
            width: 90,
            render: (_value: boolean, user: OperationUser) => <MemberAdminCell org={org} user={user} mayUpdate={mayUpdate} />,
          },
          ...(mayUpdate
            ? [
                {
                  title: t('operations.actions'),
                  key: 'actions',
                  width: 80,
                  render: (_value: unknown, user: OperationUser) => (
                    <Popconfirm
                      title={t('operations.organisations.removeConfirm', { name: user.username })}
                      okText={t('operations.organisations.confirm')}
                      cancelText={t('operations.organisations.cancel')}
                      okButtonProps={{ danger: true, 'data-testid': `org-member-remove-confirm-${user.id}` }}
                      onConfirm={() =>
                        remove
                          .mutateAsync({ orgId: org.id, userId: user.id })
                          .then(() => void message.success(t('operations.organisations.memberRemovedToast')), fail)
                      }
                    >
                      <Button type="link" danger data-testid={`org-member-remove-${user.id}`}>
                        {t('operations.organisations.remove')}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}

function MembersDrawer({ org, mayUpdate, onClose }: { org: OperationOrg | undefined; mayUpdate: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Drawer
      open={org !== undefined}
      onClose={onClose}
      size={720}
      title={org ? t('operations.organisations.membersTitle', { name: org.name }) : undefined}
      destroyOnHidden
      data-testid="org-members-drawer"
    >
      {org && <Members key={org.id} org={org} mayUpdate={mayUpdate} />}
    </Drawer>
  );
}

/** Edit, members, enable/disable (behind a confirmation). */
function OrgActions({ org, mayUpdate, onEdit, onMembers }: { org: OperationOrg; mayUpdate: boolean; onEdit: () => void; onMembers: () => void }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const fail = useFailureMessage();
  const update = useUpdateOrg();
  const disabling = org.enabled;
  return (
    <Space size={0}>
      <Button type="link" onClick={onMembers} data-testid={`org-members-${org.id}`}>
        {t('operations.organisations.members')}
      </Button>
      {mayUpdate && (
        <>
          <Button type="link" onClick={onEdit} data-testid={`org-edit-${org.id}`}>
            {t('operations.organisations.edit')}
          </Button>
          <Popconfirm
            title={t(disabling ? 'operations.organisations.disableConfirm' : 'operations.organisations.enableConfirm', { name: org.name })}
            okText={t('operations.organisations.confirm')}
            cancelText={t('operations.organisations.cancel')}
            okButtonProps={{ danger: disabling, 'data-testid': `org-status-confirm-${org.id}` }}
            onConfirm={() =>
              update
                .mutateAsync({ id: org.id, enabled: !disabling })
                .then(() => void message.success(t(disabling ? 'operations.organisations.disabledToast' : 'operations.organisations.enabledToast')), fail)
            }
          >
            <Button type="link" danger={disabling} loading={update.isPending} data-testid={`org-status-${org.id}`}>
              {t(disabling ? 'operations.organisations.disable' : 'operations.organisations.enable')}
            </Button>
          </Popconfirm>
        </>
      )}
    </Space>
  );
}

function OrganisationsAdmin() {
  const { t } = useTranslation('shell');
  const permissions = useSession((state) => state.permissions);
  const mayUpdate = hasPermission(permissions, ORG_UPDATE_PERMISSION);
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<OrgFilters>({ pageNo: 1, pageSize: PAGE_SIZE });
  const [editing, setEditing] = useState<Editing | undefined>();
  const [membersOf, setMembersOf] = useState<number | undefined>();
  const page = useOrgsPage(filters);
  // The drawer follows the row, so its title shows a rename at once.
  const membersOrg = membersOf === undefined ? undefined : page.data?.list.find((org) => org.id === membersOf);

  const search = (values: FilterValues) =>
    setFilters({ pageNo: 1, pageSize: filters.pageSize, enabled: values.enabled, keyWords: values.keyWords?.trim() || undefined });

  return (
    <div className="page-container operations-page" data-testid="operations-organisations">
      <div className="operations-title-row">
        <Typography.Title level={3}>{t('operations.organisations.title')}</Typography.Title>
        {mayUpdate && (
          <Button type="primary" onClick={() => setEditing({ mode: 'create' })} data-testid="orgs-create">
            {t('operations.organisations.create')}
          </Button>
        )}
      </div>
      <Form form={form} layout="inline" onFinish={search} className="operations-filters" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="keyWords" label={t('operations.keyword')}>
          <Input allowClear maxLength={100} placeholder={t('operations.organisations.keywordPlaceholder')} data-testid="orgs-filter-keyword" />
        </Form.Item>
        <Form.Item name="enabled" label={t('operations.organisations.status')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('operations.all')}
            options={[
              { value: true, label: t('operations.organisations.enabled') },
              { value: false, label: t('operations.organisations.disabled') },
            ]}
            data-testid="orgs-filter-status"
          />
        </Form.Item>
        <SearchResetButtons form={form} onSearch={search} testIdPrefix="orgs" />
        <ExportButton
          filters={filters}
          fetchPage={pageOrgs}
          fileName="organisations"
          testIdPrefix="orgs"
          columns={[
            { title: 'ID', value: (org) => org.id },
            { title: t('operations.organisations.name'), value: (org) => org.name },
            {
              title: t('operations.organisations.businessScope'),
              value: (org) => org.businessScope.map((scope) => t(`operations.organisations.scopes.${scope}`, { defaultValue: String(scope) })).join('、'),
            },
            { title: t('operations.organisations.memberCount'), value: (org) => org.memberCount },
            {
              title: t('operations.organisations.status'),
              value: (org) => t(org.enabled ? 'operations.organisations.enabled' : 'operations.organisations.disabled'),
            },
            { title: t('operations.organisations.createTime'), value: (org) => formatTime(org.createTime) },
          ]}
        />
      </Form>
      <PageTableOrError
        page={page}
        filters={filters}
        setFilters={setFilters}
        emptyText={t('operations.organisations.empty')}
        testIdPrefix="orgs"
        scroll={{ x: 1050 }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          { title: t('operations.organisations.name'), dataIndex: 'name', ellipsis: true },
          {
            title: t('operations.organisations.businessScope'),
            dataIndex: 'businessScope',
            width: 140,
            render: (value: number[]) => <ScopeTags scopes={value} />,
          },
          { title: t('operations.organisations.memberCount'), dataIndex: 'memberCount', width: 110 },
          {
            title: t('operations.organisations.status'),
            dataIndex: 'enabled',
            width: 90,
            render: (value: boolean) =>
              value ? <Tag color="success">{t('operations.organisations.enabled')}</Tag> : <Tag color="error">{t('operations.organisations.disabled')}</Tag>,
          },
          { title: t('operations.organisations.createTime'), dataIndex: 'createTime', width: 180, render: (value: number) => formatTime(value) },
          {
            title: t('operations.actions'),
            key: 'actions',
            width: mayUpdate ? 250 : 110,
            fixed: 'right' as const,
            render: (_value: unknown, org: OperationOrg) => (
              <OrgActions org={org} mayUpdate={mayUpdate} onEdit={() => setEditing({ mode: 'edit', org })} onMembers={() => setMembersOf(org.id)} />
            ),
          },
        ]}
      />
      <OrgFormModal editing={editing} onClose={() => setEditing(undefined)} />
      <MembersDrawer org={membersOrg} mayUpdate={mayUpdate} onClose={() => setMembersOf(undefined)} />
    </div>
  );
}

/** `/operation/organisations`: operators create organisations, grant the enterprise library, disable them and manage members. */
export default function OrganisationsAdminPage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('operations.organisations.title'));
  return (
    <OperatorGate permission={ORG_QUERY_PERMISSION}>
      <OrganisationsAdmin />
    </OperatorGate>
  );
}
