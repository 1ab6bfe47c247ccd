import { useState } from 'react';
import { Alert, Card, Empty, Result, Typography } from 'antd';
import { useParams, useSearchParams } from 'react-router';
import { useSession } from '@portal/providers';
import { QueryState } from '../components/query-state';
import { useLibraryTranslation } from '../i18n/use-library-translation';
// The enterprise view's strings load with this page, not the first load.
import '../i18n/enterprise-messages';
import { ItemTable } from '../features/items/components/item-table';
import { useManufacturer } from '../features/manufacturers/api/get-manufacturers';
import { parseId } from '../utils/parse-id';

const PAGE_SIZE = 20;

/**
 * `?type=1` (spec §2/§4: where private mode lands, `/part/brand-detail/{orgId}?type=1`): the organisation's
 * enterprise library, for its members only. Publishing items into it does not exist yet, so it says so and
 * lists nothing, rather than the manufacturer that happens to share the organisation's id.
 */
function EnterpriseLibrary({ orgId }: { orgId: number | undefined }) {
  const { t } = useLibraryTranslation();
  const user = useSession((state) => state.user);
  if (orgId === undefined || !user || Number(user.orgId) !== orgId) {
    return <Result status="403" title={t('enterprise.notMemberTitle')} subTitle={t('enterprise.notMemberText')} data-testid="enterprise-library-forbidden" />;
  }
  return (
    <div data-testid="enterprise-library" style={{ padding: 16 }}>
      <Card
        title={
          <>
            <span data-testid="enterprise-library-name">{user.orgName}</span>
            <Typography.Text type="secondary" style={{ marginLeft: 8, fontWeight: 'normal' }}>
              {t('enterprise.title')}
            </Typography.Text>
          </>
        }
      >
        {user.orgEnable === false && <Alert type="warning" showIcon title={t('enterprise.disabled')} style={{ marginBottom: 16 }} />}
        <Empty
          description={
            <>
              <Typography.Paragraph strong>{t('enterprise.empty')}</Typography.Paragraph>
              <Typography.Paragraph type="secondary">{t('enterprise.explain')}</Typography.Paragraph>
              <Typography.Paragraph type="secondary">{t('enterprise.switchHint')}</Typography.Paragraph>
            </>
          }
          data-testid="enterprise-library-empty"
        />
      </Card>
    </div>
  );
}

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
