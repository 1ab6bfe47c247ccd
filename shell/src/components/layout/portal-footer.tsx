import { useTranslation } from 'react-i18next';
import { getPortalConfig } from '../../app/config/portal-config';
import { filingNumberFor } from '../../app/rules/footer';

/**
 * Copyright with the filing number chosen by host suffix (spec §2); blank in private deployment.
 * The filing numbers come from portal-config.json.
 */
export function PortalFooter() {
  const { t } = useTranslation('shell');
  const { filing, company } = getPortalConfig();
  if (company.privateDeploy) return <footer className="portal-footer portal-footer-blank" data-testid="portal-footer" />;
  const filingNumber = filingNumberFor(window.location.hostname, filing);
  return (
    <footer className="portal-footer" data-testid="portal-footer">
      <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
      <span className="portal-footer-sep">·</span>
      <span>{t('footer.licence')}</span>
      {filingNumber && (
        <>
          <span className="portal-footer-sep">·</span>
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer" data-testid="filing-number">
            {filingNumber}
          </a>
        </>
      )}
    </footer>
  );
}
