import { registerMessages } from '@portal/providers';
import { enUS } from './en-US';
import { zhCN } from './zh-CN';

export const AUTH_NAMESPACE = 'auth';

let registered = false;

/** Idempotent: every exposed module calls it, whichever the shell loads first. */
export function registerAuthMessages(): void {
  if (registered) return;
  registered = true;
  registerMessages(AUTH_NAMESPACE, { 'zh-CN': zhCN, 'en-US': enUS });
}
