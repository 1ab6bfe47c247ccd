import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../components/layout/use-document-title';
import { ContactBlock } from '../features/overlays/components/contact-block';

/** 联系我们: who we are, where the data comes from, and the contact-us block (spec §1). */
export default function AboutPage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('title.about'));
  return (
    <div className="page-container info-page" data-testid="about-page">
      <Typography.Title level={2}>{t('title.about')}</Typography.Title>
      <Typography.Paragraph className="info-lead">{t('about.intro')}</Typography.Paragraph>
      <Row gutter={24}>
        <Col span={14}>
          <Card title={t('about.contactTitle')}>
            <ContactBlock />
          </Card>
        </Col>
        <Col span={10}>
          <Card title={t('about.dataTitle')}>
            <Typography.Paragraph>{t('about.dataText')}</Typography.Paragraph>
          </Card>
          <Card title={t('about.feedbackTitle')} className="about-feedback-card">
            <Typography.Paragraph>{t('about.feedbackText')}</Typography.Paragraph>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
