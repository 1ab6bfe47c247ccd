import { useRef, useState } from 'react';
import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUTH_NAMESPACE } from '../../../../i18n';
import type { SliderCaptchaHandle } from '../../../../components/slider/slider-captcha';
import { type CODE_SCENE } from '../../api/codes';
import { errorText } from '../../hooks/use-sign-in-outcome';
import { sendCodeForForm } from './account-code';

/**
 * What every form confirmed by an e-mail/SMS code shares (register, not-registered, forgot password):
 * the form, its slider and whether the slider holds a ticket, the pending/failure state, and the
 * send-code action with its toasts (the code button's countdown starts only when it resolves).
 */
export function useCodeForm<Values>(scene: typeof CODE_SCENE.register | typeof CODE_SCENE.resetPassword) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values & { verified?: string }>();
  const slider = useRef<SliderCaptchaHandle>(null);
  const sliderPassed = Boolean(Form.useWatch('verified', form));
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();

  const sendCode = async () => {
    try {
      await sendCodeForForm(form, slider.current, scene);
      message.success(t('code.sent'));
    } catch (error) {
      if (error instanceof Error) message.error(errorText(error, t('code.failed')));
      throw error;
    }
  };

  return { form, slider, sliderPassed, pending, setPending, failure, setFailure, sendCode };
}
