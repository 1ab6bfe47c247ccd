// @vitest-environment node
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { StepReply } from './step-mesh';

// The worker as it runs in the browser, with the real OpenCascade (occt-import-js and its wasm): only the worker
// globals are provided — importScripts loads the same library file the shell's build copies beside the worker.
const require = createRequire(import.meta.url);
const occtScript = require.resolve('occt-import-js/dist/occt-import-js.js');
const testFiles = path.join(path.dirname(occtScript), '..', 'test', 'testfiles');

interface FakeWorkerScope {
  importScripts: (...urls: string[]) => void;
  postMessage: (message: StepReply) => void;
  onmessage: ((event: { data: { buffer: ArrayBuffer } }) => void) | null;
  occtimportjs?: unknown;
}

const replies: StepReply[] = [];
const imported: string[] = [];
const scope = globalThis as unknown as FakeWorkerScope & { self?: unknown };

beforeAll(async () => {
  scope.self = globalThis;
  scope.importScripts = (...urls) => {
    imported.push(...urls);
    // Node resolves the wasm beside the script itself; the worker's locateFile names it relative to its own URL.
    const factory = require(occtScript) as (overrides: { locateFile?: (name: string) => string }) => Promise<unknown>;
    scope.occtimportjs = (overrides: { locateFile: (name: string) => string }) => {
      expect(overrides.locateFile('occt-import-js.wasm')).toBe('occt-import-js/occt-import-js.wasm');
      return factory({});
    };
  };
  scope.postMessage = (message) => replies.push(message);
  await import('./step-tessellation.worker');
});

function ask(file: string | Uint8Array): Promise<StepReply> {
  const bytes = typeof file === 'string' ? fs.readFileSync(path.join(testFiles, file)) : file;
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const before = replies.length;
  scope.onmessage?.({ data: { buffer } });
  return vi.waitUntil(() => replies[before], { timeout: 60_000, interval: 20 });
}

function boundsOf(stl: ArrayBuffer): { min: number[]; max: number[]; triangles: number } {
  const view = new DataView(stl);
  const triangles = view.getUint32(80, true);
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let t = 0; t < triangles; t += 1) {
    for (let c = 0; c < 3; c += 1) {
      for (let axis = 0; axis < 3; axis += 1) {
        const value = view.getFloat32(84 + t * 50 + 12 + (c * 3 + axis) * 4, true);
        min[axis] = Math.min(min[axis], value);
        max[axis] = Math.max(max[axis], value);
      }
    }
  }
  return { min, max, triangles };
}

describe('the STEP tessellation worker with OpenCascade', () => {
  it('answers a 10 mm cube as 12 triangles of a 10 mm box, loading the library once', async () => {
    const reply = await ask('cube-10x10mm/Cube 10x10.stp');
    if (!reply.ok) throw new Error(`no mesh: ${reply.reason} ${reply.detail ?? ''}`);
    expect(reply.triangles).toBe(12);
    const { min, max, triangles } = boundsOf(reply.stl);
    expect(triangles).toBe(12);
    expect(max.map((value, axis) => value - min[axis])).toEqual([10, 10, 10]);

    const again = await ask('cube-10x10mm/Cube 10x10.stp');
    expect(again.ok).toBe(true);
    expect(imported).toEqual(['occt-import-js/occt-import-js.js']);
  }, 90_000);

  it('says a file that is not STEP is unreadable', async () => {
    const reply = await ask(new TextEncoder().encode('solid not-a-step-file\nendsolid\n'));
    expect(reply).toEqual({ ok: false, reason: 'unreadable' });
  }, 90_000);
});
