import { DEFAULT_SHAPE_OPTIONS, hasExtension, librariesToAsk, MAX_COUNTED, mergeByScore, shapeParams, type ShapeAnswer, type ShapeHit } from './shape-search';

function hit(id: number, score: number): ShapeHit {
  return {
    component: { id, partNumber: `P${id}`, name: `item ${id}`, description: '', pinCount: 0 },
    score,
    thumbnailUrl: `/to/api/public/x/item/${id}/thumbnail.png`,
  };
}

function answer(hits: ShapeHit[], total = hits.length, state: ShapeAnswer['status']['state'] = 'ready'): ShapeAnswer {
  return {
    list: hits,
    total,
    status: { state, models: 10, pending: state === 'ready' ? 0 : 4, done: state === 'ready' ? 10 : 6, failed: 0, indexed: 6, passes: 1 },
  };
}

describe('mergeByScore', () => {
  it('interleaves the libraries by score, best first, and cuts to the page size', () => {
    const merged = mergeByScore(
      [
        { library: 'component', searchable: true, answer: answer([hit(1, 99), hit(2, 80), hit(3, 40)], 12) },
        { library: 'part', searchable: true, answer: answer([hit(7, 95), hit(8, 60)], 5) },
      ],
      4,
    );
    expect(merged.hits.map((h) => [h.library, h.component.id, h.score])).toEqual([
      ['component', 1, 99],
      ['part', 7, 95],
      ['component', 2, 80],
      ['part', 8, 60],
    ]);
    expect(merged.total).toBe(17);
    expect(merged.notSearchable).toEqual([]);
    expect(merged.indexing).toEqual([]);
  });

  it('says the total is a lower bound when a library counted up to the server’s cap', () => {
    const capped = mergeByScore([{ library: 'part', searchable: true, answer: answer([hit(1, 90)], MAX_COUNTED) }], 20);
    expect([capped.total, capped.atLeast]).toEqual([500, true]);
    const counted = mergeByScore([{ library: 'part', searchable: true, answer: answer([hit(1, 90)], MAX_COUNTED - 1) }], 20);
    expect(counted.atLeast).toBe(false);
  });

  it('keeps the libraries order on equal scores', () => {
    const merged = mergeByScore(
      [
        { library: 'part', searchable: true, answer: answer([hit(1, 90)]) },
        { library: 'component', searchable: true, answer: answer([hit(2, 90)]) },
      ],
      20,
    );
    expect(merged.hits.map((h) => h.library)).toEqual(['part', 'component']);
  });

  it('names a library without shape routes and still shows the others', () => {
    const merged = mergeByScore(
      [
        { library: 'part', searchable: false },
        { library: 'component', searchable: true, answer: answer([hit(5, 70)], 1, 'computing') },
      ],
      20,
    );
    expect(merged.notSearchable).toEqual(['part']);
    expect(merged.hits.map((h) => h.component.id)).toEqual([5]);
    expect(merged.indexing).toEqual([{ library: 'component', status: expect.objectContaining({ state: 'computing', done: 6, models: 10 }) }]);
  });
});

describe('shapeParams', () => {
  it('sends the slider as minScore with the switches and the page size', () => {
    expect(shapeParams({ ...DEFAULT_SHAPE_OPTIONS, minScore: 85, includeSize: true }, false)).toEqual({
      minScore: 85,
      includeSize: true,
      ignoreMirrored: true,
      pageSize: 20,
    });
  });

  it('sends the category only to the library whose tree it is', () => {
    const options = { ...DEFAULT_SHAPE_OPTIONS, categoryCode: 'ic' };
    expect(shapeParams(options, true).categoryCode).toBe('ic');
    expect(shapeParams(options, false)).not.toHaveProperty('categoryCode');
  });
});

describe('librariesToAsk', () => {
  it('asks only the item’s own library for find similar', () => {
    expect(librariesToAsk({ kind: 'similar', library: 'component', id: 3 }, ['part', 'component'])).toEqual(['component']);
    expect(librariesToAsk({ kind: 'model', file: new File(['x'], 'a.stl') }, ['part', 'component'])).toEqual(['part', 'component']);
  });
});

describe('hasExtension', () => {
  it('matches whatever the case', () => {
    expect(hasExtension('SOIC-8.GLB', ['.glb'])).toBe(true);
    expect(hasExtension('bracket.step', ['.stl', '.glb'])).toBe(false);
  });
});
