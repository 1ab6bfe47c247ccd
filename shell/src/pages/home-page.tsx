import type { ReactNode } from 'react';
import { Button, Card, Col, Row, Typography } from 'antd';
import { AppstoreOutlined, BlockOutlined, DeploymentUnitOutlined, ExperimentOutlined, ToolOutlined, ApiOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LIBRARY_KEYS, LIBRARIES, paths, type LibraryKey } from '@portal/providers';
import { useDocumentTitle } from '../components/layout/use-document-title';
import { homeSectionId } from '../features/header/components/home-section-tabs';
import { HomeSearch } from '../features/home-search/components/home-search';

const LIBRARY_ICONS: Record<LibraryKey, ReactNode> = {
  part: <ToolOutlined />,
  component: <DeploymentUnitOutlined />,
  mat: <ExperimentOutlined />,
};

const FEATURES = [
  { key: 'browse', icon: <AppstoreOutlined /> },
  { key: 'compare', icon: <SwapOutlined /> },
  { key: 'models', icon: <BlockOutlined /> },
  { key: 'plugins', icon: <ApiOutlined /> },
] as const;

/** The portal home (spec §1: a generic resource-library page), opening with a search across the three libraries. */
export function HomePage() {
  const { t } = useTranslation('shell');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(t('title.home'));
  return (
    <div className="home-page" data-testid="home-page">
      <section className="home-hero">
        <div className="page-container">
          <Typography.Title level={1}>{t('home.heroTitle')}</Typography.Title>
          <Typography.Paragraph className="home-hero-text">{t('home.heroText')}</Typography.Paragraph>
          <HomeSearch />
        </div>
      </section>
      <section className="page-container home-section" id={homeSectionId('libraries')}>
        <Typography.Title level={3}>{t('home.librariesTitle')}</Typography.Title>
        <Row gutter={24}>
          {LIBRARY_KEYS.map((key) => {
            const name = tCommon(LIBRARIES[key].titleKey);
            return (
              <Col span={8} key={key}>
                <Card className="home-library-card" data-testid={`home-entry-${key}`}>
                  <div className="home-library-icon">{LIBRARY_ICONS[key]}</div>
                  <Typography.Title level={4}>{name}</Typography.Title>
                  <Typography.Text strong>{t(`home.${key}.summary`)}</Typography.Text>
                  <Typography.Paragraph type="secondary" className="home-library-detail">
                    {t(`home.${key}.detail`)}
                  </Typography.Paragraph>
                  <Link to={paths.library(key)}>
                    <Button type="primary">{t('home.enter', { name })}</Button>
                  </Link>
                </Card>
              </Col>
            );
          })}
        </Row>
      </section>
      <section className="page-container home-section" id={homeSectionId('features')}>
        <Typography.Title level={3}>{t('home.featuresTitle')}</Typography.Title>
        <Row gutter={24}>
          {FEATURES.map((feature) => (
            <Col span={6} key={feature.key}>
              <div className="home-feature">
                <span className="home-feature-icon">{feature.icon}</span>
                <Typography.Text strong>{t(`home.features.${feature.key}.title`)}</Typography.Text>
                <Typography.Paragraph type="secondary">{t(`home.features.${feature.key}.text`)}</Typography.Paragraph>
              </div>
            </Col>
          ))}
        </Row>
      </section>
      <section className="page-container home-section home-plugins" id={homeSectionId('plugins')}>
        <Typography.Title level={3}>{t('home.pluginsTitle')}</Typography.Title>
        <div className="home-plugins-band">
          <Typography.Paragraph className="home-plugins-text">{t('home.pluginsText')}</Typography.Paragraph>
          <Link to="/download">
            <Button type="primary" size="large">
              {t('home.pluginsAction')}
            </Button>
          </Link>
        </div>
      </section>
    </div>
  );
}
