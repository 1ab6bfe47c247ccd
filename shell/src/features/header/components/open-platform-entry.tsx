import { Button } from 'antd';
import { AppstoreAddOutlined, DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '@portal/providers';
import { getPortalConfig } from '../../../app/config/portal-config';
import type { HeaderType } from '../../../app/rules/header-rules';
import { useToast } from '../../overlays';
import { PlatformPicker } from './platform-picker';

/** Spec §4/§6: orgId 1 or a disabled organisation is blocked from the open platform. */
function isBlocked(user: { orgId?: number | null; orgEnable?: boolean } | null): boolean {
  return !!user && (user.orgId === 1 || user.orgEnable === false);
}

/** The open-platform entry with the platform picker on hover (spec §2 Header). */
export function OpenPlatformEntry({ type }: { type: HeaderType }) {
  const { t } = useTranslation('shell');
  const toast = useToast();
  const navigate = useNavigate();
  const user = useSession((state) => state.user);
  const { openPlatformUrl } = getPortalConfig();

  const open = () => {
    if (isBlocked(user)) {
      toast.warning(t('platform.blocked'));
      navigate('/');
      return;
    }
    // A deployment may run its open platform elsewhere; by default it is this portal's own page.
    if (openPlatformUrl) window.open(openPlatformUrl, '_blank', 'noopener');
    else navigate('/open');
  };

  return (
    <PlatformPicker type={type}>
      <Button
        type="text"
        className="open-platform-entry"
        data-testid="open-platform-entry"
        title={t('platform.open')}
        onClick={open}
        icon={<AppstoreAddOutlined />}
      >
        {t('platform.open')} <DownOutlined className="open-platform-caret" />
      </Button>
    </PlatformPicker>
  );
}
