import { registerMessages } from '@portal/providers';
import { enUS } from './en-US';
import { zhCN } from './zh-CN';

export const SHELL_NAMESPACE = 'shell';

export function registerShellMessages(): void {
  registerMessages(SHELL_NAMESPACE, { 'zh-CN': zhCN, 'en-US': enUS });
}
