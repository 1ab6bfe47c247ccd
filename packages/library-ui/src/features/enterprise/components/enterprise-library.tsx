import { useState } from 'react';
import { Alert, Button, Card, Flex, Result, Typography } from 'antd';
import { EyeOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '@portal/providers';
import { hasPermission } from '@portal/session';
import { useLibraryTranslation } from '../../../i18n/use-library-translation';
// The enterprise view's strings load with this page, not the first load.
import '../../../i18n/enterprise-messages';
import { ENTERPRISE_PUBLISH_PERMISSION, type EnterpriseItem } from '../api/enterprise-items';
import { BatchPublishModal } from './batch-publish-modal';
import { EnterpriseItems } from './enterprise-items';
import { EnterpriseShowcase } from './enterprise-showcase';
import { PublishItemModal } from './publish-item-modal';

/** The query parameter a member adds to see the organisation's page as everyone else does. */
export const PUBLIC_VIEW_PARAM = 'view';

/**
 * `?type=1` (spec §2/§4: where private mode lands, `/part/brand-detail/{orgId}?type=1`): the organisation's
 * enterprise library (docs/enterprise-library.md) for its members — never the manufacturer that happens to share
 * the organisation's id — and its public page for everyone else (the approved items it shows). Members read the
 * organisation's items of this library; those holding `enterprise:item:publish` submit new ones for review, one
 * at a time or a file of them (批量发布), and choose which approved ones the public page shows.
 */
export function EnterpriseLibrary({ orgId }: { orgId: number | undefined }) {
  const { t } = useLibraryTranslation();
  const user = useSession((state) => state.user);
  const [searchParams] = useSearchParams();
  if (orgId === undefined) {
    return <Result status="404" title={t('enterprise.showcase.missingTitle')} data-testid="enterprise-library-bad-id" />;
  }
  const member = user !== null && user !== undefined && Number(user.orgId) === orgId;
  if (!member || searchParams.get(PUBLIC_VIEW_PARAM) === 'public') return <EnterpriseShowcase orgId={orgId} member={member} />;
  return <MemberLibrary />;
}

function MemberLibrary() {
  const { t } = useLibraryTranslation();
  const user = useSession((state) => state.user);
  const permissions = useSession((state) => state.permissions);
  const location = useLocation();
  const navigate = useNavigate();
  const [publishing, setPublishing] = useState(false);
  const [batchPublishing, setBatchPublishing] = useState(false);
  const [revising, setRevising] = useState<EnterpriseItem>();
  if (!user) return null;
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
      >
        {/* Above the list rather than in the card's head, where a narrow window left the title no room. */}
        <Flex wrap gap={8} justify="flex-end" style={{ marginBottom: 16 }}>
          <Button
            icon={<EyeOutlined />}
            onClick={() => void navigate(`${location.pathname}?type=1&${PUBLIC_VIEW_PARAM}=public`)}
            data-testid="enterprise-public-view"
          >
            {t('enterprise.showcase.preview')}
          </Button>
          {canPublish && (
            <>
              <Button icon={<UploadOutlined />} onClick={() => setBatchPublishing(true)} data-testid="enterprise-batch">
                {t('enterprise.batch.button')}
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setPublishing(true)} data-testid="enterprise-publish">
                {t('enterprise.publish.button')}
              </Button>
            </>
          )}
        </Flex>
        {user.orgEnable === false && <Alert type="warning" showIcon title={t('enterprise.disabled')} style={{ marginBottom: 16 }} />}
        {/* Said, not just left out: the member learns whom to ask (the administrators decide who publishes). */}
        {user.orgEnable !== false && !canPublish && (
          <Alert type="info" showIcon title={t('enterprise.cannotPublish')} style={{ marginBottom: 16 }} data-testid="enterprise-cannot-publish" />
        )}
        <EnterpriseItems canPublish={canPublish} onRevise={canPublish ? setRevising : undefined} />
      </Card>
      {canPublish && <PublishItemModal open={publishing} onClose={() => setPublishing(false)} />}
      {canPublish && <BatchPublishModal open={batchPublishing} onClose={() => setBatchPublishing(false)} />}
      {/* A fresh form for every item revised. */}
      {canPublish && revising && <PublishItemModal key={revising.id} open item={revising} onClose={() => setRevising(undefined)} />}
    </div>
  );
}
