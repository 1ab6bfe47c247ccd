import { Tabs } from 'antd';
import { Link } from 'react-router';
import { useLibraryTranslation } from '../i18n/use-library-translation';
import { ShapeSearchView } from '../features/shape-search/components/shape-search-view';
import { ShapeUpload } from '../features/shape-search/components/shape-upload';
import { SketchCanvas } from '../features/shape-search/components/sketch-canvas';

/** /{library}/search2D: a sketch or a picture (PNG, JPEG), ranked by outline (issue 18). */
export default function Search2DPage() {
  const { t } = useLibraryTranslation();
  return (
    <ShapeSearchView
      mode="2d"
      input={(search, searching) => (
        <>
          <Tabs
            size="small"
            items={[
              {
                key: 'sketch',
                label: t('shape.tab.sketch'),
                children: <SketchCanvas searching={searching} onSearch={(file) => search({ kind: 'image', file })} />,
              },
              {
                key: 'upload',
                label: t('shape.tab.upload'),
                children: <ShapeUpload kind="image" disabled={searching} onFile={(file) => search({ kind: 'image', file })} />,
              },
            ]}
          />
          <Link to="/search3D" data-testid="shape-to-3d">
            {t('shape.to3d')}
          </Link>
        </>
      )}
    />
  );
}
