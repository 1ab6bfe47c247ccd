import { collectRows } from './operations-list';

describe('collectRows', () => {
  const rows = Array.from({ length: 250 }, (_, index) => ({ id: index + 1 }));
  const fetchPage = vi.fn(async (filters: { pageNo: number; pageSize: number; keyWords?: string }) => ({
    list: rows.slice((filters.pageNo - 1) * filters.pageSize, filters.pageNo * filters.pageSize),
    total: rows.length,
  }));

  beforeEach(() => {
    fetchPage.mockClear();
  });

  it('reads every page of the current filters at the largest page size', async () => {
    const { rows: found, total } = await collectRows({ pageNo: 3, pageSize: 10, keyWords: 'x' }, fetchPage);
    expect(found.map((row) => row.id)).toEqual(rows.map((row) => row.id));
    expect(total).toBe(250);
    expect(fetchPage.mock.calls.map(([filters]) => filters)).toEqual([1, 2, 3].map((pageNo) => ({ pageNo, pageSize: 100, keyWords: 'x' })));
  });

  it('stops at the cap and reports the total', async () => {
    const { rows: found, total } = await collectRows({ pageNo: 1, pageSize: 10 }, fetchPage, 150);
    expect(found).toHaveLength(150);
    expect(total).toBe(250);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('stops at a short page even when the total grew meanwhile', async () => {
    const growing = vi.fn(async () => ({ list: [{ id: 1 }], total: 500 }));
    const { rows: found } = await collectRows({ pageNo: 1, pageSize: 10 }, growing);
    expect(found).toHaveLength(1);
    expect(growing).toHaveBeenCalledTimes(1);
  });
});
