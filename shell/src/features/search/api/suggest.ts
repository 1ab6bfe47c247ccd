import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@portal/http';
import { suggestUrl, type HeaderType } from '../../../app/rules/header-rules';

/** Spec §9: suggestions are asked for 15 at a time. */
export const SUGGESTION_SIZE = 15;

/**
 * GET /public/{part|component}/es/keyword/suggest?keyword=&size=15 → string[] (spec §7). Silent: a missing
 * endpoint (404) or a failure only empties the list; a wrong result type logs a warning only (spec §8).
 */
export async function fetchSuggestions(type: HeaderType, keyword: string, signal?: AbortSignal): Promise<string[]> {
  try {
    const data = await http.get<unknown>(suggestUrl(type), { keyword, size: SUGGESTION_SIZE }, { silent: true, signal });
    if (!Array.isArray(data) || data.some((item) => typeof item !== 'string')) {
      console.warn('[shell] keyword suggestions are not a list of strings:', data);
      return [];
    }
    return data as string[];
  } catch {
    return [];
  }
}

export function suggestionQueryOptions(type: HeaderType, keyword: string) {
  return queryOptions({
    queryKey: ['shell', 'keyword-suggest', type, keyword],
    queryFn: ({ signal }) => fetchSuggestions(type, keyword, signal),
    enabled: keyword.trim() !== '',
    staleTime: 60_000,
    retry: false,
  });
}

export function useSuggestions(type: HeaderType, keyword: string) {
  return useQuery(suggestionQueryOptions(type, keyword));
}
