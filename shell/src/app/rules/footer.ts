/** The filing number by host suffix (spec §2 footer): `.com` and `.cn` hosts carry different numbers. */
export function filingNumberFor(hostname: string, filing: { com: string; cn: string }): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.endsWith('.com')) return filing.com;
  if (host.endsWith('.cn')) return filing.cn;
  return '';
}

/** Badge text (spec §9): counts above the maximum show as `max+`. */
export function badgeText(count: number, max = 99): string {
  return count > max ? `${max}+` : String(Math.max(0, Math.trunc(count)));
}
