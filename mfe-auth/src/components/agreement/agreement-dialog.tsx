import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUTH_NAMESPACE } from '../../i18n';

export type AgreementKind = 'service' | 'privacy';

/** Spec §2: the User Agreement is /user-service.html, the Privacy Policy /user-private.html. */
export const AGREEMENT_PAGES: Record<AgreementKind, string> = {
  service: '/user-service.html',
  privacy: '/user-private.html',
};

export interface AgreementDialogProps {
  kind: AgreementKind;
  open: boolean;
  onClose: () => void;
}

/** A centred dialog, 80% by 80% of the window, showing the agreement page in a frame. */
export function AgreementDialog({ kind, open, onClose }: AgreementDialogProps) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      centered
      width="80%"
      zIndex={2100}
      title={t(kind === 'service' ? 'agreement.serviceTitle' : 'agreement.privacyTitle')}
      // 80% × 80% of the window: the title bar is part of the height.
      styles={{ body: { height: 'calc(80vh - 56px)', padding: 0 } }}
      data-testid="agreement-dialog"
      destroyOnHidden
    >
      <iframe
        src={AGREEMENT_PAGES[kind]}
        title={t(kind === 'service' ? 'agreement.serviceTitle' : 'agreement.privacyTitle')}
        style={{ width: '100%', height: '100%', border: 'none' }}
      />
    </Modal>
  );
}
