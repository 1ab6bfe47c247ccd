import { useState } from 'react';
import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { I18N_NAMESPACE } from '../i18n';
import { QueryState } from '../components/query-state';
import { ComponentTable } from '../features/components/components/component-table';
import { useManufacturer } from '../features/manufacturers/api/get-manufacturers';
import { parseId } from './parse-id';

const PAGE_SIZE = 20;

/** /component/brand-detail/{id}: a manufacturer and its components. */
export function BrandDetailPage() {
  const { t } = useTranslation(I18N_NAMESPACE);
  const id = parseId(useParams().id);
  const [pageNo, setPageNo] = useState(1);
  const detail = useManufacturer(id, pageNo, PAGE_SIZE);
  if (id === undefined) return <Empty data-testid="brand-detail-bad-id" description={t('detail.badId')} />;
  const data = detail.data;
  return (
    <div data-testid="brand-detail" style={{ padding: 16 }}>
      <QueryState testId="brand-detail" isPending={detail.isPending} error={detail.error} onRetry={() => void detail.refetch()}>
        {data && (
          <Card
            title={
              <>
                <span data-testid="brand-detail-name">{data.manufacturer.name}</span>
                {data.manufacturer.nameZh ? (
                  <Typography.Text type="secondary" style={{ marginLeft: 8, fontWeight: 'normal' }}>
                    {data.manufacturer.nameZh}
                  </Typography.Text>
                ) : null}
              </>
            }
            extra={
              data.manufacturer.website && (
                <a href={data.manufacturer.website} target="_blank" rel="noreferrer">
                  {t('brand.website')}
                </a>
              )
            }
          >
            <Typography.Paragraph type="secondary">{t('brand.componentCount', { count: data.manufacturer.componentCount })}</Typography.Paragraph>
            <ComponentTable
              testId="brand-detail-components"
              rows={data.components.list}
              pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: data.components.total, showSizeChanger: false, onChange: setPageNo }}
            />
          </Card>
        )}
      </QueryState>
    </div>
  );
}
