/**
 * What the STEP tessellation worker (`step-tessellation.worker.ts`, served by the shell under `/sandbox/`) and the
 * page agree on, and the binary STL both sides understand. Imported by the worker: nothing here may touch the DOM.
 */

/** One mesh as occt-import-js returns it: flat xyz positions and triangle corner indices. */
export interface TessellatedMesh {
  attributes: { position: { array: ArrayLike<number> } };
  index: { array: ArrayLike<number> };
}

/** The page → worker message: the file's bytes (transferred). */
export interface StepRequest {
  buffer: ArrayBuffer;
}

/** The worker → page message: a binary STL of every solid in the file, or why there is none. */
export type StepReply = { ok: true; stl: ArrayBuffer; triangles: number } | { ok: false; reason: 'unreadable' | 'empty' | 'failed'; detail?: string };

const HEADER_BYTES = 80;
const TRIANGLE_BYTES = 50;

/** Triangles in all meshes. */
export function triangleCount(meshes: readonly TessellatedMesh[]): number {
  return meshes.reduce((sum, mesh) => sum + Math.floor(mesh.index.array.length / 3), 0);
}

/**
 * All meshes as one binary STL (80-byte header, triangle count, then per triangle a normal, three corners and a
 * zero attribute word; little endian). Normals are computed from the corners (zero for a degenerate triangle):
 * readers recompute them anyway, the search's among them. An index outside its mesh's positions throws.
 */
export function meshesToBinaryStl(meshes: readonly TessellatedMesh[]): ArrayBuffer {
  const count = triangleCount(meshes);
  const buffer = new ArrayBuffer(HEADER_BYTES + 4 + count * TRIANGLE_BYTES);
  const view = new DataView(buffer);
  const header = 'binary STL tessellated from STEP by occt-import-js';
  for (let i = 0; i < header.length; i += 1) view.setUint8(i, header.charCodeAt(i));
  view.setUint32(HEADER_BYTES, count, true);
  let offset = HEADER_BYTES + 4;
  const corner = new Float64Array(9);
  for (const mesh of meshes) {
    const positions = mesh.attributes.position.array;
    const indices = mesh.index.array;
    const vertices = Math.floor(positions.length / 3);
    for (let t = 0; t + 2 < indices.length; t += 3) {
      for (let c = 0; c < 3; c += 1) {
        const vertex = indices[t + c];
        if (!Number.isInteger(vertex) || vertex < 0 || vertex >= vertices) {
          throw new RangeError(`triangle corner ${vertex} outside the mesh's ${vertices} vertices`);
        }
        corner[c * 3] = positions[vertex * 3];
        corner[c * 3 + 1] = positions[vertex * 3 + 1];
        corner[c * 3 + 2] = positions[vertex * 3 + 2];
      }
      const normal = unitNormal(corner);
      for (let i = 0; i < 3; i += 1) view.setFloat32(offset + i * 4, normal[i], true);
      for (let i = 0; i < 9; i += 1) view.setFloat32(offset + 12 + i * 4, corner[i], true);
      view.setUint16(offset + 48, 0, true);
      offset += TRIANGLE_BYTES;
    }
  }
  return buffer;
}

function unitNormal(c: Float64Array): [number, number, number] {
  const ux = c[3] - c[0];
  const uy = c[4] - c[1];
  const uz = c[5] - c[2];
  const vx = c[6] - c[0];
  const vy = c[7] - c[1];
  const vz = c[8] - c[2];
  const nx = uy * vz - uz * vy;
  const ny = uz * vx - ux * vz;
  const nz = ux * vy - uy * vx;
  const length = Math.hypot(nx, ny, nz);
  return length > 0 ? [nx / length, ny / length, nz / length] : [0, 0, 0];
}

/** `bracket.STEP` → `bracket.stl`: the name the search sees (its reader is picked by the extension). */
export function stlNameFor(stepName: string): string {
  const stem = stepName.replace(/\.(step|stp)$/i, '');
  return `${stem || 'model'}.stl`;
}
