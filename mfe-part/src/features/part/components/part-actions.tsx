import { Select, Space } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLibraryTranslation, type DetailSlotProps } from '@portal/library-ui/items';
import { InsertButton, isCadPlugin } from '../../plugin';
import { useVariants } from '../api/get-variants';
import { downloadName, modelUrl } from '../profile-length';
import { modelOf, needsLength, partDetailOf } from '../types';
import { variantLabel } from '../variant-rows';
import { RecommendLink } from './recommend-link';
import { useProfileLength } from './use-profile-length';

/**
 * Detail slot `actions`: 推荐 and 找相似; in the CAD plugin (500 px) also, at the top where the designer looks,
 * a compact variant picker and 插入 (docs/part-pages.md "CAD plugin mode").
 */
export function PartActions(props: DetailSlotProps) {
  return (
    <>
      <RecommendLink {...props} />
      <FindSimilarLink {...props} />
      {isCadPlugin() && <PluginBar {...props} />}
    </>
  );
}

/**
 * 找相似: the part's generated model as the 3D search's query (docs/shape-search.md, "Pages"). The kit's own link
 * follows a `model-glb` file, which a part has not: its models are generated (`models`).
 */
function FindSimilarLink({ item }: DetailSlotProps) {
  const { t } = useLibraryTranslation();
  const detail = partDetailOf(item);
  if (!modelOf(detail, 'glb')) return null;
  return (
    <Link to={`/search3D?id=${detail.component.id}&library=part`} data-testid="detail-find-similar">
      {t('shape.findSimilar')}
    </Link>
  );
}

function PluginBar({ item }: DetailSlotProps) {
  const { t } = useLibraryTranslation();
  const detail = partDetailOf(item);
  const id = detail.component.id;
  const variants = useVariants(id).data?.variants ?? [];
  const navigate = useNavigate();
  const { search } = useLocation();
  const [reading] = useProfileLength();
  const length = needsLength(detail) ? reading.length : undefined;
  const step = modelOf(detail, 'step');
  const ready = step && (!step.lengthRequired || length !== undefined);
  return (
    <Space wrap style={{ width: '100%' }}>
      <Select
        data-testid="part-variant-picker"
        aria-label={t('part.size')}
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 200 }}
        value={id}
        loading={variants.length === 0}
        options={variants.map((variant) => ({ value: variant.id, label: variantLabel(variant, detail.component.designation) }))}
        onChange={(value: number) => {
          if (value !== id) void navigate(`/detail/${value}${search}`);
        }}
      />
      {ready && <InsertButton part={detail.component} url={modelUrl(step, length)} fileName={downloadName(step, length)} />}
    </Space>
  );
}
