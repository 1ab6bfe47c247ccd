import { describe, expect, it } from 'vitest';
import { acceptWechatOrigin, isPluginPath, resolvePluginMode } from './plugin-mode';

const base = { pathname: '/part', search: '', messagingSubdomain: 'wx.example.com' };

describe('resolvePluginMode (spec §3, §4)', () => {
  it('starts from swType in the query with the theme and the looked-up channel', () => {
    const result = resolvePluginMode({ ...base, search: '?swType=EDA&theme=dark&softwareName=Kicad&fileType=symbol' });
    expect(result).toMatchObject({ isPlugin: true, theme: 'dark', channel: 207 });
    expect(result.state).toMatchObject({ softwareType: 'EDA', softwareName: 'Kicad', fileType: 'symbol' });
  });

  it('resolves Cadence through the file type', () => {
    expect(resolvePluginMode({ ...base, search: '?swType=EDA&softwareName=Cadence&fileType=footprint' }).channel).toBe(206);
    expect(resolvePluginMode({ ...base, search: '?swType=EDA&softwareName=Cadence&fileType=symbol' }).channel).toBe(201);
  });

  it('lets a known channel in the query override the lookup', () => {
    expect(resolvePluginMode({ ...base, search: '?swType=CAD&softwareName=SolidWorks&channel=108' }).channel).toBe(108);
    expect(resolvePluginMode({ ...base, search: '?swType=CAD&softwareName=SolidWorks&channel=77777' }).channel).toBe(105);
  });

  it('does not start from an unknown swType', () => {
    const result = resolvePluginMode({ ...base, search: '?swType=BIM&theme=dark' });
    expect(result.isPlugin).toBe(false);
    expect(result.state).toBeUndefined();
    expect(result.channel).toBe(960);
  });

  it('starts on a /plugin path from the stored values', () => {
    const result = resolvePluginMode({
      ...base,
      pathname: '/plugin/wechatregister',
      stored: { softwareType: 'CAE', softwareName: 'ANSYS' },
      storedTheme: 'dark',
    });
    expect(result).toMatchObject({ isPlugin: true, theme: 'dark', channel: 301 });
  });

  it('keeps the portal channel and light theme by default', () => {
    expect(resolvePluginMode(base)).toEqual({ isPlugin: false, theme: 'light', channel: 960 });
  });

  it('accepts a wechat origin only on the company messaging sub-domain', () => {
    expect(acceptWechatOrigin('https://wx.example.com/cb', 'wx.example.com')).toBe('https://wx.example.com/cb');
    expect(acceptWechatOrigin('https://evil.test/cb', 'wx.example.com')).toBeUndefined();
    expect(acceptWechatOrigin('https://wx.example.com/cb', '')).toBeUndefined();
    const result = resolvePluginMode({ ...base, search: '?swType=CAD&wechatOrigin=https%3A%2F%2Fevil.test' });
    expect(result.state?.wechatOrigin).toBeUndefined();
  });

  it('recognises /plugin as a path segment only', () => {
    expect(isPluginPath('/plugin/wechatregister')).toBe(true);
    expect(isPluginPath('/plugins')).toBe(false);
  });
});
