import { buildPasswordLoginPayload, PORTAL_USER_TYPE } from './login';

describe('buildPasswordLoginPayload', () => {
  it('sends an e-mail account as email with user type 2', () => {
    expect(buildPasswordLoginPayload({ username: ' user@example.com ', password: 'Secret#123' })).toEqual({
      email: 'user@example.com',
      password: 'Secret#123',
      userType: PORTAL_USER_TYPE,
    });
    expect(PORTAL_USER_TYPE).toBe(2);
  });

  it('sends a mobile account as mobile', () => {
    expect(buildPasswordLoginPayload({ username: '13812345678', password: 'Secret#123' })).toEqual({
      mobile: '13812345678',
      password: 'Secret#123',
      userType: 2,
    });
  });

  it('carries the slider ticket when the slider was passed', () => {
    expect(buildPasswordLoginPayload({ username: '13812345678', password: 'Secret#123', verified: 'a'.repeat(43) })).toEqual({
      mobile: '13812345678',
      password: 'Secret#123',
      userType: 2,
      ticket: 'a'.repeat(43),
    });
  });

  it('refuses an account that is neither', () => {
    expect(() => buildPasswordLoginPayload({ username: 'zhangsan', password: 'x' })).toThrow(/not an e-mail address or mobile number/);
  });
});
