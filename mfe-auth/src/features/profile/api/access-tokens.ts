import type { SystemSchema } from '@portal/api-types';
import { http } from '@portal/http';

/** A personal access token as the list shows it (never the secret). */
export type AccessToken = SystemSchema<'AccessTokenView'>;

/** The answer of create: the list entry plus the secret, shown once. */
export type CreatedAccessToken = SystemSchema<'CreatedAccessToken'>;

export const accessTokensQueryKey = ['auth', 'access-tokens'] as const;
/** The lifetimes the server accepts (days); null = never expires. */
export const TOKEN_LIFETIMES: readonly (number | null)[] = [30, 90, 365, null];
export const TOKEN_NAME_MAX = 32;
/** The `.kicad_httplib` file KiCad opens (public; its token is a placeholder). */
export const KICAD_HTTPLIB_URL = '/to/api/public/component/kicad-api/portal.kicad_httplib';

/** GET /base/system/user/access-tokens, newest first. */
export function listAccessTokens(): Promise<AccessToken[]> {
  return http.get<AccessToken[]>('/base/system/user/access-tokens');
}

/** POST /base/system/user/access-tokens. */
export function createAccessToken(input: { name: string; expiresInDays: number | null }): Promise<CreatedAccessToken> {
  return http.post<CreatedAccessToken>('/base/system/user/access-tokens', input, { silent: true });
}

/** DELETE /base/system/user/access-tokens/{id}. */
export function revokeAccessToken(id: number): Promise<boolean> {
  return http.delete<boolean>(`/base/system/user/access-tokens/${id}`, undefined, { silent: true });
}

/** What the list says about a token's expiry. */
export type TokenExpiry = { kind: 'never' } | { kind: 'expired' } | { kind: 'until'; time: number };

export function tokenExpiry(token: Pick<AccessToken, 'expiresTime'>, now: number): TokenExpiry {
  // Absent or null: the token never expires.
  if (token.expiresTime === null || token.expiresTime === undefined) return { kind: 'never' };
  return token.expiresTime <= now ? { kind: 'expired' } : { kind: 'until', time: token.expiresTime };
}

/** `pat_ab12…`: how the list names a token's secret. */
export function maskedSecret(prefix: string): string {
  return `${prefix}…`;
}

/** The `source.token` line of a `.kicad_httplib` file, ready to paste. */
export function httplibTokenLine(secret: string): string {
  return `"token": "${secret}",`;
}
