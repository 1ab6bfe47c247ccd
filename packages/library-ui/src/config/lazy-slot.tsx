import { lazy, Suspense, type ComponentType } from 'react';
import type { DetailSlotProps } from './library-config';

/**
 * A detail-page slot whose code is loaded when the detail page first renders it, not with the library's
 * first page (issue 13): `slots: { drawings: lazySlot(() => import('…').then((m) => ({ default: m.X }))) }`.
 * It renders nothing while its chunk loads, so the page around it never falls back to the page skeleton.
 */
export function lazySlot(load: () => Promise<{ default: ComponentType<DetailSlotProps> }>): ComponentType<DetailSlotProps> {
  const Slot = lazy(load);
  function LazySlot(props: DetailSlotProps) {
    return (
      <Suspense fallback={null}>
        <Slot {...props} />
      </Suspense>
    );
  }
  return LazySlot;
}
