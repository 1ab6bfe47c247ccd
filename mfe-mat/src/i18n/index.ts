import { registerMessages } from '@portal/providers';
import { enUS } from './en-US';
import { zhCN } from './zh-CN';

/** This application's i18n namespace. */
export const I18N_NAMESPACE = 'mat';

registerMessages(I18N_NAMESPACE, { 'zh-CN': zhCN, 'en-US': enUS });
