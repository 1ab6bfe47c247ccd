import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { AppProviders, queryClient, registerMessages, type LibraryKey } from '@portal/providers';
import { sessionStore, setMode } from '@portal/session';
import DetailPage from '../pages/detail-page';
import { libraryRoutes } from '../pages/library-routes';
import SearchPage from '../pages/search-page';
import { envelope, installResizeObserver, stubFetch } from '../test/fixtures';

// Rendering antd tables in jsdom takes a few seconds on a shared machine.
vi.setConfig({ testTimeout: 30_000 });
import { defineLibraryConfig, LibraryConfigProvider, useLibraryConfig, type DetailSlotProps, type LibraryConfig } from './library-config';

// A library namespace that words one shared text its own way (as mfe-component does with 元器件).
registerMessages('config-test', { 'zh-CN': { search: { total: '找到 {{total}} 种材料' } }, 'en-US': { search: { total: '{{total}} materials' } } });

const hit = {
  id: 7,
  partNumber: 'Q235B',
  name: '碳素结构钢',
  manufacturerName: '宝钢',
  package: 'SOT-23',
  pinCount: 3,
  description: '普通碳素钢',
  exact: true,
};
const searchAnswer = {
  list: [hit],
  total: 1,
  facets: {
    categories: [{ value: 'steel', name: '钢', count: 1 }],
    manufacturers: [{ value: '宝钢', name: '宝钢', count: 1 }],
    packages: [{ value: 'SOT-23', name: 'SOT-23', count: 1 }],
    parameters: [],
  },
};
const detailAnswer = {
  component: { ...hit, manufacturerId: 3, categoryCode: 'steel', footprintRef: null, lifecycle: null, datasheet: null, keywords: null, value: null },
  parameters: [],
  manufacturer: { id: 3, name: '宝钢', website: null, componentCount: 1 },
  categoryPath: [{ id: 1, code: 'steel', name: '钢', nameEn: 'Steel' }],
  files: [{ id: 1, kind: 'model-glb', name: 'q235.glb', mediaType: 'model/gltf-binary', size: 1, url: '/files/q235.glb' }],
};

function renderPage(config: LibraryConfig, url: string, path: string, element: React.ReactNode) {
  window.history.replaceState(null, '', url);
  return render(
    <AppProviders basename={`/${config.library}`}>
      <LibraryConfigProvider config={config}>
        <Routes>
          <Route path={path} element={element} />
        </Routes>
      </LibraryConfigProvider>
    </AppProviders>,
  );
}

const pathOf = (url: string) => new URL(url, 'http://localhost').pathname;

beforeEach(() => installResizeObserver());

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('defineLibraryConfig', () => {
  it('derives the API base, namespace and basket key from the library key', () => {
    const config = defineLibraryConfig('mat' satisfies LibraryKey);
    expect(config.apiBase).toBe('/public/mat');
    expect(config.i18nNamespace).toBe('mat');
    expect(config.compareStorageKey).toBe('portal_mat_compare');
    expect(config.search.facets).toEqual(['category', 'manufacturer', 'package', 'ranges']);
    expect(config.detail).toMatchObject({ modelViewer: false, alternatives: false, slots: {} });
    // Overrides replace a group's fields one by one and keep the rest.
    const withoutPackage = defineLibraryConfig('mat', { search: { facets: ['category', 'manufacturer'] } });
    expect(withoutPackage.search.facets).toEqual(['category', 'manufacturer']);
    expect(withoutPackage.search.columns).toEqual(config.search.columns);
  });
});

describe('libraryRoutes', () => {
  function ApiBase() {
    return <p data-testid="own-page">{useLibraryConfig().apiBase}</p>;
  }

  function renderRoutes(config: LibraryConfig, url: string) {
    window.history.replaceState(null, '', url);
    return render(
      <AppProviders basename={`/${config.library}`}>
        <Routes>{libraryRoutes(config, <Route path="own" element={<ApiBase />} />)}</Routes>
      </AppProviders>,
    );
  }

  it('shows an organisation’s enterprise library on brand-detail ?type=1 to its members only, never the manufacturer of that id', async () => {
    const requests = stubFetch(200, envelope(null));
    sessionStore.setState({ user: { id: 9, orgId: 12, orgName: '宁波紧固件有限公司', orgEnable: true }, isSetUser: true });
    const member = renderRoutes(defineLibraryConfig('part'), '/part/brand-detail/12?type=1');
    expect(await screen.findByTestId('enterprise-library-name')).toHaveTextContent('宁波紧固件有限公司');
    // The organisation's items come from the enterprise route; it has none yet.
    expect(await screen.findByTestId('enterprise-library-empty')).toHaveTextContent('本企业在此资源库中还没有条目。');
    expect(requests.calls.map((url) => new URL(url, 'http://localhost').pathname)).toContain('/to/api/enterprise/part/items');
    member.unmount();
    renderRoutes(defineLibraryConfig('part'), '/part/brand-detail/13?type=1');
    // Anyone else gets the organisation's public page (here: no such organisation), never the manufacturer.
    expect(await screen.findByTestId('enterprise-showcase-missing')).toBeInTheDocument();
    expect(screen.queryByTestId('brand-detail')).toBeNull();
    expect(requests.calls.filter((url) => String(url).includes('/manufacturer'))).toHaveLength(0);
    sessionStore.setState({ user: null, isSetUser: false });
  });

  it('gives the configuration to the remote’s own routes', async () => {
    renderRoutes(defineLibraryConfig('mat'), '/mat/own');
    expect(await screen.findByTestId('own-page')).toHaveTextContent('/public/mat');
  });

  it('routes /similarity only for a library with alternatives', async () => {
    stubFetch(200, envelope([]));
    const { unmount } = renderRoutes(defineLibraryConfig('mat'), '/mat/similarity?id=7');
    // A matched lazy route shows its loading skeleton (or, once loaded, the page) at once; here neither.
    expect(screen.queryByTestId('library-page-loading')).toBeNull();
    expect(screen.queryByTestId('similarity-page')).toBeNull();
    unmount();
    renderRoutes(defineLibraryConfig('mat', { detail: { alternatives: true } }), '/mat/similarity?id=7');
    expect(await screen.findByTestId('similarity-page')).toBeInTheDocument();
  });

  it('in private mode, says the model search is the public library’s and leads a member to the organisation’s own, opened', async () => {
    stubFetch(200, envelope(null));
    const shapes = { shapeSearch: { offered: ['part', 'component'] as LibraryKey[], selected: ['part'] as LibraryKey[] } };
    sessionStore.setState({ user: { id: 9, orgId: 12, orgName: '宁波紧固件有限公司', orgEnable: true }, isSetUser: true });
    try {
      // Open mode: nothing to say.
      const open = renderRoutes(defineLibraryConfig('part', shapes), '/part/search3D');
      expect(await screen.findByTestId('shape-search-3d')).toBeInTheDocument();
      expect(screen.queryByTestId('shape-private-mode')).toBeNull();
      open.unmount();

      setMode('private');
      // Materials (no 厂商 pages, as mfe-mat configures them) have no organisation page to lead to.
      const materials = renderRoutes(defineLibraryConfig('mat', { ...shapes, brands: false }), '/mat/search3D');
      expect(await screen.findByTestId('shape-search-3d')).toBeInTheDocument();
      expect(screen.queryByTestId('shape-private-mode')).toBeNull();
      materials.unmount();

      renderRoutes(defineLibraryConfig('part', shapes), '/part/search2D');
      const notice = await screen.findByTestId('shape-private-mode');
      expect(notice).toHaveTextContent('企业库模式：此页搜索公共库。要在本企业已通过审核的条目中按形状查找，请到企业库。');
      fireEvent.click(within(notice).getByRole('button', { name: '在本企业条目中查找' }));
      await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe('/part/brand-detail/12?type=1&shapeSearch=image'));
      // The organisation's library opens its shape search, for a picture as the 2D page takes.
      // The dialog is a lazy chunk of its own: its first import takes a while in jsdom.
      const dialog = await screen.findByTestId('enterprise-shape-search', undefined, { timeout: 15_000 });
      expect(dialog.querySelector('.ant-segmented-item-selected')).toHaveTextContent('图片');
    } finally {
      setMode('open');
      sessionStore.setState({ user: null, isSetUser: false });
    }
  });

  it('in private mode, says nothing to a user without an organisation', async () => {
    stubFetch(200, envelope(null));
    sessionStore.setState({ user: { id: 3, orgId: 0, orgEnable: true }, isSetUser: true });
    setMode('private');
    try {
      renderRoutes(defineLibraryConfig('part', { shapeSearch: { offered: ['part'], selected: ['part'] } }), '/part/search3D');
      expect(await screen.findByTestId('shape-search-3d')).toBeInTheDocument();
      expect(screen.queryByTestId('shape-private-mode')).toBeNull();
    } finally {
      setMode('open');
      sessionStore.setState({ user: null, isSetUser: false });
    }
  });

  it('routes the 3D / 2D model search only for a library with shapeSearch, and says when it searches other libraries', async () => {
    stubFetch(200, envelope([]));
    const { unmount } = renderRoutes(defineLibraryConfig('mat'), '/mat/search3D');
    expect(screen.queryByTestId('library-page-loading')).toBeNull();
    expect(screen.queryByTestId('shape-search-3d')).toBeNull();
    unmount();
    const withShapes = defineLibraryConfig('mat', { shapeSearch: { offered: ['part', 'component'], selected: ['part', 'component'] } });
    const second = renderRoutes(withShapes, '/mat/search3D');
    expect(await screen.findByTestId('shape-search-3d')).toBeInTheDocument();
    expect(screen.getByTestId('shape-other-libraries')).toBeInTheDocument();
    expect(screen.getByTestId('shape-prompt')).toBeInTheDocument();
    second.unmount();
    renderRoutes(withShapes, '/mat/search2D');
    expect(await screen.findByTestId('shape-sketch-canvas')).toBeInTheDocument();
  });

  it('routes the manufacturer pages only for a library that has manufacturers', async () => {
    stubFetch(200, envelope({ list: [], total: 0 }));
    const { unmount } = renderRoutes(defineLibraryConfig('mat', { brands: false }), '/mat/brand-page');
    // A matched lazy route shows its loading skeleton (or, once loaded, the page) at once; here neither.
    expect(screen.queryByTestId('library-page-loading')).toBeNull();
    expect(screen.queryByTestId('brand-page')).toBeNull();
    unmount();
    renderRoutes(defineLibraryConfig('mat'), '/mat/brand-page');
    expect(await screen.findByTestId('brand-page')).toBeInTheDocument();
  });
});

describe('the search page with a library configuration', () => {
  it('asks the library’s API and shows only the facets and columns the library offers', async () => {
    const fetchStub = stubFetch(200, envelope(searchAnswer));
    const materials = defineLibraryConfig('mat', {
      i18nNamespace: 'config-test',
      search: { facets: ['category', 'manufacturer'], columns: ['partNumber', 'name', 'manufacturer', 'description'] },
    });
    renderPage(materials, '/mat/search?keyWords=Q235', 'search', <SearchPage />);

    const table = await screen.findByTestId('search-results');
    expect(screen.getByTestId('mat-search')).toBeInTheDocument();
    expect(pathOf(fetchStub.calls[0])).toBe('/to/api/public/mat/search');
    expect(screen.getByTestId('facet-category')).toBeInTheDocument();
    expect(screen.getByTestId('facet-manufacturer')).toBeInTheDocument();
    // The hits state a package, but a library without the facet does not offer it, nor range filters.
    expect(screen.queryByTestId('facet-package')).toBeNull();
    expect(screen.queryByTestId('range-filter')).toBeNull();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    // 名称 and 描述 are responsive columns (md, sm) and jsdom matches no media query: only these two show.
    expect(headers).toEqual(['型号', '厂商']);
    expect(within(table).queryByTestId('result-compare-7')).toBeNull();
    // The library's own wording wins over the generic text; the rest is the generic text.
    expect(screen.getByTestId('search-total')).toHaveTextContent('找到 1 种材料');
    expect(screen.getByText('搜索关键字：')).toBeInTheDocument();
  });

  it('offers every facet and the configured columns of the components library', async () => {
    stubFetch(200, envelope(searchAnswer));
    const components = defineLibraryConfig('component', {
      search: { columns: ['partNumber', 'manufacturer', 'package', 'compare'] },
    });
    renderPage(components, '/component/search?keyWords=LM358', 'search', <SearchPage />);

    const table = await screen.findByTestId('search-results');
    expect(screen.getByTestId('facet-package')).toBeInTheDocument();
    expect(screen.getByTestId('range-filter')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['型号', '厂商', '封装', '对比']);
    expect(within(table).getByTestId('result-compare-7')).toBeInTheDocument();
    expect(screen.getByTestId('search-total')).toHaveTextContent('共 1 条结果');
  });
});

describe('the detail page with a library configuration', () => {
  function Drawings({ item }: DetailSlotProps) {
    return <div data-testid="test-drawings">{item.component.partNumber}</div>;
  }

  it('renders the library’s slots and leaves out the sections it does not have', async () => {
    const fetchStub = stubFetch(200, envelope(detailAnswer));
    const materials = defineLibraryConfig('mat', { detail: { overview: ['name', 'manufacturer'], slots: { drawings: Drawings } } });
    renderPage(materials, '/mat/detail/7', 'detail/:id', <DetailPage />);

    expect(await screen.findByTestId('test-drawings')).toHaveTextContent('Q235B');
    expect(screen.getByTestId('mat-detail')).toBeInTheDocument();
    expect(fetchStub.calls.map(pathOf)).toEqual(['/to/api/public/mat/item/7']);
    expect(screen.getByTestId('detail-manufacturer')).toHaveAttribute('href', '/mat/brand-detail/3');
    // No alternatives (no call, no card, no link), no 3D viewer although the item has a model, no downloads.
    expect(screen.queryByTestId('detail-alternatives-link')).toBeNull();
    expect(screen.queryByTestId('detail-alternatives')).toBeNull();
    expect(screen.queryByTestId('model-viewer-loading')).toBeNull();
    expect(screen.queryByTestId('model-viewer')).toBeNull();
    expect(screen.queryByText('下载')).toBeNull();
    expect(screen.queryByText('封装')).toBeNull();
  });

  it('puts the library’s parameters slot in place of the kit’s parameters table', async () => {
    stubFetch(200, envelope(detailAnswer));
    const materials = defineLibraryConfig('mat', {
      detail: { slots: { parameters: ({ item }: DetailSlotProps) => <p data-testid="test-parameters">{item.component.partNumber}</p> } },
    });
    renderPage(materials, '/mat/detail/7', 'detail/:id', <DetailPage />);
    expect(await screen.findByTestId('test-parameters')).toHaveTextContent('Q235B');
    expect(screen.queryByTestId('detail-parameters')).toBeNull();
  });

  it('shows the alternatives of a library that has them', async () => {
    const fetchStub = stubFetch(200, envelope(detailAnswer));
    const respond = vi.mocked(fetch).getMockImplementation();
    // The alternatives call answers a list; everything else the detail.
    vi.mocked(fetch).mockImplementation(async (input, init) =>
      String(input).includes('/alternatives')
        ? (fetchStub.calls.push(String(input)), new Response(envelope([]), { status: 200, headers: { 'content-type': 'application/json' } }))
        : respond!(input, init),
    );
    const components = defineLibraryConfig('component', { detail: { alternatives: true } });
    renderPage(components, '/component/detail/7', 'detail/:id', <DetailPage />);

    expect(await screen.findByTestId('detail-alternatives-link')).toHaveAttribute('href', '/component/similarity?id=7');
    await waitFor(() => expect(fetchStub.calls.map(pathOf)).toContain('/to/api/public/component/item/7/alternatives'));
    expect(screen.queryByTestId('test-drawings')).toBeNull();
  });
});
