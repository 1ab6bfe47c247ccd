import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getPortalConfig } from '../../app/config/portal-config';

/** The portal mark: a gear-and-chip glyph drawn inline so it needs no asset request. */
function PortalMark({ size = 30 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect x="1" y="1" width="30" height="30" rx="6" fill="#1a5fd0" />
      <circle cx="16" cy="16" r="6.5" fill="none" stroke="#fff" strokeWidth="2.4" />
      <path d="M16 4.5v4M16 23.5v4M4.5 16h4M23.5 16h4" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
      <rect x="13.6" y="13.6" width="4.8" height="4.8" rx="1" fill="#fff" />
    </svg>
  );
}

/** The logo; a configured company name (private deployments) replaces the portal name. */
export function Logo({ to, compact = false }: { to: string; compact?: boolean }) {
  const { t } = useTranslation('shell');
  const name = getPortalConfig().company.companyName || t('brand.name');
  return (
    <Link to={to} className="portal-logo" aria-label={name} data-testid="logo">
      <PortalMark size={compact ? 26 : 30} />
      {!compact && (
        <span className="portal-logo-text">
          <strong>{name}</strong>
          <small>{t('brand.tagline')}</small>
        </span>
      )}
    </Link>
  );
}
