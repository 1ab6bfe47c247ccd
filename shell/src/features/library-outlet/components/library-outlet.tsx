import { useLayoutEffect } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIBRARIES, type LibraryKey } from '@portal/providers';
import { LIBRARY_MOUNT_ID, libraryMountPointReady, retryLibrary } from '../../../app/federation/library-apps';
import { useRemoteState } from '../../../app/federation/remote-status';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { RemoteFallback } from './remote-fallback';

/**
 * The place a library's single-spa application mounts into. The element must exist before
 * single-spa mounts, so the outlet tells single-spa once it is in the DOM.
 */
export function LibraryOutlet({ library }: { library: LibraryKey }) {
  const { t } = useTranslation('shell');
  const { t: tCommon } = useTranslation();
  const meta = LIBRARIES[library];
  const state = useRemoteState(meta.federationName);
  useDocumentTitle(tCommon(meta.titleKey));

  useLayoutEffect(() => {
    libraryMountPointReady();
  }, [library]);

  const failed = state.status === 'error';
  const waiting = state.status === 'idle' || state.status === 'loading';
  return (
    <div className="library-outlet" data-library={library}>
      {failed && <RemoteFallback reason={state.reason} onRetry={() => retryLibrary(library)} />}
      {waiting && (
        <div className="library-outlet-loading">
          <Spin description={t('remote.loading')} size="large">
            <div className="library-outlet-loading-box" />
          </Spin>
        </div>
      )}
      <div id={LIBRARY_MOUNT_ID} data-library={library} hidden={failed} />
    </div>
  );
}
