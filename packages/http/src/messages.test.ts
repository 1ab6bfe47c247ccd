import { httpMessage, httpMessages } from './messages';

describe('httpMessages', () => {
  it('has the same ids in every locale', () => {
    expect(Object.keys(httpMessages['en-US']).sort()).toEqual(Object.keys(httpMessages['zh-CN']).sort());
  });
});

describe('httpMessage', () => {
  it('gives Chinese by default and English on request', () => {
    expect(httpMessage('http.unauthorized')).toBe('账号未登录');
    expect(httpMessage('http.emptyBody', 'en-US')).toBe('System Error');
  });
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(httpMessage('http.timeout', 'en-US', { ms: 60000 })).toBe('timeout of 60000ms exceeded');
    expect(httpMessage('http.timeout', 'en-US')).toBe('timeout of {ms}ms exceeded');
  });
});
