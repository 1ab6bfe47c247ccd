import { setValidatorLocale } from './messages';
import { ruleFrom, rules, type FormRule, type FormRuleFunction, type FormRules } from './rules';

afterEach(() => setValidatorLocale('zh-CN'));

/** Runs rules the way antd Form does: required/max first, then validators; returns the first message. */
async function run(ruleList: FormRules, value: unknown, fields: Record<string, unknown> = {}): Promise<string | undefined> {
  const form = { getFieldValue: (name: string | number | (string | number)[]) => fields[String(name)] };
  for (const entry of ruleList) {
    const rule: FormRule = typeof entry === 'function' ? (entry as FormRuleFunction)(form) : entry;
    const textValue = value === undefined || value === null ? '' : String(value);
    if (rule.required && (textValue === '' || (rule.whitespace && textValue.trim() === ''))) return rule.message;
    if (rule.max !== undefined && textValue.length > rule.max) return rule.message;
    if (rule.validator) {
      try {
        await rule.validator(rule, value);
      } catch (error) {
        return (error as Error).message;
      }
    }
  }
  return undefined;
}

describe('ruleFrom', () => {
  it('resolves for valid values and rejects with the message', async () => {
    const rule = ruleFrom((value) => (value === 'ok' ? undefined : '不行'), { validateTrigger: 'onBlur' });
    expect(rule.validateTrigger).toBe('onBlur');
    await expect(rule.validator!(rule, 'ok')).resolves.toBeUndefined();
    await expect(rule.validator!(rule, 'no')).rejects.toThrow('不行');
  });
});

describe('rules', () => {
  it('mobile and loginMobile', async () => {
    expect(await run(rules.mobile(), '')).toBeUndefined();
    expect(await run(rules.mobile(), '123')).toBe('请输入正确的手机号');
    expect(await run(rules.loginMobile(), '')).toBe('请输入手机号');
    expect(await run(rules.loginMobile(), '138001380001')).toBe('手机号不能超过11位');
    expect(await run(rules.loginMobile(), '13800138000')).toBeUndefined();
  });
  it('email and url', async () => {
    expect(await run(rules.email(), 'bad')).toBe('邮箱格式错误');
    expect(await run(rules.url(), 'ftp://x')).toBe('请输入正确的网址');
  });
  it('account', async () => {
    expect(await run(rules.account(), '')).toBe('请输入邮箱或手机号');
    expect(await run(rules.account(), 'abc')).toBe('账号格式不正确，请输入邮箱或手机号');
  });
  it('password, with the login wording', async () => {
    expect(await run(rules.password(), '')).toBe('请输入密码');
    expect(await run(rules.password({ login: true }), '')).toBe('请输入登录密码');
    expect(await run(rules.password(), 'short')).toMatch(/8-16/);
    expect(await run(rules.password(), 'Abcdefg1')).toBeUndefined();
  });
  it('confirmPassword reads the other field', async () => {
    expect(await run(rules.confirmPassword(), 'Abcdefg1', { password: 'Abcdefg1' })).toBeUndefined();
    expect(await run(rules.confirmPassword(), 'Abcdefg2', { password: 'Abcdefg1' })).toBe('两次密码不一致');
    expect(await run(rules.confirmPassword('newPassword'), 'x', { newPassword: 'x' })).toBeUndefined();
  });
  it('verificationCode, slider, agreement, nickname, keywordInput, fileName', async () => {
    expect(await run(rules.verificationCode(), '')).toBe('请输入验证码');
    expect(await run(rules.verificationCode(), '12')).toBe('请输入6位数字验证码');
    expect(await run(rules.slider(), false)).toBe('请将滑块拖动到最右侧');
    expect(await run(rules.agreement(), true)).toBeUndefined();
    expect(await run(rules.nickname(), 'n'.repeat(65))).toBe('昵称不能超过64个字符');
    expect(await run(rules.keywordInput(), 'k'.repeat(129))).toBe('关键字不能超过128个字符');
    expect(await run(rules.fileName(), 'a,b.png')).toBe('文件名不允许包含逗号，请修改后重新上传');
  });
  it('feedback form', async () => {
    expect(await run(rules.feedback.type(), undefined)).toBe('请选择反馈类型');
    expect(await run(rules.feedback.message(), '   ')).toBe('请输入留言信息');
    expect(await run(rules.feedback.message(), 'm'.repeat(501))).toBe('留言信息不能超过500个字符');
    expect(rules.feedback.mobile()[0]).toMatchObject({ validateTrigger: 'onBlur' });
    expect(await run(rules.feedback.mobile(), '1'.repeat(21))).toBe('手机号不能超过20个字符');
    expect(await run(rules.feedback.email(), 'x')).toBe('邮箱格式错误');
    expect(await run(rules.feedback.orgName(), 'o'.repeat(101))).toBe('单位名称不能超过100个字符');
    expect(await run(rules.feedback.images(), [{ name: 'a.png', size: 6 * 1024 * 1024 }])).toBe('请上传大小在5M以内的图片');
    expect(await run(rules.feedback.images(), undefined)).toBeUndefined();
  });
  it('build their messages in the current locale', async () => {
    setValidatorLocale('en-US');
    expect(await run(rules.loginMobile(), '')).toBe('Please enter your mobile number');
    expect(await run(rules.confirmPassword(), 'a', { password: 'b' })).toBe('The two passwords do not match');
  });
});
