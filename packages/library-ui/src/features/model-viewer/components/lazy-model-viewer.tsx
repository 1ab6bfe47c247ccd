import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import type { ModelViewerProps } from './model-viewer';

// three.js stays out of the page's main chunk: it is fetched when a model is shown.
const ModelViewer = lazy(() => import(/* webpackChunkName: "model-viewer" */ './model-viewer'));

export function LazyModelViewer(props: ModelViewerProps) {
  return (
    <Suspense fallback={<Spin data-testid="model-viewer-loading" />}>
      <ModelViewer {...props} />
    </Suspense>
  );
}
