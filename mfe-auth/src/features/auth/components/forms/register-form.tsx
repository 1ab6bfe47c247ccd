import { useState } from 'react';
import { Alert, App, Button, Form, Input } from 'antd';
import { LockOutlined, SmileOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS, rules, validatorMessage } from '@portal/validators';
import { AUTH_NAMESPACE } from '../../../../i18n';
import { AgreementCheckbox } from '../../../../components/agreement/agreement-checkbox';
import { SLIDER_WIDTH, SliderCaptcha, sliderRules } from '../../../../components/slider/slider-captcha';
import { CODE_SCENE } from '../../api/codes';
import type { PermissionInfo } from '../../api/get-permission-info';
import { buildRegisterPayload, registerAndSignIn, type RegisterFormValues } from '../../api/register';
import { usePluginMode } from '../../hooks/use-plugin-mode';
import { useSignInFailure } from '../../hooks/use-sign-in-outcome';
import { codeSliderScene } from './account-code';
import { CodeField } from './code-field';
import { useCodeForm } from './use-code-form';

export interface RegisterFormProps {
  onRegistered: (info: PermissionInfo) => void;
  onLogin: () => void;
  /** From /wechatregister: the new account is bound to this WeChat openId. */
  openId?: string;
  submitLabel?: string;
}

/** Spec §2 register form: account, slider, code, optional nickname, password twice, agreement. */
export function RegisterForm({ onRegistered, onLogin, openId, submitLabel }: RegisterFormProps) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const { message } = App.useApp();
  const { form, slider, sliderPassed, pending, setPending, failure, setFailure, sendCode } = useCodeForm<RegisterFormValues>(CODE_SCENE.register);
  const sliderScene = codeSliderScene(Form.useWatch('username', form));
  const [agreed, setAgreed] = useState(false);
  const { isPlugin, isEmbed } = usePluginMode();
  const reportFailure = useSignInFailure();

  const submit = async () => {
    let values: RegisterFormValues;
    try {
      values = await form.validateFields(['username', 'code', 'nickname', 'password', 'confirmPwd']);
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
      const info = await registerAndSignIn(buildRegisterPayload(values, { pluginOrEmbed: isPlugin || isEmbed, openId }));
      message.success(t('register.done'));
      onRegistered(info);
    } catch (error) {
      setFailure(reportFailure(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} name="register" className="auth-register-form" data-testid="register-form" onFinish={submit}>
      <Form.Item name="username" label={t('fields.account')} rules={rules.account()} validateFirst>
        <Input
          prefix={<UserOutlined />}
          placeholder={t('fields.accountPlaceholder')}
          maxLength={LIMITS.account}
          autoComplete="username"
          data-testid="register-username"
        />
      </Form.Item>
      <Form.Item name="verified" rules={sliderRules()}>
        <SliderCaptcha ref={slider} scene={sliderScene} width={SLIDER_WIDTH} data-testid="register-slider" />
      </Form.Item>
      {/* Spec §4: on register the code button also needs the slider passed. */}
      <CodeField onSend={sendCode} sendDisabled={!sliderPassed} testId="register" />
      <Form.Item name="nickname" label={t('fields.nickname')} rules={rules.nickname()}>
        <Input prefix={<SmileOutlined />} placeholder={t('fields.nicknamePlaceholder')} maxLength={LIMITS.nickname} data-testid="register-nickname" />
      </Form.Item>
      <Form.Item name="password" label={t('fields.password')} rules={rules.password()} validateFirst>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('fields.newPasswordPlaceholder')}
          maxLength={LIMITS.passwordMax}
          autoComplete="new-password"
          data-testid="register-password"
        />
      </Form.Item>
      <Form.Item name="confirmPwd" label={t('fields.confirmPassword')} dependencies={['password']} rules={rules.confirmPassword('password')} validateFirst>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('fields.confirmPasswordPlaceholder')}
          maxLength={LIMITS.passwordMax}
          autoComplete="new-password"
          data-testid="register-confirm"
        />
      </Form.Item>
      <AgreementCheckbox checked={agreed} onChange={setAgreed} />
      {failure && <Alert type="error" showIcon title={failure} className="auth-form-alert" data-testid="register-error" />}
      <Button type="primary" block size="large" loading={pending} onClick={submit} className="auth-form-submit" data-testid="register-submit">
        {submitLabel ?? t('register.submit')}
      </Button>
      <div className="auth-form-switch">
        {t('register.haveAccount')}{' '}
        <a onClick={onLogin} data-testid="to-login">
          {t('register.toLogin')}
        </a>
      </div>
    </Form>
  );
}
