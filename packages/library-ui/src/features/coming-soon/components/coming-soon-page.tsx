import type { MouseEvent } from 'react';
import { Button, Result, Space, Tag } from 'antd';
import { AppstoreOutlined, ArrowRightOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LIBRARIES, navigateAcrossApps, type LibraryKey } from '@portal/providers';
import '../../../i18n/messages';
import { comingSoonLinks, keywordsFrom, type ComingSoonFeature } from '../coming-soon';
import './coming-soon-page.css';

export interface ComingSoonPageProps {
  library: LibraryKey;
  feature: ComingSoonFeature;
}

/**
 * A library page the header already links to but the library has not built yet: says in plain
 * words what is coming and offers what exists (the library's category tree, the components
 * library). Shared by the library remotes; never a 404 for a button the portal shows.
 */
export function ComingSoonPage({ library, feature }: ComingSoonPageProps) {
  const { t } = useTranslation(['library', 'common']);
  const { search } = useLocation();
  const libraryTitle = t(LIBRARIES[library].titleKey, { ns: 'common' });
  const featureName = t(`comingSoon.features.${feature}.name`);
  const keywords = feature === 'search' ? keywordsFrom(search) : [];
  const links = comingSoonLinks(library, feature, search);

  // Absolute portal paths: the library's router has a basename, so cross the apps through history.
  const follow = (href: string) => (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigateAcrossApps(href);
  };

  return (
    <div className="lib-coming-soon" data-testid="coming-soon" data-library={library} data-feature={feature}>
      <Result
        icon={<ClockCircleOutlined className="lib-coming-soon__icon" />}
        title={
          <>
            <div className="lib-coming-soon__eyebrow">{t('comingSoon.eyebrow')}</div>
            <h1 className="lib-coming-soon__title" data-testid="coming-soon-title">
              {t('comingSoon.title', { feature: featureName })}
            </h1>
          </>
        }
        subTitle={
          <div className="lib-coming-soon__text">
            <p data-testid="coming-soon-description">
              {t('comingSoon.description', { library: libraryTitle, feature: featureName })}
              {t(`comingSoon.features.${feature}.purpose`)}
            </p>
            {keywords.length > 0 ? (
              <p className="lib-coming-soon__keywords" data-testid="coming-soon-keywords">
                {t('comingSoon.searched')}
                {keywords.map((keyword) => (
                  <Tag key={keyword}>{keyword}</Tag>
                ))}
              </p>
            ) : null}
            <p className="lib-coming-soon__meanwhile">{t('comingSoon.meanwhile')}</p>
          </div>
        }
        extra={
          <Space wrap className="lib-coming-soon__links">
            {links.map((link, index) => (
              <Button
                key={link.id}
                type={index === 0 ? 'primary' : 'default'}
                href={link.href}
                onClick={follow(link.href)}
                icon={link.id === 'catalogue' ? <AppstoreOutlined /> : <ArrowRightOutlined />}
                data-testid={`coming-soon-${link.id}`}
              >
                {t(link.labelKey, { library: libraryTitle, feature: featureName })}
              </Button>
            ))}
          </Space>
        }
      />
    </div>
  );
}
