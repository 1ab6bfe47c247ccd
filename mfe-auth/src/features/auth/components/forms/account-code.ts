import type { FormInstance } from 'antd';
import { usernameKind } from '@portal/validators';
import { type CODE_SCENE, sendCodeTo } from '../../api/codes';
import type { SliderCaptchaHandle } from '../../../../components/slider/slider-captcha';
import type { SliderScene } from '../../api/captcha';

/** The server accepts a ticket only for its scene: SMS for a mobile, e-mail for an address, any while unknown. */
export function codeSliderScene(account: unknown): SliderScene | undefined {
  const kind = usernameKind(typeof account === 'string' ? account.trim() : '');
  return kind === 'mobile' ? 'sms' : kind === 'email' ? 'email' : undefined;
}

/**
 * Sends a register or reset code to the form's `username` (e-mail or mobile) with the slider's ticket
 * in `verified`; the ticket is single-use, so the slider is reset whatever the answer.
 */
export async function sendCodeForForm(
  form: FormInstance,
  slider: SliderCaptchaHandle | null,
  scene: typeof CODE_SCENE.register | typeof CODE_SCENE.resetPassword,
): Promise<void> {
  await form.validateFields(['username', 'verified']);
  const account = String(form.getFieldValue('username')).trim();
  const kind = usernameKind(account);
  if (!kind) throw new Error(`not an account: ${account}`);
  try {
    await sendCodeTo({ kind, value: account }, scene, String(form.getFieldValue('verified')));
  } finally {
    slider?.reset();
    form.setFieldValue('verified', undefined);
  }
}
