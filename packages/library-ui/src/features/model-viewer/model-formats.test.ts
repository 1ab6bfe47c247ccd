import * as THREE from 'three';
import { GLTFExporter } from 'three/examples/jsm/exporters/GLTFExporter.js';
import { parseModel } from './model-formats';
import { hasKnownUnits, isViewableModel, ModelFormatError, type ModelProblem } from './model-names';

const size = (model: THREE.Object3D) => new THREE.Box3().setFromObject(model).getSize(new THREE.Vector3());

/** A binary STL of one triangle spanning `mm` millimetres along x and y. */
function binaryStl(mm: number): ArrayBuffer {
  const bytes = new ArrayBuffer(84 + 50);
  const view = new DataView(bytes);
  view.setUint32(80, 1, true);
  const vertices = [0, 0, 0, mm, 0, 0, 0, mm, 0];
  vertices.forEach((value, index) => view.setFloat32(84 + 12 + index * 4, value, true));
  return bytes;
}

const text = (content: string) => new TextEncoder().encode(content).buffer as ArrayBuffer;

describe('model formats of the 3D view', () => {
  it('shows STEP, STL, binary glTF and VRML; measures all but VRML, whose unit is unknown', () => {
    expect(['a.step', 'b.STP', 'c.stl', 'd.glb', 'e.wrl'].map(isViewableModel)).toEqual([true, true, true, true, true]);
    expect(['f.igs', 'g.x_t', 'h.sldprt', 'i.zip', 'j.pdf', 'stl'].map(isViewableModel)).toEqual([false, false, false, false, false, false]);
    expect(['a.step', 'c.stl', 'd.glb', 'e.wrl', 'f.igs'].map(hasKnownUnits)).toEqual([true, true, true, false, false]);
  });

  it('reads a binary and an ASCII STL in millimetres as metres, with normals', async () => {
    const binary = await parseModel(binaryStl(20), 'bracket.STL');
    expect(size(binary).x).toBeCloseTo(0.02);
    expect(size(binary).y).toBeCloseTo(0.02);
    expect(((binary as THREE.Mesh).geometry as THREE.BufferGeometry).getAttribute('normal')).toBeDefined();
    const ascii = await parseModel(
      text('solid t\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 50 0 0\nvertex 0 10 0\nendloop\nendfacet\nendsolid t\n'),
      'plate.stl',
    );
    expect(size(ascii).x).toBeCloseTo(0.05);
    expect(size(ascii).y).toBeCloseTo(0.01);
  });

  it('reads a binary glTF as it is: metres by its specification', async () => {
    const box = new THREE.Mesh(new THREE.BoxGeometry(0.03, 0.01, 0.002), new THREE.MeshStandardMaterial());
    const glb = (await new GLTFExporter().parseAsync(box, { binary: true })) as ArrayBuffer;
    const model = await parseModel(glb, 'box.glb');
    expect(size(model).x).toBeCloseTo(0.03);
    expect(size(model).z).toBeCloseTo(0.002);
  });

  it('reads a VRML world', async () => {
    const model = await parseModel(text('#VRML V2.0 utf8\nShape { geometry Box { size 4 2 1 } }\n'), 'part.wrl');
    expect(size(model).x).toBeCloseTo(0.004);
  });

  it('refuses a file it cannot show or read, or one without triangles, saying which', async () => {
    const problem = (bytes: ArrayBuffer, name: string) =>
      parseModel(bytes, name).then(
        () => 'shown',
        (error: unknown) => (error instanceof ModelFormatError ? error.problem : `other: ${String(error)}`),
      );
    const cases: [ArrayBuffer, string, ModelProblem][] = [
      [text('ISO-10303-21;'), 'part.igs', 'unsupported'],
      [text('solid e\nendsolid e\n'), 'cut.stl', 'unreadable'],
      [new ArrayBuffer(84), 'empty.stl', 'empty'],
      [text('not a glb'), 'broken.glb', 'unreadable'],
      [text('#VRML V2.0 utf8\nShape { geometry Box { size'), 'cut.wrl', 'unreadable'],
      [text('#VRML V2.0 utf8\nGroup { children [] }\n'), 'empty.wrl', 'empty'],
    ];
    for (const [bytes, name, expected] of cases) expect([name, await problem(bytes, name)]).toEqual([name, expected]);
  });
});
