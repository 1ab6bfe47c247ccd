import { setValidatorLocale } from './messages';
import {
  checkNewKeyword,
  digitsOnly,
  FEEDBACK_TYPES,
  integerOnly,
  stripChinese,
  usernameKind,
  validateAccount,
  validateAgreement,
  validateConfirmPassword,
  validateEmail,
  validateFeedbackEmail,
  validateFeedbackImage,
  validateFeedbackImages,
  validateFeedbackMessage,
  validateFeedbackMobile,
  validateFeedbackOrgName,
  validateFeedbackType,
  validateFileName,
  validateKeywordInput,
  validateKeywords,
  validateLoginMobile,
  validateMobile,
  validateNickname,
  validatePassword,
  validatePrompt,
  validateSlider,
  validateUrl,
  validateVerificationCode,
} from './validators';

afterEach(() => setValidatorLocale('zh-CN'));

describe('validateMobile', () => {
  it('accepts 11 digits starting 1[3-9] and empty', () => {
    expect(validateMobile('13800138000')).toBeUndefined();
    expect(validateMobile('19912345678')).toBeUndefined();
    expect(validateMobile('')).toBeUndefined();
    expect(validateMobile(undefined)).toBeUndefined();
  });
  it.each(['12800138000', '1380013800', '138001380001', '1380013800a', '+8613800138000'])('rejects %s', (value) => {
    expect(validateMobile(value)).toBe('请输入正确的手机号');
  });
  it('speaks English when asked', () => {
    setValidatorLocale('en-US');
    expect(validateMobile('1')).toBe('Please enter a correct phone number');
  });
});

describe('validateLoginMobile', () => {
  it('requires a mobile, at most 11 digits, valid', () => {
    expect(validateLoginMobile('')).toBe('请输入手机号');
    expect(validateLoginMobile('138001380001')).toBe('手机号不能超过11位');
    expect(validateLoginMobile('10000000000')).toBe('请输入正确的手机号');
    expect(validateLoginMobile('13800138000')).toBeUndefined();
  });
});

describe('validateEmail', () => {
  it('accepts addresses and empty', () => {
    expect(validateEmail('zhang.san+lib@example.com.cn')).toBeUndefined();
    expect(validateEmail('')).toBeUndefined();
  });
  it.each(['zhang', 'a@b', 'a@@b.com', 'a b@c.com', '@example.com', 'a@-x.com'])('rejects %s', (value) => {
    expect(validateEmail(value)).toBe('邮箱格式错误');
  });
  it('limits the length to 320', () => {
    expect(validateEmail(`${'a'.repeat(310)}@example.com`)).toBe('邮箱不能超过320个字符');
  });
});

describe('validateUrl', () => {
  it('accepts http(s) URLs up to 2048 characters and empty', () => {
    expect(validateUrl('https://www.example.com/a?b=1')).toBeUndefined();
    expect(validateUrl('')).toBeUndefined();
  });
  it('rejects other schemes, garbage and long URLs', () => {
    expect(validateUrl('javascript:alert(1)')).toBe('请输入正确的网址');
    expect(validateUrl('not a url')).toBe('请输入正确的网址');
    expect(validateUrl(`https://example.com/${'a'.repeat(2040)}`)).toBe('网址不能超过2048个字符');
  });
});

describe('usernameKind', () => {
  it('tells e-mail from mobile', () => {
    expect(usernameKind('13800138000')).toBe('mobile');
    expect(usernameKind(' li@example.com ')).toBe('email');
    expect(usernameKind('lisi')).toBeUndefined();
    expect(usernameKind(null)).toBeUndefined();
  });
});

describe('validateAccount', () => {
  it('requires an e-mail or phone of at most 64 characters without Chinese', () => {
    expect(validateAccount('')).toBe('请输入邮箱或手机号');
    expect(validateAccount('13800138000')).toBeUndefined();
    expect(validateAccount('li@example.com')).toBeUndefined();
    expect(validateAccount('lisi')).toBe('账号格式不正确，请输入邮箱或手机号');
    expect(validateAccount('张三@example.com')).toBe('账号不能包含中文字符');
    expect(validateAccount(`${'a'.repeat(60)}@example.com`)).toBe('账号不能超过64个字符');
  });
});

describe('validatePassword', () => {
  it('requires a password, with the login wording on login', () => {
    expect(validatePassword('')).toBe('请输入密码');
    expect(validatePassword('', { login: true })).toBe('请输入登录密码');
  });
  it('needs 8-16 characters and three kinds', () => {
    expect(validatePassword('Abcdefg1')).toBeUndefined();
    expect(validatePassword('abcdef1!')).toBeUndefined();
    expect(validatePassword('ABCDEF1!')).toBeUndefined();
    expect(validatePassword('Abcdefgh')).toMatch(/8-16/);
    expect(validatePassword('Abc1!')).toMatch(/8-16/);
    expect(validatePassword('Abcdefgh12345678!')).toMatch(/8-16/);
    expect(validatePassword('Abc defg1')).toMatch(/8-16/);
    expect(validatePassword('Abcdefg1密')).toMatch(/8-16/);
  });
});

describe('validateConfirmPassword', () => {
  it('must equal the password', () => {
    expect(validateConfirmPassword('Abcdefg1', 'Abcdefg1')).toBeUndefined();
    expect(validateConfirmPassword('Abcdefg2', 'Abcdefg1')).toBe('两次密码不一致');
    expect(validateConfirmPassword('', 'Abcdefg1')).toBe('请再次输入密码');
  });
});

describe('validateVerificationCode', () => {
  it('requires exactly 6 digits', () => {
    expect(validateVerificationCode('')).toBe('请输入验证码');
    expect(validateVerificationCode('123456')).toBeUndefined();
    expect(validateVerificationCode('12345')).toBe('请输入6位数字验证码');
    expect(validateVerificationCode('12345a')).toBe('请输入6位数字验证码');
    expect(validateVerificationCode('1234567')).toBe('请输入6位数字验证码');
  });
});

describe('validateSlider / validateAgreement', () => {
  it('need true', () => {
    expect(validateSlider(true)).toBeUndefined();
    expect(validateSlider(false)).toBe('请将滑块拖动到最右侧');
    expect(validateAgreement(true)).toBeUndefined();
    expect(validateAgreement(undefined)).toBe('请阅读并同意《用户协议》和《隐私政策》');
  });
});

describe('validateNickname', () => {
  it('is optional, at most 64 characters', () => {
    expect(validateNickname('')).toBeUndefined();
    expect(validateNickname('字'.repeat(64))).toBeUndefined();
    expect(validateNickname('字'.repeat(65))).toBe('昵称不能超过64个字符');
  });
});

describe('validateKeywordInput', () => {
  it('limits the input to 128 characters', () => {
    expect(validateKeywordInput('a'.repeat(128))).toBeUndefined();
    expect(validateKeywordInput('a'.repeat(129))).toBe('关键字不能超过128个字符');
  });
});

describe('checkNewKeyword', () => {
  const nine = Array.from({ length: 9 }, (_, i) => `k${i}`);
  it('allows up to 10 tags', () => {
    expect(checkNewKeyword(nine, 'new')).toBeUndefined();
    expect(checkNewKeyword([...nine, 'k9'], 'new')).toBe('关键字最多10个');
  });
  it('refuses duplicates ignoring case and spaces', () => {
    expect(checkNewKeyword(['电阻', '10uF'], ' 10UF ')).toBe('关键字不能重复');
  });
  it('refuses the same value in another spelling or prefix (after unit normalisation)', () => {
    expect(checkNewKeyword(['10uF'], '10μF')).toBe('关键字不能重复：“10μF”与已有的“10uF”是同一数值');
    expect(checkNewKeyword(['10uF'], '10 µF')).toBe('关键字不能重复：“10 µF”与已有的“10uF”是同一数值');
    expect(checkNewKeyword(['100nF'], '0.1uF')).toBeDefined();
    expect(checkNewKeyword(['10uF'], '0.01mF')).toBeDefined();
    // Other values, other units, and numbers without a unit stay separate keywords.
    expect(checkNewKeyword(['10uF'], '10nF')).toBeUndefined();
    expect(checkNewKeyword(['10uF'], '10uH')).toBeUndefined();
    expect(checkNewKeyword(['10uF'], '10')).toBeUndefined();
    expect(checkNewKeyword(['0603'], '10uF')).toBeUndefined();
  });
  it('refuses overlong keywords', () => {
    expect(checkNewKeyword([], 'x'.repeat(129))).toBe('关键字不能超过128个字符');
  });
});

describe('validateKeywords', () => {
  it('refuses an empty search unless allowed', () => {
    expect(validateKeywords([])).toBe('请输入内容再进行搜索');
    expect(validateKeywords([], { input: '   ' })).toBe('请输入内容再进行搜索');
    expect(validateKeywords([], { allowEmpty: true })).toBeUndefined();
    expect(validateKeywords([], { input: '电容' })).toBeUndefined();
  });
  it('counts the pending input with the tags', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `k${i}`);
    expect(validateKeywords(ten)).toBeUndefined();
    expect(validateKeywords(ten, { input: 'k10' })).toBe('关键字最多10个');
    expect(validateKeywords(['a', 'b'], { input: 'A' })).toBe('关键字不能重复');
    expect(validateKeywords(['10uF', '0603'], { input: '10μF' })).toBe('关键字不能重复：“10μF”与已有的“10uF”是同一数值');
    expect(validateKeywords(['x'.repeat(129)])).toBe('关键字不能超过128个字符');
  });
});

describe('feedback validators', () => {
  it('FEEDBACK_TYPES lists the four types of spec §3', () => {
    expect(FEEDBACK_TYPES.map((type) => type.value)).toEqual([1, 2, 3, 4]);
  });
  it('validateFeedbackType requires one of them', () => {
    expect(validateFeedbackType(3)).toBeUndefined();
    expect(validateFeedbackType('2')).toBeUndefined();
    expect(validateFeedbackType(undefined)).toBe('请选择反馈类型');
    expect(validateFeedbackType(9)).toBe('请选择反馈类型');
  });
  it('validateFeedbackMessage requires at most 500 characters', () => {
    expect(validateFeedbackMessage('  ')).toBe('请输入留言信息');
    expect(validateFeedbackMessage('好'.repeat(500))).toBeUndefined();
    expect(validateFeedbackMessage('好'.repeat(501))).toBe('留言信息不能超过500个字符');
  });
  it('validateFeedbackMobile checks length 20 then the phone rule', () => {
    expect(validateFeedbackMobile('')).toBeUndefined();
    expect(validateFeedbackMobile('1'.repeat(21))).toBe('手机号不能超过20个字符');
    expect(validateFeedbackMobile('123')).toBe('请输入正确的手机号');
  });
  it('validateFeedbackEmail checks length 64 then the e-mail rule', () => {
    expect(validateFeedbackEmail('a@example.com')).toBeUndefined();
    expect(validateFeedbackEmail(`${'a'.repeat(60)}@example.com`)).toBe('邮箱不能超过64个字符');
    expect(validateFeedbackEmail('nope')).toBe('邮箱格式错误');
  });
  it('validateFeedbackOrgName allows 100 characters', () => {
    expect(validateFeedbackOrgName('')).toBeUndefined();
    expect(validateFeedbackOrgName('a'.repeat(101))).toBe('单位名称不能超过100个字符');
  });
  it('validateFeedbackImage accepts jpg/jpeg/png under 5 MB', () => {
    expect(validateFeedbackImage({ name: 'a.PNG', size: 100, type: 'image/png' })).toBeUndefined();
    expect(validateFeedbackImage({ name: 'a.jpeg', size: 5 * 1024 * 1024 - 1 })).toBeUndefined();
    expect(validateFeedbackImage({ name: 'a.jpg', size: 5 * 1024 * 1024 })).toBe('请上传大小在5M以内的图片');
    expect(validateFeedbackImage({ name: 'a.gif', size: 1, type: 'image/gif' })).toBe('仅支持上传jpg、jpeg、png格式的图片');
    expect(validateFeedbackImage({ name: 'a.png', size: 1, type: 'application/pdf' })).toBe('仅支持上传jpg、jpeg、png格式的图片');
    expect(validateFeedbackImage({ name: 'png', size: 1 })).toBe('仅支持上传jpg、jpeg、png格式的图片');
  });
  it('validateFeedbackImages allows at most 3 valid images', () => {
    const image = { name: 'a.png', size: 1 };
    expect(validateFeedbackImages([image, image, image])).toBeUndefined();
    expect(validateFeedbackImages([image, image, image, image])).toBe('最多上传3张图片');
    expect(validateFeedbackImages([image, { name: 'b.bmp', size: 1 }])).toBe('仅支持上传jpg、jpeg、png格式的图片');
  });
});

describe('validateFileName', () => {
  it('refuses commas', () => {
    expect(validateFileName('M3x10.step')).toBeUndefined();
    expect(validateFileName('M3,10.step')).toBe('文件名不允许包含逗号，请修改后重新上传');
  });
});

describe('validatePrompt', () => {
  it('checks the pattern and the validator with the default message', () => {
    expect(validatePrompt('123', { pattern: /^\d+$/ })).toBeUndefined();
    expect(validatePrompt('12a', { pattern: /^\d+$/ })).toBe('输入的数据不合法!');
    expect(validatePrompt('x', { validator: (value) => value.length > 2 })).toBe('输入的数据不合法!');
    expect(validatePrompt('x', { validator: () => '太短了' })).toBe('太短了');
    expect(validatePrompt('xyz', { validator: () => true })).toBeUndefined();
    expect(validatePrompt('x', { pattern: /y/, message: '必须包含y' })).toBe('必须包含y');
  });
  it('is safe with global patterns', () => {
    const pattern = /\d/g;
    expect(validatePrompt('1', { pattern })).toBeUndefined();
    expect(validatePrompt('1', { pattern })).toBeUndefined();
  });
});

describe('input helpers', () => {
  it('digitsOnly keeps digits', () => {
    expect(digitsOnly('138-0013 8000')).toBe('13800138000');
  });
  it('integerOnly cleans pastes and turns empty into 0', () => {
    expect(integerOnly('1,234')).toBe(1234);
    expect(integerOnly('')).toBe(0);
    expect(integerOnly('abc')).toBe(0);
    expect(integerOnly('007')).toBe(7);
  });
  it('stripChinese removes Han characters', () => {
    expect(stripChinese('li张三@example.com')).toBe('li@example.com');
  });
});
