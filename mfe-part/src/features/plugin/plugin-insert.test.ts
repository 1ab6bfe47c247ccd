import { setPluginState, clearPluginState } from '@portal/session';
import { INSERT_MESSAGE_TYPE, insertMessage, isCadPlugin, postInsert } from './plugin-insert';

describe('plugin insert', () => {
  afterEach(() => {
    clearPluginState();
    document.documentElement.dataset.plugin = '';
  });

  it('builds the message with an absolute URL and the server file name', () => {
    const message = insertMessage({ id: 3, partNumber: 'ISO 4762 M6×20' }, '/to/api/public/part/item/3/model/step', 'socket_head_cap_iso4762_M6-1x20.step');
    expect(message.type).toBe(INSERT_MESSAGE_TYPE);
    expect(message.format).toBe('step');
    expect(message.url).toMatch(/^https?:\/\/[^/]+\/to\/api\/public\/part\/item\/3\/model\/step$/);
    expect(message.fileName).toBe('socket_head_cap_iso4762_M6-1x20.step');
  });

  it('is a CAD plugin only in plugin mode with software type CAD', () => {
    expect(isCadPlugin()).toBe(false);
    setPluginState({ softwareType: 'CAD', softwareName: 'SolidWorks' });
    expect(isCadPlugin()).toBe(false);
    document.documentElement.dataset.plugin = 'light';
    expect(isCadPlugin()).toBe(true);
    setPluginState({ softwareType: 'EDA' });
    expect(isCadPlugin()).toBe(false);
  });

  it('posts the message to the host window', () => {
    const posted: unknown[] = [];
    const message = insertMessage({ id: 3, partNumber: 'x' }, '/a', 'a.step');
    postInsert(message, { postMessage: (data: unknown) => posted.push(data) } as Pick<Window, 'postMessage'>);
    expect(posted).toEqual([message]);
  });
});
