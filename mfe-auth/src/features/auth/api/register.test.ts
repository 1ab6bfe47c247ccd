import { setChannel, setFrom } from '@portal/session';
import { clearAllCookies } from '@portal/http/testing';
import { buildRegisterPayload } from './register';

const values = { username: ' zhang@example.com ', code: ' 123456 ', password: 'Secret#123', confirmPwd: 'Secret#123' };

describe('buildRegisterPayload', () => {
  beforeEach(() => {
    clearAllCookies();
    window.sessionStorage.clear();
  });

  it('puts an e-mail account under email, leaves mobile blank and uses it as the username without a nickname', () => {
    expect(buildRegisterPayload(values, { pluginOrEmbed: false })).toEqual({
      username: 'zhang@example.com',
      email: 'zhang@example.com',
      mobile: '',
      code: '123456',
      password: 'Secret#123',
      confirmPwd: 'Secret#123',
      origin: '',
    });
  });

  it('uses the nickname as the username and the from cookie as the origin', () => {
    setFrom('kicad-plugin');
    const payload = buildRegisterPayload({ ...values, username: '13812345678', nickname: ' 张工 ' }, { pluginOrEmbed: false });
    expect(payload).toMatchObject({ username: '张工', nickname: '张工', email: '', mobile: '13812345678', origin: 'kicad-plugin' });
  });

  it('takes the channel as the origin in plugin or embedded mode, and carries the WeChat openId', () => {
    setFrom('ignored-here');
    setChannel(206);
    expect(buildRegisterPayload(values, { pluginOrEmbed: true, openId: 'o-1' })).toMatchObject({ origin: '206', openId: 'o-1' });
  });

  it('refuses an account that is neither an e-mail address nor a mobile number', () => {
    expect(() => buildRegisterPayload({ ...values, username: 'zhang' }, { pluginOrEmbed: false })).toThrow(/not an e-mail/);
  });
});
