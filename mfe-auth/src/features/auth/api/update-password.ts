import { http } from '@portal/http';
import { usernameKind } from '@portal/validators';

export interface ForgotPasswordValues {
  username: string;
  code: string;
  password: string;
  confirmPwd: string;
}

/** PUT /base/system/user/update-password `{email|mobile, code, password}`; the server signs out other sessions. */
export function resetPassword(values: ForgotPasswordValues): Promise<boolean> {
  const account = values.username.trim();
  const kind = usernameKind(account);
  if (!kind) throw new Error(`not an e-mail address or mobile number: ${account}`);
  return http.put<boolean>('/base/system/user/update-password', { [kind]: account, code: values.code.trim(), password: values.password }, { silent: true });
}
