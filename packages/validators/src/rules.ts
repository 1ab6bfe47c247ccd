import { validatorMessage as m } from './messages';
import * as v from './validators';

/**
 * antd Form rules as plain objects (this package does not import antd): the shapes match antd's
 * `Rule` — `{ required, message }`, `{ max, message }`, `{ validator(rule, value): Promise<void> }` —
 * and rule functions `({ getFieldValue }) => rule` for cross-field checks.
 */
export interface FormRule {
  required?: boolean;
  message?: string;
  max?: number;
  min?: number;
  len?: number;
  whitespace?: boolean;
  validateTrigger?: string | string[];
  validator?: (rule: unknown, value: unknown) => Promise<void>;
}

export interface FormInstanceLike {
  getFieldValue(name: string | number | (string | number)[]): unknown;
}

export type FormRuleFunction = (form: FormInstanceLike) => FormRule;
export type FormRules = (FormRule | FormRuleFunction)[];

/** Wraps a pure validator into an antd rule that rejects with the validator's message. */
export function ruleFrom(check: (value: unknown) => string | undefined, extra: Omit<FormRule, 'validator'> = {}): FormRule {
  return {
    ...extra,
    validator: (_rule, value) => {
      const message = check(value);
      return message === undefined ? Promise.resolve() : Promise.reject(new Error(message));
    },
  };
}

export const rules = {
  /** Optional phone number (profile, register). */
  mobile: (): FormRules => [ruleFrom(v.validateMobile)],
  /** SMS-login mobile: required, max 11, phone pattern. */
  loginMobile: (): FormRules => [
    { required: true, message: m('validators.mobile.required') },
    { max: v.LIMITS.mobile, message: m('validators.mobile.max') },
    ruleFrom(v.validateMobile),
  ],
  email: (): FormRules => [ruleFrom(v.validateEmail)],
  url: (): FormRules => [ruleFrom(v.validateUrl)],
  /** Username on login/register/forgot-password: e-mail or phone. */
  account: (): FormRules => [{ required: true, message: m('validators.account.required') }, ruleFrom(v.validateAccount)],
  password: (options: { login?: boolean } = {}): FormRules => [
    { required: true, message: m(options.login ? 'validators.password.loginRequired' : 'validators.password.required') },
    ruleFrom((value) => v.validatePassword(value, options)),
  ],
  /** Confirmation of the field named `passwordField` (default 'password'). */
  confirmPassword: (passwordField = 'password'): FormRules => [
    { required: true, message: m('validators.confirmPassword.required') },
    ({ getFieldValue }) => ruleFrom((value) => v.validateConfirmPassword(value, getFieldValue(passwordField))),
  ],
  verificationCode: (): FormRules => [{ required: true, message: m('validators.code.required') }, ruleFrom(v.validateVerificationCode)],
  slider: (): FormRules => [ruleFrom(v.validateSlider)],
  agreement: (): FormRules => [ruleFrom(v.validateAgreement)],
  nickname: (): FormRules => [{ max: v.LIMITS.nickname, message: m('validators.nickname.max') }],
  keywordInput: (): FormRules => [ruleFrom(v.validateKeywordInput)],
  fileName: (): FormRules => [ruleFrom((value) => v.validateFileName(String(value ?? '')))],
  feedback: {
    type: (): FormRules => [{ required: true, message: m('validators.feedback.typeRequired') }, ruleFrom(v.validateFeedbackType)],
    message: (): FormRules => [
      { required: true, whitespace: true, message: m('validators.feedback.messageRequired') },
      { max: v.LIMITS.feedbackMessage, message: m('validators.feedback.messageMax') },
    ],
    mobile: (): FormRules => [ruleFrom(v.validateFeedbackMobile, { validateTrigger: 'onBlur' })],
    email: (): FormRules => [ruleFrom(v.validateFeedbackEmail, { validateTrigger: 'onBlur' })],
    orgName: (): FormRules => [{ max: v.LIMITS.feedbackOrgName, message: m('validators.feedback.orgNameMax') }],
    /** For an Upload field whose value is the picked file list. */
    images: (): FormRules => [ruleFrom((value) => v.validateFeedbackImages(Array.isArray(value) ? (value as v.FileLike[]) : []))],
  },
};
