import { Modal, Result } from 'antd';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { closeErrorDialog, errorDialogStore } from '../error-dialog-store';
import { ContactBlock } from './contact-block';

/** Spec §2 error dialog: the message, its code, and the contact-us block; max width 580 px with contact. */
export const ERROR_DIALOG_MAX_WIDTH = 580;

export function ErrorDialog() {
  const { t } = useTranslation('shell');
  const state = useSyncExternalStore(errorDialogStore.subscribe, errorDialogStore.getState);
  return (
    <Modal
      open={state.open}
      onCancel={closeErrorDialog}
      onOk={closeErrorDialog}
      okText={t('common.gotIt')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={state.withContact ? ERROR_DIALOG_MAX_WIDTH : 420}
      styles={{ container: { maxWidth: state.withContact ? ERROR_DIALOG_MAX_WIDTH : undefined } }}
      destroyOnHidden
      centered
      title={state.title || t('errorDialog.title')}
    >
      <div data-testid="error-dialog">
        <Result
          status="error"
          style={{ padding: '8px 0' }}
          title={state.message}
          subTitle={state.code !== undefined ? t('error.code', { code: state.code }) : undefined}
        />
        {state.withContact && (
          <>
            <div className="error-dialog-contact-title">{t('errorDialog.contact')}</div>
            <ContactBlock compact />
          </>
        )}
      </div>
    </Modal>
  );
}
