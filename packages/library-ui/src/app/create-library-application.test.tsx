import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import type { AppProps } from 'single-spa';
import { createLibraryApplication, LIBRARY_ROOT_ID, type LibraryLifecycles } from './create-library-application';
import { mountStandalone } from './mount-standalone';

const props = { name: 'mfe_part', singleSpa: undefined, mountParcel: () => undefined } as unknown as AppProps;

function Exploding(): never {
  throw new Error('目录数据损坏');
}

/**
 * single-spa-react resolves `mount` only after React has committed, so it cannot be awaited inside
 * act() (act defers the commit until its scope ends).
 */
async function mountOutsideAct(app: LibraryLifecycles) {
  await app.bootstrap(props);
  await app.mount(props);
}

function addLibraryRoot(): HTMLElement {
  const element = document.createElement('div');
  element.id = LIBRARY_ROOT_ID;
  document.body.appendChild(element);
  return element;
}

// single-spa drives React here the way it does in the browser, outside act(); tell React so.
const reactActEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let previousActEnvironment: boolean | undefined;
beforeEach(() => {
  previousActEnvironment = reactActEnvironment.IS_REACT_ACT_ENVIRONMENT;
  reactActEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});

afterEach(() => {
  reactActEnvironment.IS_REACT_ACT_ENVIRONMENT = previousActEnvironment;
  document.getElementById(LIBRARY_ROOT_ID)?.remove();
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

describe('createLibraryApplication', () => {
  it('mounts the routes under the library prefix into #library-root and unmounts cleanly', async () => {
    const root = addLibraryRoot();
    window.history.replaceState(null, '', '/part');
    const app = createLibraryApplication({
      library: 'part',
      routes: (
        <>
          <Route index element={<p>零部件首页</p>} />
          <Route path="search" element={<p>零部件搜索</p>} />
        </>
      ),
    });
    await mountOutsideAct(app);
    await waitFor(() => expect(root).toHaveTextContent('零部件首页'));

    window.history.pushState(null, '', '/part/search');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(await screen.findByText('零部件搜索')).toBeInTheDocument();

    await app.unmount(props);
    await waitFor(() => expect(root).toBeEmptyDOMElement());
  });

  it('hands unknown paths to the shell /404, replacing the bad history entry', async () => {
    addLibraryRoot();
    window.history.replaceState(null, '', '/part/no-such-page');
    const lengthBefore = window.history.length;
    const app = createLibraryApplication({ library: 'part', routes: <Route index element={<p>home</p>} /> });
    await mountOutsideAct(app);
    await waitFor(() => expect(window.location.pathname).toBe('/404'));
    expect(window.history.length).toBe(lengthBefore);
    await app.unmount(props);
  });

  it('keeps a crash inside the library area with a local error card', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const root = addLibraryRoot();
    const outside = document.createElement('p');
    outside.textContent = 'shell header';
    document.body.appendChild(outside);
    window.history.replaceState(null, '', '/part');
    const app = createLibraryApplication({ library: 'part', routes: <Route index element={<Exploding />} /> });
    await mountOutsideAct(app);
    const card = await screen.findByTestId('library-crash-part');
    expect(root).toContainElement(card);
    expect(card).toHaveTextContent('零部件库出现异常');
    expect(card).toHaveTextContent('目录数据损坏');
    expect(outside).toBeInTheDocument();
    await app.unmount(props);
    outside.remove();
  });

  it('refuses to mount when the shell has not rendered #library-root', async () => {
    const app = createLibraryApplication({ library: 'mat', routes: <Route index element={<p>材料</p>} /> });
    await app.bootstrap(props);
    await expect(app.mount(props)).rejects.toThrow(/#library-root is missing/);
  });
});

describe('mountStandalone', () => {
  it('creates #library-root, moves the URL under the prefix and mounts', async () => {
    window.history.replaceState(null, '', '/?category=steel');
    const app = createLibraryApplication({ library: 'mat', routes: <Route index element={<p>材料库首页</p>} /> });
    await mountStandalone('mat', app);
    expect(window.location.pathname).toBe('/mat');
    expect(window.location.search).toBe('?category=steel');
    await waitFor(() => expect(document.getElementById(LIBRARY_ROOT_ID)).toHaveTextContent('材料库首页'));
    await app.unmount({ ...props, name: 'mfe_mat' } as AppProps);
  });
});
