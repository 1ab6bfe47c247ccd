import { useState } from 'react';
import { Alert, Button, Card, Result, Space, Typography } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useSession } from '@portal/providers';
import { hasPermission } from '@portal/session';
import { useLibraryTranslation } from '../../../i18n/use-library-translation';
// The enterprise view's strings load with this page, not the first load.
import '../../../i18n/enterprise-messages';
import { ENTERPRISE_PUBLISH_PERMISSION, type EnterpriseItem } from '../api/enterprise-items';
import { BatchPublishModal } from './batch-publish-modal';
import { EnterpriseItems } from './enterprise-items';
import { PublishItemModal } from './publish-item-modal';

/**
 * `?type=1` (spec §2/§4: where private mode lands, `/part/brand-detail/{orgId}?type=1`): the organisation's
 * enterprise library (docs/enterprise-library.md), for its members only — never the manufacturer that
 * happens to share the organisation's id. Members read the organisation's items of this library; those
 * holding `enterprise:item:publish` submit new ones for review, one at a time or a CSV file of them (批量发布).
 */
export function EnterpriseLibrary({ orgId }: { orgId: number | undefined }) {
  const { t } = useLibraryTranslation();
  const user = useSession((state) => state.user);
  const permissions = useSession((state) => state.permissions);
  const [publishing, setPublishing] = useState(false);
  const [batchPublishing, setBatchPublishing] = useState(false);
  const [revising, setRevising] = useState<EnterpriseItem>();
  if (orgId === undefined || !user || Number(user.orgId) !== orgId) {
    return <Result status="403" title={t('enterprise.notMemberTitle')} subTitle={t('enterprise.notMemberText')} data-testid="enterprise-library-forbidden" />;
  }
  // A disabled organisation's members still read what is there, but submit nothing.
  const canPublish = user.orgEnable !== false && hasPermission(permissions, ENTERPRISE_PUBLISH_PERMISSION);
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
        extra={
          canPublish && (
            <Space>
              <Button icon={<UploadOutlined />} onClick={() => setBatchPublishing(true)} data-testid="enterprise-batch">
                {t('enterprise.batch.button')}
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setPublishing(true)} data-testid="enterprise-publish">
                {t('enterprise.publish.button')}
              </Button>
            </Space>
          )
        }
      >
        {user.orgEnable === false && <Alert type="warning" showIcon title={t('enterprise.disabled')} style={{ marginBottom: 16 }} />}
        <EnterpriseItems onRevise={canPublish ? setRevising : undefined} />
      </Card>
      {canPublish && <PublishItemModal open={publishing} onClose={() => setPublishing(false)} />}
      {canPublish && <BatchPublishModal open={batchPublishing} onClose={() => setBatchPublishing(false)} />}
      {/* A fresh form for every item revised. */}
      {canPublish && revising && <PublishItemModal key={revising.id} open item={revising} onClose={() => setRevising(undefined)} />}
    </div>
  );
}
