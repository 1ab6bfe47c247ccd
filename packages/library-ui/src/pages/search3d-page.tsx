import { Link } from 'react-router';
import { useLibraryTranslation } from '../i18n/use-library-translation';
import { ShapeSearchView } from '../features/shape-search/components/shape-search-view';
import { ShapeUpload } from '../features/shape-search/components/shape-upload';

/** /{library}/search3D: a model upload, or "find similar" (`?id=&library=`), ranked by shape (issue 18). */
export default function Search3DPage() {
  const { t } = useLibraryTranslation();
  return (
    <ShapeSearchView
      mode="3d"
      input={(search, searching) => (
        <>
          <ShapeUpload kind="model" disabled={searching} onFile={(file) => search({ kind: 'model', file })} />
          <div style={{ marginTop: 8 }}>
            <Link to="/search2D" data-testid="shape-to-2d">
              {t('shape.to2d')}
            </Link>
          </div>
        </>
      )}
    />
  );
}
