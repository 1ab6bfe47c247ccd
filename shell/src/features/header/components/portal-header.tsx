import { Button, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { changeLanguage, currentLanguage, LIBRARIES, paths } from '@portal/providers';
import { getPortalConfig } from '../../../app/config/portal-config';
import { NAV_FOLD_QUERY } from '../../../app/rules/screen';
import { activeNavKey, headerTypeFromPath, isBrandView, NAV_ITEMS, type NavKey } from '../../../app/rules/header-rules';
import { useAppState } from '../../../app/state/app-state';
import { Logo } from '../../../components/layout/logo';
import { RemoteSlot } from '../../remote-components';
import { BrandSearch, KeywordSearch } from '../../search';
import { HomeSectionTabs } from './home-section-tabs';
import { LibraryToolbar } from './library-toolbar';
import { ModeSwitch } from './mode-switch';
import { OpenPlatformEntry } from './open-platform-entry';
import { useMediaQuery } from '../use-media-query';

/** Nav items the company-info settings switch off (spec §3: all false in this build, set per deployment). */
function hiddenNavKeys(): Set<NavKey> {
  const { company } = getPortalConfig();
  const hidden = new Set<NavKey>();
  if (company.ignoreHome) hidden.add('home');
  if (company.ignorePart) hidden.add('part');
  if (company.ignoreComponent) hidden.add('component');
  return hidden;
}

/**
 * The portal header (spec §2): logo to the current library or home; on home the section tab list, on a
 * library the library title and the search box by type (manufacturer search on the brand view); the
 * nav; the open-platform entry with the platform picker; the private/open toggle; the sign-in entry.
 * The toolbar by type sits right under it on library pages.
 */
export function PortalHeader() {
  const { t } = useTranslation('shell');
  const { t: tCommon } = useTranslation();
  const { pathname } = useLocation();
  const type = headerTypeFromPath(pathname);
  const library = type === 'home' ? null : type;
  const isPlugin = useAppState((state) => state.isPlugin);
  const navFolds = useMediaQuery(NAV_FOLD_QUERY);
  const activeKey = activeNavKey(pathname);
  const nextLanguage = currentLanguage() === 'zh-CN' ? 'en-US' : 'zh-CN';
  const { company } = getPortalConfig();
  const hidden = hiddenNavKeys();
  const isHome = pathname === '/' || pathname === '/home';
  const logoTarget = library ? paths.library(library) : company.ignoreHome ? paths.library('part') : paths.home();
  const showOpenPlatform = !isPlugin && !company.privateDeploy && !company.ignoreOpen;

  return (
    <>
      <header className="portal-header" data-testid="portal-header" data-header-type={type}>
        <div className="portal-header-inner">
          <Logo to={logoTarget} compact={isPlugin} />
          {library && !isPlugin && (
            <span className="portal-library-title" data-testid="library-title">
              {tCommon(LIBRARIES[library].titleKey)}
            </span>
          )}
          {library && (
            <div className="portal-header-search">
              {isBrandView(pathname) ? <BrandSearch key={`brand-${library}`} library={library} /> : <KeywordSearch key={library} library={library} />}
            </div>
          )}
          {isHome && !isPlugin && <HomeSectionTabs />}
          {!isPlugin && (
            <Menu
              className="portal-nav"
              mode="horizontal"
              data-testid="portal-nav"
              selectedKeys={activeKey ? [activeKey] : []}
              // Below the laptop width the items that do not fit fold into the menu's "…"; from 1280 px
              // they always fit, and the menu skips measuring them (issue 12).
              disabledOverflow={!navFolds}
              items={NAV_ITEMS.filter((item) => !hidden.has(item.key)).map((item) => ({
                key: item.key,
                label: (
                  <Link to={item.path} data-testid={`nav-${item.key}`}>
                    {t(item.labelKey)}
                  </Link>
                ),
              }))}
            />
          )}
          <div className="portal-header-actions">
            <ModeSwitch />
            {showOpenPlatform && <OpenPlatformEntry type={type} />}
            {/* A plugin window is 500 px wide: the language follows the portal's default there. */}
            {!isPlugin && (
              <Button type="text" size="small" data-testid="language-switch" onClick={() => void changeLanguage(nextLanguage)}>
                {t('language.switchTo')}
              </Button>
            )}
            {/* Without mfe-auth the header still renders, just without the sign-in entry. */}
            <RemoteSlot id="mfe_auth/AuthEntry" />
          </div>
        </div>
      </header>
      {library && <LibraryToolbar library={library} />}
    </>
  );
}
