import type { ReactNode } from 'react';
import { Menu } from 'antd';
import {
  ApartmentOutlined,
  AuditOutlined,
  BarChartOutlined,
  BookOutlined,
  BugOutlined,
  CloudDownloadOutlined,
  CommentOutlined,
  DatabaseOutlined,
  EyeInvisibleOutlined,
  FileDoneOutlined,
  FileSearchOutlined,
  KeyOutlined,
  PartitionOutlined,
  SafetyCertificateOutlined,
  ShopOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useSession } from '@portal/providers';
import { getToken, OPERATIONS_PAGES, operationsPagesFor, type OperationsPage } from '@portal/session';
import { OperatorGate } from './operator-gate';
import '../operations.css';
// The operations strings register with the operations pages' chunks, not the first load.
import '../operations-messages';

/** The side menu's label and icon of each operations page (`OPERATIONS_PAGES` of @portal/session). */
const PAGE_MENU: Record<OperationsPage['key'], { labelKey: string; icon: ReactNode }> = {
  feedback: { labelKey: 'operations.nav.feedback', icon: <CommentOutlined /> },
  'brand-applications': { labelKey: 'operations.nav.brandApplications', icon: <AuditOutlined /> },
  'enterprise-items': { labelKey: 'operations.nav.enterpriseItems', icon: <FileDoneOutlined /> },
  users: { labelKey: 'operations.nav.users', icon: <TeamOutlined /> },
  organisations: { labelKey: 'operations.nav.organisations', icon: <ApartmentOutlined /> },
  roles: { labelKey: 'operations.nav.roles', icon: <SafetyCertificateOutlined /> },
  dictionary: { labelKey: 'operations.nav.dictionary', icon: <BookOutlined /> },
  'search-index': { labelKey: 'operations.nav.searchIndex', icon: <DatabaseOutlined /> },
  'catalog-items': { labelKey: 'operations.nav.catalogItems', icon: <EyeInvisibleOutlined /> },
  'catalog-manufacturers': { labelKey: 'operations.nav.catalogManufacturers', icon: <ShopOutlined /> },
  'catalog-categories': { labelKey: 'operations.nav.catalogCategories', icon: <PartitionOutlined /> },
  'catalog-import': { labelKey: 'operations.nav.catalogImport', icon: <CloudDownloadOutlined /> },
  'open-keys': { labelKey: 'operations.nav.openKeys', icon: <KeyOutlined /> },
  statistics: { labelKey: 'operations.nav.statistics', icon: <BarChartOutlined /> },
  'audit-log': { labelKey: 'operations.nav.auditLog', icon: <FileSearchOutlined /> },
  'front-log': { labelKey: 'operations.nav.frontLog', icon: <BugOutlined /> },
};

/**
 * The operations platform (运营平台) around its pages: a side menu of the pages the operator's
 * permissions open (each page still checks its own permission, and the server every call).
 */
export default function OperationsFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const permissions = useSession((state) => state.permissions);
  const isSetUser = useSession((state) => state.isSetUser);
  const pages = getToken() && isSetUser ? operationsPagesFor(permissions) : [];
  return (
    <div className="operations-frame page-container" data-testid="operations-frame">
      {pages.length > 0 && (
        <nav className="operations-nav" aria-label={t('operations.nav.title')}>
          <div className="operations-nav-title">{t('operations.nav.title')}</div>
          <Menu
            mode="vertical"
            selectedKeys={[pathname.replace(/\/$/, '')]}
            onClick={({ key }) => navigate(key)}
            data-testid="operations-nav"
            items={pages.map((page) => ({
              key: page.path,
              icon: PAGE_MENU[page.key].icon,
              label: <span data-testid={`operations-nav-${page.key}`}>{t(PAGE_MENU[page.key].labelKey)}</span>,
            }))}
          />
        </nav>
      )}
      <div className="operations-body">{children}</div>
    </div>
  );
}

/**
 * `/operation`: the first page the operator may open. Signed-out visitors get the sign-in and users
 * who hold no operations permission the 403 card, as on every operations page.
 */
export function OperationsHome() {
  const permissions = useSession((state) => state.permissions);
  const first = operationsPagesFor(permissions)[0];
  return <OperatorGate permission={OPERATIONS_PAGES.flatMap((page) => page.permission)}>{first && <Navigate to={first.path} replace />}</OperatorGate>;
}
