import { useEffect, useState } from 'react';
import { loadRemoteModule } from '../../app/federation/federation';
import { RemoteSlot } from '../remote-components';

interface LoginDialogStoreModule {
  loginDialogStore: {
    getState: () => { open: boolean };
    subscribe: (listener: (state: { open: boolean }) => void) => () => void;
  };
}

/**
 * mfe-auth's login dialog (a form with three tabs) loads when it is first asked to open, not with every
 * page (issue 13): the shell watches mfe-auth's small dialog store and mounts the dialog from then on.
 * If the store cannot be loaded the dialog mounts at once, as before, with the same fallback.
 */
export function DeferredLoginDialog() {
  const [needed, setNeeded] = useState(false);

  useEffect(() => {
    if (needed) return undefined;
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    loadRemoteModule<LoginDialogStoreModule>('mfe_auth/loginDialogStore').then(
      ({ loginDialogStore }) => {
        if (cancelled) return;
        if (loginDialogStore.getState().open) {
          setNeeded(true);
          return;
        }
        unsubscribe = loginDialogStore.subscribe((state) => {
          if (state.open) setNeeded(true);
        });
      },
      () => {
        if (!cancelled) setNeeded(true);
      },
    );
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [needed]);

  return needed ? <RemoteSlot id="mfe_auth/LoginDialog" /> : null;
}
