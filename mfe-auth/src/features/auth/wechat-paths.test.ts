import { wechatRegisterPath } from './wechat-paths';

describe('wechatRegisterPath', () => {
  it('goes to /wechatregister with the openId and redirect', () => {
    expect(wechatRegisterPath({ openId: 'o-1', redirect: '/part?x=1' })).toBe('/wechatregister?openId=o-1&redirect=%2Fpart%3Fx%3D1');
    expect(wechatRegisterPath({ openId: 'o-1' })).toBe('/wechatregister?openId=o-1');
  });

  it('uses the plugin variant when the redirect points into the plugin', () => {
    expect(wechatRegisterPath({ openId: 'o-2', redirect: '/plugin/home' })).toBe('/plugin/wechatregister?openId=o-2&redirect=%2Fplugin%2Fhome');
  });
});
