import { lazy, Suspense } from 'react';
import { useSession } from '@portal/providers';

// Only users of an organisation see the toggle: its antd Segmented loads for them alone (issue 13).
const ModeSegmented = lazy(() => import('./mode-segmented').then((module) => ({ default: module.ModeSegmented })));

/** The private/open toggle (spec §2, §4, §6), shown to users of an organisation (orgId > 1). */
export function ModeSwitch() {
  const orgId = useSession((state) => state.user?.orgId ?? null);
  if (!orgId || orgId <= 1) return null;
  return (
    <Suspense fallback={null}>
      <ModeSegmented orgId={orgId} />
    </Suspense>
  );
}
