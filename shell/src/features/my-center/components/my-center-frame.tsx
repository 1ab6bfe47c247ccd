import type { ReactNode } from 'react';
import { Badge, Button, Menu, Result, Spin } from 'antd';
import { FileOutlined, MessageOutlined, ShopOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '@portal/providers';
import { getToken, isOrgAdmin } from '@portal/session';
import { openLoginDialog } from '../../auth-bridge';
import { useUnreadReplies } from '../api/my-feedback';
import { OrgInvitationAlerts } from './org-invitation-alerts';
import '../my-center.css';

/** The personal centre's pages (docs/shell.md "Personal centre: my pages"). */
export const MY_CENTER_PAGES = [
  { key: '/user', labelKey: 'my.nav.profile', icon: <UserOutlined /> },
  { key: '/user/files', labelKey: 'my.nav.files', icon: <FileOutlined /> },
  { key: '/user/feedback', labelKey: 'my.nav.feedback', icon: <MessageOutlined /> },
  { key: '/user/brands', labelKey: 'my.nav.brands', icon: <ShopOutlined /> },
  // Only an organisation's administrators manage its members (the server checks the same).
  { key: '/user/org-members', labelKey: 'my.nav.orgMembers', icon: <TeamOutlined />, orgAdminOnly: true },
] as const;

/** Signed-out visitors get the sign-in; the pages wait for the user to load. */
export function SignedInGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const isSetUser = useSession((state) => state.isSetUser);
  if (!getToken()) {
    return (
      <Result
        status="403"
        title={t('my.signInTitle')}
        extra={
          <Button type="primary" onClick={() => void openLoginDialog()} data-testid="my-login">
            {t('operations.signIn')}
          </Button>
        }
        data-testid="my-signed-out"
      />
    );
  }
  if (!isSetUser) return <Spin size="large" style={{ display: 'block', margin: '80px auto' }} />;
  return <>{children}</>;
}

/** The personal centre's side menu around its pages (the profile page is mfe-auth's), a platform user's invitations above them. */
export function MyCenterFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const unread = useUnreadReplies();
  const selected = pathname.startsWith('/personalCenter') ? '/user' : pathname.replace(/\/$/, '');
  const signedIn = Boolean(getToken());
  const orgAdmin = useSession((state) => isOrgAdmin(state.user));
  const pages = MY_CENTER_PAGES.filter((page) => orgAdmin || !('orgAdminOnly' in page));
  return (
    <div className="my-center page-container" data-testid="my-center">
      {signedIn && (
        <nav className="my-center-nav" aria-label={t('my.nav.title')}>
          <Menu
            mode="vertical"
            selectedKeys={[selected]}
            onClick={({ key }) => navigate(key)}
            data-testid="my-center-nav"
            items={pages.map((page) => ({
              key: page.key,
              icon: page.icon,
              label: (
                <span data-testid={`my-nav-${page.key.split('/').pop()}`}>
                  {t(page.labelKey)}
                  {page.key === '/user/feedback' && (unread.data ?? 0) > 0 && (
                    <Badge count={unread.data} size="small" className="my-nav-badge" data-testid="my-nav-unread" />
                  )}
                </span>
              ),
            }))}
          />
        </nav>
      )}
      <div className="my-center-body">
        {signedIn && <OrgInvitationAlerts />}
        {children}
      </div>
    </div>
  );
}
