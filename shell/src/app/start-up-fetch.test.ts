import { START_UP_DATA_ID, readInlinedStartUp, startEarlyFetches, startUpFetch } from './start-up-fetch';

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById(START_UP_DATA_ID)?.remove();
});

/** The JSON data block the portal writes into index.html. */
function inline(text: string): void {
  const tag = document.createElement('script');
  tag.type = 'application/json';
  tag.id = START_UP_DATA_ID;
  tag.textContent = text;
  document.head.append(tag);
}

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

  it("answers an inlined URL from the portal's data block without a request, fetches the others", async () => {
    inline('{"/inlined-remotes.json":{"mfe_auth":"/mfe/auth/mf-manifest.json"},"/x":"\\u003c/script>"}');
    const network = vi.fn(async () => new Response('{"from":"network"}'));
    startEarlyFetches(['/inlined-remotes.json', '/not-inlined.json'], network);
    expect(network).toHaveBeenCalledTimes(1);
    expect(network).toHaveBeenCalledWith('/not-inlined.json', expect.objectContaining({ cache: 'no-store' }));

    const inlined = await startUpFetch('/inlined-remotes.json');
    expect(inlined.ok).toBe(true);
    await expect(inlined.json()).resolves.toEqual({ mfe_auth: '/mfe/auth/mf-manifest.json' });
    await expect((await startUpFetch('/not-inlined.json')).json()).resolves.toEqual({ from: 'network' });
    expect(readInlinedStartUp()['/x']).toBe('</script>');
  });

  it('falls back to fetching when the data block is not JSON or not an object', async () => {
    for (const text of ['{not json', '[1,2]', 'null']) {
      document.getElementById(START_UP_DATA_ID)?.remove();
      inline(text);
      expect(readInlinedStartUp()).toEqual({});
      const network = vi.fn(async () => new Response('{}'));
      startEarlyFetches(['/broken-inline.json'], network);
      expect(network).toHaveBeenCalledTimes(1);
      await startUpFetch('/broken-inline.json');
    }
  });
});
