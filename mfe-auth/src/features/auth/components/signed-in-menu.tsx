import { useState } from 'react';
import { Avatar, Badge, Dropdown, Space, Switch, Typography, type MenuProps } from 'antd';
import {
  DashboardOutlined,
  DownOutlined,
  FileOutlined,
  LogoutOutlined,
  MessageOutlined,
  ShopOutlined,
  SwapOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { libraryFromPath, navigateAcrossApps, paths, useSession } from '@portal/providers';
import {
  canSwitchEnterpriseLibrary,
  getMode,
  isOrgAdmin,
  isPlatformUser,
  isPrivateDeploymentUser,
  OPERATIONS_HOME,
  operationsPagesFor,
  setMode,
  type PortalMode,
  type PortalUser,
} from '@portal/session';
import { AUTH_NAMESPACE } from '../../../i18n';
import { useUnreadReplies } from '../api/feedback-notice';
import { usePendingInvitations } from '../api/org-invitation-notice';

/** Spec §4 mode: open → private shows the organisation's brand page, private → open the parts library. */
export function modeDestination(next: PortalMode, user: PortalUser): string {
  return next === 'private' && user.orgId ? `/part/brand-detail/${user.orgId}?type=1` : paths.library('part');
}

/** The personal centre's own pages (the shell's `features/my-center`), listed under 个人中心. */
export const MY_LINKS = [
  { key: 'my-files', path: '/user/files', labelKey: 'entry.myFiles', icon: <FileOutlined /> },
  { key: 'my-feedback', path: '/user/feedback', labelKey: 'entry.myFeedback', icon: <MessageOutlined /> },
  { key: 'my-brands', path: '/user/brands', labelKey: 'entry.myBrands', icon: <ShopOutlined /> },
] as const;

/**
 * The signed-in user's header menu (avatar, unread badge, dropdown with the mode switch and the links).
 * Its own chunk, loaded only once a user is signed in (`auth-entry.tsx`): an anonymous visit never
 * downloads Avatar, Badge, Dropdown, Switch and their icons (issue 13).
 */
export default function SignedInMenu({ user, name, onSignOut }: { user: PortalUser; name: string; onSignOut: () => void }) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const permissions = useSession((state) => state.permissions);
  const unreadReplies = useUnreadReplies(true);
  const invitations = usePendingInvitations(isPlatformUser(user));
  const [mode, setModeState] = useState<PortalMode>(getMode());
  const { pathname } = useLocation();

  const switchMode = () => {
    const next: PortalMode = mode === 'private' ? 'open' : 'private';
    setMode(next);
    setModeState(next);
    navigateAcrossApps(modeDestination(next, user));
  };

  const unread = unreadReplies.data ?? 0;
  const invited = isPlatformUser(user) ? (invitations.data?.length ?? 0) : 0;
  const details = [user.orgName, user.email, user.mobile].filter(Boolean) as string[];
  const library = libraryFromPath(pathname);
  const items: MenuProps['items'] = [
    {
      key: 'who',
      disabled: true,
      label: (
        <div className="auth-user-summary" data-testid="auth-user-summary">
          <Space size={10} align="start">
            <Avatar size={40} src={user.avatar || undefined} icon={<UserOutlined />} />
            <div className="auth-user-lines">
              <Typography.Text strong>{name}</Typography.Text>
              {details.map((line) => (
                <Typography.Text key={line} type="secondary" className="auth-user-detail">
                  {line}
                </Typography.Text>
              ))}
            </div>
          </Space>
          {isPrivateDeploymentUser(user) && (
            <div className="auth-mode-toggle" onClick={(event) => event.stopPropagation()}>
              <Typography.Text type="secondary">{t('entry.privateMode')}</Typography.Text>
              <Switch size="small" checked={mode === 'private'} onChange={switchMode} data-testid="mode-toggle" />
            </div>
          )}
        </div>
      ),
    },
    { type: 'divider' },
    ...(library && canSwitchEnterpriseLibrary(user, library)
      ? [
          {
            key: 'switch-library',
            icon: <SwapOutlined />,
            label: t(mode === 'private' ? 'entry.toOpenLibrary' : 'entry.toEnterpriseLibrary'),
            onClick: switchMode,
          },
        ]
      : []),
    { key: 'personal-centre', icon: <UserOutlined />, label: t('entry.personalCenter'), onClick: () => navigateAcrossApps(paths.user()) },
    // Invitations into an organisation are answered at the top of the personal centre.
    ...(invited > 0
      ? [
          {
            key: 'org-invitations',
            icon: <TeamOutlined />,
            label: (
              <span data-testid="org-invitations-link">
                {t('entry.orgInvitations')}
                <Badge count={invited} size="small" style={{ marginInlineStart: 8 }} />
              </span>
            ),
            onClick: () => navigateAcrossApps(paths.user()),
          },
        ]
      : []),
    ...MY_LINKS.map((link) => ({
      key: link.key,
      icon: link.icon,
      label: (
        <span data-testid={`${link.key}-link`}>
          {t(link.labelKey)}
          {link.key === 'my-feedback' && unread > 0 && <Badge count={unread} size="small" style={{ marginInlineStart: 8 }} data-testid="my-feedback-unread" />}
        </span>
      ),
      onClick: () => navigateAcrossApps(link.path),
    })),
    // An organisation's administrators manage its members from the personal centre (docs/operations.md).
    ...(isOrgAdmin(user)
      ? [
          {
            key: 'my-org-members',
            icon: <TeamOutlined />,
            label: <span data-testid="my-org-members-link">{t('entry.myOrgMembers')}</span>,
            onClick: () => navigateAcrossApps('/user/org-members'),
          },
        ]
      : []),
    // The operations platform (运营平台) for whoever may open one of its pages; the shell's side menu lists them.
    ...(operationsPagesFor(permissions).length > 0
      ? [
          {
            key: 'operations',
            icon: <DashboardOutlined />,
            label: <span data-testid="operations-link">{t('entry.operations')}</span>,
            onClick: () => navigateAcrossApps(OPERATIONS_HOME),
          },
        ]
      : []),
    { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="logout">{t('entry.logout')}</span>, onClick: onSignOut },
  ];

  return (
    <>
      <Dropdown trigger={['hover', 'click']} placement="bottomRight" menu={{ items }}>
        <Space className="auth-user-trigger" data-testid="auth-user">
          <Badge
            dot={unread > 0 || invited > 0}
            offset={[-2, 2]}
            data-testid={unread > 0 ? 'auth-user-unread' : invited > 0 ? 'auth-user-invited' : undefined}
            title={unread > 0 ? t('entry.unreadReplies', { count: unread }) : invited > 0 ? t('entry.orgInvitations') : undefined}
          >
            <Avatar size={30} src={user.avatar || undefined} icon={<UserOutlined />} />
          </Badge>
          <span className="auth-user-name">{name}</span>
          <DownOutlined style={{ fontSize: 10 }} />
        </Space>
      </Dropdown>
    </>
  );
}
