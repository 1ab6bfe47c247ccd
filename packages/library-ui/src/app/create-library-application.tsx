import React, { type ReactNode } from 'react';
import ReactDOMClient from 'react-dom/client';
import { Route, Routes } from 'react-router';
import singleSpaReact from 'single-spa-react';
import type { AppProps } from 'single-spa';
import { AppProviders, LIBRARIES, type LibraryKey } from '@portal/providers';
import { LibraryCrashCard } from './library-crash-card';
import { RedirectToNotFound } from './redirect-to-not-found';

/** The element the shell's layout renders for the active library application (contract). */
export const LIBRARY_ROOT_ID = 'library-root';

export function getLibraryRootElement(): HTMLElement {
  const element = document.getElementById(LIBRARY_ROOT_ID);
  if (!element) throw new Error(`#${LIBRARY_ROOT_ID} is missing: the shell layout must render it before mounting a library`);
  return element;
}

export interface LibraryApplicationOptions {
  library: LibraryKey;
  /** The application's <Route> elements, relative to its prefix (`index` is the library home). */
  routes: ReactNode;
}

export interface LibraryLifecycles {
  bootstrap: (props: AppProps) => Promise<unknown>;
  mount: (props: AppProps) => Promise<unknown>;
  unmount: (props: AppProps) => Promise<unknown>;
}

/**
 * single-spa lifecycles of a library application: its routes under the library's prefix inside
 * the shared providers, an error boundary that keeps a crash inside the library area, mounted
 * into the shell's #library-root. Every unknown path goes to the shell's /404.
 */
export function createLibraryApplication({ library, routes }: LibraryApplicationOptions): LibraryLifecycles {
  const { routePrefix, federationName } = LIBRARIES[library];

  function LibraryRoot() {
    return (
      <AppProviders basename={routePrefix}>
        <Routes>
          {routes}
          <Route path="*" element={<RedirectToNotFound />} />
        </Routes>
      </AppProviders>
    );
  }
  LibraryRoot.displayName = `LibraryRoot(${federationName})`;

  const lifecycles = singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent: LibraryRoot,
    errorBoundary: (error: Error) => <LibraryCrashCard library={library} error={error} />,
    domElementGetter: getLibraryRootElement,
  });
  return {
    bootstrap: lifecycles.bootstrap as LibraryLifecycles['bootstrap'],
    mount: lifecycles.mount as LibraryLifecycles['mount'],
    unmount: lifecycles.unmount as LibraryLifecycles['unmount'],
  };
}
