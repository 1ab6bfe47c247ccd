import type { DetailSlotProps } from '@portal/library-ui/items';
import { DesignationsCard } from './designations-card';
import { MaterialsCard } from './materials-card';

/** Detail slot `afterOverview`: the designations side by side, then the materials the standard allows. */
export function OverviewCards({ item }: DetailSlotProps) {
  return (
    <>
      <DesignationsCard item={item} />
      <MaterialsCard item={item} />
    </>
  );
}
