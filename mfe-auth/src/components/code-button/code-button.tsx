import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUTH_NAMESPACE } from '../../i18n';

export interface CodeButtonProps {
  /** Seconds to wait after a send before the next one: the server's resend interval (spec §4/§9:
   *  60 s by default, `accounts.codes.resend_seconds`). */
  resendSeconds: number;
  /** Sends the code; resolves when the server accepted, rejects otherwise (no countdown then). */
  onSend: () => Promise<unknown>;
  /** Extra precondition (the slider on register and forgot-password). */
  disabled?: boolean;
  'data-testid'?: string;
}

/** "Get code" with a countdown of `resendSeconds` after success, disabled while sending or while the precondition fails. */
export function CodeButton({ resendSeconds, onSend, disabled, 'data-testid': testId = 'code-button' }: CodeButtonProps) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const [loading, setLoading] = useState(false);
  const [remaining, setRemaining] = useState(0);

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  const send = async () => {
    setLoading(true);
    try {
      await onSend();
      setRemaining(resendSeconds);
    } catch {
      // The caller reports the failure; the button is free again at once.
    } finally {
      setLoading(false);
    }
  };

  return (
    <Button onClick={send} loading={loading} disabled={disabled || loading || remaining > 0} data-testid={testId} className="auth-code-button">
      {remaining > 0 ? t('code.resendIn', { seconds: remaining }) : t('code.get')}
    </Button>
  );
}
