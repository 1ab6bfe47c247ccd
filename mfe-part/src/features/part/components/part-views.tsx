import { Card, Col, Empty, Image } from 'antd';
import { toAbsoluteUrl } from '@portal/http';
import { LazyModelViewer, useLibraryTranslation, type DetailSlotProps } from '@portal/library-ui/items';
import { modelUrl } from '../profile-length';
import { modelOf, partDetailOf } from '../types';
import { useProfileLength } from './use-profile-length';

/**
 * Detail slot `drawings`: the generated drawing (SVG: front, side and top view with the key
 * dimensions) and the 3D view side by side, both of the page's variant and, for a profile, its length.
 */
export function PartViews({ item }: DetailSlotProps) {
  const { t } = useLibraryTranslation();
  const detail = partDetailOf(item);
  const [{ length }] = useProfileLength();
  const svg = modelOf(detail, 'svg');
  const glb = modelOf(detail, 'glb');
  // A profile with an invalid length shows nothing rather than a refused request (the downloads card says why).
  const usable = (model: typeof svg) => model && (!model.lengthRequired || length !== undefined);
  return (
    <>
      <Col xs={24} xl={12}>
        <Card title={t('part.drawing')} size="small">
          {usable(svg) && svg ? (
            <Image
              data-testid="part-drawing"
              src={toAbsoluteUrl(modelUrl(svg, length))}
              alt={t('part.drawing')}
              style={{ width: '100%', height: 320, objectFit: 'contain', background: '#fff' }}
              preview={{ mask: t('part.enlarge') }}
            />
          ) : (
            <Empty data-testid="part-no-drawing" description={t('part.noDrawing')} />
          )}
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('detail.model')} size="small">
          {usable(glb) && glb ? (
            <LazyModelViewer url={modelUrl(glb, length)} height={320} tools />
          ) : (
            <Empty data-testid="detail-no-model" description={t('detail.noModel')} />
          )}
        </Card>
      </Col>
    </>
  );
}
