import { http } from '@portal/http';

/** Spec §9 scene values: 1 login, 2 reset password, 4 register. */
export const CODE_SCENE = { login: 1, resetPassword: 2, register: 4 } as const;
export type CodeScene = (typeof CODE_SCENE)[keyof typeof CODE_SCENE];

/** POST /base/system/auth/send-sms-code; 1002000007 on scene 1/2 = unknown mobile, 1002003001 on 4 = taken. */
export function sendSmsCode(input: { mobile: string; scene: CodeScene; ticket: string }): Promise<boolean> {
  return http.post<boolean>('/base/system/auth/send-sms-code', { ...input, mobile: input.mobile.trim() }, { silent: true });
}

/** POST /base/system/user/send-email-code (scenes 2 and 4 only). */
export function sendEmailCode(input: { email: string; scene: typeof CODE_SCENE.resetPassword | typeof CODE_SCENE.register; ticket: string }): Promise<boolean> {
  return http.post<boolean>('/base/system/user/send-email-code', { ...input, email: input.email.trim() }, { silent: true });
}

/** Sends a code to an account that is an e-mail address or a mobile number. */
export function sendCodeTo(
  account: { kind: 'email' | 'mobile'; value: string },
  scene: typeof CODE_SCENE.resetPassword | typeof CODE_SCENE.register,
  ticket: string,
): Promise<boolean> {
  return account.kind === 'email' ? sendEmailCode({ email: account.value, scene, ticket }) : sendSmsCode({ mobile: account.value, scene, ticket });
}
