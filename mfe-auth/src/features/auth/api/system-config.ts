import type { SystemSchema } from '@portal/api-types';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@portal/http';

export type DictEntry = SystemSchema<'DictDataSimple'>;

/** The portal settings the sign-in code reads from the `system_config` dictionary. */
export interface SystemConfig {
  /** Minutes without activity before the session ends (spec §4); undefined = no inactivity logout. */
  tokenExpireMinutes?: number;
  /** Lifetime of the `from` cookie in minutes (spec §4). */
  fromExpireMinutes?: number;
  /** Hosts that may receive tokens in a redirect after login (docs/accounts-frontend.md). */
  redirectAllowHosts: string[];
}

function positiveNumber(value: string | undefined): number | undefined {
  const parsed = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(parsed) && parsed > 0 ? parsed : undefined;
}

/** Reads the known labels; unknown labels are ignored so the server can add settings freely. */
export function parseSystemConfig(entries: readonly Pick<DictEntry, 'label' | 'value'>[]): SystemConfig {
  const byLabel = new Map(entries.map((entry) => [entry.label, entry.value]));
  return {
    tokenExpireMinutes: positiveNumber(byLabel.get('token_expire_time')),
    fromExpireMinutes: positiveNumber(byLabel.get('from_expire_time')),
    redirectAllowHosts: (byLabel.get('redirect_allow_hosts') ?? '')
      .split(/[,\s]+/)
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  };
}

let cached: SystemConfig | undefined;

/** GET /base/system/dict-data/list-all-simple?dictType=system_config (spec §7: read after every login). */
export async function fetchSystemConfig(): Promise<SystemConfig> {
  const entries = await http.get<DictEntry[]>('/base/system/dict-data/list-all-simple', { dictType: 'system_config' }, { silent: true });
  cached = parseSystemConfig(Array.isArray(entries) ? entries : []);
  return cached;
}

/** The last configuration read, if any (synchronous callers such as redirect handling). */
export function lastSystemConfig(): SystemConfig | undefined {
  return cached;
}

export const systemConfigQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'system-config'], queryFn: fetchSystemConfig, staleTime: 5 * 60_000, retry: 1 });
