import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Segmented, Slider, Space, Switch, Typography } from 'antd';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { toAbsoluteUrl } from '@portal/http';
import { useLibraryTranslation } from '../../../i18n/use-library-translation';
import '../viewer-messages';
import { distanceMm, fitView, formatMm, SECTION_AXES, sectionPlane, type SectionAxis } from '../viewer-geometry';
import { parseModel } from '../model-formats';
import type { ModelFile } from '../model-names';

export interface ModelViewerProps {
  /** URL of a binary glTF (`model/gltf-binary`), read when there is no `load`. */
  url?: string;
  /**
   * A model file the caller reads (another format than glTF, or a file read with the session's token: see
   * `model-names.ts` for the formats), kept stable across renders (each new function loads again). A failure to
   * read or show it shows `describeError`'s words.
   */
  load?: () => Promise<ModelFile>;
  describeError?: (error: unknown) => string | undefined;
  height?: number;
  /** The tool bar: fit, a section plane along an axis, and a two-point measure in mm. */
  tools?: boolean;
}

/** The scene of the binary glTF at `url`. */
async function loadGltf(url: string): Promise<THREE.Object3D> {
  return (await new GLTFLoader().loadAsync(toAbsoluteUrl(url))).scene;
}

/** What the tools act on once a model is loaded. */
interface Stage {
  renderer: THREE.WebGLRenderer;
  camera: THREE.PerspectiveCamera;
  controls: OrbitControls;
  model: THREE.Object3D;
  box: THREE.Box3;
  markers: THREE.Group;
}

/** A click that is not the end of an orbit drag (pixels moved). */
const CLICK_SLOP = 4;

/**
 * Renders a GLB model with orbit controls and, with `tools`, fit / section / measure. Loaded as its own
 * chunk (three.js is large): import it through `LazyModelViewer`.
 */
export default function ModelViewer({ url, load, describeError, height = 320, tools = false }: ModelViewerProps) {
  const { t } = useLibraryTranslation();
  const container = useRef<HTMLDivElement>(null);
  const stage = useRef<Stage | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [failure, setFailure] = useState<string>();
  const [section, setSection] = useState<{ on: boolean; axis: SectionAxis; fraction: number }>({ on: false, axis: 'z', fraction: 0.5 });
  const [measuring, setMeasuring] = useState(false);
  const [points, setPoints] = useState<THREE.Vector3[]>([]);
  // The canvas listeners live as long as the model: they read the switch through a ref.
  const measuringRef = useRef(measuring);
  // Read when a load fails: a new function of the caller's does not load the model again.
  const describeErrorRef = useRef(describeError);
  useEffect(() => {
    measuringRef.current = measuring;
    describeErrorRef.current = describeError;
  }, [measuring, describeError]);

  useEffect(() => {
    const host = container.current;
    if (!host) return undefined;
    setState('loading');
    setFailure(undefined);
    setPoints([]);
    const width = host.clientWidth || 480;
    const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    renderer.setPixelRatio(window.devicePixelRatio);
    renderer.setSize(width, height);
    renderer.setClearColor(0xf5f7fa);
    host.appendChild(renderer.domElement);

    const scene = new THREE.Scene();
    scene.add(new THREE.HemisphereLight(0xffffff, 0x444444, 2.5));
    const sun = new THREE.DirectionalLight(0xffffff, 1.5);
    sun.position.set(1, 2, 3);
    scene.add(sun);
    const markers = new THREE.Group();
    scene.add(markers);
    const camera = new THREE.PerspectiveCamera(40, width / height, 0.0001, 100);
    const controls = new OrbitControls(camera, renderer.domElement);
    controls.enableDamping = true;

    let frame = 0;
    let disposed = false;
    const render = () => {
      frame = requestAnimationFrame(render);
      controls.update();
      renderer.render(scene, camera);
    };

    // Measure: a click (not a drag) on the model picks a point; the third click starts again.
    let down: { x: number; y: number } | undefined;
    const onPointerDown = (event: PointerEvent) => {
      down = { x: event.clientX, y: event.clientY };
    };
    const onPointerUp = (event: PointerEvent) => {
      const current = stage.current;
      if (!measuringRef.current || !current || !down) return;
      if (Math.hypot(event.clientX - down.x, event.clientY - down.y) > CLICK_SLOP) return;
      const bounds = renderer.domElement.getBoundingClientRect();
      const pointer = new THREE.Vector2(((event.clientX - bounds.left) / bounds.width) * 2 - 1, -((event.clientY - bounds.top) / bounds.height) * 2 + 1);
      const raycaster = new THREE.Raycaster();
      raycaster.setFromCamera(pointer, camera);
      // The first hit that is not cut away by the section plane.
      const planes = renderer.clippingPlanes;
      const hit = raycaster.intersectObject(current.model, true).find((candidate) => planes.every((plane) => plane.distanceToPoint(candidate.point) >= 0));
      if (hit) setPoints((previous) => (previous.length >= 2 ? [hit.point.clone()] : [...previous, hit.point.clone()]));
    };
    renderer.domElement.addEventListener('pointerdown', onPointerDown);
    renderer.domElement.addEventListener('pointerup', onPointerUp);

    (load ? load().then((file) => parseModel(file.bytes, file.name)) : loadGltf(url ?? '')).then(
      (model) => {
        if (disposed) return;
        scene.add(model);
        // Frame the model: KiCad models are millimetres in metres, so fit the camera to its box.
        const box = new THREE.Box3().setFromObject(model);
        stage.current = { renderer, camera, controls, model, box, markers };
        applyFit(stage.current);
        render();
        setState('ready');
      },
      (error: unknown) => {
        if (disposed) return;
        setFailure(describeErrorRef.current?.(error));
        setState('error');
      },
    );

    return () => {
      disposed = true;
      stage.current = null;
      cancelAnimationFrame(frame);
      renderer.domElement.removeEventListener('pointerdown', onPointerDown);
      renderer.domElement.removeEventListener('pointerup', onPointerUp);
      controls.dispose();
      renderer.dispose();
      renderer.domElement.remove();
    };
  }, [url, load, height]);

  // The section plane follows the controls (and a new model: `state`).
  useEffect(() => {
    const current = stage.current;
    if (!current) return;
    current.renderer.clippingPlanes = section.on ? [sectionPlane(current.box, section.axis, section.fraction)] : [];
  }, [section, state]);

  // Markers of the picked points and the line between them.
  useEffect(() => {
    const current = stage.current;
    if (!current) return;
    current.markers.clear();
    const radius = current.box.getSize(new THREE.Vector3()).length() / 150 || 0.0005;
    const material = new THREE.MeshBasicMaterial({ color: 0xd4380d, depthTest: false });
    for (const point of points) {
      const marker = new THREE.Mesh(new THREE.SphereGeometry(radius, 12, 8), material);
      marker.position.copy(point);
      marker.renderOrder = 1;
      current.markers.add(marker);
    }
    if (points.length === 2) {
      const line = new THREE.Line(new THREE.BufferGeometry().setFromPoints(points), new THREE.LineBasicMaterial({ color: 0xd4380d, depthTest: false }));
      line.renderOrder = 1;
      current.markers.add(line);
    }
  }, [points, state]);

  const distance = points.length === 2 ? distanceMm(points[0], points[1]) : undefined;

  return (
    <div data-testid="model-viewer" data-state={state}>
      {state === 'error' && <Alert type="error" showIcon title={t('viewer.modelError')} description={failure} />}
      {tools && state === 'ready' && (
        <Space wrap size="small" style={{ marginBottom: 8 }} data-testid="model-tools">
          <Button size="small" data-testid="model-fit" onClick={() => stage.current && applyFit(stage.current)}>
            {t('viewer.fit')}
          </Button>
          <Space size={4}>
            <Switch size="small" data-testid="model-section" checked={section.on} onChange={(on) => setSection((previous) => ({ ...previous, on }))} />
            <Typography.Text>{t('viewer.section')}</Typography.Text>
          </Space>
          {section.on && (
            <>
              <Segmented<SectionAxis>
                size="small"
                data-testid="model-section-axis"
                options={SECTION_AXES.map((axis) => ({ value: axis, label: axis.toUpperCase() }))}
                value={section.axis}
                onChange={(axis) => setSection((previous) => ({ ...previous, axis }))}
              />
              {/* antd's Slider does not pass a test id to the DOM. */}
              <span data-testid="model-section-slider" style={{ display: 'inline-block' }}>
                <Slider
                  style={{ width: 120, margin: '0 8px' }}
                  min={0}
                  max={100}
                  value={Math.round(section.fraction * 100)}
                  tooltip={{ formatter: (value) => `${value ?? 0}%` }}
                  onChange={(value) => setSection((previous) => ({ ...previous, fraction: value / 100 }))}
                />
              </span>
            </>
          )}
          <Space size={4}>
            <Switch
              size="small"
              data-testid="model-measure"
              checked={measuring}
              onChange={(on) => {
                setMeasuring(on);
                setPoints([]);
              }}
            />
            <Typography.Text>{t('viewer.measure')}</Typography.Text>
          </Space>
          {measuring && (
            <Typography.Text type="secondary" data-testid="model-measure-result" data-points={points.length}>
              {distance === undefined ? t('viewer.measureHint', { count: points.length }) : t('viewer.distance', { distance: formatMm(distance) })}
            </Typography.Text>
          )}
        </Space>
      )}
      <div ref={container} style={{ width: '100%', height, display: state === 'error' ? 'none' : 'block', cursor: measuring ? 'crosshair' : undefined }} />
    </div>
  );
}

function applyFit({ camera, controls, box }: Stage) {
  const view = fitView(box);
  camera.position.copy(view.position);
  camera.near = view.near;
  camera.far = view.far;
  camera.updateProjectionMatrix();
  controls.target.copy(view.target);
  controls.update();
}
