import { useState } from 'react';
import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUTH_NAMESPACE } from '../../i18n';
import { AGREEMENT_PAGES, AgreementDialog, type AgreementKind } from './agreement-dialog';

interface AgreementCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** "I have read and agree to the User Agreement and Privacy Policy", with both documents one click away. */
export function AgreementCheckbox({ checked, onChange }: AgreementCheckboxProps) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const [showing, setShowing] = useState<AgreementKind | null>(null);
  const link = (kind: AgreementKind) => (
    <a
      href={AGREEMENT_PAGES[kind]}
      data-testid={`agreement-link-${kind}`}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        setShowing(kind);
      }}
    >
      {t(kind === 'service' ? 'agreement.service' : 'agreement.privacy')}
    </a>
  );
  return (
    <>
      <Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)} data-testid="agreement-checkbox" className="auth-agreement">
        {t('agreement.prefix')} {link('service')} {t('agreement.and')} {link('privacy')}
      </Checkbox>
      <AgreementDialog kind={showing ?? 'service'} open={showing !== null} onClose={() => setShowing(null)} />
    </>
  );
}
