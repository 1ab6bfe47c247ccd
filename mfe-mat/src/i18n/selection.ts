import { registerMessages } from '@portal/providers';
import { I18N_NAMESPACE } from './index';
import { selectionEnUS } from './selection.en-US';
import { selectionZhCN } from './selection.zh-CN';

/**
 * Registers the selection and CAE-export keys into the mat namespace (deep merge), so the pages work
 * before the lead folds these objects into zh-CN.ts / en-US.ts; harmless after.
 */
registerMessages(I18N_NAMESPACE, { 'zh-CN': selectionZhCN, 'en-US': selectionEnUS });
