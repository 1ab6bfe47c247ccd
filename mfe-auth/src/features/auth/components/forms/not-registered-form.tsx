import { useState } from 'react';
import { Alert, App, Button, Form, Input, Space } from 'antd';
import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS, rules, validatorMessage } from '@portal/validators';
import { AUTH_NAMESPACE } from '../../../../i18n';
import { AgreementCheckbox } from '../../../../components/agreement/agreement-checkbox';
import { SLIDER_LOGIN_WIDTH, SliderCaptcha, sliderRules } from '../../../../components/slider/slider-captcha';
import { CODE_SCENE } from '../../api/codes';
import type { PermissionInfo } from '../../api/get-permission-info';
import { buildRegisterPayload, registerAndSignIn } from '../../api/register';
import { usePluginMode } from '../../hooks/use-plugin-mode';
import { useSignInFailure } from '../../hooks/use-sign-in-outcome';
import { CodeField } from './code-field';
import { useCodeForm } from './use-code-form';

interface NotRegisteredValues {
  username: string;
  verified?: string;
  password: string;
  confirmPwd: string;
  code: string;
}

export interface NotRegisteredFormProps {
  mobile: string;
  onRegistered: (info: PermissionInfo) => void;
  onBack: () => void;
}

/**
 * Spec §2/§4: shown when an SMS code was asked for an unknown mobile. The mobile is fixed; a register
 * code (scene 4) is requested here, after the slider, because the login code was never sent.
 */
export function NotRegisteredForm({ mobile, onRegistered, onBack }: NotRegisteredFormProps) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const { message } = App.useApp();
  const { form, slider, sliderPassed, pending, setPending, failure, setFailure, sendCode } = useCodeForm<NotRegisteredValues>(CODE_SCENE.register);
  const [agreed, setAgreed] = useState(false);
  const { isPlugin, isEmbed } = usePluginMode();
  const reportFailure = useSignInFailure();

  const submit = async () => {
    let values: NotRegisteredValues;
    try {
      values = await form.validateFields(['password', 'confirmPwd', 'code']);
    } catch {
      return;
    }
    if (!agreed) {
      message.error(validatorMessage('validators.agreement.required'), 1);
      return;
    }
    setPending(true);
    setFailure(undefined);
    try {
      // Spec §3 not-registered payload: username set to the mobile.
      const payload = buildRegisterPayload({ ...values, username: mobile }, { pluginOrEmbed: isPlugin || isEmbed });
      const info = await registerAndSignIn(payload);
      message.success(t('register.done'));
      onRegistered(info);
    } catch (error) {
      setFailure(reportFailure(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} name="not-registered" initialValues={{ username: mobile }} data-testid="not-registered-form">
      <Alert type="info" showIcon title={t('notRegistered.notice')} className="auth-form-alert" />
      <Form.Item name="username" label={t('fields.mobile')}>
        <Input prefix={<MobileOutlined />} disabled data-testid="not-registered-mobile" />
      </Form.Item>
      <Form.Item name="password" label={t('fields.password')} rules={rules.password()} validateFirst>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('fields.newPasswordPlaceholder')}
          maxLength={LIMITS.passwordMax}
          autoComplete="new-password"
          data-testid="not-registered-password"
        />
      </Form.Item>
      <Form.Item name="confirmPwd" label={t('fields.confirmPassword')} dependencies={['password']} rules={rules.confirmPassword('password')} validateFirst>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('fields.confirmPasswordPlaceholder')}
          maxLength={LIMITS.passwordMax}
          autoComplete="new-password"
          data-testid="not-registered-confirm"
        />
      </Form.Item>
      <Form.Item name="verified" rules={sliderRules()}>
        <SliderCaptcha ref={slider} scene="sms" width={SLIDER_LOGIN_WIDTH} data-testid="not-registered-slider" />
      </Form.Item>
      <CodeField onSend={sendCode} sendDisabled={!sliderPassed} testId="not-registered" />
      <AgreementCheckbox checked={agreed} onChange={setAgreed} />
      {failure && <Alert type="error" showIcon title={failure} className="auth-form-alert" data-testid="not-registered-error" />}
      <Space className="auth-form-buttons">
        <Button size="large" onClick={onBack} data-testid="not-registered-back">
          {t('notRegistered.back')}
        </Button>
        <Button type="primary" size="large" loading={pending} onClick={submit} data-testid="not-registered-submit">
          {t('notRegistered.submit')}
        </Button>
      </Space>
    </Form>
  );
}
