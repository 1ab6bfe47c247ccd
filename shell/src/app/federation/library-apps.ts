import { getAppStatus, registerApplication, start, triggerAppChange, unloadApplication, addErrorHandler, type LifeCycles } from 'single-spa';
import { LIBRARIES, LIBRARY_KEYS, type LibraryKey } from '@portal/providers';
import { loadRemoteModule, prepareRemoteRetry } from './federation';
import { describeError, setRemoteState } from './remote-status';

/** The element the library applications mount into; rendered by the shell's LibraryOutlet. */
export const LIBRARY_MOUNT_ID = 'library-root';

type Lifecycle = (props: unknown) => Promise<unknown>;
type LifecycleOrList = Lifecycle | Lifecycle[];

async function runLifecycle(lifecycle: LifecycleOrList | undefined, props: unknown): Promise<void> {
  const list = lifecycle === undefined ? [] : Array.isArray(lifecycle) ? lifecycle : [lifecycle];
  for (const step of list) await step(props);
}

/** `/part` and `/part/...` belong to the parts library; `/partner` does not. */
export function pathBelongsTo(pathname: string, routePrefix: string): boolean {
  return pathname === routePrefix || pathname.startsWith(`${routePrefix}/`);
}

/**
 * Wraps a remote's lifecycles so that a failure is recorded for the outlet's fallback instead of
 * reaching single-spa, which would mark the app SKIP_BECAUSE_BROKEN for the rest of the page's
 * life and make a retry impossible. The shell keeps the app "mounted" (with nothing in it) and a
 * retry unloads it, which re-runs the loader and the lifecycles.
 */
export function guardLifecycles(remoteName: string, lifecycles: LifeCycles): LifeCycles {
  let broken = false;
  const fail = (phase: 'load' | 'mount', error: unknown) => {
    broken = true;
    console.error(`[shell] ${remoteName} failed to ${phase === 'load' ? 'load' : 'mount'}:`, error);
    setRemoteState(remoteName, { status: 'error', phase, reason: describeError(error) });
  };
  return {
    bootstrap: async (props) => {
      try {
        await runLifecycle(lifecycles.bootstrap as LifecycleOrList, props);
      } catch (error) {
        fail('mount', error);
      }
    },
    mount: async (props) => {
      if (broken) return;
      try {
        await runLifecycle(lifecycles.mount as LifecycleOrList, props);
        setRemoteState(remoteName, { status: 'mounted' });
      } catch (error) {
        fail('mount', error);
      }
    },
    unmount: async (props) => {
      if (broken) return;
      try {
        await runLifecycle(lifecycles.unmount as LifecycleOrList, props);
      } catch (error) {
        console.error(`[shell] ${remoteName} failed to unmount:`, error);
      } finally {
        setRemoteState(remoteName, { status: 'idle' });
      }
    },
  };
}

/** Lifecycles of an application whose code could not be loaded: it mounts nothing. */
function inertLifecycles(): LifeCycles {
  const nothing = async () => undefined;
  return { bootstrap: nothing, mount: nothing, unmount: nothing };
}

export function createLibraryLoader(remoteName: string, load = loadRemoteModule<LifeCycles>) {
  return async (): Promise<LifeCycles> => {
    setRemoteState(remoteName, { status: 'loading' });
    try {
      const lifecycles = await load(`${remoteName}/app`);
      if (typeof lifecycles.mount !== 'function' && !Array.isArray(lifecycles.mount)) {
        throw new Error(`${remoteName}/app does not export single-spa lifecycles`);
      }
      return guardLifecycles(remoteName, lifecycles);
    } catch (error) {
      console.error(`[shell] ${remoteName} failed to load:`, error);
      setRemoteState(remoteName, { status: 'error', phase: 'load', reason: describeError(error) });
      return inertLifecycles();
    }
  };
}

let registered = false;

/**
 * Whether the mount element in the document is the one the outlet rendered for `library`. Going
 * from /part to /component, single-spa reroutes at pushState, before React has replaced the parts
 * outlet: without this check the components application could mount into the old element, which
 * React then throws away, leaving a blank page.
 */
export function mountElementIsFor(library: LibraryKey): boolean {
  return document.getElementById(LIBRARY_MOUNT_ID)?.dataset.library === library;
}

/**
 * Registers the three library applications by path prefix. An application is active only while
 * the shell has rendered its own mount element, so single-spa never mounts into a missing or
 * outgoing node; the outlet triggers the change once its element is in the DOM.
 */
export function registerLibraryApplications(): void {
  if (registered) return;
  registered = true;
  addErrorHandler((error) => {
    // Errors our guards did not catch (a remote's own parcels, timeouts): log them, never throw.
    console.error('[shell] single-spa error:', error);
  });
  for (const key of LIBRARY_KEYS) {
    const { federationName, routePrefix } = LIBRARIES[key];
    registerApplication({
      name: federationName,
      app: createLibraryLoader(federationName),
      activeWhen: (location) => pathBelongsTo(location.pathname, routePrefix) && mountElementIsFor(key),
    });
  }
}

/** Called by the outlet once its mount element is in the DOM. */
let started = false;

export function libraryMountPointReady(): void {
  if (!started) {
    started = true;
    start({ urlRerouteOnly: true });
  } else {
    void triggerAppChange();
  }
}

/** Really tries a library again: fresh map if needed, unload, then load and mount once more. */
export async function retryLibrary(library: LibraryKey): Promise<void> {
  const { federationName } = LIBRARIES[library];
  setRemoteState(federationName, { status: 'loading' });
  await prepareRemoteRetry(federationName);
  if (getAppStatus(federationName) !== 'NOT_LOADED') await unloadApplication(federationName);
  await triggerAppChange();
}
