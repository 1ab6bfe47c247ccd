import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { setMode, type PortalMode } from '@portal/session';
import { appStore, useAppState } from '../../../app/state/app-state';
import { modeToggleTarget } from '../../../app/rules/route-guards';

/**
 * The private/open toggle itself (ModeSwitch decides who sees it; spec §2, §4, §6): kept in session storage under
 * `mode`; open → private goes to the organisation's brand page, private → open goes to /part.
 */
export function ModeSegmented({ orgId }: { orgId: number }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const isPrivate = useAppState((state) => state.isPrivate);
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
