import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { AppProviders, changeLanguage, queryClient } from '@portal/providers';
import { initialSessionState, sessionStore } from '@portal/session';
import { defineLibraryConfig, LibraryConfigProvider } from '../../../config/library-config';
import { enterpriseMessages } from '../../../i18n/enterprise-messages';
import BrandDetailPage from '../../../pages/brand-detail-page';
import { componentTree, envelope, installResizeObserver, routeFetch, type FetchAnswer, type RecordedFetch } from '../../../test/fixtures';
import { ENTERPRISE_PUBLISH_PERMISSION, type EnterpriseItem } from '../api/enterprise-items';

// antd's tables, selects and dialogs take a few seconds to render in jsdom on a shared machine.
vi.setConfig({ testTimeout: 60_000 });

const ORG_ID = 12;
const ITEMS_PATH = '/to/api/enterprise/part/items';
const TREE_PATH = '/to/api/public/part/category/tree';

const member = { id: 9, orgId: ORG_ID, orgName: '宁波紧固件有限公司', orgEnable: true };

const approved: EnterpriseItem = {
  id: 31,
  library: 'part',
  orgId: ORG_ID,
  state: 'approved',
  code: 'NB-M8X30',
  name: '内六角圆柱头螺钉 M8×30',
  categoryId: 8,
  categoryName: '电阻',
  categoryNameEn: 'Resistors',
  manufacturer: '宁波紧固件',
  description: '不锈钢 A2-70，全螺纹',
  parameters: [
    { name: '螺纹规格', value: 'M8' },
    { name: '公称长度', value: '30 mm' },
  ],
  remark: null,
  submittedBy: 9,
  reviewedBy: 2,
  createTime: new Date(2025, 4, 6, 8, 30).getTime(),
  reviewTime: new Date(2025, 4, 7, 9, 5).getTime(),
};
const rejected: EnterpriseItem = {
  ...approved,
  id: 32,
  state: 'rejected',
  code: 'NB-W10',
  name: '平垫圈 10',
  categoryName: '晶振',
  categoryNameEn: 'Crystals',
  manufacturer: undefined,
  parameters: [],
  remark: '缺少材料牌号',
};
const pending: EnterpriseItem = { ...approved, id: 33, state: 'pending', code: 'NB-N8', name: '六角螺母 M8', remark: null, reviewedBy: null, reviewTime: null };

interface Server {
  calls: RecordedFetch[];
  /** The GETs of the items list, newest last. */
  listCalls: () => URL[];
  /** The answer of the next POST (the stored item unless set). */
  publishAnswer: FetchAnswer | undefined;
}

/** The enterprise and category routes of the part library, answering `list` to every page of items. */
function serve(list: EnterpriseItem[] = [approved, rejected, pending]): Server {
  const server: Server = {
    calls: [],
    listCalls: () => server.calls.filter((call) => call.method === 'GET' && call.url.pathname === ITEMS_PATH).map((call) => call.url),
    publishAnswer: undefined,
  };
  server.calls = routeFetch((call) => {
    if (call.url.pathname === TREE_PATH) return { body: envelope(componentTree()) };
    if (call.url.pathname !== ITEMS_PATH) return undefined;
    if (call.method === 'POST') return server.publishAnswer ?? { body: envelope({ ...pending, id: 40, ...(call.body as object) }) };
    return { body: envelope({ list: list, total: list.length }) };
  }).calls;
  return server;
}

function signIn(user: typeof member | null, permissions: string[] = []) {
  sessionStore.setState({ user, permissions, isSetUser: user !== null });
}

function renderPage(url = `/part/brand-detail/${ORG_ID}?type=1`) {
  window.history.replaceState(null, '', url);
  return render(
    <AppProviders basename="/part">
      <LibraryConfigProvider config={defineLibraryConfig('part')}>
        <Routes>
          <Route path="brand-detail/:id" element={<BrandDetailPage />} />
        </Routes>
      </LibraryConfigProvider>
    </AppProviders>,
  );
}

const table = () => screen.getByTestId('enterprise-items-table');
const row = (id: number) => screen.getByTestId(`enterprise-item-row-${id}`);
const form = () => screen.getByTestId('enterprise-publish-form');
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const posts = (server: Server) => server.calls.filter((call) => call.method === 'POST');

/** Opens the publish dialog of a member allowed to publish, on an empty list; the category tree loaded. */
async function openPublishForm(server: Server) {
  renderPage();
  await screen.findByTestId('enterprise-library-empty');
  fireEvent.click(screen.getByTestId('enterprise-publish'));
  await screen.findByTestId('enterprise-publish-form');
  await waitFor(() => expect(server.calls.some((call) => call.url.pathname === TREE_PATH)).toBe(true));
}

/** Picks a category of the TreeSelect by its (Chinese) name. */
async function chooseCategory(name: string) {
  fireEvent.mouseDown(within(screen.getByTestId('enterprise-publish-category')).getByRole('combobox'));
  const title = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-title')].find(
      (candidate) => candidate.textContent === name,
    );
    if (!found) throw new Error(`no category ${name}`);
    return found;
  });
  fireEvent.click(title);
}

function fillRequired() {
  type('enterprise-publish-code', 'NB-M10X40');
  type('enterprise-publish-name', '内六角圆柱头螺钉 M10×40');
}

beforeEach(() => installResizeObserver());

afterEach(() => {
  // Unmounted before the session is reset, so the reset renders nothing.
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  sessionStore.setState(initialSessionState());
  window.history.replaceState(null, '', '/');
});

describe('the enterprise library (brand-detail ?type=1)', () => {
  it('refuses a non-member and a signed-out visitor without asking for the items', async () => {
    const server = serve();
    signIn({ ...member, orgId: 13 });
    const other = renderPage();
    expect(await screen.findByTestId('enterprise-library-forbidden')).toHaveTextContent('无权查看该企业库');
    other.unmount();
    signIn(null);
    renderPage();
    expect(await screen.findByTestId('enterprise-library-forbidden')).toHaveTextContent('企业库只对本企业的成员开放。');
    expect(screen.queryByTestId('enterprise-library')).toBeNull();
    expect(server.calls).toHaveLength(0);
  });

  it('shows a member the organisation’s items from the server, and sends the state filter and the keyword', async () => {
    const server = serve();
    signIn(member);
    renderPage();
    expect(await screen.findByTestId('enterprise-library-name')).toHaveTextContent('宁波紧固件有限公司');
    await waitFor(() => expect(row(31)).toBeInTheDocument());
    expect(Object.fromEntries(server.listCalls()[0].searchParams)).toEqual({ pageNo: '1', pageSize: '20' });

    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['编码', '名称', '分类', '厂商', '状态', '提交时间', '审核意见', '操作']);
    const cells = (id: number) => [...row(id).querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells(31)).toEqual(['NB-M8X30', '内六角圆柱头螺钉 M8×30', '电阻', '宁波紧固件', '已通过', '2025-05-06 08:30', '—', '查看']);
    // A rejected item states the reviewer's remark; a missing manufacturer is a dash.
    expect(cells(32)).toEqual(['NB-W10', '平垫圈 10', '晶振', '—', '已驳回', '2025-05-06 08:30', '缺少材料牌号', '查看']);
    expect(cells(33)[4]).toBe('审核中');
    expect(within(row(32)).getByText('已驳回').closest('.ant-tag')).toHaveClass('ant-tag-error');

    // The state filter: a radio group, back to the first page.
    const filter = screen.getByTestId('enterprise-state-filter');
    expect(filter).toHaveAttribute('role', 'radiogroup');
    expect(
      within(filter)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['全部', '已通过', '审核中', '已驳回']);
    fireEvent.click(within(filter).getByRole('radio', { name: '已驳回' }));
    await waitFor(() => expect(server.listCalls()).toHaveLength(2));
    expect(Object.fromEntries(server.listCalls()[1].searchParams)).toEqual({ pageNo: '1', pageSize: '20', state: 'rejected' });

    // The keyword, trimmed, sent on Enter together with the state.
    type('enterprise-keyword', '  M8 ');
    fireEvent.keyDown(screen.getByTestId('enterprise-keyword'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(server.listCalls()).toHaveLength(3));
    expect(Object.fromEntries(server.listCalls()[2].searchParams)).toEqual({ pageNo: '1', pageSize: '20', state: 'rejected', keyword: 'M8' });

    fireEvent.click(within(filter).getByRole('radio', { name: '全部' }));
    await waitFor(() => expect(server.listCalls()).toHaveLength(4));
    expect(Object.fromEntries(server.listCalls()[3].searchParams)).toEqual({ pageNo: '1', pageSize: '20', keyword: 'M8' });

    // In English the category's English name.
    await act(() => changeLanguage('en-US'));
    try {
      await waitFor(() => expect(within(row(31)).getByText('Resistors')).toBeInTheDocument());
      expect(within(row(32)).getByText('Rejected')).toBeInTheDocument();
    } finally {
      await act(() => changeLanguage('zh-CN'));
    }
  });

  it('opens an item with every field and its parameters, from the row or its 查看 button', async () => {
    serve();
    signIn(member);
    renderPage();
    await waitFor(() => expect(row(31)).toBeInTheDocument());

    fireEvent.click(within(row(31)).getByText('内六角圆柱头螺钉 M8×30'));
    const drawer = await screen.findByTestId('enterprise-item-drawer');
    expect(within(drawer).getByText('条目详情')).toBeInTheDocument();
    expect(drawer).toHaveTextContent('不锈钢 A2-70，全螺纹');
    expect(drawer).toHaveTextContent('2025-05-07 09:05');
    const parameterRows = within(within(drawer).getByTestId('enterprise-item-parameters')).getAllByRole('row');
    expect(parameterRows.map((tableRow) => tableRow.textContent)).toEqual(['参数名参数值', '螺纹规格M8', '公称长度30 mm']);

    // The button is reachable by keyboard and named after the item.
    const view = screen.getByRole('button', { name: '查看 NB-W10' });
    expect(view).toHaveAttribute('data-testid', 'enterprise-item-view-32');
    fireEvent.click(view);
    await waitFor(() => expect(screen.getByTestId('enterprise-item-drawer-code')).toHaveTextContent('NB-W10'));
    expect(screen.getByTestId('enterprise-item-drawer-remark')).toHaveTextContent('缺少材料牌号');
    expect(screen.getByTestId('enterprise-item-drawer')).toHaveTextContent('未填写参数');
  });

  it('explains an empty library, and says when only the filter finds nothing', async () => {
    serve([]);
    signIn(member);
    renderPage();
    const empty = await screen.findByTestId('enterprise-library-empty');
    expect(empty).toHaveTextContent('本企业在此资源库中还没有条目。');
    expect(empty).toHaveTextContent('本企业发布的条目经平台审核通过后显示在这里；企业库只有本企业的成员能看到。');
    fireEvent.click(screen.getByRole('radio', { name: '审核中' }));
    await waitFor(() => expect(screen.getByTestId('enterprise-library-empty')).toHaveTextContent('没有符合筛选条件的条目。'));
  });

  it('shows the server’s refusal of the list', async () => {
    routeFetch((call) => (call.url.pathname === ITEMS_PATH ? { body: envelope(null, 1_042_001_000, '仅企业用户可使用企业库') } : undefined));
    signIn(member);
    renderPage();
    expect(await screen.findByTestId('enterprise-items-error')).toHaveTextContent('仅企业用户可使用企业库');
  });

  it('offers 发布条目 only with enterprise:item:publish (or every permission), and not in a disabled organisation', async () => {
    serve([]);
    signIn(member, ['system:user:query']);
    const reader = renderPage();
    await screen.findByTestId('enterprise-library-empty');
    expect(screen.queryByTestId('enterprise-publish')).toBeNull();
    reader.unmount();

    signIn(member, ['*:*:*']);
    const admin = renderPage();
    expect(await screen.findByTestId('enterprise-publish')).toHaveTextContent('发布条目');
    admin.unmount();

    signIn({ ...member, orgEnable: false }, [ENTERPRISE_PUBLISH_PERMISSION]);
    renderPage();
    await screen.findByTestId('enterprise-library-empty');
    expect(screen.getByRole('alert')).toHaveTextContent('本企业已被停用');
    expect(screen.queryByTestId('enterprise-publish')).toBeNull();
  });

  it('checks the form before sending: required fields, and parameter names given twice', async () => {
    const server = serve([]);
    signIn(member, [ENTERPRISE_PUBLISH_PERMISSION]);
    await openPublishForm(server);

    fireEvent.click(screen.getByTestId('enterprise-publish-submit'));
    await waitFor(() => expect(form()).toHaveTextContent('请输入编码'));
    expect(form()).toHaveTextContent('请输入名称');
    expect(form()).toHaveTextContent('请选择分类');

    // Blanks are not a code; a parameter row needs both halves; a name may be given once.
    type('enterprise-publish-code', '   ');
    type('enterprise-publish-name', '垫圈');
    await chooseCategory('晶振');
    fireEvent.click(screen.getByTestId('enterprise-publish-add-parameter'));
    fireEvent.click(screen.getByTestId('enterprise-publish-add-parameter'));
    fireEvent.click(screen.getByTestId('enterprise-publish-add-parameter'));
    type('enterprise-publish-parameter-name-0', '外径');
    type('enterprise-publish-parameter-value-0', '20 mm');
    type('enterprise-publish-parameter-name-1', '外径 ');
    type('enterprise-publish-parameter-value-1', '21 mm');
    fireEvent.click(screen.getByTestId('enterprise-publish-submit'));
    await waitFor(() => expect(form()).toHaveTextContent('参数名“外径”重复'));
    expect(form()).toHaveTextContent('请输入编码');
    expect(form()).toHaveTextContent('请输入参数名');
    expect(form()).toHaveTextContent('请输入参数值');
    // The category's error leaves with an animation.
    await waitFor(() => expect(form()).not.toHaveTextContent('请选择分类'));

    // Renaming the second row clears the first row's error too.
    type('enterprise-publish-parameter-name-1', '厚度');
    await waitFor(() => expect(form()).not.toHaveTextContent('重复'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posts(server)).toHaveLength(0);
  });

  it('submits the exact draft, says it awaits review, and refetches the list', async () => {
    const server = serve([]);
    signIn(member, [ENTERPRISE_PUBLISH_PERMISSION]);
    await openPublishForm(server);
    expect(server.listCalls()).toHaveLength(1);

    fillRequired();
    await chooseCategory('电阻');
    type('enterprise-publish-manufacturer', '   ');
    type('enterprise-publish-description', ' 不锈钢 A2-70 ');
    fireEvent.click(screen.getByTestId('enterprise-publish-add-parameter'));
    type('enterprise-publish-parameter-name-0', '螺纹规格');
    type('enterprise-publish-parameter-value-0', 'M10');
    fireEvent.click(screen.getByTestId('enterprise-publish-add-parameter'));
    type('enterprise-publish-parameter-name-1', '公称长度');
    type('enterprise-publish-parameter-value-1', '40 mm');
    fireEvent.click(screen.getByTestId('enterprise-publish-submit'));

    await waitFor(() => expect(posts(server)).toHaveLength(1));
    const resistor = componentTree().find((node) => node.code === 'resistor')!;
    expect(posts(server)[0].url.pathname).toBe(ITEMS_PATH);
    expect(posts(server)[0].body).toStrictEqual({
      code: 'NB-M10X40',
      name: '内六角圆柱头螺钉 M10×40',
      categoryId: resistor.id,
      description: '不锈钢 A2-70',
      parameters: [
        { name: '螺纹规格', value: 'M10' },
        { name: '公称长度', value: '40 mm' },
      ],
    });
    expect(await screen.findByText('已提交，等待运营审核')).toBeInTheDocument();
    await waitFor(() => expect(server.listCalls()).toHaveLength(2));
    // Closed, and empty when opened again.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByTestId('enterprise-publish'));
    await waitFor(() => expect(screen.getByTestId('enterprise-publish-code')).toHaveValue(''));
  });

  it('shows the server’s refusal in the form and keeps what was typed', async () => {
    const server = serve([]);
    signIn(member, [ENTERPRISE_PUBLISH_PERMISSION]);
    await openPublishForm(server);
    server.publishAnswer = { body: envelope(null, 1_042_001_000, '仅企业用户可使用企业库') };

    fillRequired();
    await chooseCategory('晶振');
    fireEvent.click(screen.getByTestId('enterprise-publish-submit'));
    expect(await screen.findByTestId('enterprise-publish-error')).toHaveTextContent('仅企业用户可使用企业库');
    expect(screen.getByTestId('enterprise-publish-code')).toHaveValue('NB-M10X40');
    expect(screen.getByTestId('enterprise-publish-name')).toHaveValue('内六角圆柱头螺钉 M10×40');
    expect(screen.getByRole('dialog')).toBeVisible();
    expect(screen.queryByText('已提交，等待运营审核')).toBeNull();

    // An unknown category: under the category field.
    server.publishAnswer = { status: 200, body: envelope(null, 1_042_001_003, '分类不存在') };
    fireEvent.click(screen.getByTestId('enterprise-publish-submit'));
    await waitFor(() => expect(form()).toHaveTextContent('分类不存在'));
    expect(screen.queryByTestId('enterprise-publish-error')).toBeNull();
    expect(posts(server)).toHaveLength(2);
    expect(screen.getByTestId('enterprise-publish-code')).toHaveValue('NB-M10X40');
    // Nothing was stored, so the list was not asked again.
    expect(server.listCalls()).toHaveLength(1);
  });
});

describe('the enterprise strings', () => {
  it('has every key in both languages', () => {
    const keys = (messages: object, prefix = ''): string[] =>
      Object.entries(messages).flatMap(([key, value]) => (typeof value === 'object' ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`]));
    expect(keys(enterpriseMessages['en-US']).sort()).toEqual(keys(enterpriseMessages['zh-CN']).sort());
  });
});
