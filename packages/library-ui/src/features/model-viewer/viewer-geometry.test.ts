import * as THREE from 'three';
import { distanceMm, fitView, formatMm, sectionPlane } from './viewer-geometry';

const box = new THREE.Box3(new THREE.Vector3(0, 0, 0), new THREE.Vector3(0.01, 0.02, 0.1));

describe('model viewer geometry', () => {
  it('frames a box from a three-quarter view at its diagonal, looking at its centre', () => {
    const view = fitView(box);
    expect(view.target.toArray()).toEqual([0.005, 0.01, 0.05]);
    const diagonal = box.getSize(new THREE.Vector3()).length();
    expect(view.position.x - view.target.x).toBeCloseTo(diagonal);
    expect(view.near).toBeCloseTo(diagonal / 100);
    expect(view.far).toBeCloseTo(diagonal * 100);
  });

  it('frames an empty scene without dividing by zero', () => {
    const view = fitView(new THREE.Box3());
    expect(view.near).toBeGreaterThan(0);
    expect(Number.isFinite(view.position.x)).toBe(true);
  });

  it('keeps what lies below the fraction of the box along the axis', () => {
    const plane = sectionPlane(box, 'z', 0.5);
    // Positive side (kept) below z = 0.05, negative above.
    expect(plane.distanceToPoint(new THREE.Vector3(0, 0, 0.01))).toBeGreaterThan(0);
    expect(plane.distanceToPoint(new THREE.Vector3(0, 0, 0.09))).toBeLessThan(0);
    expect(plane.distanceToPoint(new THREE.Vector3(0, 0, 0.05))).toBeCloseTo(0);
    // Out-of-range fractions are clamped to the box.
    expect(sectionPlane(box, 'y', 2).distanceToPoint(new THREE.Vector3(0, 0.02, 0))).toBeCloseTo(0);
    expect(sectionPlane(box, 'x', -1).distanceToPoint(new THREE.Vector3(0, 0, 0))).toBeCloseTo(0);
  });

  it('measures in millimetres from metres and prints two decimals at most', () => {
    expect(distanceMm(new THREE.Vector3(0, 0, 0), new THREE.Vector3(0.003, 0.004, 0))).toBeCloseTo(5);
    expect(formatMm(5)).toBe('5 mm');
    expect(formatMm(12.3456)).toBe('12.35 mm');
  });
});
