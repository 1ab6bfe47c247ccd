import { LIBRARIES, type LibraryKey } from '@portal/providers';
import type { AppProps } from 'single-spa';
import { LIBRARY_ROOT_ID, type LibraryLifecycles } from './create-library-application';

/**
 * Runs a library application without the shell (a library team opening its own dev server):
 * moves the URL under the library's prefix, creates the #library-root the shell would render,
 * and drives the lifecycles the way single-spa would.
 */
export async function mountStandalone(library: LibraryKey, lifecycles: LibraryLifecycles): Promise<void> {
  const { routePrefix, federationName } = LIBRARIES[library];
  const { pathname, search, hash } = window.location;
  if (pathname !== routePrefix && !pathname.startsWith(`${routePrefix}/`)) {
    window.history.replaceState(null, '', `${routePrefix}${search}${hash}`);
  }
  if (!document.getElementById(LIBRARY_ROOT_ID)) {
    const element = document.createElement('div');
    element.id = LIBRARY_ROOT_ID;
    document.body.appendChild(element);
  }
  // The props single-spa passes; a standalone app has no parcels to mount.
  const props = {
    name: federationName,
    singleSpa: undefined,
    mountParcel: () => {
      throw new Error('mountParcel is not available when a library runs standalone');
    },
  } as unknown as AppProps;
  await lifecycles.bootstrap(props);
  await lifecycles.mount(props);
}
