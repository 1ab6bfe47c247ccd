import { Suspense } from 'react';
import { Button } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { paths } from '@portal/providers';
import { useAppState } from '../../app/state/app-state';
import { Logo } from './logo';
import { PageFallback } from './portal-layout';
import { PortalFooter } from './portal-footer';

/** Titles of the simple layout by path (spec §2): 登录中心, 注册中心, 第三方授权; error pages have none. */
export function simpleLayoutTitleKey(pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/login' || path === '/plugin/login') return 'simple.login';
  if (path === '/register' || path === '/plugin/register' || path === '/wechatregister' || path === '/plugin/wechatregister') return 'simple.register';
  if (path === '/sso') return 'simple.sso';
  return undefined;
}

/** The simple layout of sign-in and error pages (spec §2): logo, title, and a "back to portal home" button. */
export function SimpleLayout() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const isPlugin = useAppState((state) => state.isPlugin);
  const titleKey = simpleLayoutTitleKey(pathname);
  return (
    <div className={isPlugin ? 'simple-layout is-plugin' : 'simple-layout'} data-testid="simple-layout">
      <header className="simple-header">
        <div className="simple-header-start">
          <Logo to={paths.home()} compact={isPlugin} />
          {titleKey && (
            <span className="simple-title" data-testid="simple-title">
              {t(titleKey)}
            </span>
          )}
        </div>
        <Link to={paths.home()}>
          <Button data-testid="back-home" icon={<HomeOutlined />}>
            {t('error.backHome')}
          </Button>
        </Link>
      </header>
      <main className="simple-main">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      {!isPlugin && <PortalFooter />}
    </div>
  );
}
