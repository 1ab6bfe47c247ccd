import { App as AntdApp } from 'antd';
import { AppProviders } from '@portal/providers';
import { FrontLogReporter } from '../features/errors/components/front-log-reporter';
import { HttpErrorReporter } from '../features/http-errors/http-error-reporter';
import { DeferredErrorDialog } from '../features/overlays/components/deferred-error-dialog';
import { LoadingMask } from '../features/overlays/components/loading-mask';
import { NOTIFICATION_SECONDS, TOAST_OFFSET_PX, TOAST_SECONDS } from '../features/overlays/toast';
import { RouteGuards } from '../features/route-guards/components/route-guards';
import { AppRoutes } from './router';

export function App() {
  return (
    <AppProviders>
      {/* Spec §9: toasts 3000 ms at offset 16, notifications 4500 ms (the inner App overrides the shared one). */}
      <AntdApp message={{ duration: TOAST_SECONDS, top: TOAST_OFFSET_PX, maxCount: 3 }} notification={{ duration: NOTIFICATION_SECONDS }}>
        <HttpErrorReporter />
        <FrontLogReporter />
        <RouteGuards />
        <AppRoutes />
        <DeferredErrorDialog />
        <LoadingMask />
      </AntdApp>
    </AppProviders>
  );
}
