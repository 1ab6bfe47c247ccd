import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemSchema } from '@portal/api-types';
import { http } from '@portal/http';

/** The verification-code rules the server enforces (`accounts.codes.*`, docs/configuration.md):
 *  `resendSeconds` between two sends to one address (the code button counts down from it). */
export type CodeConfig = SystemSchema<'CodeConfig'>;

/** The server's default interval, used until its answer arrives (or if it cannot be read): a send
 *  before the real interval has passed is refused by the server anyway (1002014005). */
export const DEFAULT_RESEND_SECONDS = 60;

/** GET /base/system/auth/code-config. */
export function getCodeConfig(): Promise<CodeConfig> {
  return http.get<CodeConfig>('/base/system/auth/code-config', undefined, { silent: true });
}

export const codeConfigQueryOptions = () => queryOptions({ queryKey: ['auth', 'code-config'], queryFn: getCodeConfig, staleTime: 10 * 60_000, retry: 1 });

/** The resend interval in seconds: the server's, or the default while it is unknown. */
export function useResendSeconds(): number {
  const config = useQuery(codeConfigQueryOptions());
  const seconds = config.data?.resendSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? seconds : DEFAULT_RESEND_SECONDS;
}
