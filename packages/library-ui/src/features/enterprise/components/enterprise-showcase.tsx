import { useState } from 'react';
import { Alert, Button, Card, Empty, Result, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useLocation, useNavigate } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { useLibraryConfig } from '../../../config/library-config';
import { useLibraryTranslation } from '../../../i18n/use-library-translation';
import { showcaseFileSource, usePublicOrg, useShowcaseItems, type ShowcaseItem } from '../api/enterprise-items';
import { EnterpriseItemDrawer } from './enterprise-item-drawer';
import { EnterpriseItemTable, RowButton, timeCell, useItemColumns } from './enterprise-item-table';
import { ENTERPRISE_PAGE_SIZE } from './enterprise-items';
import { KeywordSearch } from './keyword-search';

/**
 * The organisation's public page in this library: the approved items it chose to show, for everyone (signed in
 * or not, of any organisation). A member previewing it gets a way back to the full library.
 */
export function EnterpriseShowcase({ orgId, member }: { orgId: number; member: boolean }) {
  const { t } = useLibraryTranslation();
  const itemColumns = useItemColumns<ShowcaseItem>();
  const { library } = useLibraryConfig();
  const location = useLocation();
  const navigate = useNavigate();
  const org = usePublicOrg(orgId);
  const [keyword, setKeyword] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [opened, setOpened] = useState<ShowcaseItem>();
  const items = useShowcaseItems(orgId, { pageNo, pageSize: ENTERPRISE_PAGE_SIZE, keyword: keyword || undefined });

  if (org.data === null) {
    return (
      <Result
        status="404"
        title={t('enterprise.showcase.missingTitle')}
        subTitle={t('enterprise.showcase.missingText')}
        data-testid="enterprise-showcase-missing"
      />
    );
  }

  const search = (value: string) => {
    setKeyword(value);
    setPageNo(1);
  };
  const columns: ColumnsType<ShowcaseItem> = [
    ...itemColumns,
    {
      key: 'publishTime',
      title: t('enterprise.showcase.publishTime'),
      dataIndex: 'publishTime',
      render: timeCell,
    },
    {
      key: 'actions',
      title: t('enterprise.field.actions'),
      render: (_, item) => (
        <RowButton label={t('enterprise.viewItem', { code: item.code })} testId={`enterprise-showcase-view-${item.id}`} onClick={() => setOpened(item)}>
          {t('enterprise.view')}
        </RowButton>
      ),
    },
  ];

  return (
    <div data-testid="enterprise-showcase" style={{ padding: 16 }}>
      <Card
        title={
          <>
            <span data-testid="enterprise-showcase-name">{org.data?.name ?? ''}</span>
            <Typography.Text type="secondary" style={{ marginLeft: 8, fontWeight: 'normal' }}>
              {t('enterprise.showcase.title')}
            </Typography.Text>
          </>
        }
        extra={
          member && (
            <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(`${location.pathname}?type=1`)} data-testid="enterprise-showcase-back">
              {t('enterprise.showcase.back')}
            </Button>
          )
        }
      >
        {member && <Alert type="info" showIcon title={t('enterprise.showcase.previewHint')} style={{ marginBottom: 16 }} />}
        <div style={{ marginBottom: 16 }}>
          <KeywordSearch testId="enterprise-showcase-keyword" active={keyword !== ''} onSearch={search} />
        </div>
        <QueryState
          testId="enterprise-showcase"
          isPending={false}
          error={org.error ?? items.error}
          onRetry={() => void Promise.all([org.refetch(), items.refetch()])}
        >
          <EnterpriseItemTable<ShowcaseItem>
            testId="enterprise-showcase-table"
            rowTestId="enterprise-showcase-row"
            items={items}
            columns={columns}
            pageNo={pageNo}
            pageSize={ENTERPRISE_PAGE_SIZE}
            onPage={setPageNo}
            onOpen={setOpened}
            empty={
              <Empty
                data-testid="enterprise-showcase-empty"
                description={keyword ? t('enterprise.noMatch') : t(member ? 'enterprise.showcase.emptyMember' : 'enterprise.showcase.empty')}
              />
            }
          />
        </QueryState>
      </Card>
      <EnterpriseItemDrawer item={opened} files={(item) => showcaseFileSource(library, orgId, item.id)} onClose={() => setOpened(undefined)} />
    </div>
  );
}
