import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '@portal/providers';
import { setMode, type PortalMode } from '@portal/session';
import { appStore, useAppState } from '../../../app/state/app-state';
import { modeToggleTarget } from '../../../app/rules/route-guards';

/**
 * The private/open toggle for users of an organisation (spec §2, §4, §6): kept in session storage under
 * `mode`; open → private goes to the organisation's brand page, private → open goes to /part.
 */
export function ModeSwitch() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const orgId = useSession((state) => state.user?.orgId ?? null);
  const isPrivate = useAppState((state) => state.isPrivate);
  if (!orgId || orgId <= 1) return null;

  const change = (next: PortalMode) => {
    setMode(next);
    appStore.setState({ isPrivate: next === 'private' });
    navigate(modeToggleTarget(next, orgId));
  };

  return (
    <Segmented
      size="small"
      data-testid="mode-switch"
      value={isPrivate ? 'private' : 'open'}
      onChange={(value) => change(value as PortalMode)}
      options={[
        { value: 'open', label: t('mode.open') },
        { value: 'private', label: t('mode.private') },
      ]}
    />
  );
}
