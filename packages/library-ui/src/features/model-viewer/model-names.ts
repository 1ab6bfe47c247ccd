// What the 3D view can show, by file name, and why a file was not shown: without three.js, so a page decides and
// explains without loading the viewer.

/**
 * The model formats the page shows in 3D from a file's bytes: STEP (tessellated in a worker, as the 3D search does),
 * STL, binary glTF and VRML. IGES, Parasolid, SolidWorks and ZIP files are downloaded, not shown.
 */
export type ViewableFormat = 'step' | 'stl' | 'glb' | 'wrl';

const FORMAT_BY_EXTENSION: Record<string, ViewableFormat> = { step: 'step', stp: 'step', stl: 'stl', glb: 'glb', wrl: 'wrl' };

/** The format the view reads a file named `name` as, by its extension; undefined for one it does not show. */
export function viewableFormat(name: string): ViewableFormat | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return extension === undefined ? undefined : FORMAT_BY_EXTENSION[extension];
}

export const isViewableModel = (name: string) => viewableFormat(name) !== undefined;

/**
 * Whether lengths of the format are known: glTF is metres by its specification, STEP and STL files of CAD tools
 * are millimetres; VRML has no unit (KiCad's are 2.54 mm each), so its distances are not measured.
 */
export const hasKnownUnits = (name: string) => {
  const format = viewableFormat(name);
  return format !== undefined && format !== 'wrl';
};

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
