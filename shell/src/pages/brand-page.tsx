import { Alert, Avatar, Button, Card, Descriptions, Result, Spin, Typography } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../components/layout/use-document-title';
import { useBrand } from '../features/my-center/api/my-brands';
import { BrandCategories } from '../features/my-center/components/brand-categories';
import '../features/my-center/my-center.css';

/** /brand/{id}: the brand page an approved brand-entry application created (public). */
export default function BrandPage() {
  const { t } = useTranslation('shell');
  const { id } = useParams();
  const brand = useBrand(Number(id));
  useDocumentTitle(brand.data?.brandName ?? t('my.brands.pageTitle'));
  if (brand.isLoading) return <Spin size="large" style={{ display: 'block', margin: '80px auto' }} />;
  if (!brand.data) {
    return (
      <Result
        status="404"
        title={t('my.brands.notFound')}
        extra={
          <Link to="/">
            <Button type="primary">{t('my.brands.home')}</Button>
          </Link>
        }
        data-testid="brand-page-missing"
      />
    );
  }
  const data = brand.data;
  return (
    <div className="page-container brand-page" data-testid="brand-page">
      <Card>
        <div className="brand-page-head">
          <Avatar shape="square" size={96} src={data.logoUrl || undefined} icon={<ShopOutlined />} data-testid="brand-page-logo" />
          <div>
            <Typography.Title level={2} data-testid="brand-page-name">
              {data.brandName}
            </Typography.Title>
            <Typography.Text type="secondary">{data.companyName}</Typography.Text>
          </div>
        </div>
        <Descriptions column={1} style={{ marginTop: 24 }}>
          <Descriptions.Item label={t('my.brands.description')}>
            <span data-testid="brand-page-description">{data.description || '-'}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('my.brands.categories')}>
            <BrandCategories categories={data.categories} />
          </Descriptions.Item>
          {data.website && (
            <Descriptions.Item label={t('my.brands.website')}>
              <Typography.Link href={data.website} target="_blank" rel="noreferrer noopener">
                {data.website}
              </Typography.Link>
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('my.brands.since')}>{new Date(data.createTime).toLocaleDateString()}</Descriptions.Item>
        </Descriptions>
        <Alert type="info" showIcon title={t('my.brands.itemsLater')} data-testid="brand-page-items-later" />
      </Card>
    </div>
  );
}
