import { operationsPermission } from '@portal/session';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SystemSchema } from '@portal/api-types';
import { http } from '@portal/http';
import { auditKeys } from './users-admin';

/** Operator permissions of the dictionary (docs/operations.md "Dictionary"). */
export const DICT_QUERY_PERMISSION = operationsPermission('dictionary');
export const DICT_UPDATE_PERMISSION = 'system:dict:update';

/** A dictionary entry as operators see it (`DictEntryView` of the system service). */
export type DictEntry = SystemSchema<'DictEntryView'>;

/** How the form edits an entry's value; the server checks the same bounds. */
export type ValueRule = { kind: 'minutes'; min: number; max: number } | { kind: 'hosts' } | { kind: 'text' };

const SYSTEM_CONFIG_RULES: Record<string, ValueRule> = {
  token_expire_time: { kind: 'minutes', min: 5, max: 10_080 },
  from_expire_time: { kind: 'minutes', min: 1, max: 43_200 },
  redirect_allow_hosts: { kind: 'hosts' },
};

export function valueRuleOf(entry: Pick<DictEntry, 'dictType' | 'label'>): ValueRule {
  return (entry.dictType === 'system_config' && SYSTEM_CONFIG_RULES[entry.label]) || { kind: 'text' };
}

/** GET /base/system/operation/dict-data → every entry (a handful: not paged). */
export function listDictEntries(): Promise<DictEntry[]> {
  return http.get<DictEntry[]>('/base/system/operation/dict-data');
}

/** PUT /base/system/operation/dict-data/{id} `{value}`. */
export function updateDictValue(input: { id: number; value: string }): Promise<boolean> {
  return http.put<boolean>(`/base/system/operation/dict-data/${input.id}`, { value: input.value }, { silent: true });
}

const dictKeys = {
  all: ['operations', 'dictionary'] as const,
};

export const dictEntriesQueryOptions = () => queryOptions({ queryKey: dictKeys.all, queryFn: listDictEntries, staleTime: 0 });

export function useDictEntries() {
  return useQuery(dictEntriesQueryOptions());
}

/** A change alters the entries and adds an audit entry: both are refetched. */
export function useUpdateDictValue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDictValue,
    onSuccess: () => Promise.all([dictKeys.all, auditKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
