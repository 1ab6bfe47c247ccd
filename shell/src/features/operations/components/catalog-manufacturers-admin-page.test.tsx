import { App as AntdApp } from 'antd';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AppProviders } from '@portal/providers';
import { sessionStore } from '@portal/session';
import { envelope, sendJson, type RecordedRequest } from '@portal/http/testing';
import { servePageForTests } from '../../../test/page-server';
import CatalogManufacturersAdminPage from './catalog-manufacturers-admin-page';

const base = (library: string) => `/to/api/operation/${library}/catalog-manufacturers`;

const testPage = servePageForTests('/operation/catalog-manufacturers', { signedIn: true });

type Manufacturer = {
  id: number;
  name: string;
  website: string | null;
  itemCount: number;
  hiddenCount: number;
  aliases: string[];
  duplicateKey: string | null;
};

const murata: Manufacturer = { id: 3, name: 'Murata', website: null, itemCount: 12, hiddenCount: 1, aliases: [], duplicateKey: null };
const murataInc: Manufacturer = { ...murata, id: 7, name: 'MURATA, Inc.', itemCount: 2, hiddenCount: 0, website: 'https://www.murata.com/' };
const yageo: Manufacturer = { ...murata, id: 9, name: 'YAGEO', itemCount: 40, hiddenCount: 0, aliases: ['Yageo Corp.'] };

function renderPage() {
  render(
    <AppProviders withRouter={false}>
      <AntdApp>
        <CatalogManufacturersAdminPage />
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
 * One library's manufacturers as the back end serves them: `keyWords` matches name, alias or id, `duplicates=true` the
 * two Murata rows; PUT renames (answering `answer` when set), POST …/merge moves the items.
 */
function serveManufacturers(library: string, manufacturers: Manufacturer[]) {
  const state = { list: manufacturers.map((m) => ({ ...m })), answer: undefined as { code: number; msg: string } | undefined };
  testPage.server.routes.set(`${base(library)}/page`, (request, response) => {
    const query = new URL(request.url, testPage.server.origin).searchParams;
    const keyWords = query.get('keyWords')?.toLowerCase();
    const pageNo = Number(query.get('pageNo'));
    const pageSize = Number(query.get('pageSize'));
    const found = state.list
      .filter(
        (m) => !keyWords || m.name.toLowerCase().includes(keyWords) || m.aliases.some((a) => a.toLowerCase().includes(keyWords)) || String(m.id) === keyWords,
      )
      .filter((m) => query.get('duplicates') !== 'true' || m.name.toLowerCase().startsWith('murata'))
      .map((m) => ({ ...m, duplicateKey: query.get('duplicates') === 'true' ? 'murata' : null }));
    sendJson(response, envelope({ list: found.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: found.length }));
  });
  for (const manufacturer of manufacturers) {
    testPage.server.routes.set(`${base(library)}/${manufacturer.id}`, (request, response) => {
      if (state.answer) return sendJson(response, envelope(null, state.answer.code, state.answer.msg));
      const body = JSON.parse(request.body) as { name: string; website: string };
      const index = state.list.findIndex((m) => m.id === manufacturer.id);
      const before = state.list[index];
      state.list[index] = {
        ...before,
        name: body.name,
        website: body.website || null,
        aliases: body.name === before.name ? before.aliases : [...before.aliases, before.name],
      };
      sendJson(response, envelope(state.list[index]));
    });
    testPage.server.routes.set(`${base(library)}/${manufacturer.id}/merge`, (request, response) => {
      const { targetId } = JSON.parse(request.body) as { targetId: number };
      const source = state.list.find((m) => m.id === manufacturer.id)!;
      const target = state.list.find((m) => m.id === targetId)!;
      target.itemCount += source.itemCount;
      target.aliases = [...target.aliases, source.name];
      state.list = state.list.filter((m) => m.id !== source.id);
      sendJson(response, envelope({ target, moved: source.itemCount }));
    });
  }
  return state;
}

async function findRow(id: number) {
  return screen.findByTestId(`manufacturers-row-${id}`, undefined, { timeout: 5000 });
}

describe('CatalogManufacturersAdminPage', () => {
  it('refuses users without a catalogue permission', () => {
    sessionStore.setState({ isSetUser: true, permissions: ['component:search-index:rebuild'] });
    renderPage();
    expect(screen.getByTestId('operations-forbidden')).toBeInTheDocument();
    expect(testPage.server.requests).toHaveLength(0);
  });

  it('lists the manufacturers with counts and aliases, and filters likely duplicates', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['part:catalog:manage'] });
    serveManufacturers('part', [murata, murataInc, yageo]);
    renderPage();
    const row = await findRow(3);
    expect(row).toHaveTextContent('Murata');
    expect(within(row).getByTestId('manufacturer-count-3')).toHaveTextContent('12（1 条已隐藏）');
    expect(within(await findRow(9)).getByTestId('manufacturer-aliases-9')).toHaveTextContent('Yageo Corp.');
    expect(within(await findRow(7)).getByRole('link')).toHaveAttribute('href', 'https://www.murata.com/');
    expect(document.title).toContain('厂商管理');

    fireEvent.click(screen.getByTestId('manufacturers-duplicates'));
    fireEvent.click(screen.getByTestId('manufacturers-search'));
    await waitFor(() => expect(screen.queryByTestId('manufacturers-row-9')).toBeNull(), { timeout: 5000 });
    expect(within(await findRow(3)).getByTestId('manufacturer-group-3')).toHaveTextContent('疑似重复：murata');
    expect(queryOf(requestsTo(`${base('part')}/page`).at(-1)!)).toEqual({ pageNo: '1', pageSize: '10', duplicates: 'true' });
  });

  it('renames with a trimmed name, checks the website, and shows a taken name', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['component:catalog:manage'] });
    const state = serveManufacturers('component', [murata, yageo]);
    renderPage();
    fireEvent.click(within(await findRow(3)).getByTestId('manufacturer-edit-3'));
    const name = await screen.findByTestId('manufacturer-edit-name');
    expect(name).toHaveValue('Murata');
    fireEvent.change(screen.getByTestId('manufacturer-edit-website'), { target: { value: 'www.murata.com' } });
    fireEvent.click(screen.getByTestId('manufacturer-edit-submit'));
    expect(await screen.findByText('网址须以 http:// 或 https:// 开头')).toBeInTheDocument();
    expect(requestsTo(`${base('component')}/3`, 'PUT')).toHaveLength(0);

    state.answer = { code: 1_043_002_001, msg: '该厂商名称已被其他厂商使用，请改为合并' };
    fireEvent.change(screen.getByTestId('manufacturer-edit-website'), { target: { value: 'https://www.murata.com' } });
    fireEvent.change(name, { target: { value: ' YAGEO ' } });
    fireEvent.click(screen.getByTestId('manufacturer-edit-submit'));
    expect(await screen.findByText('该厂商名称已被其他厂商使用，请改为合并', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('manufacturer-edit-modal')).toBeInTheDocument();
    expect(JSON.parse(requestsTo(`${base('component')}/3`, 'PUT')[0].body)).toEqual({ name: 'YAGEO', website: 'https://www.murata.com' });

    state.answer = undefined;
    fireEvent.change(name, { target: { value: 'Murata Manufacturing' } });
    fireEvent.click(screen.getByTestId('manufacturer-edit-submit'));
    expect(await screen.findByText('已保存', undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('manufacturer-aliases-3')).toHaveTextContent('Murata'), { timeout: 5000 });
    expect(await findRow(3)).toHaveTextContent('Murata Manufacturing');
  });

  it('merges into a target found by search, after saying what moves', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['mat:catalog:manage'] });
    const state = serveManufacturers('mat', [murata, murataInc]);
    renderPage();
    fireEvent.click(within(await findRow(7)).getByTestId('manufacturer-merge-7'));
    const modal = await screen.findByTestId('manufacturer-merge-modal');
    expect(screen.getByTestId('manufacturer-merge-submit')).toBeDisabled();
    const select = within(screen.getByTestId('manufacturer-merge-target')).getByRole('combobox');
    fireEvent.mouseDown(select);
    fireEvent.change(select, { target: { value: 'murata' } });
    const option = await screen.findByTitle('Murata (#3 · 12 条)', undefined, { timeout: 5000 });
    // The manufacturer being merged is never its own target.
    expect(screen.queryByTitle(/MURATA, Inc\. \(#7/)).toBeNull();
    fireEvent.click(option);
    expect(within(modal).getByTestId('manufacturer-merge-hint')).toHaveTextContent('「MURATA, Inc.」的 2 个条目将移到「Murata」');
    fireEvent.click(screen.getByTestId('manufacturer-merge-submit'));
    expect(await screen.findByText('已合并到「Murata」，移动了 2 个条目', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(JSON.parse(requestsTo(`${base('mat')}/7/merge`, 'POST')[0].body)).toEqual({ targetId: 3 });
    await waitFor(() => expect(screen.queryByTestId('manufacturers-row-7')).toBeNull(), { timeout: 5000 });
    expect(state.list.map((m) => m.id)).toEqual([3]);
  });
});
