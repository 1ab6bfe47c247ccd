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

  it('keeps plugin mode, the stored theme and channel on a later page without the query (issue 12)', () => {
    const result = resolvePluginMode({
      ...base,
      pathname: '/component/search',
      search: '?keyWords=AMS1117',
      stored: { softwareType: 'EDA', softwareName: 'Kicad', fileType: 'symbol' },
      storedTheme: 'dark',
      storedChannel: 207,
    });
    expect(result).toEqual({ isPlugin: true, theme: 'dark', channel: 207 });
  });

  it('keeps a query channel override of the plugin session, falls back to the lookup, lets a query change the theme', () => {
    const stored = { softwareType: 'CAD' as const, softwareName: 'SolidWorks' };
    expect(resolvePluginMode({ ...base, stored, storedChannel: 108 }).channel).toBe(108);
    expect(resolvePluginMode({ ...base, stored }).channel).toBe(105);
    expect(resolvePluginMode({ ...base, stored, storedChannel: 108, search: '?channel=109' }).channel).toBe(109);
    expect(resolvePluginMode({ ...base, stored, storedTheme: 'dark', search: '?theme=light' }).theme).toBe('light');
    expect(resolvePluginMode({ ...base, stored }).theme).toBe('light');
  });

  it('a new plugin query replaces the stored session', () => {
    const result = resolvePluginMode({
      ...base,
      search: '?swType=CAM&softwareName=Mastercam',
      stored: { softwareType: 'EDA', softwareName: 'Kicad' },
      storedTheme: 'dark',
      storedChannel: 207,
    });
    expect(result.state).toEqual({ softwareType: 'CAM', softwareName: 'Mastercam' });
    expect(result.theme).toBe('light');
  });

  it('a /plugin path without a stored session is plugin mode in the light theme', () => {
    expect(resolvePluginMode({ ...base, pathname: '/plugin/login' })).toEqual({ isPlugin: true, theme: 'light', channel: 960 });
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
