import { displayName, secondaryLine } from './auth-entry';

describe('user labels', () => {
  it('prefers the nickname, then username, e-mail, mobile', () => {
    expect(displayName({ id: 1, nickname: '张工', username: 'zhang', email: 'z@example.com' })).toBe('张工');
    expect(displayName({ id: 1, email: 'z@example.com', mobile: '13812345678' })).toBe('z@example.com');
    expect(displayName({ id: 1, mobile: '13812345678' })).toBe('13812345678');
    expect(displayName({ id: 1 })).toBeUndefined();
  });

  it('shows the organisation, else the e-mail or mobile, under the name', () => {
    expect(secondaryLine({ id: 1, orgName: '某机械有限公司', email: 'z@example.com' })).toBe('某机械有限公司');
    expect(secondaryLine({ id: 1, mobile: '13812345678' })).toBe('13812345678');
  });
});
