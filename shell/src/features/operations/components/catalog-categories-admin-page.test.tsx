import { App as AntdApp } from 'antd';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AppProviders, changeLanguage } from '@portal/providers';
import { sessionStore } from '@portal/session';
import { envelope, sendJson } from '@portal/http/testing';
import { servePageForTests } from '../../../test/page-server';
import CatalogCategoriesAdminPage from './catalog-categories-admin-page';

const base = (library: string) => `/to/api/operation/${library}/catalog-categories`;

const testPage = servePageForTests('/operation/catalog-categories', { signedIn: true });

type Category = {
  id: number;
  code: string;
  name: string;
  nameEn: string;
  sort: number;
  hidden: boolean;
  hiddenReason: string | null;
  hiddenTime: number | null;
  hiddenBy: number | null;
  itemCount: number;
  subtreeItemCount: number;
  enterpriseItemCount: number;
  corrections: { field: string; original: unknown }[];
  correctionReason: string | null;
  correctedBy: number | null;
  correctionTime: number | null;
  stale: boolean;
  children: Category[];
};

function category(id: number, code: string, name: string, nameEn: string, fields: Partial<Category> = {}): Category {
  return {
    id,
    code,
    name,
    nameEn,
    sort: id,
    hidden: false,
    hiddenReason: null,
    hiddenTime: null,
    hiddenBy: null,
    itemCount: 0,
    subtreeItemCount: 0,
    enterpriseItemCount: 0,
    corrections: [],
    correctionReason: null,
    correctedBy: null,
    correctionTime: null,
    stale: false,
    children: [],
    ...fields,
  };
}

/** 电阻 (12 public items, in 贴片电阻 whose name is corrected; 光敏电阻 empty), 传感器 (2 enterprise items) and a stale, hidden 旧分类. */
function sampleTree(): Category[] {
  return [
    category(1, 'resistor', '电阻', 'Resistors', {
      subtreeItemCount: 12,
      children: [
        category(2, 'chip-resistor', '贴片电阻', 'Chip Resistors', {
          itemCount: 12,
          subtreeItemCount: 12,
          corrections: [{ field: 'name', original: '片式电阻' }],
          correctionReason: '按行业习惯称呼',
          correctedBy: 1,
          correctionTime: 1_763_700_000_000,
        }),
        category(3, 'photo-resistor', '光敏电阻', 'Photoresistors'),
      ],
    }),
    category(4, 'sensor', '传感器', 'Sensors', {
      enterpriseItemCount: 2,
      children: [category(5, 'sensor-other', '其他传感器', 'Other Sensors', { enterpriseItemCount: 2 })],
    }),
    category(6, 'legacy', '旧分类', 'Legacy', { stale: true, hidden: true, hiddenReason: '已并入其他分类', hiddenTime: 1_763_800_000_000, hiddenBy: 1 }),
  ];
}

function renderPage() {
  render(
    <AppProviders withRouter={false}>
      <AntdApp>
        <CatalogCategoriesAdminPage />
      </AntdApp>
    </AppProviders>,
  );
}

function requestsTo(path: string, method?: string) {
  return testPage.server.requests.filter((request) => new URL(request.url, testPage.server.origin).pathname === path && (!method || request.method === method));
}

function find(tree: Category[], code: string): Category | undefined {
  for (const node of tree) {
    if (node.code === code) return node;
    const below = find(node.children, code);
    if (below) return below;
  }
  return undefined;
}

/**
 * One library's tree as the back end serves it: PUT …/{code} corrects (names and sort), PUT …/{code}/hidden hides or
 * shows; either answers `answer` instead when set.
 */
function serveCategories(library: string) {
  const state = { tree: sampleTree(), answer: undefined as { code: number; msg: string } | undefined };
  testPage.server.routes.set(`${base(library)}/tree`, (_request, response) => sendJson(response, envelope(state.tree)));
  const codes: string[] = [];
  const collect = (nodes: Category[]) => nodes.forEach((node) => (codes.push(node.code), collect(node.children)));
  collect(state.tree);
  for (const code of codes) {
    testPage.server.routes.set(`${base(library)}/${code}`, (request, response) => {
      if (state.answer) return sendJson(response, envelope(null, state.answer.code, state.answer.msg));
      const body = JSON.parse(request.body) as { name: string; nameEn: string; sort: number; reason: string };
      const node = find(state.tree, code)!;
      Object.assign(node, { name: body.name, nameEn: body.nameEn, sort: body.sort, correctionReason: body.reason });
      sendJson(response, envelope(node));
    });
    testPage.server.routes.set(`${base(library)}/${code}/hidden`, (request, response) => {
      if (state.answer) return sendJson(response, envelope(null, state.answer.code, state.answer.msg));
      const body = JSON.parse(request.body) as { hidden: boolean; reason?: string };
      const node = find(state.tree, code)!;
      Object.assign(node, { hidden: body.hidden, hiddenReason: body.reason ?? null, hiddenTime: body.hidden ? 1_763_900_000_000 : null, hiddenBy: 1 });
      sendJson(response, envelope(node));
    });
  }
  return state;
}

async function findRow(code: string) {
  return screen.findByTestId(`categories-row-${code}`, undefined, { timeout: 5000 });
}

/** Filters the tree by `keyWords`, which opens the ancestors of the matches. */
function filterBy(keyWords: string) {
  fireEvent.change(screen.getByTestId('categories-keyword'), { target: { value: keyWords } });
  fireEvent.click(screen.getByTestId('categories-search'));
}

describe('CatalogCategoriesAdminPage', () => {
  it('refuses users without a catalogue permission', () => {
    sessionStore.setState({ isSetUser: true, permissions: ['component:search-index:rebuild'] });
    renderPage();
    expect(screen.getByTestId('operations-forbidden')).toBeInTheDocument();
    expect(testPage.server.requests).toHaveLength(0);
  });

  it('shows the tree with names, counts and states, and filters it keeping the ancestors', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['part:catalog:manage'] });
    serveCategories('part');
    renderPage();
    const resistor = await findRow('resistor');
    expect(within(resistor).getByTestId('category-name-resistor')).toHaveTextContent('电阻Resistors');
    expect(within(resistor).getByTestId('category-items-resistor')).toHaveTextContent('12');
    expect(within(await findRow('sensor')).getByTestId('category-items-sensor')).toHaveTextContent('0企业 2');
    const legacy = await findRow('legacy');
    expect(within(legacy).getByTestId('category-hidden-legacy')).toHaveTextContent('已隐藏');
    expect(within(legacy).getByTestId('category-stale-legacy')).toHaveTextContent('已不在分类表');
    // Collapsed at first; a leaf's expand icon is only a (hidden) spacer.
    expect(screen.queryByTestId('categories-row-chip-resistor')).toBeNull();
    expect(legacy.querySelector('.ant-table-row-expand-icon')).toHaveClass('ant-table-row-expand-icon-spaced');
    expect(resistor.querySelector('.ant-table-row-expand-icon')).not.toHaveClass('ant-table-row-expand-icon-spaced');
    expect(document.title).toContain('分类管理');

    filterBy('chip');
    const chip = await findRow('chip-resistor');
    expect(within(chip).getByTestId('category-corrected-chip-resistor')).toHaveTextContent('已修正');
    expect(screen.getByTestId('categories-row-resistor')).toBeInTheDocument();
    expect(screen.queryByTestId('categories-row-photo-resistor')).toBeNull();
    expect(screen.queryByTestId('categories-row-sensor')).toBeNull();

    // By the Chinese name too; and only the flagged ones.
    filterBy('传感');
    expect(await findRow('sensor-other')).toBeInTheDocument();
    expect(screen.queryByTestId('categories-row-resistor')).toBeNull();
    fireEvent.change(screen.getByTestId('categories-keyword'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('categories-flagged'));
    fireEvent.click(screen.getByTestId('categories-search'));
    expect(await findRow('chip-resistor')).toBeInTheDocument();
    expect(screen.getByTestId('categories-row-legacy')).toBeInTheDocument();
    expect(screen.queryByTestId('categories-row-sensor')).toBeNull();
    expect(requestsTo(`${base('part')}/tree`, 'GET')).toHaveLength(1);
  });

  it('hides an empty category with a reason, and never one that still holds items', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['component:catalog:manage'] });
    serveCategories('component');
    renderPage();
    expect(within(await findRow('resistor')).getByTestId('category-hide-resistor')).toBeDisabled();
    // Organisations' items count as well.
    expect(within(await findRow('sensor')).getByTestId('category-hide-sensor')).toBeDisabled();

    filterBy('photo');
    fireEvent.click(within(await findRow('photo-resistor')).getByTestId('category-hide-photo-resistor'));
    const modal = await screen.findByTestId('category-hide-modal');
    expect(within(modal).getByTestId('category-hide-reason')).toHaveAttribute('maxlength', '200');
    fireEvent.click(screen.getByTestId('category-hide-submit'));
    expect(await screen.findByText('请填写隐藏原因')).toBeInTheDocument();
    fireEvent.change(within(modal).getByTestId('category-hide-reason'), { target: { value: ' 与其他分类重复 ' } });
    fireEvent.click(screen.getByTestId('category-hide-submit'));
    expect(await screen.findByText('已隐藏', { selector: '.ant-message *' }, { timeout: 5000 })).toBeInTheDocument();
    const puts = requestsTo(`${base('component')}/photo-resistor/hidden`, 'PUT');
    expect(puts).toHaveLength(1);
    expect(JSON.parse(puts[0].body)).toEqual({ hidden: true, reason: '与其他分类重复' });
    await waitFor(() => expect(screen.getByTestId('category-hidden-photo-resistor')).toBeInTheDocument(), { timeout: 5000 });
    expect(screen.getByTestId('category-restore-photo-resistor')).toBeInTheDocument();
  });

  it("shows the server's message when the category is no longer empty, and refetches", { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['component:catalog:manage'] });
    const state = serveCategories('component');
    renderPage();
    filterBy('photo');
    fireEvent.click(within(await findRow('photo-resistor')).getByTestId('category-hide-photo-resistor'));
    fireEvent.change(await screen.findByTestId('category-hide-reason'), { target: { value: '空分类' } });
    state.answer = { code: 1_043_003_001, msg: '该分类下仍有 0 个公开条目、1 个企业条目，请先移走或隐藏' };
    fireEvent.click(screen.getByTestId('category-hide-submit'));
    expect(await screen.findByText('该分类下仍有 0 个公开条目、1 个企业条目，请先移走或隐藏', undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(`${base('component')}/tree`, 'GET')).toHaveLength(2), { timeout: 5000 });
  });

  it('restores a hidden category with {hidden: false} after the confirmation', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['mat:catalog:manage'] });
    serveCategories('mat');
    renderPage();
    fireEvent.click(within(await findRow('legacy')).getByTestId('category-restore-legacy'));
    fireEvent.click(await screen.findByTestId('category-restore-confirm-legacy'));
    expect(await screen.findByText('已恢复', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(JSON.parse(requestsTo(`${base('mat')}/legacy/hidden`, 'PUT')[0].body)).toEqual({ hidden: false });
    await waitFor(() => expect(screen.queryByTestId('category-hidden-legacy')).toBeNull(), { timeout: 5000 });
    // Stale: it can be hidden again but not corrected.
    expect(screen.getByTestId('category-edit-legacy')).toBeDisabled();
  });

  it("corrects names and order with a reason, showing the taxonomy file's value of a corrected field", { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['component:catalog:manage'] });
    const state = serveCategories('component');
    renderPage();
    filterBy('chip');
    fireEvent.click(within(await findRow('chip-resistor')).getByTestId('category-edit-chip-resistor'));
    const modal = await screen.findByTestId('category-edit-modal');
    expect(within(modal).getByTestId('category-edit-name')).toHaveValue('贴片电阻');
    expect(within(modal).getByTestId('category-edit-original-name')).toHaveTextContent('分类表原值：片式电阻');
    expect(within(modal).queryByTestId('category-edit-original-nameEn')).toBeNull();
    expect(within(modal).getByTestId('category-edit-last')).toHaveTextContent('上次修正：按行业习惯称呼');

    fireEvent.click(screen.getByTestId('category-edit-submit'));
    expect(await screen.findByText('请填写修正原因')).toBeInTheDocument();
    expect(requestsTo(`${base('component')}/chip-resistor`, 'PUT')).toHaveLength(0);

    state.answer = { code: 400, msg: '英文名称过长' };
    fireEvent.change(within(modal).getByTestId('category-edit-name-en'), { target: { value: ' SMD Resistors ' } });
    fireEvent.change(within(modal).getByRole('spinbutton'), { target: { value: '5' } });
    fireEvent.change(within(modal).getByTestId('category-edit-reason'), { target: { value: '与常用术语一致' } });
    fireEvent.click(screen.getByTestId('category-edit-submit'));
    expect(await screen.findByText('英文名称过长', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('category-edit-modal')).toBeInTheDocument();

    state.answer = undefined;
    fireEvent.click(screen.getByTestId('category-edit-submit'));
    expect(await screen.findByText('已保存', undefined, { timeout: 5000 })).toBeInTheDocument();
    const puts = requestsTo(`${base('component')}/chip-resistor`, 'PUT');
    expect(JSON.parse(puts.at(-1)!.body)).toEqual({ name: '贴片电阻', nameEn: 'SMD Resistors', sort: 5, reason: '与常用术语一致' });
    await waitFor(() => expect(screen.getByTestId('category-name-chip-resistor')).toHaveTextContent('SMD Resistors'), { timeout: 5000 });
  });

  it('speaks English when the interface does', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['component:catalog:manage'] });
    serveCategories('component');
    renderPage();
    const legacy = await findRow('legacy');
    await act(() => changeLanguage('en-US'));
    try {
      expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Categories');
      expect(screen.getByRole('columnheader', { name: 'Code' })).toBeInTheDocument();
      expect(within(legacy).getByTestId('category-stale-legacy')).toHaveTextContent('No longer in the taxonomy');
      expect(within(legacy).getByTestId('category-restore-legacy')).toHaveTextContent('Restore');
      expect(screen.getByTestId('category-hide-sensor')).toHaveTextContent('Hide');
      expect(screen.getByTestId('category-items-sensor')).toHaveTextContent('Enterprise 2');
    } finally {
      await act(() => changeLanguage('zh-CN'));
    }
  });
});
