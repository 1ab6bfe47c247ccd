/**
 * Validation messages keyed by stable ids (zh-CN first, English second). `%s` placeholders are filled in
 * order by `formatMessage`. The UI may translate by id; the validators return the text of the current locale.
 */
export type ValidatorLocale = 'zh-CN' | 'en-US';

const zhCN = {
  'validators.required': '%s不能为空',
  'validators.types.email': '%s不是合法的邮箱地址',
  'validators.types.url': '%s不是合法的网址',
  'validators.string.len': '%s必须为%s个字符',
  'validators.string.min': '%s不能少于%s个字符',
  'validators.string.max': '%s不能超过%s个字符',
  'validators.string.range': '%s必须在%s到%s个字符之间',
  'validators.pattern.mismatch': '%s格式不正确',
  'validators.prompt.invalid': '输入的数据不合法!',
  'validators.mobile.invalid': '请输入正确的手机号',
  'validators.mobile.required': '请输入手机号',
  'validators.mobile.max': '手机号不能超过11位',
  'validators.email.invalid': '邮箱格式错误',
  'validators.email.max': '邮箱不能超过320个字符',
  'validators.url.invalid': '请输入正确的网址',
  'validators.url.max': '网址不能超过2048个字符',
  'validators.account.required': '请输入邮箱或手机号',
  'validators.account.invalid': '账号格式不正确，请输入邮箱或手机号',
  'validators.account.max': '账号不能超过64个字符',
  'validators.account.chinese': '账号不能包含中文字符',
  'validators.password.required': '请输入密码',
  'validators.password.loginRequired': '请输入登录密码',
  'validators.password.invalid': '密码长度为8-16位，且须包含大写字母、小写字母、数字、特殊字符中的三种及以上',
  'validators.confirmPassword.required': '请再次输入密码',
  'validators.confirmPassword.mismatch': '两次密码不一致',
  'validators.code.required': '请输入验证码',
  'validators.code.invalid': '请输入6位数字验证码',
  'validators.slider.required': '请将滑块拖动到最右侧',
  'validators.agreement.required': '请阅读并同意《用户协议》和《隐私政策》',
  'validators.nickname.max': '昵称不能超过64个字符',
  'validators.keyword.tooMany': '关键字最多10个',
  'validators.keyword.duplicate': '关键字不能重复',
  'validators.keyword.sameValue': '关键字不能重复：“%s”与已有的“%s”是同一数值',
  'validators.keyword.empty': '请输入内容再进行搜索',
  'validators.keyword.max': '关键字不能超过128个字符',
  'validators.brand.placeholder': '请输入厂商名称',
  'validators.feedback.typeRequired': '请选择反馈类型',
  'validators.feedback.messageRequired': '请输入留言信息',
  'validators.feedback.messageMax': '留言信息不能超过500个字符',
  'validators.feedback.mobileMax': '手机号不能超过20个字符',
  'validators.feedback.emailMax': '邮箱不能超过64个字符',
  'validators.feedback.orgNameMax': '单位名称不能超过100个字符',
  'validators.feedback.imagesTooMany': '最多上传3张图片',
  'validators.feedback.imageType': '仅支持上传jpg、jpeg、png格式的图片',
  'validators.feedback.imageSize': '请上传大小在5M以内的图片',
  'validators.feedback.type.demand': '需求反馈',
  'validators.feedback.type.suggestion': '意见建议',
  'validators.feedback.type.problem': '问题反馈',
  'validators.feedback.type.other': '其他',
  'validators.fileName.comma': '文件名不允许包含逗号，请修改后重新上传',
} as const;

export type ValidatorMessageId = keyof typeof zhCN;

const enUS: Record<ValidatorMessageId, string> = {
  'validators.required': '%s is required',
  'validators.types.email': '%s is not a valid email',
  'validators.types.url': '%s is not a valid url',
  'validators.string.len': '%s must be exactly %s characters',
  'validators.string.min': '%s must be at least %s characters',
  'validators.string.max': '%s cannot be longer than %s characters',
  'validators.string.range': '%s must be between %s and %s characters',
  'validators.pattern.mismatch': '%s does not match the required format',
  'validators.prompt.invalid': 'The input is not valid!',
  'validators.mobile.invalid': 'Please enter a correct phone number',
  'validators.mobile.required': 'Please enter your mobile number',
  'validators.mobile.max': 'The mobile number cannot exceed 11 digits',
  'validators.email.invalid': 'Mailbox format error',
  'validators.email.max': 'The e-mail cannot exceed 320 characters',
  'validators.url.invalid': 'Please enter a correct URL',
  'validators.url.max': 'The URL cannot exceed 2048 characters',
  'validators.account.required': 'Please enter your e-mail or phone number',
  'validators.account.invalid': 'Account format incorrect, please enter an e-mail or phone number',
  'validators.account.max': 'The account cannot exceed 64 characters',
  'validators.account.chinese': 'The account cannot contain Chinese characters',
  'validators.password.required': 'Please enter the password',
  'validators.password.loginRequired': 'Please enter the login password',
  'validators.password.invalid':
    'The password must be 8-16 characters with at least three of: uppercase letters, lowercase letters, digits, special characters',
  'validators.confirmPassword.required': 'Please enter the password again',
  'validators.confirmPassword.mismatch': 'The two passwords do not match',
  'validators.code.required': 'Please enter the verification code',
  'validators.code.invalid': 'Please enter the 6-digit code',
  'validators.slider.required': 'Please slide the slider to the far right',
  'validators.agreement.required': 'Please read and agree to the User Agreement and Privacy Policy',
  'validators.nickname.max': 'The nickname cannot exceed 64 characters',
  'validators.keyword.tooMany': 'At most 10 keywords',
  'validators.keyword.duplicate': 'Keywords cannot repeat',
  'validators.keyword.sameValue': 'Keywords cannot repeat: “%s” is the same value as “%s”',
  'validators.keyword.empty': 'Please enter something to search for',
  'validators.keyword.max': 'A keyword cannot exceed 128 characters',
  'validators.brand.placeholder': 'Enter a manufacturer name',
  'validators.feedback.typeRequired': 'Please choose a feedback type',
  'validators.feedback.messageRequired': 'Please enter your message',
  'validators.feedback.messageMax': 'The message cannot exceed 500 characters',
  'validators.feedback.mobileMax': 'The mobile number cannot exceed 20 characters',
  'validators.feedback.emailMax': 'The e-mail cannot exceed 64 characters',
  'validators.feedback.orgNameMax': 'The organisation name cannot exceed 100 characters',
  'validators.feedback.imagesTooMany': 'Upload at most 3 images',
  'validators.feedback.imageType': 'Only jpg, jpeg and png images can be uploaded',
  'validators.feedback.imageSize': 'Please upload images smaller than 5M',
  'validators.feedback.type.demand': 'Demand feedback',
  'validators.feedback.type.suggestion': 'Suggestion',
  'validators.feedback.type.problem': 'Problem report',
  'validators.feedback.type.other': 'Other',
  'validators.fileName.comma': 'File names cannot contain a comma, please rename the file and upload again',
};

export const validatorMessages: Record<ValidatorLocale, Record<ValidatorMessageId, string>> = {
  'zh-CN': zhCN,
  'en-US': enUS,
};

let currentLocale: ValidatorLocale = 'zh-CN';

export function setValidatorLocale(locale: ValidatorLocale): void {
  if (!(locale in validatorMessages)) throw new Error(`unsupported validator locale: ${String(locale)}`);
  currentLocale = locale;
}

export function getValidatorLocale(): ValidatorLocale {
  return currentLocale;
}

/** Fills `%s` placeholders in order; missing arguments leave the placeholder visible. */
export function formatMessage(template: string, ...args: (string | number)[]): string {
  let index = 0;
  return template.replace(/%s/g, (placeholder) => (index < args.length ? String(args[index++]) : placeholder));
}

/** The text of message `id` in the current locale (or `locale`), formatted with `args`. */
export function validatorMessage(id: ValidatorMessageId, ...args: (string | number)[]): string {
  return formatMessage(validatorMessages[currentLocale][id], ...args);
}

/**
 * The generic messages in the shape of antd Form's `validateMessages` (its `${label}`-style placeholders),
 * for `<ConfigProvider form={{ validateMessages }}>`, so rules without their own message speak the locale.
 */
export function antdValidateMessages(locale: ValidatorLocale = currentLocale) {
  const t = (id: ValidatorMessageId, ...args: string[]) => formatMessage(validatorMessages[locale][id], ...args);
  return {
    default: t('validators.prompt.invalid'),
    required: t('validators.required', '${label}'),
    types: { email: t('validators.types.email', '${label}'), url: t('validators.types.url', '${label}') },
    string: {
      len: t('validators.string.len', '${label}', '${len}'),
      min: t('validators.string.min', '${label}', '${min}'),
      max: t('validators.string.max', '${label}', '${max}'),
      range: t('validators.string.range', '${label}', '${min}', '${max}'),
    },
    pattern: { mismatch: t('validators.pattern.mismatch', '${label}') },
  };
}
