import { Card, Col, Row, Steps, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../components/layout/use-document-title';
import { myApplicationsQueryOptions } from '../features/brand-entry/api/brand-application';
import { BrandApplicationForm } from '../features/brand-entry/components/brand-application-form';
import { MyApplications } from '../features/brand-entry/components/my-applications';

const ENTRY_STEPS = ['apply', 'review', 'catalogue', 'publish'] as const;

/** 品牌入驻: manufacturer onboarding with the application form and the applicant's review status. */
export default function BrandEntryPage() {
  const { t } = useTranslation('shell');
  const queryClient = useQueryClient();
  useDocumentTitle(t('title.brandEntry'));
  return (
    <div className="page-container info-page" data-testid="brand-entry-page">
      <Typography.Title level={2}>{t('title.brandEntry')}</Typography.Title>
      <Typography.Paragraph className="info-lead">{t('brandEntry.intro')}</Typography.Paragraph>
      <Card className="brand-entry-steps">
        <Steps
          current={-1}
          items={ENTRY_STEPS.map((step) => ({
            title: t(`brandEntry.steps.${step}.title`),
            content: t(`brandEntry.steps.${step}.text`),
          }))}
        />
      </Card>
      <Row gutter={24} className="brand-entry-body">
        <Col span={16}>
          <Card title={t('brandEntry.form.title')}>
            <BrandApplicationForm onSubmitted={() => void queryClient.invalidateQueries({ queryKey: myApplicationsQueryOptions(true).queryKey })} />
          </Card>
        </Col>
        <Col span={8}>
          <Card title={t('brandEntry.status.title')}>
            <MyApplications />
          </Card>
          <Card title={t('brandEntry.benefits.title')} className="brand-entry-benefits">
            <ul className="plain-list">
              {(['exposure', 'data', 'plugins'] as const).map((key) => (
                <li key={key}>{t(`brandEntry.benefits.${key}`)}</li>
              ))}
            </ul>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
