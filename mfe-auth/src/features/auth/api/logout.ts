import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@portal/http';
import { clearToken, resetUser } from '@portal/session';

/** POST /base/system/auth/logout; local state is cleared whatever the outcome (spec §7). */
export async function logout(): Promise<void> {
  try {
    await http.post<unknown>('/base/system/auth/logout', undefined, { silent: true });
  } finally {
    clearToken();
    resetUser();
  }
}

export const logoutMutationOptions = () =>
  mutationOptions({
    mutationKey: ['auth', 'logout'],
    mutationFn: logout,
  });

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    ...logoutMutationOptions(),
    // The signed-in user's cached data must not outlive the session.
    onSettled: () => queryClient.removeQueries({ queryKey: ['auth'] }),
  });
}
