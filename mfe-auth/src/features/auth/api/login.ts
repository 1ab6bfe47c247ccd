import { mutationOptions, useMutation } from '@tanstack/react-query';
import { http } from '@portal/http';
import { usernameKind } from '@portal/validators';
import type { PermissionInfo } from './get-permission-info';
import { completeSignIn, type LoginTokens } from './sign-in';

export type { LoginTokens } from './sign-in';

/** Ordinary portal users sign in as user type 2 (spec §1, §9). */
export const PORTAL_USER_TYPE = 2;

export interface PasswordLoginInput {
  /** E-mail address or mobile number, as typed. */
  username: string;
  password: string;
  /** The login slider's ticket: the server asks for it once the account has failed logins. */
  verified?: string;
}

interface PasswordLoginCommon {
  password: string;
  userType: number;
  ticket?: string;
}

export type PasswordLoginPayload = PasswordLoginCommon & ({ email: string } | { mobile: string });

/** The login body: the account goes under `email` or `mobile` depending on what it is (spec §7). */
export function buildPasswordLoginPayload({ username, password, verified }: PasswordLoginInput): PasswordLoginPayload {
  const account = username.trim();
  const kind = usernameKind(account);
  const common: PasswordLoginCommon = { password, userType: PORTAL_USER_TYPE, ...(verified ? { ticket: verified } : {}) };
  if (kind === 'email') return { email: account, ...common };
  if (kind === 'mobile') return { mobile: account, ...common };
  throw new Error(`not an e-mail address or mobile number: ${account}`);
}

/** POST /base/system/auth/login → tokens. */
export function loginWithPassword(input: PasswordLoginInput): Promise<LoginTokens> {
  // Silent: the dialog shows the failure next to the form instead of a global toast.
  return http.post<LoginTokens>('/base/system/auth/login', buildPasswordLoginPayload(input), { silent: true });
}

/** Signs in, stores the tokens and loads the user into the shared session store. */
export async function signInWithPassword(input: PasswordLoginInput): Promise<PermissionInfo> {
  return completeSignIn(await loginWithPassword(input));
}

export const passwordLoginMutationOptions = () =>
  mutationOptions({
    mutationKey: ['auth', 'login', 'password'],
    mutationFn: signInWithPassword,
  });

export function usePasswordLogin() {
  return useMutation(passwordLoginMutationOptions());
}
