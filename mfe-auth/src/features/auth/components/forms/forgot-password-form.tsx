import { Alert, App, Button, Form, Input, Space } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS, rules } from '@portal/validators';
import { AUTH_NAMESPACE } from '../../../../i18n';
import { SLIDER_WIDTH, SliderCaptcha, sliderRules } from '../../../../components/slider/slider-captcha';
import { CODE_SCENE } from '../../api/codes';
import { resetPassword, type ForgotPasswordValues } from '../../api/update-password';
import { errorText } from '../../hooks/use-sign-in-outcome';
import { codeSliderScene } from './account-code';
import { CodeField } from './code-field';
import { useCodeForm } from './use-code-form';

export interface ForgotPasswordFormProps {
  onDone: () => void;
  onBack: () => void;
  onRegister: () => void;
}

/** Spec §2 forgot-password form: account, slider, code, new password twice; success shows 'changed'. */
export function ForgotPasswordForm({ onDone, onBack, onRegister }: ForgotPasswordFormProps) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const { message } = App.useApp();
  const { form, slider, sliderPassed, pending, setPending, failure, setFailure, sendCode } = useCodeForm<ForgotPasswordValues>(CODE_SCENE.resetPassword);
  const sliderScene = codeSliderScene(Form.useWatch('username', form));

  const submit = async () => {
    let values: ForgotPasswordValues;
    try {
      values = await form.validateFields(['username', 'code', 'password', 'confirmPwd']);
    } catch {
      return;
    }
    setPending(true);
    setFailure(undefined);
    try {
      await resetPassword(values);
      message.success(t('forgot.done'));
      onDone();
    } catch (error) {
      setFailure(errorText(error, t('forgot.failed')));
    } finally {
      setPending(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} name="forgot-password" data-testid="forgot-form" onFinish={submit}>
      <Form.Item name="username" label={t('fields.account')} rules={rules.account()} validateFirst>
        <Input
          prefix={<UserOutlined />}
          placeholder={t('fields.accountPlaceholder')}
          maxLength={LIMITS.account}
          autoComplete="username"
          data-testid="forgot-username"
        />
      </Form.Item>
      <Form.Item name="verified" rules={sliderRules()}>
        <SliderCaptcha ref={slider} scene={sliderScene} width={SLIDER_WIDTH} data-testid="forgot-slider" />
      </Form.Item>
      <CodeField onSend={sendCode} sendDisabled={!sliderPassed} testId="forgot" />
      <Form.Item name="password" label={t('fields.newPassword')} rules={rules.password()} validateFirst>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('fields.newPasswordPlaceholder')}
          maxLength={LIMITS.passwordMax}
          autoComplete="new-password"
          data-testid="forgot-password"
        />
      </Form.Item>
      <Form.Item name="confirmPwd" label={t('fields.confirmPassword')} dependencies={['password']} rules={rules.confirmPassword('password')} validateFirst>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('fields.confirmPasswordPlaceholder')}
          maxLength={LIMITS.passwordMax}
          autoComplete="new-password"
          data-testid="forgot-confirm"
        />
      </Form.Item>
      {failure && <Alert type="error" showIcon title={failure} className="auth-form-alert" data-testid="forgot-error" />}
      <Space className="auth-form-buttons">
        <Button size="large" onClick={onBack} data-testid="forgot-back">
          {t('forgot.back')}
        </Button>
        <Button type="primary" size="large" loading={pending} onClick={submit} data-testid="forgot-submit">
          {t('forgot.submit')}
        </Button>
      </Space>
      <div className="auth-form-switch">
        {t('login.noAccount')} <a onClick={onRegister}>{t('login.registerNow')}</a>
      </div>
    </Form>
  );
}
