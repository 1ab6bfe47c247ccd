import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { errorDialogStore } from '../error-dialog-store';

// The dialog (antd Modal, Result and the contact block's Descriptions) is its own chunk: no page needs it
// until something fails (issue 13, first-load weight).
const ErrorDialog = lazy(() => import(/* webpackChunkName: "error-dialog" */ './error-dialog').then((module) => ({ default: module.ErrorDialog })));

/**
 * Mounts the spec §2 error dialog when it is first asked to open and keeps it mounted from then on (its
 * closing animation, the next error). The store already holds the state, so nothing is lost meanwhile.
 */
export function DeferredErrorDialog() {
  const open = useSyncExternalStore(errorDialogStore.subscribe, () => errorDialogStore.getState().open);
  const [needed, setNeeded] = useState(open);
  if (open && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <ErrorDialog />
    </Suspense>
  ) : null;
}
