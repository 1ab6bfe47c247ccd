import * as THREE from 'three';

/** An axis a section plane cuts along. */
export type SectionAxis = 'x' | 'y' | 'z';

export const SECTION_AXES: readonly SectionAxis[] = ['x', 'y', 'z'];

/** Where the camera looks from to frame a box: a three-quarter view at about its diagonal. */
export function fitView(box: THREE.Box3): { position: THREE.Vector3; target: THREE.Vector3; near: number; far: number } {
  const size = box.isEmpty() ? 0.01 : box.getSize(new THREE.Vector3()).length() || 0.01;
  const target = box.isEmpty() ? new THREE.Vector3() : box.getCenter(new THREE.Vector3());
  return {
    position: target.clone().add(new THREE.Vector3(size, size * 0.8, size)),
    target,
    near: size / 100,
    far: size * 100,
  };
}

/**
 * The clipping plane that keeps the part of `box` below `fraction` (0 = nothing, 1 = everything) along
 * `axis`: three.js keeps what lies on the plane's positive side, so the normal points back to the minimum.
 */
export function sectionPlane(box: THREE.Box3, axis: SectionAxis, fraction: number): THREE.Plane {
  const clamped = Math.min(1, Math.max(0, fraction));
  const at = box.min[axis] + (box.max[axis] - box.min[axis]) * clamped;
  const normal = new THREE.Vector3();
  normal[axis] = -1;
  return new THREE.Plane(normal, at);
}

/** Distance between two picked points in millimetres (glTF is in metres: KiCad and part models alike). */
export function distanceMm(a: THREE.Vector3, b: THREE.Vector3): number {
  return a.distanceTo(b) * 1000;
}

/** `12.35 mm`: two decimals, trailing zeros dropped. */
export function formatMm(value: number): string {
  return `${Number(value.toFixed(2))} mm`;
}
