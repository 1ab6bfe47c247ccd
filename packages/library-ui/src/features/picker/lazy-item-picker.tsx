import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';

// Only the 推荐 pages show the picker: its antd List and Input stay out of every library's first load.
const Picker = lazy(() => import(/* webpackChunkName: "library-item-picker" */ './item-picker').then((module) => ({ default: module.ItemPicker })));

/** The kit's `ItemPicker`, loaded when first shown (see item-picker.tsx). */
export function ItemPicker(props: { onPick: (id: number) => void }) {
  return (
    <Suspense fallback={<Skeleton active />}>
      <Picker {...props} />
    </Suspense>
  );
}
