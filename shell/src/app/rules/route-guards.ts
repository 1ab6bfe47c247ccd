/** The query-driven route guards of spec §2 (1-3, 5) and the reload rule of guard 6, as pure functions. */

export interface WechatAuthMessage {
  action: 'wechatAuth';
  code: string;
  state: string;
  redirect?: string;
  scan_type?: string;
}

export interface QueryGuardPlan {
  /** Guard 1: value for the `from` cookie. */
  from?: string;
  /** Guard 2: tokens handed over in the query (e.g. by an external redirect after login). */
  tokens?: { accessToken: string; refreshToken?: string; expiresTime?: number };
  /** Guard 3: a messaging-app scan result to post to the parent window under the loading mask. */
  wechatAuth?: WechatAuthMessage;
  /** Tenant id from `_companyId`, stored as the Org-Id cookie (spec §6). */
  tenantId?: string;
  /** Query parameters to remove from the URL (replace, no history entry). */
  remove: string[];
}

/** Reads what the guards must do for `search`; guard 4 ("otherwise continue") is an empty plan. */
export function planQueryGuards(search: string): QueryGuardPlan {
  const query = new URLSearchParams(search);
  const plan: QueryGuardPlan = { remove: [] };
  const from = query.get('from');
  if (from !== null) {
    if (from.trim()) plan.from = from.trim();
    plan.remove.push('from');
  }
  const token = query.get('token');
  if (token !== null) {
    if (token.trim()) {
      const refreshToken = query.get('refreshToken')?.trim() || undefined;
      const expires = Number(query.get('tokenExpires'));
      plan.tokens = { accessToken: token.trim(), refreshToken };
      if (Number.isFinite(expires) && expires > 0) plan.tokens.expiresTime = expires;
    }
    plan.remove.push('token', 'refreshToken', 'tokenExpires');
  }
  const code = query.get('code');
  const state = query.get('state');
  if (code && state) {
    plan.wechatAuth = { action: 'wechatAuth', code, state };
    const redirect = query.get('redirect');
    const scanType = query.get('scan_type');
    if (redirect) plan.wechatAuth.redirect = redirect;
    if (scanType) plan.wechatAuth.scan_type = scanType;
  }
  const companyId = query.get('_companyId');
  if (companyId && /^\d+$/.test(companyId.trim())) plan.tenantId = companyId.trim();
  return plan;
}

/** `search` without the given parameters ('' when nothing is left). */
export function withoutParams(search: string, names: readonly string[]): string {
  const query = new URLSearchParams(search);
  for (const name of names) query.delete(name);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** Guard 5: /part in private mode for a user of an organisation goes to the organisation's brand page. */
export function privateModeRedirect(pathname: string, mode: 'private' | 'open', orgId: number | null | undefined): string | undefined {
  if (mode !== 'private' || !orgId || orgId <= 1) return undefined;
  if (pathname.replace(/\/+$/, '') !== '/part') return undefined;
  return `/part/brand-detail/${orgId}?type=1`;
}

/** Where the private/open toggle navigates (spec §4). */
export function modeToggleTarget(next: 'private' | 'open', orgId: number | null | undefined): string {
  return next === 'private' && orgId && orgId > 1 ? `/part/brand-detail/${orgId}?type=1` : '/part';
}

/** The URL of a failed chunk, from webpack's ChunkLoadError (`request`) or its message. */
function failedChunkUrl(error: { request?: unknown; message?: unknown }): string | undefined {
  if (typeof error.request === 'string') return error.request;
  const match = typeof error.message === 'string' ? /\((?:error|missing|timeout): (\S+)\)/.exec(error.message) : null;
  return match?.[1];
}

/**
 * Guard 6 applies to the shell's own code only: a webpack chunk-load failure for a chunk the shell serves
 * from its own origin. Remote chunks (under /mfe/, or another origin in development) have their own
 * fallback with retry, which a reload would only fight.
 */
export function isShellChunkLoadError(error: unknown, origin: string): boolean {
  if (!error || typeof error !== 'object') return false;
  const candidate = error as { name?: unknown; message?: unknown; request?: unknown };
  const message = typeof candidate.message === 'string' ? candidate.message : '';
  const isChunkError = candidate.name === 'ChunkLoadError' || /^Loading (?:CSS )?chunk \S+ failed/.test(message);
  if (!isChunkError) return false;
  const url = failedChunkUrl(candidate);
  if (!url) return false;
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return false;
  }
  return parsed.origin === origin && !parsed.pathname.startsWith('/mfe/');
}
