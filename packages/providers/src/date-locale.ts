import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

/**
 * Spec §9: the UI locale is zh-cn but dates default to English formatting. The date locale is
 * therefore independent of the UI language and changed only through this setter.
 */
export type DateLocale = 'en' | 'zh-cn';

export const DEFAULT_DATE_LOCALE: DateLocale = 'en';

export function setDateLocale(locale: DateLocale): void {
  dayjs.locale(locale);
}

export function getDateLocale(): string {
  return dayjs.locale();
}

setDateLocale(DEFAULT_DATE_LOCALE);
