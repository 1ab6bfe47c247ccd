import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppProviders, LIBRARIES, navigateAcrossApps, paths, type LibraryKey } from '@portal/providers';
import '../i18n/messages';
import './library-crash-card.css';

interface LibraryCrashCardProps {
  library: LibraryKey;
  error: unknown;
}

function CrashCardContent({ library, error }: LibraryCrashCardProps) {
  const { t } = useTranslation(['library', 'common']);
  const libraryTitle = t(LIBRARIES[library].titleKey, { ns: 'common' });
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <div className="lib-crash" data-testid={`library-crash-${library}`} role="alert">
      <Result
        status="warning"
        title={t('crash.title', { library: libraryTitle })}
        subTitle={t('crash.description')}
        extra={
          <Space>
            <Button type="primary" onClick={() => window.location.reload()}>
              {t('crash.reload')}
            </Button>
            <Button onClick={() => navigateAcrossApps(paths.home())}>{t('crash.backHome')}</Button>
          </Space>
        }
      >
        {detail ? <pre className="lib-crash__detail">{detail}</pre> : null}
      </Result>
    </div>
  );
}

/**
 * What a library application shows when its React tree throws: a local card inside the library
 * area. single-spa-react renders it outside the app's own providers, so it brings its own.
 */
export function LibraryCrashCard(props: LibraryCrashCardProps) {
  return (
    <AppProviders withRouter={false}>
      <CrashCardContent {...props} />
    </AppProviders>
  );
}
