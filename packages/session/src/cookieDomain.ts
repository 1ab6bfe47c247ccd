/**
 * The cookie domain that shares the session across the parent domain (spec §9):
 * `www.example.com` → `.example.com`, `www.example.com.cn` → `.example.com.cn`.
 *
 * Which suffixes are public (`com.cn`, `co.uk`, …) is what the browser itself enforces: it refuses a
 * cookie whose domain is a public suffix. So, like analytics libraries do, we probe from the shortest
 * candidate upwards and keep the first domain the browser accepts, instead of shipping the whole public
 * suffix list (~48 KB gzipped) to every page.
 */

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** Hosts that must get no domain attribute: IP addresses, single-label hosts such as `localhost`. */
export function isHostWithoutParentDomain(hostname: string): boolean {
  const host = hostname.trim().toLowerCase();
  return host === '' || IPV4.test(host) || host.includes(':') || host.startsWith('[') || !host.includes('.');
}

/**
 * Parent-domain candidates from the broadest (two labels) to the narrowest (the host minus its first label).
 * A two-label host is its own only candidate.
 */
export function cookieDomainCandidates(hostname: string): string[] {
  if (isHostWithoutParentDomain(hostname)) return [];
  const labels = hostname.trim().toLowerCase().replace(/\.$/, '').split('.');
  if (labels.length === 2) return [labels.join('.')];
  const candidates: string[] = [];
  for (let take = 2; take < labels.length; take += 1) {
    candidates.push(labels.slice(labels.length - take).join('.'));
  }
  return candidates;
}

const PROBE_COOKIE = '__portal_domain_probe';

/** Asks the browser whether it accepts a cookie for `domain` from the current page. */
export function browserAcceptsCookieDomain(domain: string): boolean {
  if (typeof document === 'undefined') return false;
  const value = String(Date.now());
  document.cookie = `${PROBE_COOKIE}=${value}; domain=.${domain}; path=/`;
  const accepted = document.cookie.split('; ').includes(`${PROBE_COOKIE}=${value}`);
  document.cookie = `${PROBE_COOKIE}=; domain=.${domain}; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  return accepted;
}

const resolvedDomains = new Map<string, string | undefined>();

/**
 * The `domain` attribute for session cookies on `hostname` (with a leading dot), or undefined when the
 * cookie must stay host-only. The result is cached per host: probing writes cookies.
 */
export function cookieDomainFor(hostname: string, accepts: (domain: string) => boolean = browserAcceptsCookieDomain): string | undefined {
  const key = hostname.trim().toLowerCase();
  if (resolvedDomains.has(key)) return resolvedDomains.get(key);
  const found = cookieDomainCandidates(key).find((candidate) => accepts(candidate));
  const domain = found === undefined ? undefined : `.${found}`;
  resolvedDomains.set(key, domain);
  return domain;
}

/** Forgets cached results (the host of a page never changes; tests and embedders reconfiguring jsdom do). */
export function clearCookieDomainCache(): void {
  resolvedDomains.clear();
}
