/**
 * The STEP tessellation worker: reads a STEP file with OpenCascade (npm occt-import-js, LGPL, loaded unmodified
 * from its own files beside this script) and answers a binary STL of its solids.
 *
 * Built by the shell's sandbox compiler into `/sandbox/step-tessellation.js` (shell/webpack.config.cjs) and served
 * by the portal with a policy of its own: occt-import-js's emscripten/embind glue compiles WebAssembly and builds
 * functions with `new Function`, which the pages' CSP forbids. A dedicated worker's CSP comes from its own response,
 * so only this script may evaluate code, and it has no DOM (docs/shape-search.md, "STEP").
 */
import { meshesToBinaryStl, triangleCount, type StepReply, type StepRequest, type TessellatedMesh } from './step-mesh';

interface OcctResult {
  success: boolean;
  meshes: TessellatedMesh[];
}

interface Occt {
  ReadStepFile(content: Uint8Array, params: Record<string, unknown> | null): OcctResult;
}

interface WorkerScope {
  onmessage: ((event: MessageEvent<StepRequest>) => void) | null;
  postMessage(message: StepReply, transfer?: Transferable[]): void;
  importScripts(...urls: string[]): void;
  occtimportjs?: (overrides: { locateFile: (name: string) => string }) => Promise<Occt>;
}

/** Where the shell's build copies occt-import-js, relative to this script. */
const OCCT_DIR = 'occt-import-js/';

/** Millimetres (the parts' unit); chords within 0.1 % of the model's size, as fine as the search needs. */
const TESSELLATION = { linearUnit: 'millimeter', linearDeflectionType: 'bounding_box_ratio', linearDeflection: 0.001, angularDeflection: 0.5 };

const scope = self as unknown as WorkerScope;
let occt: Promise<Occt> | undefined;

function loadOcct(): Promise<Occt> {
  if (!occt) {
    scope.importScripts(`${OCCT_DIR}occt-import-js.js`);
    const factory = scope.occtimportjs;
    if (!factory) throw new Error('occt-import-js did not define occtimportjs');
    occt = factory({ locateFile: (name) => `${OCCT_DIR}${name}` });
  }
  return occt;
}

function tessellate(library: Occt, buffer: ArrayBuffer): StepReply {
  const result = library.ReadStepFile(new Uint8Array(buffer), TESSELLATION);
  if (!result.success) return { ok: false, reason: 'unreadable' };
  const triangles = triangleCount(result.meshes);
  if (triangles === 0) return { ok: false, reason: 'empty' };
  return { ok: true, stl: meshesToBinaryStl(result.meshes), triangles };
}

scope.onmessage = (event) => {
  loadOcct()
    .then((library) => {
      const reply = tessellate(library, event.data.buffer);
      scope.postMessage(reply, reply.ok ? [reply.stl] : []);
    })
    .catch((error: unknown) => {
      scope.postMessage({ ok: false, reason: 'failed', detail: error instanceof Error ? error.message : String(error) });
    });
};
