import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { App, Button, Card, Form, Input, Modal, Popconfirm, Result, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorCode, isPortalError } from '@portal/http';
import { paths, useSession } from '@portal/providers';
import { isOrgAdmin } from '@portal/session';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import type { OrgInvitation } from '../api/my-org-invitations';
import {
  ORG_INVITE_ACCOUNT_MAX,
  ORG_MEMBER_KEYWORD_MAX,
  useInviteMyOrgMember,
  useMyOrgMembers,
  useMyOrgSentInvitations,
  useRemoveMyOrgMember,
  useSetMyOrgMemberAdmin,
  useSetMyOrgMemberPublishing,
  useWithdrawMyOrgInvitation,
  type OrgMember,
  type OrgMemberFilters,
} from '../api/my-org-members';
import { MyCenterFrame, SignedInGate } from './my-center-frame';
// The page's strings register with its lazy chunk, not the first load.
import '../org-members-messages';

const PAGE_SIZE = 10;

/** Users who do not administer an organisation: a 403 card with the way back (the route exists for everyone). */
function OrgAdminsOnly() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={t('my.orgMembers.forbiddenTitle')}
      subTitle={t('my.orgMembers.forbiddenText')}
      extra={
        <Button type="primary" onClick={() => navigate(paths.user())} data-testid="my-org-members-back">
          {t('my.orgMembers.back')}
        </Button>
      }
      data-testid="my-org-members-forbidden"
    />
  );
}

/** The page for administrators only; the server checks the same on every call. */
function OrgAdminGate({ children }: { children: ReactNode }) {
  const orgAdmin = useSession((state) => isOrgAdmin(state.user));
  return orgAdmin ? <>{children}</> : <OrgAdminsOnly />;
}

/** Invites an account by its username, e-mail or mobile; the server's refusal shows under the field. */
function InviteMemberModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ account: string }>();
  const invite = useInviteMyOrgMember();

  const submit = ({ account }: { account: string }) => {
    const trimmed = account.trim();
    return invite.mutateAsync(trimmed).then(
      () => {
        void message.success(t('my.orgMembers.invitedToast', { account: trimmed }));
        onClose();
      },
      // The server's refusals (unknown account, already a member, in another organisation, too many pending) belong under the field.
      (error: Error) => (isPortalError(error) ? form.setFields([{ name: 'account', errors: [error.message] }]) : void message.error(error.message)),
    );
  };

  return (
    <Modal
      open={open}
      title={t('my.orgMembers.inviteTitle')}
      okText={t('my.orgMembers.inviteSubmit')}
      cancelText={t('my.orgMembers.cancel')}
      okButtonProps={{ loading: invite.isPending, 'data-testid': 'my-org-invite-submit' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="my-org-invite-modal"
    >
      <Form form={form} layout="vertical" preserve={false} onFinish={(values) => void submit(values)}>
        <Form.Item
          name="account"
          label={t('my.orgMembers.account')}
          extra={t('my.orgMembers.inviteHint')}
          rules={[{ required: true, whitespace: true, message: t('my.orgMembers.accountRequired') }]}
        >
          <Input maxLength={ORG_INVITE_ACCOUNT_MAX} placeholder={t('my.orgMembers.accountPlaceholder')} data-testid="my-org-invite-account" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The organisation's invitations waiting for an answer, each withdrawable; nothing while there are none. */
function SentInvitations() {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const invitations = useMyOrgSentInvitations();
  const withdraw = useWithdrawMyOrgInvitation();
  if (!invitations.data?.length) return null;

  const onWithdraw = (invitation: OrgInvitation) =>
    withdraw.mutateAsync(invitation.id).then(
      () => void message.success(t('my.orgMembers.withdrawnToast', { name: invitation.username })),
      (error: Error) => void message.error(error.message),
    );

  return (
    <section className="my-org-invitations" data-testid="my-org-invitations">
      <Typography.Title level={5}>{t('my.orgMembers.invitations')}</Typography.Title>
      <Table<OrgInvitation>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={invitations.data}
        onRow={(invitation) => ({ 'data-testid': `my-org-invitation-${invitation.id}` }) as HTMLAttributes<HTMLElement>}
        scroll={{ x: 720 }}
        columns={[
          {
            title: t('my.orgMembers.invitee'),
            key: 'invitee',
            ellipsis: true,
            render: (_value: unknown, invitation: OrgInvitation) => (
              <Space size={4} wrap>
                <Typography.Text>{invitation.username}</Typography.Text>
                {invitation.nickname && <Typography.Text type="secondary">{invitation.nickname}</Typography.Text>}
              </Space>
            ),
          },
          { title: t('my.orgMembers.inviter'), dataIndex: 'inviterName', ellipsis: true },
          { title: t('my.orgMembers.sentTime'), dataIndex: 'createTime', width: 170, render: (time: number) => new Date(time).toLocaleString() },
          { title: t('my.orgMembers.expireTime'), dataIndex: 'expireTime', width: 120, render: (time: number) => new Date(time).toLocaleDateString() },
          {
            title: t('my.actions'),
            key: 'actions',
            width: 100,
            fixed: 'right' as const,
            render: (_value: unknown, invitation: OrgInvitation) => (
              <Popconfirm
                title={t('my.orgMembers.withdrawConfirm', { name: invitation.username })}
                okText={t('my.orgMembers.confirm')}
                cancelText={t('my.orgMembers.cancel')}
                okButtonProps={{ danger: true, 'data-testid': `my-org-invitation-withdraw-confirm-${invitation.id}` }}
                onConfirm={() => onWithdraw(invitation)}
              >
                <Button type="link" danger size="small" data-testid={`my-org-invitation-withdraw-${invitation.id}`}>
                  {t('my.orgMembers.withdraw')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </section>
  );
}

function OrgMembersTable() {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const user = useSession((state) => state.user);
  const [filters, setFilters] = useState<OrgMemberFilters>({ pageNo: 1, pageSize: PAGE_SIZE });
  const members = useMyOrgMembers(filters);
  const remove = useRemoveMyOrgMember();
  const setAdmin = useSetMyOrgMemberAdmin();
  const setPublishing = useSetMyOrgMemberPublishing();
  const [inviting, setInviting] = useState(false);
  // The server's refusals (the last administrator, not a member any more…) in its own words.
  const fail = (error: Error) => void message.error(error.message);

  // The session said administrator but the server no longer does (dropped meanwhile): the same card as without the flag.
  if (members.isError && isPortalError(members.error) && members.error.code === ErrorCode.forbidden) return <OrgAdminsOnly />;

  const onRemove = (member: OrgMember) =>
    remove.mutateAsync(member.id).then(() => {
      void message.success(t('my.orgMembers.removedToast', { name: member.username }));
      // Leaving an emptied last page.
      if (members.data && members.data.list.length === 1 && filters.pageNo > 1) setFilters({ ...filters, pageNo: filters.pageNo - 1 });
    }, fail);

  const onSetAdmin = (member: OrgMember, orgAdmin: boolean) =>
    setAdmin
      .mutateAsync({ userId: member.id, orgAdmin })
      .then(() => void message.success(t(orgAdmin ? 'my.orgMembers.adminGrantedToast' : 'my.orgMembers.adminRevokedToast', { name: member.username })), fail);

  const onSetPublishing = (member: OrgMember, mayPublish: boolean) =>
    setPublishing
      .mutateAsync({ userId: member.id, mayPublish })
      .then(
        () => void message.success(t(mayPublish ? 'my.orgMembers.publishGrantedToast' : 'my.orgMembers.publishRevokedToast', { name: member.username })),
        fail,
      );

  const isCaller = (member: OrgMember) => member.id === Number(user?.id);
  const changingAdmin = (member: OrgMember) => setAdmin.isPending && setAdmin.variables?.userId === member.id;
  const changingPublishing = (member: OrgMember) => setPublishing.isPending && setPublishing.variables?.userId === member.id;

  return (
    <Card
      className="my-org-members-card"
      title={user?.orgName || t('my.orgMembers.title')}
      extra={
        <Space wrap>
          <Input.Search
            allowClear
            maxLength={ORG_MEMBER_KEYWORD_MAX}
            placeholder={t('my.orgMembers.keywordPlaceholder')}
            onSearch={(value) => setFilters({ pageNo: 1, pageSize: filters.pageSize, keyWords: value.trim() || undefined })}
            style={{ width: 280, maxWidth: '100%' }}
            data-testid="my-org-members-keyword"
          />
          <Button type="primary" onClick={() => setInviting(true)} data-testid="my-org-invite">
            {t('my.orgMembers.invite')}
          </Button>
        </Space>
      }
      data-testid="my-org-members-page"
    >
      <Typography.Paragraph type="secondary">{t('my.orgMembers.text')}</Typography.Paragraph>
      <Table<OrgMember>
        rowKey="id"
        size="middle"
        loading={members.isFetching}
        dataSource={members.data?.list ?? []}
        locale={{ emptyText: members.isError ? members.error.message : t('my.orgMembers.empty') }}
        data-testid="my-org-members-table"
        onRow={(member) => ({ 'data-testid': `my-org-member-${member.id}` }) as HTMLAttributes<HTMLElement>}
        scroll={{ x: 1070 }}
        pagination={{
          current: filters.pageNo,
          pageSize: filters.pageSize,
          total: members.data?.total ?? 0,
          showTotal: (total) => t('my.total', { total }),
          onChange: (pageNo, pageSize) => setFilters({ ...filters, pageNo: pageSize === filters.pageSize ? pageNo : 1, pageSize }),
        }}
        columns={[
          {
            title: t('my.orgMembers.member'),
            key: 'member',
            ellipsis: true,
            render: (_value: unknown, member: OrgMember) => (
              <Space size={4} wrap>
                <Typography.Text>{member.username}</Typography.Text>
                {member.nickname && <Typography.Text type="secondary">{member.nickname}</Typography.Text>}
                {isCaller(member) && <Tag>{t('my.orgMembers.you')}</Tag>}
              </Space>
            ),
          },
          { title: t('my.orgMembers.email'), dataIndex: 'email', ellipsis: true, render: (value?: string | null) => value || '-' },
          { title: t('my.orgMembers.mobile'), dataIndex: 'mobile', width: 130, render: (value?: string | null) => value || '-' },
          {
            title: t('my.orgMembers.admin'),
            dataIndex: 'orgAdmin',
            width: 130,
            // Never disabled: the server refuses to leave the organisation without an administrator, in its words.
            render: (_value: boolean, member: OrgMember) => (
              <Switch
                size="small"
                checked={member.orgAdmin}
                loading={changingAdmin(member)}
                onChange={(checked) => void onSetAdmin(member, checked)}
                aria-label={t('my.orgMembers.admin')}
                data-testid={`my-org-member-admin-${member.id}`}
              />
            ),
          },
          {
            title: <Tooltip title={t('my.orgMembers.publishHint')}>{t('my.orgMembers.publish')}</Tooltip>,
            dataIndex: 'mayPublish',
            width: 110,
            render: (_value: boolean, member: OrgMember) => (
              <Switch
                size="small"
                checked={member.mayPublish}
                loading={changingPublishing(member)}
                onChange={(checked) => void onSetPublishing(member, checked)}
                aria-label={t('my.orgMembers.publish')}
                data-testid={`my-org-member-publish-${member.id}`}
              />
            ),
          },
          { title: t('my.orgMembers.createTime'), dataIndex: 'createTime', width: 120, render: (time: number) => new Date(time).toLocaleDateString() },
          {
            title: t('my.orgMembers.lastLoginTime'),
            dataIndex: 'lastLoginTime',
            width: 170,
            render: (time?: number | null) => (time ? new Date(time).toLocaleString() : t('my.orgMembers.neverSignedIn')),
          },
          {
            title: t('my.actions'),
            key: 'actions',
            width: 100,
            fixed: 'right' as const,
            render: (_value: unknown, member: OrgMember) => (
              <>
                {/* The server refuses the caller's own removal; the button is not offered. */}
                {!isCaller(member) && (
                  <Popconfirm
                    title={t('my.orgMembers.removeConfirm', { name: member.username })}
                    okText={t('my.orgMembers.confirm')}
                    cancelText={t('my.orgMembers.cancel')}
                    okButtonProps={{ danger: true, 'data-testid': `my-org-member-remove-confirm-${member.id}` }}
                    onConfirm={() => onRemove(member)}
                  >
                    <Button type="link" danger size="small" data-testid={`my-org-member-remove-${member.id}`}>
                      {t('my.orgMembers.remove')}
                    </Button>
                  </Popconfirm>
                )}
              </>
            ),
          },
        ]}
      />
      <SentInvitations />
      <InviteMemberModal open={inviting} onClose={() => setInviting(false)} />
    </Card>
  );
}

/**
 * /user/org-members: an organisation's administrators list its members, invite accounts, name administrators, decide who
 * may publish into the enterprise library and remove members.
 */
export default function MyOrgMembersPage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('my.nav.orgMembers'));
  return (
    <MyCenterFrame>
      <SignedInGate>
        <OrgAdminGate>
          <OrgMembersTable />
        </OrgAdminGate>
      </SignedInGate>
    </MyCenterFrame>
  );
}
