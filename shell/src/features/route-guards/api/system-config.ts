import type { SystemSchema } from '@portal/api-types';
import { http } from '@portal/http';

export type DictEntry = SystemSchema<'DictDataSimple'>;

/** GET /base/system/dict-data/list-all-simple?dictType=system_config (spec §7). */
export function fetchSystemConfig(): Promise<DictEntry[]> {
  return http.get<DictEntry[]>('/base/system/dict-data/list-all-simple', { dictType: 'system_config' });
}

/** A positive number of minutes from the config entry `label`, or undefined. */
export function configMinutes(entries: readonly Pick<DictEntry, 'label' | 'value'>[], label: string): number | undefined {
  const value = Number(entries.find((entry) => entry.label === label)?.value);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}
