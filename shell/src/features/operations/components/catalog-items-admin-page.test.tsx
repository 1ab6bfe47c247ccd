import { App as AntdApp } from 'antd';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AppProviders, changeLanguage } from '@portal/providers';
import { sessionStore } from '@portal/session';
import { envelope, sendJson, type RecordedRequest } from '@portal/http/testing';
import { servePageForTests } from '../../../test/page-server';
import CatalogItemsAdminPage from './catalog-items-admin-page';
import OperationsFrame from './operations-frame';

const page = (library: string) => `/to/api/operation/${library}/catalog-items/page`;
const hiddenPath = (library: string, id: number) => `/to/api/operation/${library}/catalog-items/${id}/hidden`;

const testPage = servePageForTests('/operation/catalog-items', { signedIn: true });

type Item = {
  id: number;
  code: string;
  name: string;
  manufacturerName: string | null;
  categoryCode: string | null;
  source: string;
  license: string;
  hidden: boolean;
  hiddenReason: string | null;
  hiddenTime: number | null;
  hiddenBy: number | null;
  updateTime: number;
  edited: boolean;
  mergedInto?: number | null;
};

const resistor: Item = {
  id: 5,
  code: 'RC0603FR-0710KL',
  name: '贴片电阻 10kΩ',
  manufacturerName: 'YAGEO',
  categoryCode: 'resistor',
  source: 'kicad',
  license: 'CC-BY-SA-4.0',
  hidden: false,
  hiddenReason: null,
  hiddenTime: null,
  hiddenBy: null,
  updateTime: 1_763_700_000_000,
  edited: false,
};

const disputed: Item = {
  ...resistor,
  id: 6,
  code: 'LM358DR',
  name: '运算放大器',
  manufacturerName: null,
  categoryCode: null,
  hidden: true,
  hiddenReason: '参数与手册不符',
  hiddenTime: 1_763_800_000_000,
  hiddenBy: 1,
};

function renderPage() {
  render(
    <AppProviders withRouter={false}>
      <AntdApp>
        <CatalogItemsAdminPage />
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
 * One library's catalogue as the back end serves it: filtered by `keyWords` (code, name or id) and `hidden`, paged;
 * PUT …/{id}/hidden changes the item (`answer` overrides the answer).
 */
function serveCatalog(library: string, items: Item[]) {
  const state = { items: items.map((item) => ({ ...item })), answer: undefined as { code: number; msg: string } | undefined };
  testPage.server.routes.set(page(library), (request, response) => {
    const query = new URL(request.url, testPage.server.origin).searchParams;
    const pageNo = Number(query.get('pageNo'));
    const pageSize = Number(query.get('pageSize'));
    const keyWords = query.get('keyWords')?.toLowerCase();
    const found = state.items.filter(
      (item) =>
        (!query.has('hidden') || String(item.hidden) === query.get('hidden')) &&
        (!keyWords || item.code.toLowerCase().includes(keyWords) || item.name.toLowerCase().includes(keyWords) || String(item.id) === keyWords),
    );
    sendJson(response, envelope({ list: found.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: found.length }));
  });
  for (const item of items) {
    testPage.server.routes.set(hiddenPath(library, item.id), (request, response) => {
      if (state.answer) return sendJson(response, envelope(null, state.answer.code, state.answer.msg));
      const body = JSON.parse(request.body) as { hidden: boolean; reason?: string };
      const index = state.items.findIndex((candidate) => candidate.id === item.id);
      state.items[index] = body.hidden
        ? { ...state.items[index], hidden: true, hiddenReason: body.reason ?? null, hiddenTime: 1_763_900_000_000, hiddenBy: 1 }
        : { ...state.items[index], hidden: false, hiddenReason: null, hiddenTime: null, hiddenBy: null };
      sendJson(response, envelope(state.items[index]));
    });
  }
  return state;
}

async function findRow(id: number) {
  return screen.findByTestId(`catalog-items-row-${id}`, undefined, { timeout: 5000 });
}

async function pick(testId: string, title: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(title));
}

describe('CatalogItemsAdminPage', () => {
  it('refuses users without a catalogue permission', () => {
    sessionStore.setState({ isSetUser: true, permissions: ['component:search-index:rebuild'] });
    renderPage();
    expect(screen.getByTestId('operations-forbidden')).toBeInTheDocument();
    expect(testPage.server.requests).toHaveLength(0);
  });

  it('lists the items of the library held, with status, reason and the public detail link', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['part:catalog:manage'] });
    serveCatalog('part', [resistor, disputed]);
    renderPage();
    const row = await findRow(5);
    for (const text of ['RC0603FR-0710KL', '贴片电阻 10kΩ', 'YAGEO', 'resistor', 'kicad', 'CC-BY-SA-4.0', '公开', '隐藏']) expect(row).toHaveTextContent(text);
    const link = within(row).getByTestId('catalog-item-link-5');
    expect(link).toHaveAttribute('href', '/part/detail/5');
    expect(link).toHaveAttribute('target', '_blank');
    const hidden = await findRow(6);
    expect(within(hidden).getByTestId('catalog-item-status-6')).toHaveTextContent('已隐藏');
    expect(within(hidden).getByTestId('catalog-item-reason-6')).toHaveTextContent('参数与手册不符');
    expect(within(hidden).getByTestId('catalog-item-reason-6')).toHaveTextContent('#1');
    expect(within(hidden).getByTestId('catalog-item-restore-6')).toBeInTheDocument();
    expect(within(hidden).queryByTestId('catalog-item-hide-6')).toBeNull();
    expect(requestsTo(page('part')).map(queryOf)).toEqual([{ pageNo: '1', pageSize: '10' }]);
    expect(document.title).toContain('目录管理');
  });

  it('switches between the libraries held only, and filters by keyword and status on 查询', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['component:catalog:manage', 'mat:catalog:manage'] });
    serveCatalog('component', [resistor, disputed]);
    serveCatalog('mat', [{ ...resistor, id: 9, code: 'Q235B', name: '碳素结构钢' }]);
    renderPage();
    await findRow(5);
    expect(screen.getByTestId('catalog-library-component')).toHaveTextContent('元器件库');
    expect(screen.getByTestId('catalog-library-mat')).toHaveTextContent('材料库');
    expect(screen.queryByTestId('catalog-library-part')).toBeNull();

    fireEvent.click(screen.getByTestId('catalog-library-mat'));
    const steel = await findRow(9);
    expect(within(steel).getByTestId('catalog-item-link-9')).toHaveAttribute('href', '/mat/detail/9');
    expect(screen.queryByTestId('catalog-items-row-5')).toBeNull();
    expect(requestsTo(page('part'))).toHaveLength(0);

    fireEvent.click(screen.getByTestId('catalog-library-component'));
    await findRow(5);
    fireEvent.change(screen.getByTestId('catalog-items-keyword'), { target: { value: ' lm358 ' } });
    await pick('catalog-items-status', '已隐藏');
    fireEvent.click(screen.getByTestId('catalog-items-search'));
    await waitFor(() => expect(screen.queryByTestId('catalog-items-row-5')).toBeNull(), { timeout: 5000 });
    await findRow(6);
    expect(queryOf(requestsTo(page('component')).at(-1)!)).toEqual({ pageNo: '1', pageSize: '10', keyWords: 'lm358', hidden: 'true' });

    await pick('catalog-items-status', '公开');
    fireEvent.change(screen.getByTestId('catalog-items-keyword'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('catalog-items-search'));
    await waitFor(() => expect(queryOf(requestsTo(page('component')).at(-1)!)).toEqual({ pageNo: '1', pageSize: '10', hidden: 'false' }), {
      timeout: 5000,
    });
  });

  it('needs a reason before hiding, then sends {hidden: true, reason} and refetches', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['*:*:*'] });
    const catalog = serveCatalog('component', [resistor]);
    renderPage();
    fireEvent.click(within(await findRow(5)).getByTestId('catalog-item-hide-5'));
    const modal = await screen.findByTestId('catalog-hide-modal');
    expect(within(modal).getByTestId('catalog-hide-reason')).toHaveAttribute('maxlength', '200');
    fireEvent.click(screen.getByTestId('catalog-hide-submit'));
    expect(await within(modal).findByText('请填写隐藏原因')).toBeInTheDocument();
    fireEvent.change(within(modal).getByTestId('catalog-hide-reason'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('catalog-hide-submit'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requestsTo(hiddenPath('component', 5))).toHaveLength(0);

    fireEvent.change(within(modal).getByTestId('catalog-hide-reason'), { target: { value: ' 型号与厂商不符 ' } });
    fireEvent.click(screen.getByTestId('catalog-hide-submit'));
    await waitFor(() => expect(requestsTo(hiddenPath('component', 5), 'PUT')).toHaveLength(1), { timeout: 5000 });
    expect(JSON.parse(requestsTo(hiddenPath('component', 5), 'PUT')[0].body)).toEqual({ hidden: true, reason: '型号与厂商不符' });
    expect(await screen.findByText('已隐藏', { selector: '.ant-message *' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(page('component'), 'GET')).toHaveLength(2), { timeout: 5000 });
    await waitFor(() => expect(screen.getByTestId('catalog-item-reason-5')).toHaveTextContent('型号与厂商不符'), { timeout: 5000 });
    expect(catalog.items[0].hidden).toBe(true);
    expect(screen.getByTestId('catalog-item-restore-5')).toBeInTheDocument();
  });

  it('restores a hidden item with {hidden: false} after the confirmation', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['component:catalog:manage'] });
    const catalog = serveCatalog('component', [disputed]);
    renderPage();
    fireEvent.click(within(await findRow(6)).getByTestId('catalog-item-restore-6'));
    expect(await screen.findByText('恢复后该条目重新出现在公开库中')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('catalog-item-restore-confirm-6'));
    await waitFor(() => expect(requestsTo(hiddenPath('component', 6), 'PUT')).toHaveLength(1), { timeout: 5000 });
    expect(JSON.parse(requestsTo(hiddenPath('component', 6), 'PUT')[0].body)).toEqual({ hidden: false });
    expect(await screen.findByText('已恢复', undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('catalog-item-hide-6')).toBeInTheDocument(), { timeout: 5000 });
    expect(catalog.items[0].hidden).toBe(false);
  });

  it("shows the server's message when hiding fails, and keeps the modal open", { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['component:catalog:manage'] });
    const catalog = serveCatalog('component', [resistor]);
    catalog.answer = { code: 400, msg: '隐藏原因过长' };
    renderPage();
    fireEvent.click(within(await findRow(5)).getByTestId('catalog-item-hide-5'));
    fireEvent.change(await screen.findByTestId('catalog-hide-reason'), { target: { value: '重复条目' } });
    fireEvent.click(screen.getByTestId('catalog-hide-submit'));
    expect(await screen.findByText('隐藏原因过长', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('catalog-hide-modal')).toBeInTheDocument();
    expect(catalog.items[0].hidden).toBe(false);
  });

  it('closes the modal and refetches when the item is gone (1043001000)', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['component:catalog:manage'] });
    const catalog = serveCatalog('component', [resistor]);
    catalog.answer = { code: 1_043_001_000, msg: '条目不存在' };
    renderPage();
    fireEvent.click(within(await findRow(5)).getByTestId('catalog-item-hide-5'));
    fireEvent.change(await screen.findByTestId('catalog-hide-reason'), { target: { value: '重复条目' } });
    catalog.items = [];
    fireEvent.click(screen.getByTestId('catalog-hide-submit'));
    expect(await screen.findByText('条目不存在', undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('catalog-items-row-5')).toBeNull(), { timeout: 5000 });
    expect(requestsTo(page('component'), 'GET')).toHaveLength(2);
  });

  it('corrects an item: the source value under a corrected field, a reason required, every field sent', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['component:catalog:manage'] });
    serveCatalog('component', [{ ...resistor, edited: true }]);
    const detailPath = '/to/api/operation/component/catalog-items/5';
    const detail = {
      item: { ...resistor, edited: true },
      description: '厚膜电阻',
      categoryCode: 'resistor',
      documentUrl: null,
      lifecycle: 'obsolete',
      manufacturerId: 3,
      corrections: [
        { field: 'lifecycle', original: null },
        { field: 'manufacturerId', original: 'Vishay' },
      ],
      correctionReason: '厂商已停产',
      correctedBy: 1,
      correctionTime: 1_763_800_000_000,
    };
    testPage.server.routes.set(detailPath, (request, response) => {
      if (request.method === 'GET') return sendJson(response, envelope(detail));
      const body = JSON.parse(request.body) as Record<string, string>;
      sendJson(response, envelope({ ...detail, item: { ...detail.item, name: body.name } }));
    });
    testPage.server.routes.set('/to/api/public/component/category/tree', (_request, response) =>
      sendJson(response, envelope([{ id: 1, code: 'resistor', name: '电阻', nameEn: 'Resistors', children: [] }])),
    );
    renderPage();
    const row = await findRow(5);
    expect(within(row).getByTestId('catalog-item-edited-5')).toHaveTextContent('已修正');
    fireEvent.click(within(row).getByTestId('catalog-item-edit-5'));
    const name = await screen.findByTestId('catalog-edit-name', undefined, { timeout: 5000 });
    expect(name).toHaveValue('贴片电阻 10kΩ');
    expect(screen.getByTestId('catalog-edit-source-lifecycle')).toHaveTextContent('来源值：未标注');
    expect(screen.queryByTestId('catalog-edit-source-name')).toBeNull();
    expect(screen.getByTestId('catalog-edit-last')).toHaveTextContent('厂商已停产');
    expect(screen.getByTestId('catalog-edit-source-manufacturerId')).toHaveTextContent('来源值：Vishay');
    // The manufacturer shows by name; another is found by typing part of its name.
    const maker = screen.getByTestId('catalog-edit-manufacturer');
    expect(maker).toHaveTextContent('YAGEO');
    testPage.server.routes.set('/to/api/operation/component/catalog-manufacturers/page', (_request, response) =>
      sendJson(
        response,
        envelope({ list: [{ id: 9, name: 'UNI-ROYAL', website: null, aliases: [], itemCount: 12, hiddenCount: 0, duplicateKey: null }], total: 1 }),
      ),
    );
    fireEvent.mouseDown(within(maker).getByRole('combobox'));
    fireEvent.change(within(maker).getByRole('combobox'), { target: { value: 'uni' } });
    fireEvent.click(await screen.findByTitle('UNI-ROYAL', undefined, { timeout: 5000 }));
    const searched = requestsTo('/to/api/operation/component/catalog-manufacturers/page', 'GET').at(-1)!;
    expect(new URL(searched.url, testPage.server.origin).searchParams.get('keyWords')).toBe('uni');

    fireEvent.change(name, { target: { value: ' 贴片电阻 10kΩ 1% ' } });
    fireEvent.click(screen.getByTestId('catalog-edit-submit'));
    expect(await screen.findByText('请填写修正原因')).toBeInTheDocument();
    expect(requestsTo(detailPath, 'PUT')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('catalog-edit-reason'), { target: { value: '阻值精度缺失' } });
    fireEvent.click(screen.getByTestId('catalog-edit-submit'));
    await waitFor(() => expect(requestsTo(detailPath, 'PUT')).toHaveLength(1), { timeout: 5000 });
    expect(JSON.parse(requestsTo(detailPath, 'PUT')[0].body)).toEqual({
      name: '贴片电阻 10kΩ 1%',
      description: '厚膜电阻',
      categoryCode: 'resistor',
      documentUrl: '',
      lifecycle: 'obsolete',
      manufacturerId: 9,
      reason: '阻值精度缺失',
    });
    expect(await screen.findByText('已修正', { selector: '.ant-message *' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it("corrects an item's parameters: the source's list shown, a row added and one removed, a refused row's message kept", { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['component:catalog:manage'] });
    serveCatalog('component', [resistor]);
    const parametersPath = '/to/api/operation/component/catalog-items/5/parameters';
    const parameters = {
      list: [
        { dimension: 'resistance', value: '10kΩ', conditions: null },
        { dimension: 'power', value: '0.1W', conditions: null },
      ],
      original: [{ dimension: 'resistance', value: '1kΩ', conditions: null }],
      correctionReason: '阻值写错',
      correctedBy: 1,
      correctionTime: 1_763_800_000_000,
      dimensions: [
        { key: 'resistance', name: '电阻', nameEn: 'Resistance', unit: 'Ω' },
        { key: 'power', name: '功率', nameEn: 'Power', unit: 'W' },
        { key: 'voltage', name: '电压', nameEn: 'Voltage', unit: 'V' },
      ],
    };
    let refuse = true;
    testPage.server.routes.set(parametersPath, (request, response) => {
      if (request.method === 'GET') return sendJson(response, envelope(parameters));
      if (refuse) return sendJson(response, envelope(null, 400, '请求参数不正确:第 2 项: 75x 不是电压的值'));
      const body = JSON.parse(request.body) as { parameters: unknown[] };
      sendJson(response, envelope({ ...parameters, list: body.parameters }));
    });
    renderPage();
    const row = await findRow(5);
    fireEvent.click(within(row).getByTestId('catalog-item-parameters-5'));
    const first = await screen.findByTestId('catalog-parameter-value-0', undefined, { timeout: 5000 });
    expect(first).toHaveValue('10kΩ');
    expect(screen.getByTestId('catalog-parameters-source')).toHaveTextContent('来源参数：电阻 1kΩ');
    expect(screen.getByTestId('catalog-parameters-last')).toHaveTextContent('阻值写错');
    // The power goes, a rated voltage comes.
    fireEvent.click(screen.getByTestId('catalog-parameter-remove-1'));
    fireEvent.click(screen.getByTestId('catalog-parameter-add'));
    await pick('catalog-parameter-dimension-1', '电压 (V)');
    fireEvent.change(screen.getByTestId('catalog-parameter-value-1'), { target: { value: ' 75x ' } });
    fireEvent.change(screen.getByTestId('catalog-parameter-conditions-1'), { target: { value: '额定' } });
    fireEvent.click(screen.getByTestId('catalog-parameters-submit'));
    expect(await screen.findByText('请填写修正原因')).toBeInTheDocument();
    expect(requestsTo(parametersPath, 'PUT')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('catalog-parameters-reason'), { target: { value: '以规格书为准' } });
    fireEvent.click(screen.getByTestId('catalog-parameters-submit'));
    // The server's reason names the row; the modal stays with what was typed.
    expect(await screen.findByText(/第 2 项: 75x 不是电压的值/, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('catalog-parameter-value-1')).toHaveValue(' 75x ');
    refuse = false;
    fireEvent.change(screen.getByTestId('catalog-parameter-value-1'), { target: { value: '75V' } });
    fireEvent.click(screen.getByTestId('catalog-parameters-submit'));
    await waitFor(() => expect(requestsTo(parametersPath, 'PUT')).toHaveLength(2), { timeout: 5000 });
    expect(JSON.parse(requestsTo(parametersPath, 'PUT')[1].body)).toEqual({
      parameters: [
        { dimension: 'resistance', value: '10kΩ', conditions: null },
        { dimension: 'voltage', value: '75V', conditions: '额定' },
      ],
      reason: '以规格书为准',
    });
    expect(await screen.findByText('参数已修正', { selector: '.ant-message *' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('lists likely duplicates and merges one into its twin, offered first', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['component:catalog:manage'] });
    // Written in another case and with other separators: still the twin.
    const twin: Item = { ...resistor, id: 8, source: 'fritzing', code: 'rc0603fr 0710kl' };
    const catalog = serveCatalog('component', [resistor, twin]);
    const mergePath = '/to/api/operation/component/catalog-items/8/merge';
    testPage.server.routes.set(mergePath, (request, response) => {
      const body = JSON.parse(request.body) as { targetId: number };
      catalog.items = catalog.items.map((item) =>
        item.id === 8 ? { ...item, hidden: true, hiddenReason: '与 #5 重复，已合并', hiddenBy: 1, mergedInto: body.targetId } : item,
      );
      sendJson(response, envelope(catalog.items.find((item) => item.id === 8)));
    });
    renderPage();
    await findRow(8);
    fireEvent.click(screen.getByTestId('catalog-items-duplicates'));
    fireEvent.click(screen.getByTestId('catalog-items-search'));
    await waitFor(() => expect(queryOf(requestsTo(page('component')).at(-1)!)).toEqual({ pageNo: '1', pageSize: '10', duplicates: 'true' }), {
      timeout: 5000,
    });

    fireEvent.click(within(await findRow(8)).getByTestId('catalog-item-merge-8'));
    const modal = await screen.findByTestId('catalog-merge-modal');
    expect(screen.getByTestId('catalog-merge-submit')).toBeDisabled();
    fireEvent.mouseDown(within(screen.getByTestId('catalog-merge-target')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('RC0603FR-0710KL · 贴片电阻 10kΩ (#5 · kicad)'));
    expect(within(modal).getByTestId('catalog-merge-hint')).toHaveTextContent('「rc0603fr 0710kl」（#8）将从公开库隐藏');
    fireEvent.click(screen.getByTestId('catalog-merge-submit'));
    await waitFor(() => expect(requestsTo(mergePath, 'POST')).toHaveLength(1), { timeout: 5000 });
    expect(JSON.parse(requestsTo(mergePath, 'POST')[0].body)).toEqual({ targetId: 5 });
    expect(await screen.findByText('已合并到 RC0603FR-0710KL（#5）', undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('catalog-item-merged-8')).toHaveTextContent('已合并到 #5'), { timeout: 5000 });
  });

  it('appears in the operations menu after the search index, in Chinese and English', async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['component:search-index:rebuild', 'mat:catalog:manage'] });
    render(
      <AppProviders>
        <OperationsFrame>
          <span />
        </OperationsFrame>
      </AppProviders>,
    );
    const entry = await screen.findByTestId('operations-nav-catalog-items');
    expect(entry).toHaveTextContent('目录管理');
    const labels = screen.getAllByTestId(/^operations-nav-/).map((element) => element.getAttribute('data-testid'));
    expect(labels).toEqual([
      'operations-nav-search-index',
      'operations-nav-catalog-items',
      'operations-nav-catalog-manufacturers',
      'operations-nav-catalog-categories',
      'operations-nav-catalog-import',
    ]);
    await act(() => changeLanguage('en-US'));
    try {
      expect(screen.getByTestId('operations-nav-catalog-items')).toHaveTextContent('Catalogue items');
    } finally {
      await act(() => changeLanguage('zh-CN'));
    }
  });
});
