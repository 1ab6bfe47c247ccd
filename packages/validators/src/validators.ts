import { validatorMessage as m } from './messages';
import { sameUnitValue } from './units';

/**
 * The validators of spec §5 as pure functions: each returns the message to show, or undefined when the
 * value is acceptable. Limits are exported so inputs can set matching maxlength attributes.
 */
export const LIMITS = {
  mobile: 11,
  email: 320,
  url: 2048,
  account: 64,
  passwordMin: 8,
  passwordMax: 16,
  codeLength: 6,
  nickname: 64,
  keywords: 10,
  keywordInput: 128,
  feedbackMessage: 500,
  feedbackMobile: 20,
  feedbackEmail: 64,
  feedbackOrgName: 100,
  feedbackImages: 3,
  feedbackImageBytes: 5 * 1024 * 1024,
} as const;

export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
/** Local part of common mail addresses, a dotted domain, a TLD of two letters or more. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
export const HAN_PATTERN = /\p{Script=Han}/u;
const CODE_PATTERN = /^\d{6}$/;
/** Passwords are printable ASCII without spaces, so the four kinds below cover every character. */
const PASSWORD_CHARSET = /^[\x21-\x7e]+$/;
const PASSWORD_KINDS = [/[A-Z]/, /[a-z]/, /\d/, /[\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]/];

function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/** Mobile phone: 11 digits, 1 then 3-9; empty allowed. */
export function validateMobile(value: unknown): string | undefined {
  const mobile = text(value).trim();
  if (mobile === '') return undefined;
  return MOBILE_PATTERN.test(mobile) ? undefined : m('validators.mobile.invalid');
}

/** Mobile on the SMS-login tab: required, at most 11 digits, then the phone rule. */
export function validateLoginMobile(value: unknown): string | undefined {
  const mobile = text(value).trim();
  if (mobile === '') return m('validators.mobile.required');
  if (mobile.length > LIMITS.mobile) return m('validators.mobile.max');
  return validateMobile(mobile);
}

/** E-mail: pattern and at most 320 characters; empty allowed. */
export function validateEmail(value: unknown): string | undefined {
  const email = text(value).trim();
  if (email === '') return undefined;
  if (email.length > LIMITS.email) return m('validators.email.max');
  return EMAIL_PATTERN.test(email) ? undefined : m('validators.email.invalid');
}

/** URL: http(s) with a host, at most 2048 characters; empty allowed. */
export function validateUrl(value: unknown): string | undefined {
  const url = text(value).trim();
  if (url === '') return undefined;
  if (url.length > LIMITS.url) return m('validators.url.max');
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname ? undefined : m('validators.url.invalid');
  } catch {
    return m('validators.url.invalid');
  }
}

/** Which kind of account a username is, to build login/register payloads (`email` or `mobile`). */
export function usernameKind(value: unknown): 'email' | 'mobile' | undefined {
  const username = text(value).trim();
  if (MOBILE_PATTERN.test(username)) return 'mobile';
  if (username.length <= LIMITS.email && EMAIL_PATTERN.test(username)) return 'email';
  return undefined;
}

/** Account/username: required, at most 64 characters, no Chinese, an e-mail or a mobile number. */
export function validateAccount(value: unknown): string | undefined {
  const account = text(value).trim();
  if (account === '') return m('validators.account.required');
  if (account.length > LIMITS.account) return m('validators.account.max');
  if (HAN_PATTERN.test(account)) return m('validators.account.chinese');
  return usernameKind(account) ? undefined : m('validators.account.invalid');
}

/** Password: required; 8-16 printable characters with at least three of upper, lower, digit, special. */
export function validatePassword(value: unknown, options: { login?: boolean } = {}): string | undefined {
  const password = text(value);
  if (password === '') return m(options.login ? 'validators.password.loginRequired' : 'validators.password.required');
  const kinds = PASSWORD_KINDS.filter((kind) => kind.test(password)).length;
  const fits = password.length >= LIMITS.passwordMin && password.length <= LIMITS.passwordMax && PASSWORD_CHARSET.test(password);
  return fits && kinds >= 3 ? undefined : m('validators.password.invalid');
}

export function validateConfirmPassword(value: unknown, password: unknown): string | undefined {
  const confirm = text(value);
  if (confirm === '') return m('validators.confirmPassword.required');
  return confirm === text(password) ? undefined : m('validators.confirmPassword.mismatch');
}

/** Verification code: required, exactly 6 digits. */
export function validateVerificationCode(value: unknown): string | undefined {
  const code = text(value).trim();
  if (code === '') return m('validators.code.required');
  return CODE_PATTERN.test(code) ? undefined : m('validators.code.invalid');
}

/** The slider must have reached the far right before login, register or requesting a code. */
export function validateSlider(passed: unknown): string | undefined {
  return passed === true ? undefined : m('validators.slider.required');
}

export function validateAgreement(checked: unknown): string | undefined {
  return checked === true ? undefined : m('validators.agreement.required');
}

/** Nickname: optional, at most 64 characters. */
export function validateNickname(value: unknown): string | undefined {
  return text(value).trim().length > LIMITS.nickname ? m('validators.nickname.max') : undefined;
}

// ---- keyword search ----

/**
 * Duplicates are judged after unit normalisation: `10uF`, `10μF`, `10 µF` and `0.01mF` are one keyword.
 * Every place that dedupes keywords (typed tags, tags read from a URL) uses this one rule.
 */
export function sameKeyword(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase() || sameUnitValue(a, b);
}

function duplicateMessage(existing: string, next: string): string {
  return existing.trim().toLowerCase() === next.trim().toLowerCase()
    ? m('validators.keyword.duplicate')
    : m('validators.keyword.sameValue', next.trim(), existing.trim());
}

/** The search-box input: at most 128 characters. */
export function validateKeywordInput(value: unknown): string | undefined {
  return text(value).length > LIMITS.keywordInput ? m('validators.keyword.max') : undefined;
}

/** Before turning `next` into a tag: at most 10 tags, no duplicates (ignoring case, after unit normalisation), at most 128 characters. */
export function checkNewKeyword(tags: readonly string[], next: string): string | undefined {
  if (tags.length >= LIMITS.keywords) return m('validators.keyword.tooMany');
  const existing = tags.find((tag) => sameKeyword(tag, next));
  if (existing !== undefined) return duplicateMessage(existing, next);
  return validateKeywordInput(next.trim());
}

/**
 * Before searching with `tags` plus what is still typed in the input: something to search for
 * (unless `allowEmpty`), at most 10 keywords, no duplicates, each at most 128 characters.
 */
export function validateKeywords(tags: readonly string[], options: { input?: string; allowEmpty?: boolean } = {}): string | undefined {
  const pending = (options.input ?? '').trim();
  const all = [...tags.map((tag) => tag.trim()), ...(pending ? [pending] : [])].filter(Boolean);
  if (all.length === 0) return options.allowEmpty ? undefined : m('validators.keyword.empty');
  if (all.length > LIMITS.keywords) return m('validators.keyword.tooMany');
  for (const [index, keyword] of all.entries()) {
    const first = all.findIndex((other) => sameKeyword(other, keyword));
    if (first !== index) return duplicateMessage(all[first], keyword);
  }
  return all.map(validateKeywordInput).find(Boolean);
}

// ---- feedback form ----

/** Feedback types of spec §3 with their message ids. */
export const FEEDBACK_TYPES = [
  { value: 1, labelId: 'validators.feedback.type.demand' },
  { value: 2, labelId: 'validators.feedback.type.suggestion' },
  { value: 3, labelId: 'validators.feedback.type.problem' },
  { value: 4, labelId: 'validators.feedback.type.other' },
] as const;

export function validateFeedbackType(value: unknown): string | undefined {
  return FEEDBACK_TYPES.some((type) => type.value === Number(value)) && text(value) !== '' ? undefined : m('validators.feedback.typeRequired');
}

export function validateFeedbackMessage(value: unknown): string | undefined {
  const message = text(value);
  if (message.trim() === '') return m('validators.feedback.messageRequired');
  return message.length > LIMITS.feedbackMessage ? m('validators.feedback.messageMax') : undefined;
}

export function validateFeedbackMobile(value: unknown): string | undefined {
  const mobile = text(value).trim();
  if (mobile.length > LIMITS.feedbackMobile) return m('validators.feedback.mobileMax');
  return validateMobile(mobile);
}

export function validateFeedbackEmail(value: unknown): string | undefined {
  const email = text(value).trim();
  if (email.length > LIMITS.feedbackEmail) return m('validators.feedback.emailMax');
  return validateEmail(email);
}

export function validateFeedbackOrgName(value: unknown): string | undefined {
  return text(value).trim().length > LIMITS.feedbackOrgName ? m('validators.feedback.orgNameMax') : undefined;
}

/** What the validators need of a picked file (a browser File satisfies it). */
export interface FileLike {
  name: string;
  size: number;
  type?: string;
}

const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'];
const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'];

/** One feedback image: jpg/jpeg/png (by extension, and by MIME type when the browser gives one), under 5 MB. */
export function validateFeedbackImage(file: FileLike): string | undefined {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const typeOk = IMAGE_EXTENSIONS.includes(extension) && (!file.type || IMAGE_MIME_TYPES.includes(file.type.toLowerCase()));
  if (!typeOk) return m('validators.feedback.imageType');
  return file.size < LIMITS.feedbackImageBytes ? undefined : m('validators.feedback.imageSize');
}

export function validateFeedbackImages(files: readonly FileLike[]): string | undefined {
  if (files.length > LIMITS.feedbackImages) return m('validators.feedback.imagesTooMany');
  return files.map(validateFeedbackImage).find(Boolean);
}

// ---- files, prompt ----

/** Uploaded file names must not contain a comma: file ids and names travel comma-joined. */
export function validateFileName(name: string): string | undefined {
  return name.includes(',') ? m('validators.fileName.comma') : undefined;
}

/**
 * The prompt message box's check: an optional pattern and an optional validator that returns true,
 * false or its own message. Failures without their own message get '输入的数据不合法!'.
 */
export function validatePrompt(
  value: string,
  options: { pattern?: RegExp; validator?: (value: string) => boolean | string; message?: string } = {},
): string | undefined {
  const fallback = options.message ?? m('validators.prompt.invalid');
  if (options.pattern) {
    options.pattern.lastIndex = 0;
    if (!options.pattern.test(value)) return fallback;
  }
  if (options.validator) {
    const verdict = options.validator(value);
    if (typeof verdict === 'string') return verdict || fallback;
    if (verdict === false) return fallback;
  }
  return undefined;
}

// ---- input helpers ----

/** Keeps digits only (typed or pasted). */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '');
}

/** A non-negative integer from typed or pasted text: non-digits dropped, empty becomes 0. */
export function integerOnly(value: string): number {
  const digits = digitsOnly(value).replace(/^0+(?=\d)/, '');
  return digits === '' ? 0 : Number(digits);
}

/** Removes Chinese (Han) characters, e.g. from account inputs. */
export function stripChinese(value: string): string {
  return value.replace(/\p{Script=Han}+/gu, '');
}
