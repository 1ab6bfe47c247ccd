import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { i18n } from './i18n/i18n';
import { queryClient } from './query-client';
import { SessionProvider } from './session';
import { usePortalTheme } from './theme';

export interface AppProvidersProps {
  /** Router basename: '/part', '/component', '/mat' for the library remotes; none for the shell. */
  basename?: string;
  /** False when the caller brings its own router (or renders outside one, e.g. a crash card). */
  withRouter?: boolean;
  children: ReactNode;
}

/** antd's locale follows the UI language (zh_CN by default, spec §9); its theme follows plugin mode. */
function LocalisedConfig({ children }: { children: ReactNode }) {
  const { i18n: activeI18n } = useTranslation();
  const antdLocale = activeI18n.language === 'en-US' ? enUS : zhCN;
  const theme = usePortalTheme();
  return (
    <ConfigProvider locale={antdLocale} theme={theme}>
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}

/**
 * The provider stack of every React root on the page: the shell and each single-spa library
 * application wrap themselves in it, so all of them share one query cache, one i18n instance,
 * one session and the same antd locale and theme.
 */
export function AppProviders({ basename, withRouter = true, children }: AppProvidersProps) {
  const routed = withRouter ? <BrowserRouter basename={basename}>{children}</BrowserRouter> : children;
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <LocalisedConfig>
          <SessionProvider>{routed}</SessionProvider>
        </LocalisedConfig>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
