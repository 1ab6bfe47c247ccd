import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { ChartView } from '../types';

/** The chart in its own chunk: the page's first load stays under the library budget. */
const AshbyChart = lazy(() => import(/* webpackChunkName: "ashby-chart" */ './ashby-chart'));

export function LazyAshbyChart({ chart }: { chart: ChartView }) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 320 }} />}>
      <AshbyChart chart={chart} />
    </Suspense>
  );
}
