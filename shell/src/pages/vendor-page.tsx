import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LIBRARY_KEYS, LIBRARIES, paths } from '@portal/providers';
import { useDocumentTitle } from '../components/layout/use-document-title';

/** /vendor/jckey: the vendor landing in its own layout (logo, no title), leading into the libraries. */
export default function VendorPage() {
  const { t } = useTranslation('shell');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(t('vendor.title'));
  return (
    <div className="page-container info-page" data-testid="vendor-page">
      <Typography.Title level={3}>{t('vendor.heading')}</Typography.Title>
      <Typography.Paragraph className="info-lead">{t('vendor.text')}</Typography.Paragraph>
      <Row gutter={24}>
        {LIBRARY_KEYS.map((key) => (
          <Col span={8} key={key}>
            <Link to={paths.library(key)}>
              <Card hoverable title={tCommon(LIBRARIES[key].titleKey)}>
                <Typography.Paragraph type="secondary">{t(`home.${key}.summary`)}</Typography.Paragraph>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </div>
  );
}
