import { Form, Input, Space } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS, rules } from '@portal/validators';
import { AUTH_NAMESPACE } from '../../../../i18n';
import { CodeButton } from '../../../../components/code-button/code-button';
import { useResendSeconds } from '../../api/code-config';

interface CodeFieldProps {
  onSend: () => Promise<unknown>;
  /** The code button's precondition (slider passed on register and forgot-password). */
  sendDisabled?: boolean;
  testId: string;
}

/** The 6-digit code input with its get-code button (spec §2 forms, §5 code rules). */
export function CodeField({ onSend, sendDisabled, testId }: CodeFieldProps) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const resendSeconds = useResendSeconds();
  return (
    <Form.Item label={t('fields.code')} required>
      <Space.Compact block>
        <Form.Item name="code" noStyle rules={rules.verificationCode()} validateFirst>
          <Input
            prefix={<SafetyOutlined />}
            placeholder={t('fields.codePlaceholder')}
            maxLength={LIMITS.codeLength}
            inputMode="numeric"
            autoComplete="one-time-code"
            data-testid={`${testId}-code`}
          />
        </Form.Item>
        <CodeButton resendSeconds={resendSeconds} onSend={onSend} disabled={sendDisabled} data-testid={`${testId}-get-code`} />
      </Space.Compact>
    </Form.Item>
  );
}
