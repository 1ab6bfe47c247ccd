import { Avatar, Button, Card, Empty, List, Typography } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { brandPagePath, useMyBrands } from '../api/my-brands';
import { BrandCategories } from './brand-categories';
import { MyCenterFrame, SignedInGate } from './my-center-frame';

function MyBrandsList() {
  const { t } = useTranslation('shell');
  const brands = useMyBrands();
  return (
    <Card title={t('my.brands.title')} data-testid="my-brands-page">
      <List
        loading={brands.isLoading}
        dataSource={brands.data ?? []}
        data-testid="my-brands-list"
        locale={{
          emptyText: (
            <Empty description={brands.isError ? brands.error.message : t('my.brands.empty')}>
              <Link to="/brand-entry">
                <Button type="primary">{t('my.brands.apply')}</Button>
              </Link>
            </Empty>
          ),
        }}
        renderItem={(brand) => (
          <List.Item
            data-testid={`my-brand-${brand.id}`}
            extra={
              <Link to={brandPagePath(brand.id)} data-testid={`my-brand-open-${brand.id}`}>
                <Button type="primary">{t('my.brands.open')}</Button>
              </Link>
            }
          >
            <List.Item.Meta
              avatar={<Avatar shape="square" size={56} src={brand.logoUrl || undefined} icon={<ShopOutlined />} />}
              title={`${brand.brandName} · ${brand.companyName}`}
              description={<BrandCategories categories={brand.categories} />}
            />
          </List.Item>
        )}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('my.brands.text')}
      </Typography.Paragraph>
    </Card>
  );
}

/** /user/brands: the brand pages the user's approved applications created. */
export default function MyBrandsPage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('my.nav.brands'));
  return (
    <MyCenterFrame>
      <SignedInGate>
        <MyBrandsList />
      </SignedInGate>
    </MyCenterFrame>
  );
}
