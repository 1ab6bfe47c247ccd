import dayjs from 'dayjs';
import { DEFAULT_DATE_LOCALE, getDateLocale, setDateLocale } from './date-locale';

describe('date locale', () => {
  afterEach(() => setDateLocale(DEFAULT_DATE_LOCALE));

  it('defaults to English dates while the UI is Chinese (spec §9)', () => {
    expect(getDateLocale()).toBe('en');
    expect(dayjs('2024-03-05').format('MMMM')).toBe('March');
  });

  it('switches dates to Chinese through the setter', () => {
    setDateLocale('zh-cn');
    expect(getDateLocale()).toBe('zh-cn');
    expect(dayjs('2024-03-05').format('MMMM')).toBe('三月');
  });
});
