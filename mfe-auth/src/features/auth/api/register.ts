import { http } from '@portal/http';
import { getChannel, getFrom } from '@portal/session';
import { usernameKind } from '@portal/validators';
import type { PermissionInfo } from './get-permission-info';
import { completeSignIn, type LoginTokens } from './sign-in';

export interface RegisterFormValues {
  /** E-mail address or mobile number. */
  username: string;
  nickname?: string;
  code: string;
  password: string;
  confirmPwd: string;
}

export interface RegisterPayload {
  username: string;
  nickname?: string;
  email: string;
  mobile: string;
  code: string;
  password: string;
  confirmPwd: string;
  origin: string;
  openId?: string;
}

export interface RegisterContext {
  /** Plugin or embedded mode: the channel is the origin instead of the `from` cookie (spec §3). */
  pluginOrEmbed: boolean;
  /** From /wechatregister: binds the WeChat account to the new user. */
  openId?: string;
}

/**
 * The register payload of spec §3: the account under email or mobile (the other blank), the display
 * username (nickname if given, else the account), and the origin (from cookie, or the channel in
 * plugin/embed mode, else empty).
 */
export function buildRegisterPayload(values: RegisterFormValues, context: RegisterContext): RegisterPayload {
  const account = values.username.trim();
  const kind = usernameKind(account);
  if (!kind) throw new Error(`not an e-mail address or mobile number: ${account}`);
  const nickname = values.nickname?.trim() || undefined;
  const origin = context.pluginOrEmbed ? (getChannel() ?? '') : (getFrom() ?? '');
  return {
    username: nickname ?? account,
    ...(nickname ? { nickname } : {}),
    email: kind === 'email' ? account : '',
    mobile: kind === 'mobile' ? account : '',
    code: values.code.trim(),
    password: values.password,
    confirmPwd: values.confirmPwd,
    origin,
    ...(context.openId ? { openId: context.openId } : {}),
  };
}

/** POST /base/system/user/register → the login answer (success signs the user in). */
export function register(payload: RegisterPayload): Promise<LoginTokens> {
  return http.post<LoginTokens>('/base/system/user/register', payload, { silent: true });
}

/** Registers, then the usual sign-in completion (spec §4: auto-login, token saved, config read, user loaded). */
export async function registerAndSignIn(payload: RegisterPayload): Promise<PermissionInfo> {
  return completeSignIn(await register(payload));
}
