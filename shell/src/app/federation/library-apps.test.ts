import type { LifeCycles } from 'single-spa';
import { LIBRARY_MOUNT_ID, createLibraryLoader, guardLifecycles, mountElementIsFor, pathBelongsTo } from './library-apps';
import { getRemoteState } from './remote-status';

describe('pathBelongsTo', () => {
  it('matches the prefix itself and paths below it', () => {
    expect(pathBelongsTo('/part', '/part')).toBe(true);
    expect(pathBelongsTo('/part/search', '/part')).toBe(true);
  });

  it('does not match a longer word that starts alike', () => {
    expect(pathBelongsTo('/partner', '/part')).toBe(false);
    expect(pathBelongsTo('/', '/part')).toBe(false);
  });
});

describe('mountElementIsFor', () => {
  afterEach(() => document.getElementById(LIBRARY_MOUNT_ID)?.remove());

  it('accepts only the mount element the outlet rendered for that library', () => {
    expect(mountElementIsFor('component')).toBe(false);
    const element = document.createElement('div');
    element.id = LIBRARY_MOUNT_ID;
    element.dataset.library = 'part';
    document.body.append(element);
    // The parts outlet is still in the DOM while the URL already says /component.
    expect(mountElementIsFor('component')).toBe(false);
    expect(mountElementIsFor('part')).toBe(true);
    element.dataset.library = 'component';
    expect(mountElementIsFor('component')).toBe(true);
  });
});

describe('createLibraryLoader', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it('records a load failure and hands single-spa lifecycles that mount nothing', async () => {
    const loader = createLibraryLoader('mfe_test_down', async () => {
      throw new Error('Failed to get manifest');
    });
    const lifecycles = await loader();
    expect(getRemoteState('mfe_test_down')).toEqual({ status: 'error', phase: 'load', reason: 'Failed to get manifest' });
    await expect((lifecycles.mount as (p: unknown) => Promise<unknown>)({})).resolves.toBeUndefined();
  });

  it('rejects a module that is not a single-spa application', async () => {
    const loader = createLibraryLoader('mfe_test_odd', async () => ({}) as LifeCycles);
    await loader();
    expect(getRemoteState('mfe_test_odd')).toMatchObject({ status: 'error', phase: 'load' });
  });
});

describe('guardLifecycles', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it('marks the remote mounted once its mount resolves', async () => {
    const mount = vi.fn(async () => undefined);
    const guarded = guardLifecycles('mfe_test_ok', { bootstrap: async () => undefined, mount, unmount: async () => undefined });
    await (guarded.bootstrap as (p: unknown) => Promise<unknown>)({});
    await (guarded.mount as (p: unknown) => Promise<unknown>)({ name: 'x' });
    expect(mount).toHaveBeenCalledWith({ name: 'x' });
    expect(getRemoteState('mfe_test_ok')).toEqual({ status: 'mounted' });
    await (guarded.unmount as (p: unknown) => Promise<unknown>)({});
    expect(getRemoteState('mfe_test_ok')).toEqual({ status: 'idle' });
  });

  it('turns a throwing mount into a recorded failure instead of a rejected lifecycle', async () => {
    const guarded = guardLifecycles('mfe_test_crash', {
      bootstrap: async () => undefined,
      mount: [async () => undefined, async () => Promise.reject(new Error('boom in mount'))],
      unmount: async () => undefined,
    });
    await (guarded.bootstrap as (p: unknown) => Promise<unknown>)({});
    await expect((guarded.mount as (p: unknown) => Promise<unknown>)({})).resolves.toBeUndefined();
    expect(getRemoteState('mfe_test_crash')).toEqual({ status: 'error', phase: 'mount', reason: 'boom in mount' });
  });
});
