import { Col } from 'antd';
import type { DetailSlotProps } from '@portal/library-ui/items';
import { CompositionCard } from './composition-card';
import { EquivalentsCard } from './equivalents-card';

/**
 * Detail slot `drawings`, the right column (each card an antd `<Col>` of its row): a material has no
 * drawing or model, so the column holds its grade and equivalents and its composition, beside the
 * overview and the properties.
 */
export function MaterialSideCards({ item }: DetailSlotProps) {
  return (
    <>
      <Col span={24}>
        <EquivalentsCard item={item} />
      </Col>
      <CompositionCard item={item} />
    </>
  );
}
