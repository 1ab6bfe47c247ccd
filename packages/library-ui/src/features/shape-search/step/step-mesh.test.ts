import { meshesToBinaryStl, stlNameFor, triangleCount, type TessellatedMesh } from './step-mesh';

function mesh(positions: number[], indices: number[]): TessellatedMesh {
  return { attributes: { position: { array: positions } }, index: { array: indices } };
}

/** The triangles of a binary STL: normal and corners, as the search's reader sees them. */
function readStl(buffer: ArrayBuffer): { normal: number[]; corners: number[] }[] {
  const view = new DataView(buffer);
  const count = view.getUint32(80, true);
  expect(buffer.byteLength).toBe(84 + count * 50);
  return Array.from({ length: count }, (_, t) => {
    const offset = 84 + t * 50;
    const floats = Array.from({ length: 12 }, (_, i) => view.getFloat32(offset + i * 4, true));
    return { normal: floats.slice(0, 3), corners: floats.slice(3) };
  });
}

describe('the STL of a tessellated STEP file', () => {
  it('writes every mesh’s triangles with their corners and a unit normal', () => {
    const square = mesh([0, 0, 0, 2, 0, 0, 2, 2, 0, 0, 2, 0], [0, 1, 2, 0, 2, 3]);
    const raised = mesh([0, 0, 5, 0, 3, 5, 3, 0, 5], [0, 1, 2]);
    const triangles = readStl(meshesToBinaryStl([square, raised]));
    expect(triangles).toHaveLength(3);
    expect(triangles[0]).toEqual({ normal: [0, 0, 1], corners: [0, 0, 0, 2, 0, 0, 2, 2, 0] });
    expect(triangles[1].corners).toEqual([0, 0, 0, 2, 2, 0, 0, 2, 0]);
    // Wound the other way round: the normal points down.
    expect(triangles[2]).toEqual({ normal: [0, 0, -1], corners: [0, 0, 5, 0, 3, 5, 3, 0, 5] });
    expect(triangleCount([square, raised])).toBe(3);
  });

  it('gives a degenerate triangle a zero normal and refuses a corner outside its mesh', () => {
    const [flat] = readStl(meshesToBinaryStl([mesh([0, 0, 0, 1, 1, 1, 2, 2, 2], [0, 1, 2])]));
    expect(flat.normal).toEqual([0, 0, 0]);
    expect(() => meshesToBinaryStl([mesh([0, 0, 0, 1, 0, 0, 0, 1, 0], [0, 1, 3])])).toThrow(RangeError);
    expect(readStl(meshesToBinaryStl([]))).toEqual([]);
  });

  it('is named after the STEP file', () => {
    expect(stlNameFor('bracket.step')).toBe('bracket.stl');
    expect(stlNameFor('BRACKET.STP')).toBe('BRACKET.stl');
    expect(stlNameFor('iso4762 M6x20.stp')).toBe('iso4762 M6x20.stl');
    expect(stlNameFor('.step')).toBe('model.stl');
  });
});
