import { stlNameFor, type StepReply, type StepRequest } from './step-mesh';

/**
 * The tessellation worker as the shell serves it, with the policy that lets it compile OpenCascade
 * (docs/shape-search.md, "STEP"). Same origin as the page wherever the remote itself comes from: a worker must be.
 */
export const STEP_WORKER_URL = '/sandbox/step-tessellation.js';

/** Why a STEP file gave no mesh: unreadable or without solids, the converter failed, or it could not be loaded. */
export type StepProblem = 'unreadable' | 'empty' | 'failed' | 'unavailable';

export class StepConversionError extends Error {
  constructor(
    readonly problem: StepProblem,
    readonly detail?: string,
  ) {
    super(detail ? `${problem}: ${detail}` : problem);
    this.name = 'StepConversionError';
  }
}

export interface TessellatedStep {
  /** A binary STL named after the STEP file (`bracket.step` → `bracket.stl`). */
  file: File;
  triangles: number;
}

/**
 * Tessellates a STEP file in a worker of its own (terminated afterwards, so OpenCascade's memory goes with it) and
 * answers it as a binary STL the 3D search reads.
 */
export async function tessellateStep(file: File, workerUrl: string = STEP_WORKER_URL): Promise<TessellatedStep> {
  const buffer = await file.arrayBuffer();
  return new Promise<TessellatedStep>((resolve, reject) => {
    const worker = new Worker(workerUrl);
    worker.onmessage = (event: MessageEvent<StepReply>) => {
      worker.terminate();
      const reply = event.data;
      if (reply.ok) {
        resolve({ file: new File([reply.stl], stlNameFor(file.name), { type: 'model/stl' }), triangles: reply.triangles });
      } else {
        reject(new StepConversionError(reply.reason, reply.detail));
      }
    };
    // The script did not load or threw while loading (a 404, a policy refusal): no reply will come.
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      reject(new StepConversionError('unavailable', event.message || undefined));
    };
    const request: StepRequest = { buffer };
    worker.postMessage(request, [buffer]);
  });
}
