import { lazy, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LIBRARY_KEYS, LIBRARIES, paths } from '@portal/providers';
import { OPERATIONS_PAGES, type OperationsPage } from '@portal/session';
import { PortalLayout } from '../components/layout/portal-layout';
import { SimpleLayout } from '../components/layout/simple-layout';
import { VendorLayout } from '../components/layout/vendor-layout';
import { LibraryOutlet } from '../features/library-outlet/components/library-outlet';
import { RemotePage } from '../features/remote-components/components/remote-page';
import { ErrorCodePage, ForbiddenPage, NotFoundPage } from '../pages/error-pages';

// Pages load on demand: a library page does not download the home page (issue 13), and these chunks
// are the shell's own code that route guard 6 reloads for once when they fail to load.
const HomePage = lazy(() => import('../pages/home-page').then((module) => ({ default: module.HomePage })));
const DownloadPage = lazy(() => import('../pages/download-page'));
const AboutPage = lazy(() => import('../pages/about-page'));
const BrandEntryPage = lazy(() => import('../pages/brand-entry-page'));
const VendorPage = lazy(() => import('../pages/vendor-page'));
// Operations pages (permission-gated inside): feedback handling, the front-end log, brand-entry and enterprise-item review.
const FeedbackAdminPage = lazy(() => import('../features/operations/components/feedback-admin-page'));
const FrontLogAdminPage = lazy(() => import('../features/operations/components/front-log-admin-page'));
const BrandApplicationAdminPage = lazy(() => import('../features/operations/components/brand-application-admin-page'));
const EnterpriseItemsAdminPage = lazy(() => import('../features/operations/components/enterprise-items-admin-page'));
const OpenKeysAdminPage = lazy(() => import('../features/operations/components/open-keys-admin-page'));
// The open platform's developer page: API keys and how to call /to/open/<library>.
const OpenPlatformPage = lazy(() => import('../features/open-platform/components/open-platform-page'));
const UsersAdminPage = lazy(() => import('../features/operations/components/users-admin-page'));
const OrganisationsAdminPage = lazy(() => import('../features/operations/components/organisations-admin-page'));
const RolesAdminPage = lazy(() => import('../features/operations/components/roles-admin-page'));
const DictionaryAdminPage = lazy(() => import('../features/operations/components/dictionary-admin-page'));
const SearchIndexAdminPage = lazy(() => import('../features/operations/components/search-index-admin-page'));
const CatalogItemsAdminPage = lazy(() => import('../features/operations/components/catalog-items-admin-page'));
const CatalogManufacturersAdminPage = lazy(() => import('../features/operations/components/catalog-manufacturers-admin-page'));
const CatalogCategoriesAdminPage = lazy(() => import('../features/operations/components/catalog-categories-admin-page'));
const CatalogImportAdminPage = lazy(() => import('../features/operations/components/catalog-import-admin-page'));
const AuditLogAdminPage = lazy(() => import('../features/operations/components/audit-log-admin-page'));
const StatisticsAdminPage = lazy(() => import('../features/operations/components/statistics-admin-page'));
// The operations platform's side menu around those pages, and its home (the first page the operator may open).
const OperationsFrame = lazy(() => import('../features/operations/components/operations-frame'));
const OperationsHome = lazy(() => import('../features/operations/components/operations-frame').then((module) => ({ default: module.OperationsHome })));
// The personal centre's own pages (the profile itself is mfe-auth's) and the public brand pages.
// The personal centre's frame (side menu, its icons, the unread count) loads with the my pages, not with every page.
const MyCenterFrame = lazy(() => import('../features/my-center/components/my-center-frame').then((module) => ({ default: module.MyCenterFrame })));
const MyFilesPage = lazy(() => import('../features/my-center/components/my-files-page'));
const MyFeedbackPage = lazy(() => import('../features/my-center/components/my-feedback-page'));
const MyBrandsPage = lazy(() => import('../features/my-center/components/my-brands-page'));
const MyOrgMembersPage = lazy(() => import('../features/my-center/components/my-org-members-page'));
const BrandPage = lazy(() => import('../pages/brand-page'));

/** The page of each operations platform entry (`OPERATIONS_PAGES`, @portal/session). */
const OPERATIONS_PAGE_COMPONENTS: Record<OperationsPage['key'], ComponentType> = {
  feedback: FeedbackAdminPage,
  'brand-applications': BrandApplicationAdminPage,
  'enterprise-items': EnterpriseItemsAdminPage,
  users: UsersAdminPage,
  organisations: OrganisationsAdminPage,
  roles: RolesAdminPage,
  dictionary: DictionaryAdminPage,
  'search-index': SearchIndexAdminPage,
  'catalog-items': CatalogItemsAdminPage,
  'catalog-manufacturers': CatalogManufacturersAdminPage,
  'catalog-categories': CatalogCategoriesAdminPage,
  'catalog-import': CatalogImportAdminPage,
  'open-keys': OpenKeysAdminPage,
  statistics: StatisticsAdminPage,
  'audit-log': AuditLogAdminPage,
  'front-log': FrontLogAdminPage,
};

/** Pages mfe-auth exposes, rendered in the shell's layouts (spec §2 route table). */
export const AUTH_PAGES = {
  login: 'mfe_auth/LoginPage',
  register: 'mfe_auth/RegisterPage',
  sso: 'mfe_auth/SsoPage',
  wechatRegister: 'mfe_auth/WechatRegisterPage',
  personalCenter: 'mfe_auth/PersonalCenter',
} as const;

/** The shell owns the top-level routes; each library prefix hands over to its single-spa application. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PortalLayout />}>
        <Route index element={<HomePage />} />
        <Route path="home" element={<HomePage />} />
        <Route path="download" element={<DownloadPage />} />
        <Route path="brand-entry" element={<BrandEntryPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route
          path="user"
          element={
            <MyCenterFrame>
              <RemotePage key="user" id={AUTH_PAGES.personalCenter} />
            </MyCenterFrame>
          }
        />
        <Route path="user/files" element={<MyFilesPage />} />
        <Route path="user/feedback" element={<MyFeedbackPage />} />
        <Route path="user/brands" element={<MyBrandsPage />} />
        <Route path="user/org-members" element={<MyOrgMembersPage />} />
        <Route path="brand/:id" element={<BrandPage />} />
        <Route
          path="personalCenter/myInfo"
          element={
            <MyCenterFrame>
              <RemotePage key="myInfo" id={AUTH_PAGES.personalCenter} />
            </MyCenterFrame>
          }
        />
        <Route path="operation" element={<OperationsHome />} />
        {OPERATIONS_PAGES.map((page) => {
          const Page = OPERATIONS_PAGE_COMPONENTS[page.key];
          return (
            <Route
              key={page.key}
              path={page.path.slice(1)}
              element={
                <OperationsFrame>
                  <Page />
                </OperationsFrame>
              }
            />
          );
        })}
        <Route path="open" element={<OpenPlatformPage />} />
        {LIBRARY_KEYS.map((key) => (
          <Route
            key={key}
            path={`${LIBRARIES[key].routePrefix.slice(1)}/*`}
            // A fresh outlet per library, so one application never unmounts from under the next.
            element={<LibraryOutlet key={key} library={key} />}
          />
        ))}
      </Route>
      <Route element={<SimpleLayout />}>
        <Route path="login" element={<RemotePage key="login" id={AUTH_PAGES.login} />} />
        <Route path="register" element={<RemotePage key="register" id={AUTH_PAGES.register} />} />
        <Route path="sso" element={<RemotePage key="sso" id={AUTH_PAGES.sso} />} />
        {/* Plugin mode (spec §1, §2): plugin users sign in and register on /plugin/… pages (500 px). */}
        <Route path="plugin/login" element={<RemotePage key="plugin-login" id={AUTH_PAGES.login} />} />
        <Route path="plugin/register" element={<RemotePage key="plugin-register" id={AUTH_PAGES.register} />} />
        <Route path="wechatregister" element={<RemotePage key="wechatregister" id={AUTH_PAGES.wechatRegister} />} />
        <Route path="plugin/wechatregister" element={<RemotePage key="plugin-wechatregister" id={AUTH_PAGES.wechatRegister} />} />
        <Route path="404" element={<NotFoundPage />} />
        <Route path="403" element={<ForbiddenPage />} />
        <Route path=":code" element={<ErrorCodePage />} />
      </Route>
      <Route path="vendor" element={<VendorLayout />}>
        <Route path="jckey" element={<VendorPage />} />
      </Route>
      <Route path="*" element={<Navigate to={paths.notFound()} replace />} />
    </Routes>
  );
}
