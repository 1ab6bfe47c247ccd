import { registerMessages } from '@portal/providers';
import { I18N_NAMESPACE } from './index';
import { selectionEnUS } from './selection.en-US';
import { selectionZhCN } from './selection.zh-CN';

/**
 * Registers the selection and CAE-export keys into the mat namespace (deep merge) when the page or
 * the export card that uses them loads: they stay out of /mat's first load (its JS budget).
 */
registerMessages(I18N_NAMESPACE, { 'zh-CN': selectionZhCN, 'en-US': selectionEnUS });
