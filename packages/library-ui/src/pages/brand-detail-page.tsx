import { useState } from 'react';
import { Card, Empty, Typography } from 'antd';
import { useParams, useSearchParams } from 'react-router';
import { QueryState } from '../components/query-state';
import { useLibraryTranslation } from '../i18n/use-library-translation';
import { EnterpriseLibrary } from '../features/enterprise/components/enterprise-library';
import { ItemTable } from '../features/items/components/item-table';
import { useManufacturer } from '../features/manufacturers/api/get-manufacturers';
import { parseId } from '../utils/parse-id';

const PAGE_SIZE = 20;

/** /{library}/brand-detail/{id}: a manufacturer and its items; with `?type=1` the organisation `id`'s enterprise library. */
export default function BrandDetailPage() {
  const id = parseId(useParams().id);
  const [searchParams] = useSearchParams();
  if (searchParams.get('type') === '1') return <EnterpriseLibrary orgId={id} />;
  return <ManufacturerDetail id={id} />;
}

function ManufacturerDetail({ id }: { id: number | undefined }) {
  const { t } = useLibraryTranslation();
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
            <Typography.Paragraph type="secondary">{t('brand.itemCount', { count: data.manufacturer.componentCount })}</Typography.Paragraph>
            <ItemTable
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
