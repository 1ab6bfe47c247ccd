import { fetchRemoteMap, parseRemoteMap, RemoteMapError } from './remote-map';

describe('parseRemoteMap', () => {
  it('accepts a map of federation names to manifest URLs', () => {
    const map = { mfe_part: '/mfe/part/mf-manifest.json', mfe_auth: 'http://127.0.0.1:3001/mf-manifest.json' };
    expect(parseRemoteMap(map)).toEqual(map);
  });

  it.each([
    ['an array', ['/mfe/part/mf-manifest.json']],
    ['null', null],
    ['a string', '/mfe/part/mf-manifest.json'],
  ])('rejects %s', (_label, value) => {
    expect(() => parseRemoteMap(value)).toThrow(RemoteMapError);
  });

  it('rejects a name that is not a federation name', () => {
    expect(() => parseRemoteMap({ 'mfe-part': '/x.json' })).toThrow(/not a valid federation name/);
  });

  it('rejects an empty or non-string entry', () => {
    expect(() => parseRemoteMap({ mfe_part: '' })).toThrow(/non-empty URL/);
    expect(() => parseRemoteMap({ mfe_part: 42 })).toThrow(/non-empty URL/);
  });
});

describe('fetchRemoteMap', () => {
  const respond = (body: string, status = 200) => vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } }));

  it('fetches /remotes.json without the HTTP cache', async () => {
    const fetchImpl = respond('{"mfe_mat":"/mfe/mat/mf-manifest.json"}');
    await expect(fetchRemoteMap(fetchImpl)).resolves.toEqual({ mfe_mat: '/mfe/mat/mf-manifest.json' });
    expect(fetchImpl).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-store' }));
  });

  it('reports an HTTP error status', async () => {
    await expect(fetchRemoteMap(respond('{}', 503))).rejects.toThrow('/remotes.json answered HTTP 503');
  });

  it('reports a body that is not JSON', async () => {
    await expect(fetchRemoteMap(respond('<html>'))).rejects.toThrow('/remotes.json is not valid JSON');
  });

  it('reports a network failure', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(fetchRemoteMap(fetchImpl)).rejects.toThrow('could not be fetched: Failed to fetch');
  });
});
