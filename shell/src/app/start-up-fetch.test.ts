import { startEarlyFetches, startUpFetch } from './start-up-fetch';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('start-up files requested by the entry (issue 13)', () => {
  it('hands the early answer out once, then goes to the network again', async () => {
    const early = vi.fn(async () => new Response('{"early":true}'));
    startEarlyFetches(['/early-once.json'], early);
    expect(early).toHaveBeenCalledWith('/early-once.json', expect.objectContaining({ cache: 'no-store' }));

    const network = vi.fn(async () => new Response('{"early":false}'));
    vi.stubGlobal('fetch', network);
    await expect((await startUpFetch('/early-once.json')).json()).resolves.toEqual({ early: true });
    expect(network).not.toHaveBeenCalled();

    await expect((await startUpFetch('/early-once.json', { cache: 'no-store' })).json()).resolves.toEqual({ early: false });
    expect(network).toHaveBeenCalledWith('/early-once.json', { cache: 'no-store' });
  });

  it('passes an early failure to the reader, and a retry fetches again', async () => {
    startEarlyFetches(['/early-fails.json'], async () => {
      throw new TypeError('network down');
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    await expect(startUpFetch('/early-fails.json')).rejects.toThrow('network down');
    await expect(startUpFetch('/early-fails.json')).resolves.toBeInstanceOf(Response);
  });

  it('fetches any URL that was not started early', async () => {
    const network = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', network);
    await startUpFetch(new URL('http://localhost/other.json'));
    expect(network).toHaveBeenCalledTimes(1);
  });
});
