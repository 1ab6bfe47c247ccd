import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { AppProviders, changeLanguage, queryClient } from '@portal/providers';
import { componentTree, envelope, installResizeObserver, stubFetch } from '../../../test/fixtures';
import { LibraryHome, type CatalogueItems } from './library-home';

function renderHome(url: string, items?: CatalogueItems) {
  window.history.replaceState(null, '', url);
  return render(
    <AppProviders basename="/component">
      <Routes>
        <Route index element={<LibraryHome library="component" description="电子元器件，按分类浏览。" items={items} />} />
      </Routes>
    </AppProviders>,
  );
}

const panel = () => screen.getByTestId('category-panel');
const tree = () => screen.getByTestId('category-tree');
const selectedCategory = () => new URLSearchParams(window.location.search).get('category');

beforeEach(() => installResizeObserver());

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('LibraryHome', () => {
  it('loads the library tree from its public API and shows the first category as a catalogue', async () => {
    const fetchStub = stubFetch(200, envelope(componentTree()));
    renderHome('/component');

    expect(screen.getByTestId('library-home-component')).toBeInTheDocument();
    expect(screen.getByTestId('library-home-loading')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('元器件库');

    await waitFor(() => expect(screen.getByTestId('category-tree')).toBeInTheDocument());
    expect(fetchStub.calls).toHaveLength(1);
    expect(new URL(fetchStub.calls[0], 'http://localhost').pathname).toBe('/to/api/public/component/category/tree');

    // Roots in display order (by sort), each with both names.
    const rootTitles = within(tree())
      .getAllByTestId(/^category-node-/)
      .map((element) => element.textContent);
    expect(rootTitles).toEqual(['电阻Resistors2', '电容Capacitors2', '晶振Crystals']);

    // No ?category → the first root is shown: its sub-categories as cards with their children.
    expect(within(panel()).getByRole('heading', { level: 2 })).toHaveTextContent('电阻');
    const chipCard = screen.getByTestId('category-card-chip-resistor');
    expect(within(chipCard).getByText('贴片电阻')).toBeInTheDocument();
    expect(within(chipCard).getByText('厚膜电阻')).toBeInTheDocument();
    expect(within(chipCard).getByText('2 个子类')).toBeInTheDocument();
    expect(screen.getByTestId('category-card-through-hole-resistor')).toHaveTextContent('插件电阻');

    // Header figures: 3 top-level, 9 in all.
    expect(screen.getByText('大类').nextSibling).toHaveTextContent('3');
    expect(screen.getByText('分类总数').nextSibling).toHaveTextContent('9');
  });

  it('selects through the URL: a shared link, a click, and the back button', async () => {
    stubFetch(200, envelope(componentTree()));
    renderHome('/component?category=capacitor');

    await waitFor(() => expect(within(panel()).getByRole('heading', { level: 2 })).toHaveTextContent('电容'));
    expect(screen.getByTestId('category-card-mlcc')).toHaveTextContent('多层陶瓷电容');

    fireEvent.click(within(tree()).getByText('电阻'));
    expect(selectedCategory()).toBe('resistor');
    expect(within(panel()).getByRole('heading', { level: 2 })).toHaveTextContent('电阻');

    // A child listed on a card drills down: a leaf is shown highlighted among its siblings.
    fireEvent.click(within(screen.getByTestId('category-card-chip-resistor')).getByText('厚膜电阻'));
    expect(selectedCategory()).toBe('thick-film');
    expect(within(panel()).getByRole('heading', { level: 2 })).toHaveTextContent('贴片电阻');
    expect(screen.getByTestId('category-card-thick-film')).toHaveClass('lib-sub-card--selected');
    expect(screen.getByTestId('category-card-thin-film')).not.toHaveClass('lib-sub-card--selected');

    // The tree opened the ancestors of the selection.
    expect(within(tree()).getByText('厚膜电阻')).toBeVisible();

    act(() => window.history.back());
    await waitFor(() => expect(selectedCategory()).toBe('resistor'));
    await waitFor(() => expect(within(panel()).getByRole('heading', { level: 2 })).toHaveTextContent('电阻'));
  });

  it('says so when the linked category does not exist, and shows the first one', async () => {
    stubFetch(200, envelope(componentTree()));
    renderHome('/component?category=flux-capacitor');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('未找到分类“flux-capacitor”'));
    expect(within(panel()).getByRole('heading', { level: 2 })).toHaveTextContent('电阻');
  });

  it('filters the tree by name, English name or code', async () => {
    stubFetch(200, envelope(componentTree()));
    renderHome('/component');
    await waitFor(() => expect(tree()).toBeInTheDocument());

    fireEvent.change(screen.getByPlaceholderText('筛选分类：名称 / 英文 / 代码'), { target: { value: 'mlcc' } });
    expect(within(tree()).queryByText('电阻')).not.toBeInTheDocument();
    expect(within(tree()).getByText('多层陶瓷电容')).toBeVisible();

    fireEvent.change(screen.getByPlaceholderText('筛选分类：名称 / 英文 / 代码'), { target: { value: 'zzz' } });
    expect(within(tree()).getByText('没有匹配“zzz”的分类')).toBeInTheDocument();
  });

  it('shows the envelope message when loading fails, and recovers on retry', async () => {
    const fetchStub = stubFetch(404, envelope(null, 404, '请求地址不存在:/to/api/public/component/category/tree'));
    renderHome('/component');

    const errorState = await screen.findByTestId('library-home-error');
    expect(errorState).toHaveTextContent('分类加载失败');
    expect(errorState).toHaveTextContent('请求地址不存在:/to/api/public/component/category/tree');
    expect(screen.queryByTestId('category-tree')).not.toBeInTheDocument();

    fetchStub.respond(200, envelope(componentTree()));
    fireEvent.click(screen.getByTestId('library-home-retry'));
    await waitFor(() => expect(tree()).toBeInTheDocument());
    expect(screen.queryByTestId('library-home-error')).not.toBeInTheDocument();
  });

  it('shows a business error from a successful HTTP answer', async () => {
    stubFetch(200, envelope(null, 1_004_000_001, '分类服务暂不可用'));
    renderHome('/component');
    expect(await screen.findByTestId('library-home-error')).toHaveTextContent('分类服务暂不可用');
  });

  it('shows an empty state for a library without categories', async () => {
    stubFetch(200, envelope([]));
    renderHome('/component');
    expect(await screen.findByTestId('library-home-empty')).toHaveTextContent('该库暂无分类数据');
  });

  it('puts the English name first in English, keeping the Chinese name visible', async () => {
    stubFetch(200, envelope(componentTree()));
    renderHome('/component');
    await waitFor(() => expect(tree()).toBeInTheDocument());
    await act(() => changeLanguage('en-US'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Components Library');
    const firstRoot = within(tree()).getByTestId('category-node-resistor');
    expect(firstRoot.querySelector('.lib-category-name__primary')).toHaveTextContent('Resistors');
    expect(firstRoot.querySelector('.lib-category-name__secondary')).toHaveTextContent('电阻');
    await act(() => changeLanguage('zh-CN'));
  });

  it('with items: a leaf opens its list, cards and header show counts, a branch lists its items on request', async () => {
    stubFetch(200, envelope(componentTree()));
    const items: CatalogueItems = {
      counts: { capacitor: 600, mlcc: 594, 'aluminum-electrolytic': 6 },
      render: (category) => <div data-testid="items-slot">{`items of ${category.code}`}</div>,
    };
    renderHome('/component?category=capacitor', items);
    await waitFor(() => expect(screen.getByTestId('category-card-mlcc')).toBeInTheDocument());
    expect(screen.getByTestId('category-count-mlcc')).toHaveTextContent('594 项');
    expect(screen.getByTestId('category-count-capacitor')).toHaveTextContent('600 项');
    expect(screen.queryByTestId('items-slot')).not.toBeInTheDocument();

    // The leaf: its own header and its items, not the siblings' cards.
    fireEvent.click(within(screen.getByTestId('category-card-mlcc')).getAllByRole('button')[0]);
    await waitFor(() => expect(screen.getByTestId('items-slot')).toHaveTextContent('items of mlcc'));
    expect(selectedCategory()).toBe('mlcc');
    expect(screen.queryByTestId('category-card-aluminum-electrolytic')).not.toBeInTheDocument();

    // A branch on request (?view=items), and back to its cards.
    act(() => window.history.back());
    await waitFor(() => expect(screen.getByTestId('category-show-items')).toBeInTheDocument());
    fireEvent.click(screen.getByTestId('category-show-items'));
    await waitFor(() => expect(screen.getByTestId('items-slot')).toHaveTextContent('items of capacitor'));
    expect(new URLSearchParams(window.location.search).get('view')).toBe('items');
    fireEvent.click(screen.getByTestId('category-show-cards'));
    await waitFor(() => expect(screen.getByTestId('category-card-mlcc')).toBeInTheDocument());
  });
});
