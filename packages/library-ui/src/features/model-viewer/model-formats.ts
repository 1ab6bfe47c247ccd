import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { tessellateStep } from '../shape-search/step/step-tessellation';
import { ModelFormatError, viewableFormat } from './model-names';

const MM = 0.001;
const MATERIAL = { color: 0x8c9bab, metalness: 0.3, roughness: 0.55 };

/** The loader's answer, or its failure (a RangeError of a cut file, a SyntaxError…) as an unreadable file. */
async function read<T>(parse: () => T | Promise<T>): Promise<T> {
  try {
    return await parse();
  } catch (error) {
    throw new ModelFormatError('unreadable', error instanceof Error ? error.message : String(error));
  }
}

/** The model unless its meshes hold no vertex (so no triangle). */
function nonEmpty(model: THREE.Object3D): THREE.Object3D {
  let vertices = 0;
  model.traverse((node) => {
    if (node instanceof THREE.Mesh) vertices += (node.geometry as THREE.BufferGeometry).getAttribute('position')?.count ?? 0;
  });
  if (vertices === 0) throw new ModelFormatError('empty');
  return model;
}

/** A triangle mesh from an STL's bytes, millimetres turned into metres. */
async function stlMesh(bytes: ArrayBuffer): Promise<THREE.Object3D> {
  const geometry = await read(() => new STLLoader().parse(bytes));
  if (!geometry.getAttribute('normal')) geometry.computeVertexNormals();
  const mesh = new THREE.Mesh(geometry, new THREE.MeshStandardMaterial(MATERIAL));
  mesh.scale.setScalar(MM);
  return nonEmpty(mesh);
}

/**
 * The model in `bytes` named `name`, in metres, for `ModelViewer`'s `load`. Throws `ModelFormatError` for a format
 * it does not show, a file its loader cannot read or one without triangles, and `StepConversionError` for a STEP
 * file that gives no mesh.
 */
export async function parseModel(bytes: ArrayBuffer, name: string): Promise<THREE.Object3D> {
  switch (viewableFormat(name)) {
    case 'step': {
      const { file } = await tessellateStep(new File([bytes], name));
      return stlMesh(await file.arrayBuffer());
    }
    case 'stl':
      return stlMesh(bytes);
    case 'glb':
      return nonEmpty((await read(() => new GLTFLoader().parseAsync(bytes, ''))).scene);
    case 'wrl': {
      // Its parser is large: fetched only for a VRML file, not with every public item's viewer.
      const { VRMLLoader } = await import('three/examples/jsm/loaders/VRMLLoader.js');
      const scene = await read(() => new VRMLLoader().parse(new TextDecoder().decode(bytes), ''));
      scene.scale.setScalar(MM);
      return nonEmpty(scene);
    }
    default:
      throw new ModelFormatError('unsupported', name);
  }
}
