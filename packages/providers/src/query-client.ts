import { QueryClient } from '@tanstack/react-query';

/** Error codes from the HTTP client (spec §8) that may succeed when asked again. */
function isTransientError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'number') return false;
  return code === 408 || code === 421 || (code >= 500 && code < 600);
}

export function createPortalQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Catalogue data changes rarely; refetching on every focus would only add load.
        staleTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
        // Business errors (code in the envelope) are answers, not glitches: never retry them.
        retry: (failureCount, error) => failureCount < 2 && isTransientError(error),
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The one query cache of the page. @portal/providers is a federation singleton, so the shell and
 * every remote share this instance and its cache.
 */
export const queryClient = createPortalQueryClient();
