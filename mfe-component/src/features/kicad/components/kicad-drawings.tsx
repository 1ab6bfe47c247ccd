import { Card, Col, Empty } from 'antd';
import { useLibraryTranslation, type DetailSlotProps } from '@portal/library-ui/items';
import { kicadDrawings } from '../types';
import { DrawingImage } from './drawing-image';

/** Detail slot `drawings`: the KiCad schematic symbol and PCB footprint, side by side. */
export function KicadDrawings({ item }: DetailSlotProps) {
  const { t } = useLibraryTranslation();
  const { symbolSvgUrl, footprintSvgUrl } = kicadDrawings(item);
  return (
    <>
      <Col span={12}>
        <Card title={t('detail.symbol')} size="small">
          {symbolSvgUrl ? (
            <DrawingImage testId="detail-symbol" src={symbolSvgUrl} alt={t('detail.symbol')} enlarge={t('detail.enlarge')} />
          ) : (
            <Empty description={t('detail.noSymbol')} />
          )}
        </Card>
      </Col>
      <Col span={12}>
        <Card title={t('detail.footprint')} size="small">
          {footprintSvgUrl ? (
            <DrawingImage testId="detail-footprint" src={footprintSvgUrl} alt={t('detail.footprint')} enlarge={t('detail.enlarge')} background="#1e1e1e" />
          ) : (
            <Empty description={t('detail.noFootprint')} />
          )}
        </Card>
      </Col>
    </>
  );
}
