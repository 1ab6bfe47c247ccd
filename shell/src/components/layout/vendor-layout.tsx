import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { paths } from '@portal/providers';
import { Logo } from './logo';
import { PageFallback } from './portal-layout';
import { PortalFooter } from './portal-footer';

/** The vendor layout of /vendor/jckey (spec §2): its own header with the logo and no title. */
export function VendorLayout() {
  return (
    <div className="vendor-layout" data-testid="vendor-layout">
      <header className="vendor-header">
        <Logo to={paths.home()} />
      </header>
      <main className="simple-main">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <PortalFooter />
    </div>
  );
}
