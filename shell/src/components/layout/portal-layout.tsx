import { useEffect, useRef } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { HEADER_TYPE, libraryFromPath } from '@portal/providers';
import { setHeadType } from '@portal/session';
import { useAppState } from '../../app/state/app-state';
import { RouteErrorBoundary } from '../../features/errors/components/route-error-boundary';
import { FeedbackButton } from '../../features/feedback/components/feedback-button';
import { PortalHeader } from '../../features/header/components/portal-header';
import { DeferredLoginDialog } from '../../features/auth-bridge/deferred-login-dialog';
import { KeepAliveOutlet } from '../../features/tabs/components/keep-alive-outlet';
import { PortalFooter } from './portal-footer';

/** Spec §2: the scroll area resets to the top when a component detail page is entered. */
export function isComponentDetailPath(pathname: string): boolean {
  return /^\/component\/detail(\/|$)/.test(pathname);
}

export function PageFallback() {
  return (
    <div className="page-loading">
      <Spin size="large" />
    </div>
  );
}

/** Header, page, footer, feedback button; the login dialog from mfe-auth lives here once for every portal page. */
export function PortalLayout() {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const library = libraryFromPath(location.pathname);
  const isPlugin = useAppState((state) => state.isPlugin);
  const previousPath = useRef(location.pathname);

  useEffect(() => {
    // Spec §2 Header: the header keeps its type in session storage (Part 1, Component 2, Home 3, Mat 4).
    setHeadType(HEADER_TYPE[library ?? 'home']);
  }, [library]);

  useEffect(() => {
    if (isComponentDetailPath(location.pathname) && previousPath.current !== location.pathname) window.scrollTo(0, 0);
    previousPath.current = location.pathname;
  }, [location.pathname]);

  return (
    <div className={isPlugin ? 'portal-layout is-plugin' : 'portal-layout'} data-testid="portal-layout">
      <PortalHeader />
      {/* data-route: the location this layout last committed (browser tests wait on it). */}
      <main className="portal-main" data-route={location.pathname}>
        <RouteErrorBoundary
          resetKey={location.pathname}
          title={t('errorDialog.pageFailed')}
          retryLabel={t('remote.retry')}
          fallbackMessage={t('errorDialog.generic')}
        >
          <KeepAliveOutlet fallback={<PageFallback />} />
        </RouteErrorBoundary>
      </main>
      {!isPlugin && <PortalFooter />}
      <FeedbackButton />
      <DeferredLoginDialog />
    </div>
  );
}
