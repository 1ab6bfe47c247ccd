import type { PageResult } from './feedback-admin';

/** What the merge needs of an entry: its id within its source and when it was written. */
export interface MergeableEntry {
  id: number;
  createTime: number;
}

/** Reads page `pageNo` (1-based) of `pageSize` rows of one source's log, newest first. */
export type SourcePageReader<Source, Entry> = (source: Source, pageNo: number, pageSize: number) => Promise<PageResult<Entry>>;

/** The largest page the servers answer; the reader fills its buffers in pages of this size. */
export const MERGE_CHUNK_SIZE = 100;

interface SourceCursor<Source, Entry> {
  source: Source;
  buffer: Entry[];
  /** The next page of the source to read; null once it has no more. */
  nextPageNo: number | null;
  total: number;
}

/**
 * The logs of several services read as one, newest first: each source is read in its own order (newest first),
 * a chunk at a time, and the next entry is always the newest of the sources' heads (a tie goes to the source
 * named first). Only as much of each log is read as the entries taken need.
 */
export class MergedLogReader<Source extends string, Entry extends MergeableEntry> {
  private readonly cursors: SourceCursor<Source, Entry>[];
  /** How many merged entries `take` has answered so far. */
  position = 0;

  constructor(
    sources: readonly Source[],
    private readonly readPage: SourcePageReader<Source, Entry>,
  ) {
    this.cursors = sources.map((source) => ({ source, buffer: [], nextPageNo: 1, total: 0 }));
  }

  /** The number of entries of all the sources together (known after the first `take`). */
  get total(): number {
    return this.cursors.reduce((sum, cursor) => sum + cursor.total, 0);
  }

  /** The next `count` entries (fewer at the end), each with the source it came from. */
  async take(count: number): Promise<(Entry & { source: Source })[]> {
    const taken: (Entry & { source: Source })[] = [];
    while (taken.length < count) {
      await this.fill();
      let newest: SourceCursor<Source, Entry> | undefined;
      for (const cursor of this.cursors) {
        const head = cursor.buffer[0];
        if (head === undefined) continue;
        const best = newest?.buffer[0];
        if (best === undefined || head.createTime > best.createTime) newest = cursor;
      }
      if (newest === undefined) break;
      const entry = newest.buffer.shift() as Entry;
      taken.push({ ...entry, source: newest.source });
    }
    this.position += taken.length;
    return taken;
  }

  /** Reads the next chunk of every source whose buffer is empty and which has more, side by side. */
  private async fill(): Promise<void> {
    const empty = this.cursors.filter((cursor) => cursor.buffer.length === 0 && cursor.nextPageNo !== null);
    await Promise.all(
      empty.map(async (cursor) => {
        const pageNo = cursor.nextPageNo as number;
        const page = await this.readPage(cursor.source, pageNo, MERGE_CHUNK_SIZE);
        cursor.total = page.total;
        cursor.buffer = page.list;
        const read = (pageNo - 1) * MERGE_CHUNK_SIZE + page.list.length;
        cursor.nextPageNo = page.list.length < MERGE_CHUNK_SIZE || read >= page.total ? null : pageNo + 1;
      }),
    );
  }
}

/** Readers left positioned where a page ended, so the next page (the table's 下一页, an export's next call) goes on. */
const PARKED_LIMIT = 8;
/** A parked reader older than this is dropped: its buffers would show a stale log. */
const PARKED_FOR_MS = 30_000;

export class MergedPager<Source extends string, Entry extends MergeableEntry> {
  private readonly parked = new Map<string, { reader: MergedLogReader<Source, Entry>; at: number }>();

  /**
   * Page `pageNo` of `pageSize` of the merged log that `filtersKey` names: from the reader a previous call left at
   * that position (taken out while in use, so two callers never share one), else a new reader that skips there.
   */
  async page(
    filtersKey: string,
    pageNo: number,
    pageSize: number,
    newReader: () => MergedLogReader<Source, Entry>,
  ): Promise<PageResult<Entry & { source: Source }>> {
    const start = (pageNo - 1) * pageSize;
    const parkedKey = (position: number) => `${filtersKey}|${position}`;
    const now = Date.now();
    for (const [key, parked] of this.parked) if (now - parked.at > PARKED_FOR_MS) this.parked.delete(key);
    const found = this.parked.get(parkedKey(start));
    this.parked.delete(parkedKey(start));
    const reader = found?.reader ?? newReader();
    if (reader.position < start) await reader.take(start - reader.position);
    const list = await reader.take(pageSize);
    this.parked.set(parkedKey(reader.position), { reader, at: Date.now() });
    while (this.parked.size > PARKED_LIMIT) this.parked.delete(this.parked.keys().next().value as string);
    return { list, total: reader.total };
  }
}
