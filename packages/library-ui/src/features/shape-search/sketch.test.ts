import { isVisible, SKETCH_SIZE, strokeFrom, toSketchPoint, undoStroke, type Stroke } from './sketch';

describe('sketch strokes', () => {
  it('makes a circle from its centre and a point on it, a line from its ends, a pen path from its points', () => {
    expect(strokeFrom('circle', { x: 10, y: 10 }, { x: 13, y: 14 })).toEqual({ tool: 'circle', center: { x: 10, y: 10 }, radius: 5 });
    expect(strokeFrom('line', { x: 0, y: 0 }, { x: 5, y: 0 })).toEqual({ tool: 'line', from: { x: 0, y: 0 }, to: { x: 5, y: 0 } });
    expect(strokeFrom('pen', { x: 0, y: 0 }, { x: 2, y: 2 }, [{ x: 0, y: 0 }])).toEqual({
      tool: 'pen',
      points: [
        { x: 0, y: 0 },
        { x: 2, y: 2 },
      ],
    });
  });

  it('drops a click without a drag', () => {
    expect(isVisible(strokeFrom('circle', { x: 1, y: 1 }, { x: 1, y: 1 }))).toBe(false);
    expect(isVisible(strokeFrom('line', { x: 1, y: 1 }, { x: 2, y: 1 }))).toBe(false);
    expect(isVisible(strokeFrom('pen', { x: 1, y: 1 }, { x: 1, y: 1 }, []))).toBe(false);
    expect(isVisible(strokeFrom('circle', { x: 1, y: 1 }, { x: 20, y: 1 }))).toBe(true);
  });

  it('undoes the last stroke only', () => {
    const strokes: Stroke[] = [strokeFrom('line', { x: 0, y: 0 }, { x: 9, y: 9 }), strokeFrom('circle', { x: 5, y: 5 }, { x: 9, y: 5 })];
    expect(undoStroke(strokes)).toEqual([strokes[0]]);
    expect(undoStroke([])).toEqual([]);
  });

  it('maps a pointer on a scaled-down canvas to the drawing buffer', () => {
    const rect = { left: 100, top: 50, width: SKETCH_SIZE / 2, height: SKETCH_SIZE / 2 };
    expect(toSketchPoint(100 + 64, 50 + 32, rect)).toEqual({ x: 128, y: 64 });
  });
});
