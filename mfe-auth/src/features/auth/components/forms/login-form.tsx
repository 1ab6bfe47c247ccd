import { useRef, useState, type ReactNode } from 'react';
import { Alert, App, Button, Form, Input, Tabs } from 'antd';
import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ErrorCode, isPortalError } from '@portal/http';
import type { LoginTab } from '@portal/session';
import { LIMITS, rules, validatorMessage } from '@portal/validators';
import { AUTH_NAMESPACE } from '../../../../i18n';
import { AgreementCheckbox } from '../../../../components/agreement/agreement-checkbox';
import { SLIDER_LOGIN_WIDTH, SliderCaptcha, sliderRules, type SliderCaptchaHandle } from '../../../../components/slider/slider-captcha';
import { CODE_SCENE, sendSmsCode } from '../../api/codes';
import type { PermissionInfo } from '../../api/get-permission-info';
import { signInWithPassword } from '../../api/login';
import { signInWithSmsCode } from '../../api/sms-login';
import { errorText, useSignInFailure } from '../../hooks/use-sign-in-outcome';
import { isLoginTab } from '../../login-dialog-store';
import { CodeField } from './code-field';
import { WechatQrPanel } from './wechat-qr-panel';

interface AccountValues {
  username: string;
  password: string;
  verified?: string;
}

interface PhoneValues {
  mobile: string;
  verified?: string;
  code: string;
}

export interface LoginFormProps {
  activeTab: LoginTab;
  onTabChange: (tab: LoginTab) => void;
  onSignedIn: (info: PermissionInfo) => void;
  onRegister: () => void;
  onForgot: () => void;
  /** Spec §4: a code request for an unknown mobile (1002000007) shows the not-registered form. */
  onNotRegistered: (mobile: string) => void;
  /** Handed to the WeChat frame so the scan comes back to the same destination. */
  redirect?: string;
}

/** The three-tab login form of spec §2 (account / phone / wechat), used by the dialog and /login. */
export function LoginForm({ activeTab, onTabChange, onSignedIn, onRegister, onForgot, onNotRegistered, redirect }: LoginFormProps) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const { message } = App.useApp();
  const [accountForm] = Form.useForm<AccountValues>();
  const [phoneForm] = Form.useForm<PhoneValues>();
  const accountSlider = useRef<SliderCaptchaHandle>(null);
  const phoneSlider = useRef<SliderCaptchaHandle>(null);
  // Spec §2: the agreement is ticked by default on login.
  const [agreed, setAgreed] = useState(true);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const reportFailure = useSignInFailure();

  const resetAccountSlider = () => {
    accountSlider.current?.reset();
    accountForm.setFieldValue('verified', undefined);
  };

  const submit = async () => {
    try {
      // The phone tab's slider only guards the code request (its ticket is spent there).
      if (activeTab === 'account') await accountForm.validateFields();
      else await phoneForm.validateFields(['mobile', 'code']);
    } catch {
      return; // antd shows the field messages
    }
    if (!agreed) {
      message.error(validatorMessage('validators.agreement.required'), 1);
      return;
    }
    setPending(true);
    setFailure(undefined);
    try {
      const info =
        activeTab === 'account'
          ? await signInWithPassword(accountForm.getFieldsValue(['username', 'password', 'verified']) as AccountValues)
          : await signInWithSmsCode(phoneForm.getFieldsValue(['mobile', 'code']) as PhoneValues);
      onSignedIn(info);
    } catch (error) {
      // Spec §4: a failed login resets the slider and the verified flag.
      if (activeTab === 'account') resetAccountSlider();
      setFailure(reportFailure(error));
    } finally {
      setPending(false);
    }
  };

  const sendLoginCode = async () => {
    try {
      await phoneForm.validateFields(['mobile', 'verified']);
    } catch {
      throw new Error('invalid');
    }
    const mobile = String(phoneForm.getFieldValue('mobile'));
    const ticket = String(phoneForm.getFieldValue('verified'));
    try {
      await sendSmsCode({ mobile, scene: CODE_SCENE.login, ticket });
      message.success(t('code.sent'));
    } catch (error) {
      if (isPortalError(error) && error.code === ErrorCode.mobileNotRegistered) {
        onNotRegistered(mobile);
      } else {
        message.error(errorText(error, t('code.failed')));
      }
      throw error;
    } finally {
      // The ticket is single-use: the next code needs the slider again.
      phoneSlider.current?.reset();
      phoneForm.setFieldValue('verified', undefined);
    }
  };

  const sliderHelp = t('slider.tips');
  const accountTab = (
    <Form form={accountForm} layout="vertical" requiredMark={false} name="account-login" onFinish={submit}>
      <Form.Item name="username" label={t('fields.account')} rules={rules.account()} validateFirst>
        <Input
          prefix={<UserOutlined />}
          placeholder={t('fields.accountPlaceholder')}
          maxLength={LIMITS.account}
          autoComplete="username"
          data-testid="login-username"
        />
      </Form.Item>
      <Form.Item name="password" label={t('fields.password')} rules={rules.password({ login: true }).slice(0, 1)} validateFirst>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('fields.loginPasswordPlaceholder')}
          maxLength={LIMITS.passwordMax}
          autoComplete="current-password"
          onPressEnter={submit}
          data-testid="login-password"
        />
      </Form.Item>
      <Form.Item name="verified" rules={sliderRules()}>
        <SliderCaptcha ref={accountSlider} scene="login" width={SLIDER_LOGIN_WIDTH} tips={sliderHelp} data-testid="login-slider" />
      </Form.Item>
      <div className="auth-form-links">
        <a onClick={onForgot} data-testid="forgot-link">
          {t('login.forgot')}
        </a>
      </div>
    </Form>
  );

  const phoneTab = (
    <Form form={phoneForm} layout="vertical" requiredMark={false} name="phone-login" onFinish={submit}>
      <Form.Item name="mobile" label={t('fields.mobile')} rules={rules.loginMobile()} validateFirst>
        <Input prefix={<MobileOutlined />} placeholder={t('fields.mobilePlaceholder')} maxLength={LIMITS.mobile} inputMode="numeric" data-testid="sms-mobile" />
      </Form.Item>
      <Form.Item name="verified" rules={sliderRules()}>
        <SliderCaptcha ref={phoneSlider} scene="sms" width={SLIDER_LOGIN_WIDTH} data-testid="sms-slider" />
      </Form.Item>
      <CodeField onSend={sendLoginCode} testId="sms" />
    </Form>
  );

  const tabs: { key: LoginTab; label: string; children: ReactNode }[] = [
    { key: 'account', label: t('login.tabs.account'), children: accountTab },
    { key: 'phone', label: t('login.tabs.phone'), children: phoneTab },
    {
      key: 'wechat',
      label: t('login.tabs.wechat'),
      children: <WechatQrPanel active={activeTab === 'wechat'} redirect={redirect} onSignedIn={onSignedIn} onUseAccount={() => onTabChange('account')} />,
    },
  ];

  return (
    <div className="auth-login-form" data-testid="login-form">
      <Tabs
        activeKey={activeTab}
        onChange={(key) => {
          if (!isLoginTab(key)) return;
          setFailure(undefined);
          onTabChange(key);
        }}
        items={tabs}
        centered
      />
      {failure && <Alert type="error" showIcon title={failure} className="auth-form-alert" data-testid="login-error" />}
      {/* Spec §2: the login button is hidden on the wechat tab. */}
      {activeTab !== 'wechat' && (
        <Button type="primary" block size="large" loading={pending} onClick={submit} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      )}
      <div className="auth-form-footer">
        <AgreementCheckbox checked={agreed} onChange={setAgreed} />
        <div className="auth-form-switch">
          {t('login.noAccount')}{' '}
          <a onClick={onRegister} data-testid="to-register">
            {t('login.registerNow')}
          </a>
        </div>
      </div>
    </div>
  );
}
