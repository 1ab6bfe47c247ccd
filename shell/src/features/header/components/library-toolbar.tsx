import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { LibraryKey } from '@portal/providers';
import { activeToolbarKey, toolbarItems } from '../../../app/rules/header-rules';
import { useAppState } from '../../../app/state/app-state';

/** The toolbar by library type with its highlight rule (spec §2 Header). */
export function LibraryToolbar({ library }: { library: LibraryKey }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const isPrivate = useAppState((state) => state.isPrivate);
  const items = toolbarItems(library, { isPrivate });
  if (items.length === 0) return null;
  const active = activeToolbarKey(pathname);
  return (
    <nav className="library-toolbar" data-testid="library-toolbar" data-library={library}>
      <div className="library-toolbar-inner">
        <Menu
          mode="horizontal"
          disabledOverflow
          selectedKeys={[active]}
          items={items.map((item) => ({
            key: item.key,
            label: (
              <Link to={`/${library}${item.subPath}`} data-testid={`toolbar-${item.key}`}>
                {t(item.labelKey)}
              </Link>
            ),
          }))}
        />
      </div>
    </nav>
  );
}
