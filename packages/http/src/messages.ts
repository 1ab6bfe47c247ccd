/**
 * Messages of the HTTP client, keyed by stable ids so the UI can translate them (zh-CN first).
 * The English texts keep the wording the spec quotes ('timeout of {ms}ms exceeded', 'System Error', …).
 */
export type HttpLocale = 'zh-CN' | 'en-US';

const zhCN = {
  'http.canceled': '请求已取消',
  'http.unauthorized': '账号未登录',
  'http.forbidden': '没有该操作权限',
  'http.notFound': '请求的资源不存在',
  'http.timeout': '请求超时（{ms}ms），请稍后重试',
  'http.network': '网络连接失败，请检查网络后重试',
  'http.locked': '账号已锁定，请1小时后重试或联系我们',
  'http.serverBusy': '系统繁忙，请稍后重试或联系我们',
  'http.emptyBody': '系统错误',
  'http.unknown': '未知错误',
  'http.default': '系统异常，请联系管理员处理！',
  'http.refreshExceeded': '登录状态刷新次数过多，请重新登录',
  'http.socialAccountUnknown': '该微信尚未关联账号，请先注册',
  'http.mobileNotRegistered': '该手机号尚未注册',
} as const;

export type HttpMessageId = keyof typeof zhCN;

const enUS: Record<HttpMessageId, string> = {
  'http.canceled': 'Request canceled',
  'http.unauthorized': 'Account not logged in',
  'http.forbidden': 'No permission for this operation',
  'http.notFound': 'The requested resource does not exist',
  'http.timeout': 'timeout of {ms}ms exceeded',
  'http.network': 'Network error, please check your connection and retry',
  'http.locked': 'Account locked, please retry after 1 hour or contact us',
  'http.serverBusy': 'The system is busy, please retry later or contact us',
  'http.emptyBody': 'System Error',
  'http.unknown': 'Unknown Error',
  'http.default': 'System error, please contact the administrator!',
  'http.refreshExceeded': 'refresh time exceed',
  'http.socialAccountUnknown': 'This WeChat account is not linked yet, please register first',
  'http.mobileNotRegistered': 'This mobile number is not registered',
};

export const httpMessages: Record<HttpLocale, Record<HttpMessageId, string>> = {
  'zh-CN': zhCN,
  'en-US': enUS,
};

/** The message for `id` in `locale`, with `{name}` placeholders filled from `values`. */
export function httpMessage(id: HttpMessageId, locale: HttpLocale = 'zh-CN', values: Record<string, string | number> = {}): string {
  const template = (httpMessages[locale] ?? httpMessages['zh-CN'])[id];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
