import { MERGE_CHUNK_SIZE, MergedLogReader, MergedPager, type SourcePageReader } from './audit-log-merge';

type Source = 'system' | 'part' | 'component';
interface Entry {
  id: number;
  createTime: number;
}

/** A log of `count` entries, newest first, written every `step` ms from `newest` down. */
function log(count: number, newest: number, step: number): Entry[] {
  return Array.from({ length: count }, (_, index) => ({ id: count - index, createTime: newest - index * step }));
}

/** Serves the logs page by page as the servers do, and counts the calls per source. */
function serve(logs: Record<Source, Entry[]>) {
  const calls: { source: Source; pageNo: number; pageSize: number }[] = [];
  const read: SourcePageReader<Source, Entry> = async (source, pageNo, pageSize) => {
    calls.push({ source, pageNo, pageSize });
    const list = logs[source].slice((pageNo - 1) * pageSize, pageNo * pageSize);
    return { list, total: logs[source].length };
  };
  return { read, calls };
}

/** The merge done the slow way: every entry, sorted newest first, ties in source order. */
function expected(logs: Record<Source, Entry[]>, sources: readonly Source[]) {
  return sources
    .flatMap((source, order) => logs[source].map((entry, index) => ({ ...entry, source, order, index })))
    .sort((a, b) => b.createTime - a.createTime || a.order - b.order || a.index - b.index)
    .map(({ order: _order, index: _index, ...entry }) => entry);
}

const SOURCES = ['system', 'part', 'component'] as const;

describe('MergedLogReader', () => {
  it('answers every entry of every log once, newest first, across chunk boundaries', async () => {
    const logs = { system: log(250, 1_000_000, 7), part: log(3, 999_990, 1000), component: log(130, 1_000_000, 11) };
    const { read } = serve(logs);
    const reader = new MergedLogReader(SOURCES, read);
    const taken = [];
    for (let batch = await reader.take(37); batch.length > 0; batch = await reader.take(37)) taken.push(...batch);
    expect(taken).toEqual(expected(logs, SOURCES));
    expect(reader.total).toBe(383);
    expect(reader.position).toBe(383);
  });

  it('reads only the chunks the entries taken need', async () => {
    const logs = { system: log(500, 2_000_000, 1), part: log(500, 1_000_000, 1), component: log(0, 0, 1) };
    const { read, calls } = serve(logs);
    const reader = new MergedLogReader(SOURCES, read);
    // The first 150 are all the system's (newer than any of the part library's).
    expect((await reader.take(150)).every((entry) => entry.source === 'system')).toBe(true);
    expect(calls).toEqual([
      { source: 'system', pageNo: 1, pageSize: MERGE_CHUNK_SIZE },
      { source: 'part', pageNo: 1, pageSize: MERGE_CHUNK_SIZE },
      { source: 'component', pageNo: 1, pageSize: MERGE_CHUNK_SIZE },
      { source: 'system', pageNo: 2, pageSize: MERGE_CHUNK_SIZE },
    ]);
    expect(reader.total).toBe(1000);
  });

  it('gives a tie to the source named first', async () => {
    const logs = { system: [{ id: 1, createTime: 5 }], part: [{ id: 9, createTime: 5 }], component: [{ id: 4, createTime: 6 }] };
    const reader = new MergedLogReader(SOURCES, serve(logs).read);
    expect((await reader.take(10)).map((entry) => `${entry.source}-${entry.id}`)).toEqual(['component-4', 'system-1', 'part-9']);
  });

  it('fails as the source it read failed', async () => {
    const reader = new MergedLogReader(SOURCES, async (source) => {
      if (source === 'part') throw new Error('零部件库服务不可用');
      return { list: [], total: 0 };
    });
    await expect(reader.take(10)).rejects.toThrow('零部件库服务不可用');
  });
});

describe('MergedPager', () => {
  const logs = { system: log(120, 1_000_000, 3), part: log(40, 999_999, 5), component: log(90, 1_000_001, 2) };
  const all = expected(logs, SOURCES);

  it('answers any page as the merge would, going on from where the previous page ended', async () => {
    const { read, calls } = serve(logs);
    const pager = new MergedPager<Source, Entry>();
    const newReader = () => new MergedLogReader(SOURCES, read);
    for (let pageNo = 1; pageNo <= 25; pageNo += 1) {
      const page = await pager.page('{}', pageNo, 10, newReader);
      expect(page.list).toEqual(all.slice((pageNo - 1) * 10, pageNo * 10));
      expect(page.total).toBe(250);
    }
    // Paging through reads each chunk once, not the log again for each page.
    expect(calls).toHaveLength(2 + 1 + 1);
    // A jump (another page size, another filter) starts a reader of its own.
    expect((await pager.page('{}', 3, 20, newReader)).list).toEqual(all.slice(40, 60));
    expect((await pager.page('{"action":"x"}', 2, 10, newReader)).list).toEqual(all.slice(10, 20));
  });

  it('never lets two callers share a reader', async () => {
    const { read } = serve(logs);
    const pager = new MergedPager<Source, Entry>();
    const newReader = () => new MergedLogReader(SOURCES, read);
    await pager.page('{}', 1, 10, newReader);
    // Two callers both after page 2 (the table and an export): both get page 2.
    const [first, second] = await Promise.all([pager.page('{}', 2, 10, newReader), pager.page('{}', 2, 10, newReader)]);
    expect(first.list).toEqual(all.slice(10, 20));
    expect(second.list).toEqual(all.slice(10, 20));
  });
});
