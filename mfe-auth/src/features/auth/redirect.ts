/**
 * Where to go after a successful sign-in (spec §4 "Redirect after login"), as a pure function so the
 * rules are tested without a browser. Decision (docs/accounts-frontend.md): tokens only ever leave for
 * hosts on the configured allow-list; an external host that is not listed is not followed at all.
 */
export interface RedirectTokens {
  accessToken: string;
  refreshToken?: string;
  expiresTime?: number;
}

export interface RedirectContext {
  /** The page's own URL (window.location.href). */
  currentUrl: string;
  /** Hosts allowed to receive a redirect (`example.com`, or `.example.com` / `*.example.com` for sub-domains). */
  allowHosts: readonly string[];
  tokens?: RedirectTokens;
  /** Append tokens even if the URL already carries one. */
  force?: boolean;
}

export type RedirectDecision = { kind: 'route'; path: string } | { kind: 'location'; url: string };

/** Query parameters that carry a session across sites. */
export const TOKEN_PARAMS = ['token', 'refreshToken', 'tokenExpires'] as const;

export function hostAllowed(host: string, allowHosts: readonly string[]): boolean {
  const wanted = host.toLowerCase();
  return allowHosts.some((entry) => {
    const rule = entry.trim().toLowerCase();
    if (!rule) return false;
    if (rule.startsWith('*.') || rule.startsWith('.')) {
      const base = rule.replace(/^\*?\./, '');
      return wanted === base || wanted.endsWith(`.${base}`);
    }
    return wanted === rule;
  });
}

/** The open platform lives on the `open.` sub-domain (spec §9: hosts www and open are production). */
export function isOpenPlatformHost(host: string): boolean {
  return host.toLowerCase().split('.')[0] === 'open';
}

const HOME: RedirectDecision = { kind: 'route', path: '/' };

export function resolveLoginRedirect(redirect: string | null | undefined, context: RedirectContext): RedirectDecision {
  const value = (redirect ?? '').trim();
  if (!value || value === 'undefined' || value === 'null') return HOME;

  if (/^https?:\/\//i.test(value)) {
    let target: URL;
    let current: URL;
    try {
      target = new URL(value);
      current = new URL(context.currentUrl);
    } catch {
      return HOME;
    }
    if (target.host === current.host) {
      // Same site: the session cookies are already there; a path on this origin stays a route.
      return { kind: 'route', path: `${target.pathname}${target.search}${target.hash}` || '/' };
    }
    if (!hostAllowed(target.hostname, context.allowHosts)) return HOME;
    if (isOpenPlatformHost(target.hostname)) {
      // The open platform shares the parent-domain cookies; tokens in its URL would only leak.
      for (const name of TOKEN_PARAMS) target.searchParams.delete(name);
      return { kind: 'location', url: target.toString() };
    }
    const carriesToken = target.searchParams.has('token');
    if (context.tokens?.accessToken && (!carriesToken || context.force)) {
      target.searchParams.set('token', context.tokens.accessToken);
      if (context.tokens.refreshToken) target.searchParams.set('refreshToken', context.tokens.refreshToken);
      if (context.tokens.expiresTime !== undefined) target.searchParams.set('tokenExpires', String(context.tokens.expiresTime));
    }
    return { kind: 'location', url: target.toString() };
  }

  // Relative: routed inside the portal. Protocol-relative (`//evil.example`) and odd schemes are refused.
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return { kind: 'route', path: value };
  return HOME;
}

/**
 * The `redirect` value a page hands to /register or /login when opened from elsewhere (spec §2):
 * the current path and query, encoded by URLSearchParams when the link is built.
 */
export function currentPathForRedirect(location: { pathname: string; search: string }): string {
  return `${location.pathname}${location.search}`;
}
