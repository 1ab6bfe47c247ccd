import type { MouseEvent, ReactNode } from 'react';
import { Alert, Card, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { navigateAcrossApps, LIBRARIES, type LibraryKey } from '@portal/providers';
import { useLibraryConfig } from '../../../config/library-config';
import { useLibraryTranslation } from '../../../i18n/use-library-translation';
import '../shape-messages';
import type { LibraryHit, MergedAnswer } from '../shape-search';
import './shape-search.css';

/** The notices above the cards: libraries that cannot be searched yet, and fingerprints still being computed. */
export function ShapeNotices({ answer }: { answer: MergedAnswer }) {
  const { t } = useLibraryTranslation();
  return (
    <Space direction="vertical" style={{ width: '100%', marginBottom: answer.notSearchable.length + answer.indexing.length > 0 ? 12 : 0 }}>
      {answer.notSearchable.map((library) => (
        <Alert
          key={library}
          type="info"
          showIcon
          data-testid={`shape-not-searchable-${library}`}
          message={t('shape.notSearchable', { library: t(`shape.library.${library}`) })}
        />
      ))}
      {answer.indexing.map(({ library, status }) => (
        <Alert
          key={library}
          type="warning"
          showIcon
          data-testid={`shape-indexing-${library}`}
          message={t('shape.indexing', { library: t(`shape.library.${library}`), done: status.done, models: status.models })}
        />
      ))}
    </Space>
  );
}

/** Opens a hit's detail page: inside this library through its router, in another one across the apps. */
function HitLink({ hit, children }: { hit: LibraryHit; children: ReactNode }) {
  const { library } = useLibraryConfig();
  const id = hit.component.id;
  if (hit.library === library) {
    return (
      <Link to={`/detail/${id}`} data-testid="shape-hit-link">
        {children}
      </Link>
    );
  }
  const href = `${LIBRARIES[hit.library].routePrefix}/detail/${id}`;
  const follow = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigateAcrossApps(href);
  };
  return (
    <a href={href} onClick={follow} data-testid="shape-hit-link">
      {children}
    </a>
  );
}

/** The ranked hits as cards: thumbnail, part number and name, library, similarity. */
export function ShapeResults({ hits, showLibrary }: { hits: readonly LibraryHit[]; showLibrary: boolean }) {
  const { t } = useLibraryTranslation();
  return (
    <div className="lib-shape-results" data-testid="shape-results">
      {hits.map((hit) => (
        <Card
          key={`${hit.library}-${hit.component.id}`}
          size="small"
          data-testid="shape-hit"
          data-library={hit.library}
          data-score={hit.score}
          data-footprint={hit.component.footprintRef ?? undefined}
          cover={
            <HitLink hit={hit}>
              <img className="lib-shape-card__thumbnail" src={hit.thumbnailUrl} alt={hit.component.partNumber} loading="lazy" />
            </HitLink>
          }
        >
          <div className="lib-shape-card__title" title={hit.component.partNumber}>
            <HitLink hit={hit}>
              <Typography.Text strong data-testid="shape-hit-part-number">
                {hit.component.partNumber}
              </Typography.Text>
            </HitLink>
          </div>
          <Typography.Text type="secondary" className="lib-shape-card__title" style={{ display: 'block' }} title={hit.component.name}>
            {hit.component.package || hit.component.name}
          </Typography.Text>
          <Space size={4} wrap style={{ marginTop: 4 }}>
            <Tag color="blue" data-testid="shape-hit-score">
              {t('shape.score', { score: hit.score.toFixed(1) })}
            </Tag>
            {showLibrary && <Tag>{t(`shape.library.${hit.library satisfies LibraryKey}`)}</Tag>}
          </Space>
        </Card>
      ))}
    </div>
  );
}
