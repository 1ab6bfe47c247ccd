import { App as AntdApp } from 'antd';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AppProviders } from '@portal/providers';
import { sessionStore } from '@portal/session';
import { envelope, sendJson, type RecordedRequest } from '@portal/http/testing';
import { captureDownloads, csvLines } from '../../../test/downloads';
import { servePageForTests } from '../../../test/page-server';
import EnterpriseItemsAdminPage from './enterprise-items-admin-page';
import OperationsFrame from './operations-frame';

const AUDIT = 'operation:enterprise-item:audit';
const ORGS = '/to/api/base/system/operation/orgs/page';
const list = (library: string) => `/to/api/operation/${library}/enterprise-items`;

const testPage = servePageForTests('/operation/enterprise-items', { signedIn: true });

type Item = {
  id: number;
  library: string;
  orgId: number;
  state: 'pending' | 'approved' | 'rejected';
  code: string;
  name: string;
  categoryId: number;
  categoryName: string;
  categoryNameEn: string;
  manufacturer?: string;
  description?: string;
  parameters?: { name: string; value: string }[];
  files?: { kind: 'model' | 'datasheet' | 'drawing'; name: string; mediaType: string; size: number; digest: string }[];
  remark: string | null;
  submittedBy: number;
  reviewedBy: number | null;
  createTime: number;
  reviewTime: number | null;
};

const resistor: Item = {
  id: 5,
  library: 'component',
  orgId: 7,
  state: 'pending',
  code: 'RC0603-10K',
  name: '贴片电阻 10kΩ',
  categoryId: 12,
  categoryName: '电阻',
  categoryNameEn: 'Resistors',
  manufacturer: '宁波电子',
  description: '厚膜电阻\n公司内部选型',
  parameters: [
    { name: '阻值', value: '10kΩ' },
    { name: '封装', value: '0603' },
  ],
  files: [{ kind: 'datasheet', name: 'RC0603 规格书.pdf', mediaType: 'application/pdf', size: 3 * 1024 * 1024, digest: 'cd'.repeat(32) }],
  remark: null,
  submittedBy: 42,
  reviewedBy: null,
  createTime: 1_763_700_000_000,
  reviewTime: null,
};

function renderPage() {
  render(
    <AppProviders withRouter={false}>
      <AntdApp>
        <EnterpriseItemsAdminPage />
      </AntdApp>
    </AppProviders>,
  );
}

function requestsTo(path: string, method?: string) {
  return testPage.server.requests.filter((request) => new URL(request.url, testPage.server.origin).pathname === path && (!method || request.method === method));
}

function queryOf(request: RecordedRequest) {
  return Object.fromEntries(new URL(request.url, testPage.server.origin).searchParams);
}

/**
 * One library's queue as the back end serves it: filtered by `state` and `orgId`, paged, oldest first;
 * a review of a pending item records the decision (`reviewAnswer` overrides the answer).
 */
function serveQueue(library: string, items: Item[]) {
  const state = { items: items.map((item) => ({ ...item, library })), reviewAnswer: undefined as { code: number; msg: string } | undefined };
  testPage.server.routes.set(list(library), (request, response) => {
    const query = new URL(request.url, testPage.server.origin).searchParams;
    const pageNo = Number(query.get('pageNo'));
    const pageSize = Number(query.get('pageSize'));
    const found = state.items.filter(
      (item) => (!query.get('state') || item.state === query.get('state')) && (!query.get('orgId') || item.orgId === Number(query.get('orgId'))),
    );
    sendJson(response, envelope({ list: found.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: found.length }));
  });
  for (const item of items) {
    testPage.server.routes.set(`${list(library)}/${item.id}`, (request, response) => {
      if (state.reviewAnswer) return sendJson(response, envelope(null, state.reviewAnswer.code, state.reviewAnswer.msg));
      const body = JSON.parse(request.body) as { approved: boolean; remark?: string };
      const index = state.items.findIndex((candidate) => candidate.id === item.id);
      const reviewed: Item = {
        ...state.items[index],
        state: body.approved ? 'approved' : 'rejected',
        remark: body.remark ?? null,
        reviewedBy: 1,
        reviewTime: 1_763_800_000_000,
      };
      state.items[index] = reviewed;
      sendJson(response, envelope(reviewed));
    });
  }
  return state;
}

async function findRow(id: number) {
  return screen.findByTestId(`enterprise-items-row-${id}`, undefined, { timeout: 5000 });
}

async function pick(testId: string, title: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(title));
}

describe('EnterpriseItemsAdminPage', () => {
  it('refuses users without the audit permission', () => {
    sessionStore.setState({ isSetUser: true, permissions: ['system:brand-application:query', 'system:org:query'] });
    renderPage();
    expect(screen.getByTestId('operations-forbidden')).toBeInTheDocument();
    expect(testPage.server.requests).toHaveLength(0);
  });

  it('lists the pending component items, organisations by id, and shows an item with its parameters', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: [AUDIT] });
    serveQueue('component', [resistor, { ...resistor, id: 6, code: 'OLD-1', state: 'approved' }]);
    renderPage();
    const row = await findRow(5);
    for (const text of ['RC0603-10K', '贴片电阻 10kΩ', '电阻', '宁波电子', '42', '待审核']) expect(row).toHaveTextContent(text);
    expect(within(row).getAllByRole('cell')[1]).toHaveTextContent(/^7$/);
    expect(screen.queryByTestId('enterprise-items-row-6')).toBeNull();
    expect(requestsTo(list('component')).map(queryOf)).toEqual([{ pageNo: '1', pageSize: '10', state: 'pending' }]);
    // Without `system:org:query` the organisations are not read.
    expect(requestsTo(ORGS)).toHaveLength(0);

    fireEvent.click(within(row).getByTestId('enterprise-item-view-5'));
    const drawer = await screen.findByTestId('enterprise-item-detail');
    expect(drawer).toHaveTextContent('Resistors');
    expect(within(drawer).getByTestId('enterprise-item-detail-description')).toHaveTextContent('公司内部选型');
    const parameters = within(drawer).getByTestId('enterprise-item-parameters');
    expect(parameters).toHaveTextContent('阻值');
    expect(parameters).toHaveTextContent('10kΩ');
    expect(parameters).toHaveTextContent('0603');
    expect(within(drawer).getByTestId('enterprise-item-detail-approve')).toBeInTheDocument();
  });

  it('lists the item’s files and downloads one with the operator’s session', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: [AUDIT] });
    serveQueue('component', [resistor, { ...resistor, id: 6, files: [] }]);
    const filePath = `${list('component')}/5/files/0`;
    testPage.server.routes.set(filePath, (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      response.end('%PDF-1.4 datasheet');
    });
    const { blobs, restore } = captureDownloads();
    try {
      renderPage();
      fireEvent.click(within(await findRow(5)).getByTestId('enterprise-item-view-5'));
      const files = await screen.findByTestId('enterprise-item-files');
      expect(files).toHaveTextContent('数据手册');
      expect(files).toHaveTextContent('RC0603 规格书.pdf');
      expect(files).toHaveTextContent('3.0 MB');
      fireEvent.click(within(files).getByRole('button', { name: '下载 RC0603 规格书.pdf' }));
      await waitFor(() => expect(blobs).toHaveLength(1));
      // A fetched body (Node's Blob, which has `text()`), not one the page built.
      expect(await blobs[0].text()).toBe('%PDF-1.4 datasheet');
      expect(requestsTo(filePath, 'GET')).toHaveLength(1);
    } finally {
      restore();
    }
  });

  it('names the organisations for operators who may list them', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: [AUDIT, 'system:org:query'] });
    serveQueue('component', [resistor]);
    testPage.server.routes.set(ORGS, (_request, response) =>
      sendJson(response, envelope({ list: [{ id: 7, name: '宁波电子有限公司', enabled: true, businessScope: [1], memberCount: 3, createTime: 0 }], total: 1 })),
    );
    renderPage();
    const row = await findRow(5);
    await waitFor(() => expect(row).toHaveTextContent('宁波电子有限公司 (7)'), { timeout: 5000 });
    expect(requestsTo(ORGS).map(queryOf)).toEqual([{ pageNo: '1', pageSize: '100' }]);
  });

  it('switches library at once, and filters by state and organisation on 查询', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: [AUDIT] });
    serveQueue('component', [resistor]);
    serveQueue('part', [
      { ...resistor, id: 9, code: 'GB/T 70.1 M6', name: '内六角螺钉', orgId: 8, state: 'rejected', remark: '缺少材质' },
      { ...resistor, id: 10, code: 'BRG-6204', name: '深沟球轴承', orgId: 7 },
    ]);
    renderPage();
    await findRow(5);

    await pick('enterprise-items-library', '零部件库');
    await findRow(10);
    expect(screen.queryByTestId('enterprise-items-row-5')).toBeNull();
    expect(requestsTo(list('part')).map(queryOf)).toEqual([{ pageNo: '1', pageSize: '10', state: 'pending' }]);

    await pick('enterprise-items-state', '全部');
    fireEvent.change(screen.getByTestId('enterprise-items-org'), { target: { value: '8' } });
    fireEvent.click(screen.getByTestId('enterprise-items-search'));
    const rejected = await findRow(9);
    expect(rejected).toHaveTextContent('已驳回');
    expect(rejected).toHaveTextContent('缺少材质');
    // Only pending items offer a review.
    expect(within(rejected).queryByTestId('enterprise-item-approve-9')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('enterprise-items-row-10')).toBeNull());
    expect(queryOf(requestsTo(list('part')).at(-1)!)).toEqual({ pageNo: '1', pageSize: '10', orgId: '8' });
  });

  it('approves an item with {approved: true} and refetches the queue', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: [AUDIT] });
    const queue = serveQueue('component', [resistor]);
    renderPage();
    fireEvent.click(within(await findRow(5)).getByTestId('enterprise-item-approve-5'));
    fireEvent.click(await screen.findByTestId('enterprise-item-review-submit'));
    await waitFor(() => expect(requestsTo(`${list('component')}/5`, 'PUT')).toHaveLength(1), { timeout: 5000 });
    expect(JSON.parse(requestsTo(`${list('component')}/5`, 'PUT')[0].body)).toEqual({ approved: true });
    expect(await screen.findByText('条目已通过', undefined, { timeout: 5000 })).toBeInTheDocument();
    // The queue is read again: the item left "pending".
    await waitFor(() => expect(requestsTo(list('component'), 'GET')).toHaveLength(2), { timeout: 5000 });
    await waitFor(() => expect(screen.queryByTestId('enterprise-items-row-5')).toBeNull(), { timeout: 5000 });
    expect(queue.items[0].state).toBe('approved');
  });

  it('needs a remark before rejecting, then sends {approved: false, remark}', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: [AUDIT] });
    const queue = serveQueue('component', [resistor]);
    renderPage();
    // From the drawer this time: it closes with the review.
    fireEvent.click(within(await findRow(5)).getByTestId('enterprise-item-view-5'));
    fireEvent.click(await screen.findByTestId('enterprise-item-detail-reject'));
    const modal = await screen.findByTestId('enterprise-item-review');
    fireEvent.change(within(modal).getByTestId('enterprise-item-remark'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('enterprise-item-review-submit'));
    expect(await within(modal).findByText('驳回时请填写审核意见')).toBeInTheDocument();
    expect(requestsTo(`${list('component')}/5`)).toHaveLength(0);
    expect(within(modal).getByTestId('enterprise-item-remark')).toHaveAttribute('maxlength', '500');

    fireEvent.change(within(modal).getByTestId('enterprise-item-remark'), { target: { value: '  参数不完整：缺少功率 ' } });
    fireEvent.click(screen.getByTestId('enterprise-item-review-submit'));
    await waitFor(() => expect(requestsTo(`${list('component')}/5`, 'PUT')).toHaveLength(1), { timeout: 5000 });
    expect(JSON.parse(requestsTo(`${list('component')}/5`, 'PUT')[0].body)).toEqual({ approved: false, remark: '参数不完整：缺少功率' });
    expect(await screen.findByText('条目已驳回', undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('enterprise-items-row-5')).toBeNull(), { timeout: 5000 });
    expect(queue.items[0]).toMatchObject({ state: 'rejected', remark: '参数不完整：缺少功率' });
  });

  it('says so and refetches when another operator reviewed the item first (1042001002)', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: [AUDIT] });
    const queue = serveQueue('component', [resistor]);
    queue.reviewAnswer = { code: 1_042_001_002, msg: '该条目已审核，请刷新' };
    renderPage();
    fireEvent.click(within(await findRow(5)).getByTestId('enterprise-item-approve-5'));
    // Meanwhile someone else approved it.
    queue.items[0] = { ...queue.items[0], state: 'approved' };
    fireEvent.click(await screen.findByTestId('enterprise-item-review-submit'));
    expect(await screen.findByText('该条目已审核，请刷新', undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(list('component'), 'GET')).toHaveLength(2), { timeout: 5000 });
    await waitFor(() => expect(screen.queryByTestId('enterprise-items-row-5')).toBeNull(), { timeout: 5000 });
    expect(screen.queryByText('条目已通过')).toBeNull();
  });

  it("exports the current filter's rows of the library as CSV", { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: [AUDIT] });
    const items = Array.from({ length: 12 }, (_, index) => ({ ...resistor, id: 100 + index, code: `MAT-${index}` }));
    serveQueue('mat', [...items, { ...resistor, id: 200, state: 'approved' }]);
    serveQueue('component', []);
    const { blobs, restore } = captureDownloads();
    renderPage();
    await pick('enterprise-items-library', '材料库');
    await findRow(100);
    fireEvent.click(screen.getByTestId('enterprise-items-export'));
    expect(await screen.findByText('已导出 12 条', undefined, { timeout: 5000 })).toBeInTheDocument();
    const lines = await csvLines(blobs[0]);
    expect(lines).toHaveLength(13);
    expect(lines[0]).toBe('ID,组织,型号/牌号,名称,分类,制造商,参数,描述,提交人ID,提交时间,状态,审核意见,审核人ID,审核时间');
    expect(lines[1]).toMatch(/^100,7,MAT-0,贴片电阻 10kΩ,电阻,宁波电子,阻值: 10kΩ; 封装: 0603,"厚膜电阻\n公司内部选型",42,\d{4}-\d{2}-\d{2} [\d:]+,待审核,,,$/);
    expect(lines[12]).toMatch(/^111,/);
    expect(requestsTo(list('mat')).map(queryOf).at(-1)).toEqual({ pageNo: '1', pageSize: '100', state: 'pending' });
    restore();
  });

  it('appears in the operations menu only with the audit permission', async () => {
    const renderFrame = () =>
      render(
        <AppProviders>
          <OperationsFrame>
            <span />
          </OperationsFrame>
        </AppProviders>,
      );
    sessionStore.setState({ isSetUser: true, permissions: ['operation:feedback:query', AUDIT] });
    const { unmount } = renderFrame();
    expect(await screen.findByTestId('operations-nav-enterprise-items')).toHaveTextContent('企业条目审核');
    unmount();
    sessionStore.setState({ isSetUser: true, permissions: ['operation:feedback:query', 'system:brand-application:query'] });
    renderFrame();
    expect(await screen.findByTestId('operations-nav-brand-applications')).toBeInTheDocument();
    expect(screen.queryByTestId('operations-nav-enterprise-items')).toBeNull();
  });
});
