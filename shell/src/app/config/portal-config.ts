/**
 * Deploy-time settings of the shell, read at start from `/portal-config.json` (shipped as
 * shell/public/portal-config.json, replaced per deployment; see docs/shell.md). Nothing here is baked
 * into the build, so one build serves the .com and .cn sites and private deployments alike.
 */
export interface CompanyInfo {
  ignoreComponent: boolean;
  ignorePart: boolean;
  ignoreOpen: boolean;
  ignoreHome: boolean;
  privateDeploy: boolean;
  companyName: string;
}

export interface PortalConfig {
  /** Filing numbers by host suffix (spec §2 footer). */
  filing: { com: string; cn: string };
  company: CompanyInfo;
  contact: { hotline: string; email: string; address: string; qrImage: string };
  /** Address of the open platform ('' hides the entry). */
  openPlatformUrl: string;
  /** The company's messaging sub-domain a plugin's wechatOrigin must contain (spec §4). */
  messagingSubdomain: string;
}

export const PORTAL_CONFIG_URL = '/portal-config.json';

export function defaultPortalConfig(): PortalConfig {
  return {
    filing: { com: '', cn: '' },
    company: {
      ignoreComponent: false,
      ignorePart: false,
      ignoreOpen: false,
      ignoreHome: false,
      privateDeploy: false,
      companyName: '',
    },
    contact: { hotline: '', email: '', address: '', qrImage: '' },
    openPlatformUrl: '',
    messagingSubdomain: '',
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pickStrings<T extends Record<string, string>>(defaults: T, raw: unknown, problems: string[], where: string): T {
  const result = { ...defaults };
  if (raw === undefined) return result;
  if (!isRecord(raw)) {
    problems.push(`${where} must be an object`);
    return result;
  }
  for (const key of Object.keys(defaults) as (keyof T & string)[]) {
    const value = raw[key];
    if (value === undefined) continue;
    if (typeof value === 'string') (result as Record<string, string>)[key] = value.trim();
    else problems.push(`${where}.${key} must be a string`);
  }
  return result;
}

/**
 * Validates a parsed config, keeping the defaults for absent keys. Wrongly typed values are reported
 * (and ignored) instead of half-applied.
 */
export function parsePortalConfig(raw: unknown): { config: PortalConfig; problems: string[] } {
  const defaults = defaultPortalConfig();
  const problems: string[] = [];
  if (!isRecord(raw)) return { config: defaults, problems: ['portal-config.json must hold a JSON object'] };
  const company = { ...defaults.company };
  if (raw.company !== undefined) {
    if (!isRecord(raw.company)) problems.push('company must be an object');
    else {
      for (const key of ['ignoreComponent', 'ignorePart', 'ignoreOpen', 'ignoreHome', 'privateDeploy'] as const) {
        const value = raw.company[key];
        if (value === undefined) continue;
        if (typeof value === 'boolean') company[key] = value;
        else problems.push(`company.${key} must be true or false`);
      }
      const name = raw.company.companyName;
      if (typeof name === 'string') company.companyName = name.trim();
      else if (name !== undefined) problems.push('company.companyName must be a string');
    }
  }
  const top = pickStrings(
    { openPlatformUrl: defaults.openPlatformUrl, messagingSubdomain: defaults.messagingSubdomain },
    { openPlatformUrl: raw.openPlatformUrl, messagingSubdomain: raw.messagingSubdomain },
    problems,
    'config',
  );
  return {
    config: {
      filing: pickStrings(defaults.filing, raw.filing, problems, 'filing'),
      company,
      contact: pickStrings(defaults.contact, raw.contact, problems, 'contact'),
      ...top,
    },
    problems,
  };
}

let current: PortalConfig = defaultPortalConfig();

/** Fetches and applies the deploy-time config; a missing or broken file leaves the defaults (logged). */
export async function loadPortalConfig(fetcher: typeof fetch = fetch): Promise<PortalConfig> {
  try {
    const response = await fetcher(PORTAL_CONFIG_URL, { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const { config, problems } = parsePortalConfig(await response.json());
    if (problems.length > 0) console.error('[shell] portal-config.json:', problems.join('; '));
    current = config;
  } catch (error) {
    console.error('[shell] portal-config.json unavailable, using defaults:', error);
    current = defaultPortalConfig();
  }
  return current;
}

export function getPortalConfig(): PortalConfig {
  return current;
}
