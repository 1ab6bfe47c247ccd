import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { AppProviders, changeLanguage, queryClient } from '@portal/providers';
import { clearToken, initialSessionState, sessionStore, setToken } from '@portal/session';
import { defineLibraryConfig, LibraryConfigProvider } from '../../../config/library-config';
import { enterpriseMessages } from '../../../i18n/enterprise-messages';
import BrandDetailPage from '../../../pages/brand-detail-page';
import { componentTree, envelope, installResizeObserver, routeFetch, type FetchAnswer, type RecordedFetch } from '../../../test/fixtures';
import {
  ENTERPRISE_BATCH_LIMITS,
  ENTERPRISE_PUBLISH_PERMISSION,
  EnterpriseErrorCode,
  type EnterpriseBatchReport,
  type EnterpriseItem,
  type ShowcaseItem,
} from '../api/enterprise-items';
import { carryShapeFile } from '../api/enterprise-shape-search';
import { StepConversionError } from '../../shape-search/step/step-tessellation';
import type * as StepTessellation from '../../shape-search/step/step-tessellation';

// jsdom has no Worker: the STEP tessellation (checked in Chromium by the 3D search's journeys) answers a mesh here.
const tessellation = vi.hoisted(() => ({ fail: undefined as Error | undefined, files: [] as File[] }));
vi.mock('../../shape-search/step/step-tessellation', async (importOriginal) => ({
  ...(await importOriginal<typeof StepTessellation>()),
  tessellateStep: async (file: File) => {
    tessellation.files.push(file);
    if (tessellation.fail) throw tessellation.fail;
    return { file: new File(['solid mesh'], file.name.replace(/\.(step|stp)$/i, '.stl')), triangles: 12 };
  },
}));

// jsdom has no WebGL: the 3D view (its loaders tested in model-formats.test.ts, its rendering by Chromium in the
// STEP journey) stands in as the file it would show.
vi.mock('./enterprise-model-view', () => ({
  EnterpriseModelView: ({ index, file }: { index: number; file: { name: string } }) => <div data-testid="model-view-stand-in">{`${index}:${file.name}`}</div>,
}));

// antd's tables, selects and dialogs take a few seconds to render in jsdom on a shared machine.
vi.setConfig({ testTimeout: 60_000 });

const ORG_ID = 12;
const ITEMS_PATH = '/to/api/enterprise/part/items';
const TREE_PATH = '/to/api/public/part/category/tree';
const TEMPLATE_PATH = `${ITEMS_PATH}/template`;
const BATCH_PATH = `${ITEMS_PATH}/batch`;
const UPLOAD_PATH = '/to/api/base/file/upload';
const FILE_PATH = `${ITEMS_PATH}/31/files/0`;
const SHOWCASE_PATH = `/to/api/enterprise/part/showcase/${ORG_ID}/items`;
const SHOWCASE_FILE_PATH = `${SHOWCASE_PATH}/31/files/0`;
const ORG_PATH = '/to/api/base/system/org/get';
const SEARCH3D_PATH = '/to/api/enterprise/part/search3d';
const SHAPE_QUERY_PATH = '/to/api/enterprise/part/shape-query/';
const STEP_TEXT = 'ISO-10303-21;\nEND-ISO-10303-21;\n';
const TEMPLATE = '\ufeff编码,名称,分类,厂商,描述,参数,文件\r\nNB-M8X30,内六角圆柱头螺钉 M8×30,电阻,宁波紧固件,不锈钢 A2-70,材质=Q235;厚度=3 mm\r\n';

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
  files: [{ kind: 'model', name: 'NB-M8X30.step', mediaType: 'model/step', size: 2048, digest: 'ab'.repeat(32) }],
  remark: null,
  submittedBy: 9,
  reviewedBy: 2,
  createTime: new Date(2025, 4, 6, 8, 30).getTime(),
  reviewTime: new Date(2025, 4, 7, 9, 5).getTime(),
  showcased: false,
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
  files: [],
  remark: '缺少材料牌号',
};
/** `item` with its model's picture drawn (so the server has read the model). */
const withPicture = (item: EnterpriseItem): EnterpriseItem => ({ ...item, files: item.files.map((file) => ({ ...file, thumbnail: 'ef'.repeat(32) })) });
const pending: EnterpriseItem = { ...approved, id: 33, state: 'pending', code: 'NB-N8', name: '六角螺母 M8', remark: null, reviewedBy: null, reviewTime: null };

interface Server {
  calls: RecordedFetch[];
  /** The GETs of the items list, newest last. */
  listCalls: () => URL[];
  /** The answer of the next POST (the stored item unless set). */
  publishAnswer: FetchAnswer | undefined;
  /** The answer of a resubmission's PUT (the item, pending, unless set). */
  resubmitAnswer: FetchAnswer | undefined;
  /** The answer of a batch import (every row imported unless set); a promise answers when it settles. */
  batchAnswer: FetchAnswer | Promise<FetchAnswer> | undefined;
  /** The answer of the template (the CSV unless set). */
  templateAnswer: FetchAnswer | undefined;
  /** The requests sent through XMLHttpRequest (the batch upload), also in `calls`. */
  xhrs: FakeXhr[];
  /** What the organisation's public page lists. */
  showcased: ShowcaseItem[];
  /** The item a POST stored, when `publishAnswer` set one (a preview of it is answered from it). */
  published?: EnterpriseItem;
}

/** `item` as the public page answers it: no review internals. */
function asShowcased({
  state: _state,
  remark: _remark,
  submittedBy: _by,
  reviewedBy: _reviewer,
  createTime: _created,
  reviewTime,
  showcased: _shown,
  ...item
}: EnterpriseItem): ShowcaseItem {
  return { ...item, publishTime: reviewTime };
}

/**
 * A stand-in for XMLHttpRequest as `sendXhr` of @portal/upload drives it (open, headers, send, upload progress,
 * load). `send` records the call and asks `route` for the answer; until that settles the test reports the body's
 * progress with `progress`, as a browser does while the file goes up.
 */
class FakeXhr {
  readonly upload = new FakeXhrEvents();
  readonly call: RecordedFetch = { method: 'GET', url: new URL('http://localhost/'), body: undefined, headers: new Headers(), rawBody: undefined };
  withCredentials = false;
  timeout = 0;
  status = 0;
  statusText = '';
  responseText = '';
  private readonly events = new FakeXhrEvents();
  private readonly responseHeaders = new Headers();

  constructor(
    private readonly route: (call: RecordedFetch) => FetchAnswer | undefined | Promise<FetchAnswer | undefined>,
    private readonly sent: (xhr: FakeXhr) => void,
  ) {}

  open(method: string, url: string): void {
    this.call.method = method.toUpperCase();
    this.call.url = new URL(url, 'http://localhost');
  }

  setRequestHeader(name: string, value: string): void {
    this.call.headers.append(name, value);
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders.get(name);
  }

  addEventListener(type: string, listener: (event: FakeProgress) => void): void {
    this.events.addEventListener(type, listener);
  }

  removeEventListener(type: string, listener: (event: FakeProgress) => void): void {
    this.events.removeEventListener(type, listener);
  }

  send(body: XMLHttpRequestBodyInit | null = null): void {
    this.call.rawBody = body as BodyInit | null;
    this.call.body = typeof body === 'string' ? JSON.parse(body) : undefined;
    this.sent(this);
    void Promise.resolve(this.route(this.call)).then((answer) => {
      const { status = 200, body: text, headers = {} } = answer ?? { status: 404, body: envelope(null, 404, `请求地址不存在:${this.call.url.pathname}`) };
      this.responseHeaders.set('content-type', 'application/json;charset=UTF-8');
      for (const [name, value] of Object.entries(headers)) this.responseHeaders.set(name, value);
      this.status = status;
      this.statusText = status === 200 ? 'OK' : '';
      this.responseText = text;
      this.events.emit('load', {});
    });
  }

  abort(): void {
    this.events.emit('abort', {});
  }

  /** Reports `loaded` of `total` bytes of the body sent (the upload's `progress` event). */
  progress(loaded: number, total: number): void {
    this.upload.emit('progress', { lengthComputable: true, loaded, total });
  }
}

interface FakeProgress {
  lengthComputable?: boolean;
  loaded?: number;
  total?: number;
}

/** The listeners of a FakeXhr or of its `upload`. */
class FakeXhrEvents {
  private readonly listeners = new Map<string, ((event: FakeProgress) => void)[]>();

  addEventListener(type: string, listener: (event: FakeProgress) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  removeEventListener(type: string, listener: (event: FakeProgress) => void): void {
    this.listeners.set(
      type,
      (this.listeners.get(type) ?? []).filter((known) => known !== listener),
    );
  }

  emit(type: string, event: FakeProgress): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

/** The enterprise and category routes of the part library, answering `list` to every page of items. */
function serve(list: EnterpriseItem[] = [approved, rejected, pending]): Server {
  const server: Server = {
    calls: [],
    listCalls: () => server.calls.filter((call) => call.method === 'GET' && call.url.pathname === ITEMS_PATH).map((call) => call.url),
    publishAnswer: undefined,
    resubmitAnswer: undefined,
    batchAnswer: undefined,
    templateAnswer: undefined,
    xhrs: [],
    showcased: [],
  };
  server.calls = routeFetch((call) => {
    if (call.url.pathname === TREE_PATH) return { body: envelope(componentTree()) };
    if (call.url.pathname === ORG_PATH)
      return call.url.searchParams.get('id') === String(ORG_ID)
        ? { body: envelope({ id: ORG_ID, name: member.orgName }) }
        : { body: envelope(null, 1_002_025_000, '组织不存在') };
    if (call.url.pathname === SHOWCASE_PATH) return { body: envelope({ list: server.showcased, total: server.showcased.length }) };
    if (call.url.pathname === SHOWCASE_FILE_PATH) return { body: STEP_TEXT, headers: { 'content-type': 'model/step' } };
    const showcase = /^\/to\/api\/enterprise\/part\/items\/(\d+)\/showcase$/.exec(call.url.pathname);
    if (showcase && call.method === 'PUT') {
      const item = list.find((known) => known.id === Number(showcase[1])) ?? approved;
      return { body: envelope({ ...item, ...(call.body as object) }) };
    }
    if (call.url.pathname === FILE_PATH && call.method === 'GET') return { body: STEP_TEXT, headers: { 'content-type': 'model/step' } };
    if (/^\/to\/api\/enterprise\/part\/items\/\d+\/files\/0$/.test(call.url.pathname) && !call.url.search && call.method === 'GET')
      return { body: STEP_TEXT, headers: { 'content-type': 'model/step' } };
    const preview = /^\/to\/api\/enterprise\/part\/items\/(\d+)\/files\/0\/preview$/.exec(call.url.pathname);
    if (preview && call.method === 'PUT') {
      const item = [...list, server.published].find((known) => known?.id === Number(preview[1])) ?? pending;
      return { body: envelope({ ...item, files: item.files.map((file, index) => (index === 0 ? { ...file, thumbnail: 'cd'.repeat(32) } : file)) }) };
    }
    if ((call.url.pathname === SEARCH3D_PATH && call.method === 'POST') || call.url.pathname.startsWith(SHAPE_QUERY_PATH)) {
      // A file named empty.* stands for an organisation without comparable models.
      const name = call.method === 'POST' ? ((call.rawBody as FormData).get('file') as File).name : '';
      const searched = name.startsWith('empty') ? 0 : 2;
      const list = searched === 0 ? [] : [{ item: approved, score: 93.5, fileIndex: 0, thumbnailUrl: null }];
      return { body: envelope({ list, total: list.length, searched, queryToken: 'ab'.repeat(16) }) };
    }
    const similar = /^\/to\/api\/enterprise\/part\/items\/(\d+)\/similar$/.exec(call.url.pathname);
    if (similar && call.method === 'GET') {
      const alike = { ...withPicture(approved), id: Number(similar[1]) + 3, code: `LIKE-${similar[1]}`, name: `与 ${similar[1]} 相似` };
      return { body: envelope({ list: [{ item: alike, score: 88.2, fileIndex: 0, thumbnailUrl: null }], total: 1, searched: 3, queryToken: null }) };
    }
    if (call.url.pathname === TEMPLATE_PATH && call.method === 'GET')
      return server.templateAnswer ?? { body: TEMPLATE, headers: { 'content-type': 'text/csv;charset=UTF-8' } };
    const resubmitted = /^\/to\/api\/enterprise\/part\/items\/(\d+)$/.exec(call.url.pathname);
    if (resubmitted && call.method === 'PUT')
      return server.resubmitAnswer ?? { body: envelope({ ...pending, id: Number(resubmitted[1]), ...(call.body as object) }) };
    if (call.url.pathname !== ITEMS_PATH) return undefined;
    if (call.method === 'POST') return server.publishAnswer ?? { body: envelope({ ...pending, id: 40, ...(call.body as object) }) };
    return { body: envelope({ list: list, total: list.length }) };
  }).calls;
  // The batch import goes through XMLHttpRequest (for its upload progress); sent with fetch, it would get the 404.
  const routeXhr = (call: RecordedFetch): FetchAnswer | Promise<FetchAnswer> | undefined => {
    if (call.url.pathname === UPLOAD_PATH && call.method === 'POST') {
      const file = (call.rawBody as FormData).get('file') as File;
      return { body: envelope({ id: '5', url: '/to/api/base/file/content/get/k', name: file.name, size: file.size, claim: `claim-of-${file.name}` }) };
    }
    return call.url.pathname === BATCH_PATH && call.method === 'POST'
      ? (server.batchAnswer ?? { body: envelope({ rows: 3, imported: 3, errors: [] } satisfies EnterpriseBatchReport) })
      : undefined;
  };
  vi.stubGlobal(
    'XMLHttpRequest',
    class extends FakeXhr {
      constructor() {
        super(routeXhr, (xhr) => {
          server.calls.push(xhr.call);
          server.xhrs.push(xhr);
        });
      }
    },
  );
  return server;
}

function signIn(user: typeof member | null, permissions: string[] = []) {
  sessionStore.setState({ user, permissions, isSetUser: user !== null });
}

/** The page at `url`; `state` is the navigation's state as React Router keeps it in the history entry. */
function renderPage(url = `/part/brand-detail/${ORG_ID}?type=1`, state?: unknown) {
  window.history.replaceState(state === undefined ? null : { usr: state, key: 'arrival', idx: 0 }, '', url);
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
  clearToken();
  queryClient.clear();
  vi.unstubAllGlobals();
  sessionStore.setState(initialSessionState());
  window.history.replaceState(null, '', '/');
});

describe('the enterprise library (brand-detail ?type=1)', () => {
  it('shows a non-member and a signed-out visitor the organisation’s public page, never its library', async () => {
    const server = serve();
    server.showcased = [asShowcased({ ...approved, files: [{ ...approved.files[0], thumbnail: 'ef'.repeat(32) }] })];
    const downloads = captureDownloads();
    try {
      signIn({ ...member, orgId: 13 });
      const other = renderPage();
      await waitFor(() => expect(screen.getByTestId('enterprise-showcase-name')).toHaveTextContent('宁波紧固件有限公司'));
      expect(await screen.findByTestId('enterprise-showcase-row-31')).toHaveTextContent('NB-M8X30');
      expect(screen.getByTestId('enterprise-showcase')).toHaveTextContent('2025-05-07 09:05');
      expect(screen.queryByTestId('enterprise-showcase-back')).toBeNull();
      other.unmount();

      signIn(null);
      renderPage();
      fireEvent.click(await screen.findByTestId('enterprise-showcase-view-31'));
      const drawer = await screen.findByTestId('enterprise-item-drawer');
      expect(drawer).toHaveTextContent('发布时间');
      // Nothing of the review is shown to the public.
      expect(drawer).not.toHaveTextContent('审核状态');
      expect(screen.queryByTestId('enterprise-item-drawer-remark')).toBeNull();
      fireEvent.click(within(drawer).getByRole('button', { name: '下载 NB-M8X30.step' }));
      await waitFor(() => expect(downloads.saved).toHaveLength(1));
      expect(await downloads.saved[0].blob.text()).toBe(STEP_TEXT);
      expect(server.calls.some((call) => call.url.pathname === SHOWCASE_FILE_PATH && call.url.search === '?thumbnail=true')).toBe(true);
      // The organisation's own list is never asked for.
      expect(server.listCalls()).toHaveLength(0);
      expect(screen.queryByTestId('enterprise-library')).toBeNull();
    } finally {
      downloads.restore();
    }
  });

  it('says when an organisation shows nothing, searches what it shows, and when it does not exist', async () => {
    const server = serve();
    signIn(null);
    const empty = renderPage();
    expect(await screen.findByTestId('enterprise-showcase-empty')).toHaveTextContent('该企业暂未在此资源库公开条目。');
    fireEvent.change(screen.getByTestId('enterprise-showcase-keyword'), { target: { value: ' M8 ' } });
    fireEvent.click(screen.getByTestId('enterprise-showcase-keyword-search'));
    await waitFor(() => expect(server.calls.some((call) => call.url.pathname === SHOWCASE_PATH && call.url.searchParams.get('keyword') === 'M8')).toBe(true));
    expect(await screen.findByTestId('enterprise-showcase-empty')).toHaveTextContent('没有符合筛选条件的条目。');
    empty.unmount();
    renderPage('/part/brand-detail/99?type=1');
    expect(await screen.findByTestId('enterprise-showcase-missing')).toHaveTextContent('企业不存在');
  });

  it('lets a publishing member show an approved item on the public page, and preview the page', async () => {
    const server = serve([approved, { ...rejected, showcased: true }, pending]);
    signIn(member, [ENTERPRISE_PUBLISH_PERMISSION]);
    renderPage();
    const toggle = await screen.findByTestId('enterprise-item-showcase-31');
    expect(toggle).toHaveAccessibleName('在企业公开主页展示 NB-M8X30');
    // Only approved items have the switch; a rejected one the organisation chose to show waits for approval.
    expect(screen.queryByTestId('enterprise-item-showcase-32')).toBeNull();
    expect(row(32)).toHaveTextContent('审核通过后公开');
    fireEvent.click(toggle);
    await waitFor(() => expect(server.calls.some((call) => call.method === 'PUT' && call.url.pathname === `${ITEMS_PATH}/31/showcase`)).toBe(true));
    const put = server.calls.find((call) => call.method === 'PUT' && call.url.pathname === `${ITEMS_PATH}/31/showcase`);
    expect(put?.body).toEqual({ showcased: true });
    expect(await screen.findByText('NB-M8X30 已在企业公开主页展示')).toBeInTheDocument();
    // The drawer did not open: the switch is not a click on the row.
    expect(screen.queryByTestId('enterprise-item-drawer')).toBeNull();

    fireEvent.click(screen.getByTestId('enterprise-public-view'));
    expect(await screen.findByTestId('enterprise-showcase')).toHaveTextContent('这是所有人（包括未登录的访客）看到的企业公开主页');
    expect(await screen.findByTestId('enterprise-showcase-empty')).toHaveTextContent('还没有公开的条目');
    fireEvent.click(screen.getByTestId('enterprise-showcase-back'));
    expect(await screen.findByTestId('enterprise-library')).toBeInTheDocument();
  });

  it('shows a member without the permission what is public, without a switch', async () => {
    serve([{ ...approved, showcased: true }]);
    signIn(member, ['system:user:query']);
    renderPage();
    await waitFor(() => expect(row(31)).toHaveTextContent('已公开'));
    expect(screen.queryByTestId('enterprise-item-showcase-31')).toBeNull();
  });

  it('shows a member the organisation’s items from the server, and sends the state filter and the keyword', async () => {
    const server = serve();
    signIn(member);
    renderPage();
    expect(await screen.findByTestId('enterprise-library-name')).toHaveTextContent('宁波紧固件有限公司');
    await waitFor(() => expect(row(31)).toBeInTheDocument());
    expect(Object.fromEntries(server.listCalls()[0].searchParams)).toEqual({ pageNo: '1', pageSize: '20' });
    // Without enterprise:item:publish nothing is revised.
    expect(screen.queryByTestId('enterprise-item-revise-31')).toBeNull();

    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['编码', '名称', '分类', '厂商', '状态', '提交时间', '公开展示', '审核意见', '操作']);
    const cells = (id: number) => [...row(id).querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells(31)).toEqual(['NB-M8X30', '内六角圆柱头螺钉 M8×30', '电阻', '宁波紧固件', '已通过', '2025-05-06 08:30', '—', '—', '查看']);
    // A rejected item states the reviewer's remark; a missing manufacturer is a dash.
    expect(cells(32)).toEqual(['NB-W10', '平垫圈 10', '晶振', '—', '已驳回', '2025-05-06 08:30', '—', '缺少材料牌号', '查看']);
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

  it('finds the organisation’s items by shape: the model goes up once, is asked again by its token, and a hit opens the item', async () => {
    const server = serve();
    signIn(member);
    renderPage();
    await waitFor(() => expect(row(31)).toBeInTheDocument());
    fireEvent.click(screen.getByTestId('enterprise-shape-search-open'));
    const dialog = await screen.findByTestId('enterprise-shape-search');
    const choose = (file: File) =>
      fireEvent.change(within(dialog).getByTestId('shape-upload-model').querySelector('input[type=file]')!, { target: { files: [file] } });
    const model = new File(['solid t\nendsolid t\n'], 'bracket.stl');
    choose(model);
    const hit = await within(dialog).findByTestId('enterprise-shape-hit');
    expect(hit).toHaveTextContent('NB-M8X30 · 内六角圆柱头螺钉 M8×30');
    expect(hit).toHaveTextContent('相似度 93.5%');
    expect(within(dialog).getByTestId('enterprise-shape-total')).toHaveTextContent('在本企业 2 个带模型的已通过条目中找到 1 个');
    const uploads = server.calls.filter((call) => call.url.pathname === SEARCH3D_PATH);
    expect(uploads).toHaveLength(1);
    expect(Object.fromEntries(uploads[0].url.searchParams)).toEqual({ minScore: '0', pageSize: '20' });
    expect(((uploads[0].rawBody as FormData).get('file') as File).name).toBe('bracket.stl');

    // A slider move asks the same file again by the token of the first answer: not sent again.
    const handle = within(within(dialog).getByTestId('enterprise-shape-min-score')).getByRole('slider');
    fireEvent.keyDown(handle, { key: 'ArrowRight', keyCode: 39 });
    fireEvent.keyUp(handle, { key: 'ArrowRight', keyCode: 39 });
    await waitFor(() => expect(server.calls.some((call) => call.url.pathname === `${SHAPE_QUERY_PATH}${'ab'.repeat(16)}`)).toBe(true));
    expect(server.calls.find((call) => call.url.pathname.startsWith(SHAPE_QUERY_PATH))?.url.searchParams.get('minScore')).toBe('5');
    expect(server.calls.filter((call) => call.url.pathname === SEARCH3D_PATH)).toHaveLength(1);

    fireEvent.click(within(dialog).getByRole('button', { name: '查看 NB-M8X30' }));
    await waitFor(() => expect(screen.getByTestId('enterprise-item-drawer-code')).toHaveTextContent('NB-M8X30'));
    // The dialog steps aside for the item, its results kept.
    await waitFor(() => expect(document.querySelector('.ant-modal-wrap')).not.toBeVisible());
    // Closing the item brings the dialog back with its results.
    fireEvent.click(document.querySelector<HTMLElement>('.ant-drawer-close')!);
    await waitFor(() => expect(document.querySelector('.ant-modal-wrap')).toBeVisible());
    expect(within(dialog).getByTestId('enterprise-shape-hit')).toHaveTextContent('NB-M8X30');

    // An organisation without a comparable model is told so.
    choose(new File(['solid e\nendsolid e\n'], 'empty.stl'));
    expect(await within(dialog).findByTestId('enterprise-shape-no-models')).toHaveTextContent('本企业在此资源库中还没有带可比较模型的已通过条目');
  });

  it('opens 按形状查找 on arrival from the public model search in private mode, and forgets it once closed', async () => {
    serve();
    signIn(member);
    renderPage(`/part/brand-detail/${ORG_ID}?type=1&shapeSearch=model`);
    const dialog = await screen.findByTestId('enterprise-shape-search');
    expect(dialog.querySelector('.ant-segmented-item-selected')).toHaveTextContent('三维模型');
    fireEvent.click(document.querySelector<HTMLElement>('.ant-modal-close')!);
    await waitFor(() => expect(window.location.search).toBe('?type=1'));
    await waitFor(() => expect(screen.queryByTestId('enterprise-shape-search')).toBeNull());
  });

  it('searches on arrival with the file the public model search carried, and sends a later upload of another file', async () => {
    const server = serve();
    signIn(member);
    const uploaded = () =>
      server.calls.filter((call) => call.url.pathname === SEARCH3D_PATH).map((call) => ((call.rawBody as FormData).get('file') as File).name);
    renderPage(`/part/brand-detail/${ORG_ID}?type=1&shapeSearch=model`, carryShapeFile(new File(['solid t\nendsolid t\n'], 'bracket.stl')));
    let dialog = await screen.findByTestId('enterprise-shape-search');
    expect(within(dialog).getByTestId('shape-upload-chosen')).toHaveTextContent('已选择：bracket.stl');
    expect(await within(dialog).findByTestId('enterprise-shape-hit')).toHaveTextContent('NB-M8X30');
    expect(uploaded()).toEqual(['bracket.stl']);

    // Closed and opened again, the dialog starts empty; another file is searched with, not answered from the
    // first one's cache.
    fireEvent.click(document.querySelector<HTMLElement>('.ant-modal-close')!);
    await waitFor(() => expect(screen.queryByTestId('enterprise-shape-search')).toBeNull());
    fireEvent.click(screen.getByTestId('enterprise-shape-search-open'));
    dialog = await screen.findByTestId('enterprise-shape-search');
    expect(within(dialog).queryByTestId('shape-upload-chosen')).toBeNull();
    fireEvent.change(within(dialog).getByTestId('shape-upload-model').querySelector('input[type=file]')!, {
      target: { files: [new File(['solid u\nendsolid u\n'], 'flange.stl')] },
    });
    await waitFor(() => expect(uploaded()).toEqual(['bracket.stl', 'flange.stl']));
  });

  it('finds the items shaped like an approved one from its drawer, and like a hit of that search in turn', async () => {
    const unread = { ...approved, id: 35, code: 'NB-M6' };
    const server = serve([withPicture(approved), rejected, withPicture(pending), unread]);
    signIn(member);
    renderPage();
    await waitFor(() => expect(row(31)).toBeInTheDocument());
    const openItem = async (code: string) => {
      fireEvent.click(screen.getByRole('button', { name: `查看 ${code}` }));
      await waitFor(() => expect(screen.getByTestId('enterprise-item-drawer-code')).toHaveTextContent(code));
    };
    // Only an approved item whose model the server read can be compared: not a rejected or pending one, nor a STEP
    // model without its picture.
    for (const code of ['NB-W10', 'NB-N8', 'NB-M6']) {
      await openItem(code);
      expect(screen.queryByTestId('enterprise-item-find-similar')).toBeNull();
    }
    await openItem('NB-M8X30');
    fireEvent.click(screen.getByRole('button', { name: '查找与 NB-M8X30 形状相似的本企业条目' }));
    const dialog = await screen.findByTestId('enterprise-shape-search');
    expect(within(dialog).getByTestId('enterprise-shape-similar-to')).toHaveTextContent('与 NB-M8X30 形状相似的本企业条目');
    const hit = await within(dialog).findByTestId('enterprise-shape-hit');
    expect(hit).toHaveTextContent('LIKE-31 · 与 31 相似');
    expect(hit).toHaveTextContent('相似度 88.2%');
    expect(within(dialog).getByTestId('enterprise-shape-total')).toHaveTextContent('在本企业 3 个带模型的已通过条目中找到 1 个');
    const similarCalls = (id: number) => server.calls.filter((call) => call.url.pathname === `${ITEMS_PATH}/${id}/similar`);
    expect(similarCalls(31)).toHaveLength(1);
    expect(Object.fromEntries(similarCalls(31)[0].url.searchParams)).toEqual({ minScore: '0', pageSize: '20' });

    // A hit's drawer offers the same for it: the dialog starts again with that item.
    fireEvent.click(within(dialog).getByRole('button', { name: '查看 LIKE-31' }));
    await waitFor(() => expect(screen.getByTestId('enterprise-item-drawer-code')).toHaveTextContent('LIKE-31'));
    fireEvent.click(screen.getByTestId('enterprise-item-find-similar'));
    await waitFor(() => expect(screen.getByTestId('enterprise-shape-similar-to')).toHaveTextContent('与 LIKE-31 形状相似的本企业条目'));
    expect(await screen.findByText('LIKE-34 · 与 34 相似')).toBeInTheDocument();
    expect(similarCalls(34)).toHaveLength(1);

    // An upload replaces the item as what is searched with.
    fireEvent.change(screen.getByTestId('shape-upload-model').querySelector('input[type=file]')!, {
      target: { files: [new File(['solid t\nendsolid t\n'], 'bracket.stl')] },
    });
    expect(await screen.findByText('NB-M8X30 · 内六角圆柱头螺钉 M8×30')).toBeInTheDocument();
    expect(screen.queryByTestId('enterprise-shape-similar-to')).toBeNull();
    expect(server.calls.filter((call) => call.url.pathname === SEARCH3D_PATH)).toHaveLength(1);
  });

  it('views a model in 3D below the item’s files (a STEP or VRML one here), not an IGES one or a datasheet', async () => {
    const model = approved.files[0];
    const datasheet = { ...model, kind: 'datasheet' as const, name: 'NB-M8X30.pdf', mediaType: 'application/pdf' };
    serve([
      { ...approved, files: [model, datasheet] },
      { ...rejected, files: [{ ...model, name: 'NB-W10.igs' }] },
      { ...pending, files: [{ ...model, name: 'NB-N8.wrl' }] },
    ]);
    signIn(member);
    renderPage();
    await waitFor(() => expect(row(31)).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: '查看 NB-M8X30' }));
    const files = await screen.findByTestId('enterprise-item-files');
    expect(within(files).queryByTestId('enterprise-item-file-view-1')).toBeNull();
    fireEvent.click(within(files).getByRole('button', { name: '三维查看 NB-M8X30.step' }));
    const view = await screen.findByTestId('enterprise-item-model-view');
    expect(view).toHaveTextContent('NB-M8X30.step');
    expect(await within(view).findByTestId('model-view-stand-in')).toHaveTextContent('0:NB-M8X30.step');
    expect(within(files).getByTestId('enterprise-item-file-view-0')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: '关闭三维查看' }));
    expect(screen.queryByTestId('enterprise-item-model-view')).toBeNull();

    // Another item starts without a view; IGES is downloaded, not viewed; VRML is.
    fireEvent.click(within(files).getByTestId('enterprise-item-file-view-0'));
    fireEvent.click(screen.getByRole('button', { name: '查看 NB-W10' }));
    await waitFor(() => expect(screen.getByTestId('enterprise-item-drawer-code')).toHaveTextContent('NB-W10'));
    expect(screen.queryByTestId('enterprise-item-model-view')).toBeNull();
    expect(screen.queryByTestId('enterprise-item-file-view-0')).toBeNull();
    expect(screen.getByTestId('enterprise-item-file-download-0')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '查看 NB-N8' }));
    await waitFor(() => expect(screen.getByTestId('enterprise-item-drawer-code')).toHaveTextContent('NB-N8'));
    fireEvent.click(screen.getByTestId('enterprise-item-file-view-0'));
    expect(await screen.findByTestId('model-view-stand-in')).toHaveTextContent('0:NB-N8.wrl');
  });

  it('lists an item’s files with the model’s picture and downloads one with the session’s token', async () => {
    const server = serve([{ ...approved, files: [{ ...approved.files[0], thumbnail: 'ef'.repeat(32) }] }, rejected]);
    const downloads = captureDownloads();
    try {
      setToken({ accessToken: 'member-access-token', refreshToken: 'member-refresh-token' });
      signIn(member);
      renderPage();
      await waitFor(() => expect(row(31)).toBeInTheDocument());
      fireEvent.click(screen.getByRole('button', { name: '查看 NB-M8X30' }));
      const files = await screen.findByTestId('enterprise-item-files');
      expect(
        within(files)
          .getAllByRole('row')
          .map((fileRow) => fileRow.textContent),
      ).toEqual(['类型名称大小操作', '三维模型NB-M8X30.step2 KB三维查看下载']);
      fireEvent.click(screen.getByRole('button', { name: '下载 NB-M8X30.step' }));
      await waitFor(() => expect(downloads.saved).toHaveLength(1));
      const fileCalls = server.calls.filter((call) => call.url.pathname === FILE_PATH && !call.url.search);
      expect(fileCalls[0].headers.get('Authorization')).toBe('Bearer member-access-token');
      expect(downloads.saved[0].name).toBe('NB-M8X30.step');
      expect(await downloads.saved[0].blob.text()).toBe(STEP_TEXT);
      // An item without files says so.
      fireEvent.click(screen.getByRole('button', { name: '查看 NB-W10' }));
      await waitFor(() => expect(screen.getByTestId('enterprise-item-drawer')).toHaveTextContent('没有文件'));
    } finally {
      downloads.restore();
    }
  });

  it('explains an empty library, and says when only the filter finds nothing', async () => {
    serve([]);
    signIn(member);
    renderPage();
    const empty = await screen.findByTestId('enterprise-library-empty');
    expect(empty).toHaveTextContent('本企业在此资源库中还没有条目。');
    expect(empty).toHaveTextContent('本企业发布的条目经平台审核通过后显示在这里；企业库只有本企业的成员能看到，打开“公开展示”的条目也会出现在企业公开主页上。');
    fireEvent.click(screen.getByRole('radio', { name: '审核中' }));
    await waitFor(() => expect(screen.getByTestId('enterprise-library-empty')).toHaveTextContent('没有符合筛选条件的条目。'));
  });

  it('shows the server’s refusal of the list', async () => {
    routeFetch((call) => (call.url.pathname === ITEMS_PATH ? { body: envelope(null, 1_042_001_000, '仅企业用户可使用企业库') } : undefined));
    signIn(member);
    renderPage();
    expect(await screen.findByTestId('enterprise-items-error')).toHaveTextContent('仅企业用户可使用企业库');
  });

  it('offers 发布条目 and 批量发布 only with enterprise:item:publish (or every permission), and not in a disabled organisation', async () => {
    serve([]);
    signIn(member, ['system:user:query']);
    const reader = renderPage();
    await screen.findByTestId('enterprise-library-empty');
    expect(screen.queryByTestId('enterprise-publish')).toBeNull();
    expect(screen.queryByTestId('enterprise-batch')).toBeNull();
    // Told whom to ask: the organisation's administrators decide who publishes.
    expect(screen.getByTestId('enterprise-cannot-publish')).toHaveTextContent('请联系组织管理员');
    reader.unmount();

    signIn(member, ['*:*:*']);
    const admin = renderPage();
    expect(await screen.findByTestId('enterprise-publish')).toHaveTextContent('发布条目');
    expect(screen.getByTestId('enterprise-batch')).toHaveTextContent('批量发布');
    expect(screen.queryByTestId('enterprise-cannot-publish')).toBeNull();
    admin.unmount();

    signIn({ ...member, orgEnable: false }, [ENTERPRISE_PUBLISH_PERMISSION]);
    renderPage();
    await screen.findByTestId('enterprise-library-empty');
    expect(screen.getByRole('alert')).toHaveTextContent('本企业已被停用');
    expect(screen.queryByTestId('enterprise-cannot-publish')).toBeNull();
    expect(screen.queryByTestId('enterprise-publish')).toBeNull();
    expect(screen.queryByTestId('enterprise-batch')).toBeNull();
  });

  it('revises a decided item: the form starts from it, shows the rejection, keeps the ticked files and resubmits', async () => {
    const server = serve();
    signIn(member, [ENTERPRISE_PUBLISH_PERMISSION]);
    renderPage();
    await screen.findByTestId(`enterprise-item-row-${approved.id}`);
    // What an operator is reviewing is not revised.
    expect(screen.queryByTestId(`enterprise-item-revise-${pending.id}`)).toBeNull();

    fireEvent.click(screen.getByTestId(`enterprise-item-revise-${rejected.id}`));
    expect(await screen.findByTestId('enterprise-revise-remark')).toHaveTextContent('驳回意见：缺少材料牌号');
    expect(screen.getByTestId('enterprise-publish-code')).toHaveValue('NB-W10');
    expect(screen.queryByTestId('enterprise-revise-files')).toBeNull();
    fireEvent.click(screen.getByTestId('enterprise-publish-cancel'));
    await waitFor(() => expect(screen.queryByTestId('enterprise-revise-remark')).toBeNull());

    fireEvent.click(screen.getByTestId(`enterprise-item-revise-${approved.id}`));
    const files = await screen.findByTestId('enterprise-revise-files');
    expect(screen.getByRole('dialog')).toHaveTextContent('修改并重新提交：NB-M8X30');
    expect(screen.getByTestId('enterprise-publish-name')).toHaveValue(approved.name);
    expect(screen.getByTestId('enterprise-publish-parameter-value-1')).toHaveValue('30 mm');
    const keep = within(files).getByRole('checkbox');
    expect(files).toHaveTextContent('三维模型：NB-M8X30.step（2 KB）');
    expect(keep).toBeChecked();
    fireEvent.click(keep);
    expect(keep).not.toBeChecked();
    type('enterprise-publish-name', '内六角圆柱头螺钉 M8×30（A4-80）');
    await waitFor(() => expect(screen.getByTestId('enterprise-publish-submit')).toHaveTextContent('重新提交审核'));
    fireEvent.click(screen.getByTestId('enterprise-publish-submit'));
    await waitFor(() => expect(server.calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    const put = server.calls.find((call) => call.method === 'PUT')!;
    expect(put.url.pathname).toBe(`${ITEMS_PATH}/${approved.id}`);
    expect(put.body).toStrictEqual({
      code: 'NB-M8X30',
      name: '内六角圆柱头螺钉 M8×30（A4-80）',
      categoryId: 8,
      manufacturer: '宁波紧固件',
      description: '不锈钢 A2-70，全螺纹',
      parameters: approved.parameters,
      keepFiles: [],
    });
    expect(await screen.findByText('已重新提交，等待运营审核')).toBeInTheDocument();
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

    // Under a loaded CI machine the form's validation, the POST and the toast take seconds, not the default one.
    await waitFor(() => expect(posts(server)).toHaveLength(1), { timeout: 5000 });
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
    expect(await screen.findByText('已提交，等待运营审核', undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(server.listCalls()).toHaveLength(2), { timeout: 5000 });
    // Closed, and empty when opened again.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    fireEvent.click(screen.getByTestId('enterprise-publish'));
    await waitFor(() => expect(screen.getByTestId('enterprise-publish-code')).toHaveValue(''));
  });

  it('uploads a model through the file service and sends its claim; a file of the wrong type is refused unsent', async () => {
    const server = serve([]);
    signIn(member, [ENTERPRISE_PUBLISH_PERMISSION]);
    await openPublishForm(server);
    let chosen: File | undefined;
    // The browser's file picker: the hidden input gets the chosen file.
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(function (this: HTMLInputElement) {
      Object.defineProperty(this, 'files', { value: chosen ? [chosen] : [], configurable: true });
      this.dispatchEvent(new Event('change'));
    });
    try {
      chosen = new File(['notes'], 'notes.txt', { type: 'text/plain' });
      fireEvent.click(screen.getByTestId('enterprise-publish-file-model-choose'));
      expect(await screen.findByTestId('enterprise-publish-file-model-refused')).toHaveTextContent('“notes.txt”的类型不符，请选择 step, stp');
      expect(server.xhrs).toHaveLength(0);

      chosen = new File([STEP_TEXT], 'bracket.step', { type: '' });
      fireEvent.click(screen.getByTestId('enterprise-publish-file-model-choose'));
      await waitFor(() => expect(screen.getByTestId('enterprise-publish-file-model-task')).toHaveAttribute('data-status', 'done'));
      const upload = server.xhrs[0].call;
      expect(upload.url.pathname).toBe(UPLOAD_PATH);
      expect((upload.rawBody as FormData).get('bizCode')).toBe('model');

      fillRequired();
      await chooseCategory('电阻');
      fireEvent.click(screen.getByTestId('enterprise-publish-submit'));
      await waitFor(() => expect(posts(server).filter((call) => call.url.pathname === ITEMS_PATH)).toHaveLength(1));
      const sent = posts(server).find((call) => call.url.pathname === ITEMS_PATH)!;
      expect((sent.body as { files: unknown }).files).toStrictEqual([{ kind: 'model', claim: 'claim-of-bracket.step' }]);
    } finally {
      click.mockRestore();
    }
  });

  it('draws a pending STEP model’s preview from the downloaded file, and offers it nowhere else', async () => {
    tessellation.fail = undefined;
    tessellation.files = [];
    const server = serve([approved, pending]);
    setToken({ accessToken: 'member-access-token', refreshToken: 'member-refresh-token' });
    signIn(member, [ENTERPRISE_PUBLISH_PERMISSION]);
    renderPage();
    await waitFor(() => expect(row(33)).toBeInTheDocument());
    // Approved: the picture is what the operator saw; nothing to draw.
    fireEvent.click(screen.getByRole('button', { name: '查看 NB-M8X30' }));
    await screen.findByTestId('enterprise-item-files');
    expect(screen.queryByTestId('enterprise-item-file-preview-0')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '查看 NB-N8' }));
    const draw = await screen.findByRole('button', { name: '生成 NB-M8X30.step 的预览图' });
    expect(server.calls.some((call) => call.url.search === '?thumbnail=true')).toBe(false);
    fireEvent.click(draw);
    expect(await screen.findByText('已生成“NB-M8X30.step”的预览图')).toBeInTheDocument();
    // The model came down with the session's token, went through the tessellation whole, and its mesh went up.
    const fetched = server.calls.find((call) => call.method === 'GET' && call.url.pathname === `${ITEMS_PATH}/33/files/0`);
    expect(fetched?.headers.get('Authorization')).toBe('Bearer member-access-token');
    expect(tessellation.files.map((file) => file.name)).toEqual(['NB-M8X30.step']);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(tessellation.files[0]);
    });
    expect(text).toBe(STEP_TEXT);
    const put = server.calls.find((call) => call.method === 'PUT' && call.url.pathname === `${ITEMS_PATH}/33/files/0/preview`);
    expect(((put?.rawBody as FormData).get('file') as File).name).toBe('NB-M8X30.stl');
    // The drawer shows the item as answered: the picture, and no button.
    await waitFor(() => expect(screen.queryByTestId('enterprise-item-file-preview-0')).toBeNull());
    expect(server.calls.some((call) => call.url.pathname === `${ITEMS_PATH}/33/files/0` && call.url.search === '?thumbnail=true')).toBe(true);
  });

  it('says why a preview could not be drawn, and a member without the permission is not offered one', async () => {
    tessellation.fail = new StepConversionError('empty');
    tessellation.files = [];
    const server = serve([pending]);
    signIn(member, [ENTERPRISE_PUBLISH_PERMISSION]);
    const view = renderPage();
    await waitFor(() => expect(row(33)).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: '查看 NB-N8' }));
    fireEvent.click(await screen.findByRole('button', { name: '生成 NB-M8X30.step 的预览图' }));
    expect(await screen.findByText('未能生成“NB-M8X30.step”的预览图：模型中没有实体。可在条目详情中重试。')).toBeInTheDocument();
    expect(server.calls.some((call) => call.method === 'PUT')).toBe(false);
    // Still offered: the member may try again.
    expect(screen.getByTestId('enterprise-item-file-preview-0')).toBeInTheDocument();
    view.unmount();

    signIn(member);
    renderPage();
    await waitFor(() => expect(row(33)).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: '查看 NB-N8' }));
    await screen.findByTestId('enterprise-item-files');
    expect(screen.queryByTestId('enterprise-item-file-preview-0')).toBeNull();
  });

  it('draws the preview of a STEP model just published from the file in hand', async () => {
    tessellation.fail = undefined;
    tessellation.files = [];
    const server = serve([]);
    const stored: EnterpriseItem = {
      ...pending,
      id: 40,
      files: [{ kind: 'model', name: 'bracket.step', mediaType: 'model/step', size: 33, digest: 'ab'.repeat(32) }],
    };
    server.publishAnswer = { body: envelope(stored) };
    server.published = stored;
    signIn(member, [ENTERPRISE_PUBLISH_PERMISSION]);
    await openPublishForm(server);
    const chosen = new File([STEP_TEXT], 'bracket.step', { type: '' });
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(function (this: HTMLInputElement) {
      Object.defineProperty(this, 'files', { value: [chosen], configurable: true });
      this.dispatchEvent(new Event('change'));
    });
    try {
      fireEvent.click(screen.getByTestId('enterprise-publish-file-model-choose'));
      await waitFor(() => expect(screen.getByTestId('enterprise-publish-file-model-task')).toHaveAttribute('data-status', 'done'));
      fillRequired();
      await chooseCategory('电阻');
      fireEvent.click(screen.getByTestId('enterprise-publish-submit'));
      expect(await screen.findByText('已生成“bracket.step”的预览图', undefined, { timeout: 5000 })).toBeInTheDocument();
      expect(tessellation.files).toEqual([chosen]);
      // The file was in hand: nothing downloaded.
      expect(server.calls.some((call) => call.method === 'GET' && call.url.pathname === `${ITEMS_PATH}/40/files/0`)).toBe(false);
      expect(server.calls.some((call) => call.method === 'PUT' && call.url.pathname === `${ITEMS_PATH}/40/files/0/preview`)).toBe(true);
    } finally {
      click.mockRestore();
    }
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

/** The files the page saves (an object URL clicked through an anchor): blob, name; `restore` undoes the stubs. */
function captureDownloads() {
  const saved: { blob: Blob; name: string }[] = [];
  const blobs = new Map<string, Blob>();
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => {
      const url = `blob:download-${blobs.size}`;
      blobs.set(url, blob);
      return url;
    }),
    revokeObjectURL: vi.fn(),
  });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.getAttribute('href') ?? '');
    if (blob) saved.push({ blob, name: this.download });
  });
  return { saved, restore: () => click.mockRestore() };
}

const batchModal = () => screen.getByTestId('enterprise-batch-modal');
const importButton = () => screen.getByTestId('enterprise-batch-import');
const batchPosts = (server: Server) => server.calls.filter((call) => call.method === 'POST' && call.url.pathname === BATCH_PATH);
const csvFile = (name = 'items.csv', text = '编码,名称,分类,厂商,描述,参数\r\nNB-1,螺钉,电阻,,,\r\n') => new File([text], name, { type: 'text/csv' });

/** Chooses `file` in the dialog's file input (where Playwright's setInputFiles goes too). */
function chooseFile(file: File) {
  const input = screen.getByTestId('enterprise-batch-file');
  expect(input).toHaveAttribute('type', 'file');
  fireEvent.change(input, { target: { files: [file] } });
}

/** Opens the 批量发布 dialog of a member allowed to publish (signed in with a token), on an empty list. */
async function openBatch() {
  setToken({ accessToken: 'member-access-token', refreshToken: 'member-refresh-token' });
  signIn(member, [ENTERPRISE_PUBLISH_PERMISSION]);
  renderPage();
  await screen.findByTestId('enterprise-library-empty');
  fireEvent.click(screen.getByTestId('enterprise-batch'));
  return screen.findByTestId('enterprise-batch-modal');
}

describe('批量发布 (batch publishing)', () => {
  it('explains the template and saves it, fetched with the session’s token; a refused download says why', async () => {
    const server = serve([]);
    const downloads = captureDownloads();
    try {
      const modal = await openBatch();
      expect(modal).toHaveTextContent('模板的列依次为：编码,名称,分类,厂商,描述,参数');
      expect(modal).toHaveTextContent('分类：本资源库分类的编码或名称（中文或英文）');
      expect(modal).toHaveTextContent('材质=Q235;厚度=3 mm');
      expect(modal).toHaveTextContent('GBK/GB18030');
      expect(modal).toHaveTextContent('Excel 模板的“分类”表列出了全部分类');
      expect(modal).toHaveTextContent('每个文件最多 1000 行数据、2 MB');
      expect(importButton()).toBeDisabled();

      fireEvent.click(screen.getByTestId('enterprise-batch-template-csv'));
      await waitFor(() => expect(downloads.saved).toHaveLength(1));
      const templateCalls = () => server.calls.filter((call) => call.url.pathname === TEMPLATE_PATH);
      expect(templateCalls()).toHaveLength(1);
      expect(templateCalls()[0].method).toBe('GET');
      expect(templateCalls()[0].url.searchParams.get('format')).toBe('csv');
      expect(templateCalls()[0].headers.get('Authorization')).toBe('Bearer member-access-token');
      expect(downloads.saved[0].name).toBe('enterprise-part-template.csv');
      // Saved byte for byte, the byte-order mark included.
      const bytes = new Uint8Array(await downloads.saved[0].blob.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(TEMPLATE);

      // The Excel template is the first button: asked for as xlsx, saved under its extension.
      fireEvent.click(screen.getByTestId('enterprise-batch-template'));
      await waitFor(() => expect(downloads.saved).toHaveLength(2));
      expect(templateCalls()[1].url.searchParams.get('format')).toBe('xlsx');
      expect(downloads.saved[1].name).toBe('enterprise-part-template.xlsx');

      // An error envelope is no file: its message shows, nothing is saved.
      server.templateAnswer = { body: envelope(null, 1_042_001_000, '仅企业用户可使用企业库') };
      fireEvent.click(screen.getByTestId('enterprise-batch-template'));
      expect(await screen.findByTestId('enterprise-batch-template-error')).toHaveTextContent('模板下载失败：仅企业用户可使用企业库');
      expect(downloads.saved).toHaveLength(2);
    } finally {
      downloads.restore();
    }
  });

  it('refuses a file that is neither XLSX nor CSV, too large or empty, without sending anything', async () => {
    const server = serve([]);
    await openBatch();

    chooseFile(new File(['\xd0\xcf'], 'items.xls', { type: 'application/vnd.ms-excel' }));
    expect(await screen.findByTestId('enterprise-batch-refused')).toHaveTextContent('“items.xls”不是 Excel 或 CSV 文件，请选择 .xlsx 或 .csv 文件');
    expect(importButton()).toBeDisabled();

    const large = new File([new Uint8Array(ENTERPRISE_BATCH_LIMITS.bytes + 512 * 1024)], 'large.csv', { type: 'text/csv' });
    chooseFile(large);
    await waitFor(() => expect(screen.getByTestId('enterprise-batch-refused')).toHaveTextContent('“large.csv”有 2.5 MB，超过了 2 MB 的上限'));
    expect(importButton()).toBeDisabled();

    chooseFile(new File([], 'empty.csv', { type: 'text/csv' }));
    await waitFor(() => expect(screen.getByTestId('enterprise-batch-refused')).toHaveTextContent('“empty.csv”是空文件'));
    expect(importButton()).toBeDisabled();
    expect(within(batchModal()).queryByText('large.csv')).toBeNull();

    // A good file clears the refusal; nothing was sent meanwhile.
    chooseFile(csvFile('ITEMS.CSV'));
    await waitFor(() => expect(importButton()).toBeEnabled());
    expect(screen.queryByTestId('enterprise-batch-refused')).toBeNull();
    expect(within(batchModal()).getByText('ITEMS.CSV')).toBeInTheDocument();
    expect(batchPosts(server)).toHaveLength(0);
  });

  it('uploads the ZIP of files through the file service and sends its claim with the table', async () => {
    const server = serve([]);
    const modal = await openBatch();
    expect(modal).toHaveTextContent('在“文件”列填写随表上传的 ZIP 压缩包中的文件路径');
    let chosen: File | undefined;
    // The browser's file picker: the hidden input gets the chosen file.
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(function (this: HTMLInputElement) {
      Object.defineProperty(this, 'files', { value: chosen ? [chosen] : [], configurable: true });
      this.dispatchEvent(new Event('change'));
    });
    try {
      chooseFile(csvFile());
      await waitFor(() => expect(importButton()).toBeEnabled());
      chosen = new File(['PK'], 'files.rar', { type: 'application/x-rar' });
      fireEvent.click(screen.getByTestId('enterprise-publish-file-archive-choose'));
      expect(await screen.findByTestId('enterprise-publish-file-archive-refused')).toHaveTextContent('“files.rar”的类型不符，请选择 zip 文件');
      expect(server.xhrs).toHaveLength(0);

      chosen = new File(['PK\x03\x04'], 'files.zip', { type: 'application/zip' });
      fireEvent.click(screen.getByTestId('enterprise-publish-file-archive-choose'));
      await waitFor(() => expect(screen.getByTestId('enterprise-publish-file-archive-task')).toHaveAttribute('data-status', 'done'));
      expect((server.xhrs[0].call.rawBody as FormData).get('bizCode')).toBe('model');
      fireEvent.click(importButton());
      await waitFor(() => expect(batchPosts(server)).toHaveLength(1));
      const form = batchPosts(server)[0].rawBody as FormData;
      expect([...form.keys()]).toEqual(['filesClaim', 'file']);
      expect(form.get('filesClaim')).toBe('claim-of-files.zip');
      expect(await screen.findByTestId('enterprise-batch-result')).toHaveTextContent('已导入 3 条');
    } finally {
      click.mockRestore();
    }
  });

  it('imports the file as the multipart field `file`, waits for the answer, says how many await review and refetches the list', async () => {
    const server = serve([]);
    let answer!: (answer: FetchAnswer) => void;
    server.batchAnswer = new Promise<FetchAnswer>((resolve) => (answer = resolve));
    await openBatch();
    expect(server.listCalls()).toHaveLength(1);

    const file = csvFile();
    chooseFile(file);
    await waitFor(() => expect(importButton()).toBeEnabled());
    fireEvent.click(importButton());

    // Meanwhile the file is locked, and the upload shows its percentage.
    const progress = await screen.findByTestId('enterprise-batch-progress');
    expect(progress).toHaveTextContent('正在上传“items.csv”…');
    expect(screen.getByTestId('enterprise-batch-cancel')).toBeDisabled();
    await waitFor(() => expect(batchPosts(server)).toHaveLength(1));
    const post = batchPosts(server)[0];
    // Sent through XMLHttpRequest, the one request it made.
    expect(server.xhrs.map((xhr) => xhr.call)).toEqual([post]);
    expect(post.headers.get('Authorization')).toBe('Bearer member-access-token');
    // The browser writes the multipart boundary: no content type of ours.
    expect(post.headers.get('Content-Type')).toBeNull();
    const form = post.rawBody as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect([...form.keys()]).toEqual(['file']);
    const sent = form.get('file') as File;
    expect(sent.name).toBe('items.csv');
    expect(sent.size).toBe(file.size);

    // Half the body sent: 50 %, still uploading.
    act(() => server.xhrs[0].progress(500, 1000));
    await waitFor(() => expect(within(progress).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50'));
    expect(progress).toHaveTextContent('50%');
    expect(progress).toHaveTextContent('正在上传“items.csv”…');
    // All of it sent, the answer still to come: the server checks every row.
    act(() => server.xhrs[0].progress(1000, 1000));
    await waitFor(() => expect(progress).toHaveTextContent('已上传“items.csv”，正在校验每一行，请稍候…'));
    expect(within(progress).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.queryByTestId('enterprise-batch-result')).toBeNull();
    expect(screen.getByTestId('enterprise-batch-cancel')).toBeDisabled();

    answer({ body: envelope({ rows: 3, imported: 3, errors: [] } satisfies EnterpriseBatchReport) });
    expect(await screen.findByTestId('enterprise-batch-result')).toHaveTextContent('已导入 3 条，等待运营审核');
    expect(screen.queryByTestId('enterprise-batch-progress')).toBeNull();
    await waitFor(() => expect(server.listCalls()).toHaveLength(2));

    // 完成 closes; opened again, the dialog starts afresh.
    fireEvent.click(screen.getByTestId('enterprise-batch-done'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByTestId('enterprise-batch'));
    await waitFor(() => expect(importButton()).toBeDisabled());
    expect(screen.queryByTestId('enterprise-batch-result')).toBeNull();
    expect(within(batchModal()).queryByText('items.csv')).toBeNull();
  });

  it('lists the rejected rows and says nothing was imported; a corrected file imports', async () => {
    const server = serve([]);
    server.batchAnswer = {
      body: envelope({
        rows: 4,
        imported: 0,
        errors: [
          { row: 3, field: '分类', reason: '分类不存在：螺丝' },
          { row: 5, field: null, reason: '编码 NB-1 与第 2 行重复' },
        ],
      } satisfies EnterpriseBatchReport),
    };
    await openBatch();
    chooseFile(csvFile());
    await waitFor(() => expect(importButton()).toBeEnabled());
    fireEvent.click(importButton());

    const errors = await screen.findByTestId('enterprise-batch-errors');
    expect(within(errors).getByRole('alert')).toHaveTextContent('未导入任何条目：2 处错误');
    expect(errors).toHaveTextContent('文件共 4 行数据，有错误时整个文件都不会导入');
    expect(
      within(errors)
        .getAllByRole('row')
        .map((tableRow) => [...tableRow.querySelectorAll('th, td')].map((cell) => cell.textContent)),
    ).toEqual([
      ['行号', '字段', '原因'],
      ['3', '分类', '分类不存在：螺丝'],
      ['5', '—', '编码 NB-1 与第 2 行重复'],
    ]);
    expect(screen.queryByTestId('enterprise-batch-result')).toBeNull();
    // Nothing stored, so the list was not asked again; the dialog stays open for another file.
    expect(server.listCalls()).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByTestId('enterprise-batch-done')).toBeNull();

    server.batchAnswer = { body: envelope({ rows: 4, imported: 4, errors: [] } satisfies EnterpriseBatchReport) };
    chooseFile(csvFile('items-fixed.csv'));
    await waitFor(() => expect(screen.queryByTestId('enterprise-batch-errors')).toBeNull());
    fireEvent.click(importButton());
    expect(await screen.findByTestId('enterprise-batch-result')).toHaveTextContent('已导入 4 条，等待运营审核');
    expect(batchPosts(server)).toHaveLength(2);
    expect(((batchPosts(server)[1].rawBody as FormData).get('file') as File).name).toBe('items-fixed.csv');
    await waitFor(() => expect(server.listCalls()).toHaveLength(2));
  });

  it('shows the server’s refusal of the whole file and keeps the file for another try', async () => {
    const server = serve([]);
    server.batchAnswer = { body: envelope(null, EnterpriseErrorCode.batchUnreadable, '批量文件无法读取:表头应为 编码,名称,分类,厂商,描述,参数') };
    await openBatch();
    chooseFile(csvFile());
    await waitFor(() => expect(importButton()).toBeEnabled());
    fireEvent.click(importButton());

    expect(await screen.findByTestId('enterprise-batch-error')).toHaveTextContent('批量文件无法读取:表头应为 编码,名称,分类,厂商,描述,参数');
    expect(screen.queryByTestId('enterprise-batch-errors')).toBeNull();
    expect(screen.queryByTestId('enterprise-batch-result')).toBeNull();
    expect(within(batchModal()).getByText('items.csv')).toBeInTheDocument();
    expect(importButton()).toBeEnabled();
    expect(server.listCalls()).toHaveLength(1);

    // Sent again as it is; a refusal of the request itself (a 400 of the gateway, say) shows its message too.
    server.batchAnswer = { status: 400, body: envelope(null, 400, '请求参数不正确:file 不能为空') };
    fireEvent.click(importButton());
    await waitFor(() => expect(screen.getByTestId('enterprise-batch-error')).toHaveTextContent('请求参数不正确:file 不能为空'));
    expect(batchPosts(server)).toHaveLength(2);
    expect(((batchPosts(server)[1].rawBody as FormData).get('file') as File).name).toBe('items.csv');
    expect(importButton()).toBeEnabled();
  });
});

describe('the enterprise strings', () => {
  it('has every key in both languages', () => {
    const keys = (messages: object, prefix = ''): string[] =>
      Object.entries(messages).flatMap(([key, value]) => (typeof value === 'object' ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`]));
    expect(keys(enterpriseMessages['en-US']).sort()).toEqual(keys(enterpriseMessages['zh-CN']).sort());
  });
});
