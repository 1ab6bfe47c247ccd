// What the 3D view can show, by file name, and why a file was not shown: without three.js, so a page decides and
// explains without loading the viewer.

/**
 * The model formats the page shows in 3D from a file's bytes, by extension: STEP (tessellated in a worker, as the 3D
 * search does), STL, binary glTF and VRML. IGES, Parasolid, SolidWorks and ZIP files are downloaded, not shown.
 */
const VIEWABLE = /\.(step|stp|stl|glb|wrl)$/i;

export const isViewableModel = (name: string) => VIEWABLE.test(name);

/**
 * Whether lengths of the format are known: glTF is metres by its specification, STEP and STL files of CAD tools
 * are millimetres; VRML has no unit (KiCad's are 2.54 mm each), so its distances are not measured.
 */
export const hasKnownUnits = (name: string) => isViewableModel(name) && !/\.wrl$/i.test(name);

/** A model file for the viewer: its bytes, and its name (whose extension says the format). */
export interface ModelFile {
  bytes: ArrayBuffer;
  name: string;
}

/** Why a file gave no model: a format the view does not show, bytes its loader could not read, or no triangle. */
export type ModelProblem = 'unsupported' | 'unreadable' | 'empty';

export class ModelFormatError extends Error {
  constructor(
    readonly problem: ModelProblem,
    readonly detail?: string,
  ) {
    super(detail ? `${problem}: ${detail}` : problem);
    this.name = 'ModelFormatError';
  }
}
