import { mutationOptions, useMutation } from '@tanstack/react-query';
import { http } from '@portal/http';
import type { PermissionInfo } from './get-permission-info';
import { PORTAL_USER_TYPE } from './login';
import { completeSignIn, type LoginTokens } from './sign-in';

export interface SmsLoginInput {
  mobile: string;
  code: string;
}

/** POST /base/system/auth/sms-login (spec §7): mobile, code, verified, userType. */
export function loginWithSmsCode({ mobile, code }: SmsLoginInput): Promise<LoginTokens> {
  return http.post<LoginTokens>(
    '/base/system/auth/sms-login',
    { mobile: mobile.trim(), code: code.trim(), verified: true, userType: PORTAL_USER_TYPE },
    { silent: true },
  );
}

export async function signInWithSmsCode(input: SmsLoginInput): Promise<PermissionInfo> {
  return completeSignIn(await loginWithSmsCode(input));
}

export const smsLoginMutationOptions = () => mutationOptions({ mutationKey: ['auth', 'login', 'sms'], mutationFn: signInWithSmsCode });

export function useSmsLogin() {
  return useMutation(smsLoginMutationOptions());
}
