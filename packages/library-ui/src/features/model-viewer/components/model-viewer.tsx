import { useEffect, useRef, useState } from 'react';
import { Alert } from 'antd';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { toAbsoluteUrl } from '@portal/http';
import { useLibraryTranslation } from '../../../i18n/use-library-translation';

export interface ModelViewerProps {
  /** URL of a binary glTF (`model/gltf-binary`). */
  url: string;
  height?: number;
}

/**
 * Renders a GLB model with orbit controls. Loaded as its own chunk (three.js is large): import it
 * through `LazyModelViewer`.
 */
export default function ModelViewer({ url, height = 320 }: ModelViewerProps) {
  const { t } = useLibraryTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');

  useEffect(() => {
    const host = container.current;
    if (!host) return undefined;
    setState('loading');
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

    new GLTFLoader().load(
      toAbsoluteUrl(url),
      (gltf) => {
        if (disposed) return;
        scene.add(gltf.scene);
        // Frame the model: KiCad models are millimetres in metres, so fit the camera to its box.
        const box = new THREE.Box3().setFromObject(gltf.scene);
        const size = box.getSize(new THREE.Vector3()).length() || 0.01;
        const centre = box.getCenter(new THREE.Vector3());
        camera.position.copy(centre).add(new THREE.Vector3(size, size * 0.8, size));
        camera.near = size / 100;
        camera.far = size * 100;
        camera.updateProjectionMatrix();
        controls.target.copy(centre);
        render();
        setState('ready');
      },
      undefined,
      () => {
        if (!disposed) setState('error');
      },
    );

    return () => {
      disposed = true;
      cancelAnimationFrame(frame);
      controls.dispose();
      renderer.dispose();
      renderer.domElement.remove();
    };
  }, [url, height]);

  return (
    <div data-testid="model-viewer" data-state={state}>
      {state === 'error' && <Alert type="error" showIcon title={t('detail.modelError')} />}
      <div ref={container} style={{ width: '100%', height, display: state === 'error' ? 'none' : 'block' }} />
    </div>
  );
}
