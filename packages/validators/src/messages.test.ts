import { antdValidateMessages, formatMessage, getValidatorLocale, setValidatorLocale, validatorMessage, validatorMessages } from './messages';

afterEach(() => setValidatorLocale('zh-CN'));

describe('validatorMessages', () => {
  it('has the same ids in both locales and no empty text', () => {
    expect(Object.keys(validatorMessages['en-US']).sort()).toEqual(Object.keys(validatorMessages['zh-CN']).sort());
    for (const locale of ['zh-CN', 'en-US'] as const) {
      for (const value of Object.values(validatorMessages[locale])) expect(value.trim()).not.toBe('');
    }
  });
});

describe('formatMessage', () => {
  it('fills %s in order and leaves extra placeholders', () => {
    expect(formatMessage('%s必须在%s到%s个字符之间', '密码', 8, 16)).toBe('密码必须在8到16个字符之间');
    expect(formatMessage('%s不能为空')).toBe('%s不能为空');
  });
});

describe('setValidatorLocale / getValidatorLocale / validatorMessage', () => {
  it('switches the language of every message', () => {
    expect(getValidatorLocale()).toBe('zh-CN');
    expect(validatorMessage('validators.mobile.invalid')).toBe('请输入正确的手机号');
    expect(validatorMessage('validators.required', '邮箱')).toBe('邮箱不能为空');
    setValidatorLocale('en-US');
    expect(getValidatorLocale()).toBe('en-US');
    expect(validatorMessage('validators.mobile.invalid')).toBe('Please enter a correct phone number');
    expect(validatorMessage('validators.required', 'E-mail')).toBe('E-mail is required');
  });
  it('refuses an unknown locale', () => {
    expect(() => setValidatorLocale('fr-FR' as never)).toThrow(/unsupported/);
  });
});

describe('antdValidateMessages', () => {
  it('uses antd placeholders', () => {
    const messages = antdValidateMessages('zh-CN');
    expect(messages.required).toBe('${label}不能为空');
    expect(messages.string.range).toBe('${label}必须在${min}到${max}个字符之间');
    expect(messages.types.email).toBe('${label}不是合法的邮箱地址');
    expect(messages.default).toBe('输入的数据不合法!');
    expect(antdValidateMessages('en-US').string.max).toBe('${label} cannot be longer than ${max} characters');
  });
});
