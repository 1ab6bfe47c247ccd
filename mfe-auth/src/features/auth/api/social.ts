import type { SystemSchema } from '@portal/api-types';
import { http } from '@portal/http';
import type { PermissionInfo } from './get-permission-info';
import { completeSignIn, type LoginTokens } from './sign-in';

/** Spec §7: WeChat is social type 32; social login is made with user type 1. */
export const WECHAT_SOCIAL_TYPE = 32;
const SOCIAL_LOGIN_USER_TYPE = 1;

export type SocialConfig = SystemSchema<'SocialConfig'>;

/** What the QR redirect page posts to its parent (spec §2 route guard 3, §3 "Login scan result"). */
export interface WechatAuthMessage {
  action: 'wechatAuth';
  code: string;
  state: string;
  redirect?: string;
  scan_type?: 'login' | 'band';
}

export function isWechatAuthMessage(value: unknown): value is WechatAuthMessage {
  if (!value || typeof value !== 'object') return false;
  const message = value as Record<string, unknown>;
  return message.action === 'wechatAuth' && typeof message.code === 'string' && typeof message.state === 'string';
}

/** GET /base/system/auth/social-config?type=32. */
export function getSocialConfig(): Promise<SocialConfig> {
  return http.get<SocialConfig>('/base/system/auth/social-config', { type: WECHAT_SOCIAL_TYPE }, { silent: true });
}

/**
 * The QR-connect frame address of spec §7: appid, scope snsapi_login, redirect_uri (carrying our
 * redirect and scan_type back), state, response_type code, login_type jssdk, style, self_redirect.
 */
export function buildQrConnectUrl(
  config: SocialConfig,
  options: { redirect?: string; scanType: 'login' | 'band'; style?: 'black' | 'white'; href?: string },
): string {
  const back = new URL(config.redirectUri, window.location.origin);
  if (options.redirect) back.searchParams.set('redirect', options.redirect);
  back.searchParams.set('scan_type', options.scanType);
  const url = new URL(config.qrConnectUrl, window.location.origin);
  url.searchParams.set('appid', config.appId);
  url.searchParams.set('scope', 'snsapi_login');
  url.searchParams.set('redirect_uri', back.toString());
  url.searchParams.set('state', config.state);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('login_type', 'jssdk');
  url.searchParams.set('style', options.style ?? 'black');
  url.searchParams.set('self_redirect', 'true');
  if (options.href) url.searchParams.set('href', options.href);
  return url.toString();
}

/** POST /base/system/auth/social-login; unknown WeChat account → PortalError 199999 with data.openId. */
export function socialLogin(input: { code: string; state: string }): Promise<LoginTokens> {
  return http.post<LoginTokens>(
    '/base/system/auth/social-login',
    { type: WECHAT_SOCIAL_TYPE, code: input.code, state: input.state, userType: SOCIAL_LOGIN_USER_TYPE },
    { silent: true },
  );
}

export async function signInWithWechat(input: { code: string; state: string }): Promise<PermissionInfo> {
  return completeSignIn(await socialLogin(input));
}

/** POST /base/system/auth/wx-binding — binds the scanned WeChat account to `username`. */
export function bindWechat(input: { username: string; code: string }): Promise<boolean> {
  return http.post<boolean>('/base/system/auth/wx-binding', input, { silent: true });
}

export type SocialBinding = SystemSchema<'SocialAccount'>;

/** GET /base/system/user/social — the accounts bound to the signed-in user. */
export function listSocialBindings(): Promise<SocialBinding[]> {
  return http.get<SocialBinding[]>('/base/system/user/social', undefined, { silent: true });
}

/** DELETE /base/system/user/social/wechat. */
export function unbindWechat(): Promise<boolean> {
  return http.delete<boolean>('/base/system/user/social/wechat', undefined, { silent: true });
}

/** openId carried by a 199999 answer, if any. */
export function openIdOf(error: unknown): string | undefined {
  const data = (error as { data?: unknown } | null)?.data as { openId?: unknown } | null | undefined;
  return typeof data?.openId === 'string' && data.openId ? data.openId : undefined;
}
