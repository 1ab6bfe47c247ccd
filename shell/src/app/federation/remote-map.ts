/**
 * The deploy-time remote map: federation name → URL of the remote's mf-manifest.json. Served by
 * `portal serve` (and the shell's dev server) at /remotes.json, so moving or releasing a remote
 * never rebuilds the shell.
 */
export type RemoteMap = Record<string, string>;

export const REMOTE_MAP_URL = '/remotes.json';

export class RemoteMapError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RemoteMapError';
  }
}

/** Checks the shape of a parsed remotes.json; throws a RemoteMapError naming what is wrong. */
export function parseRemoteMap(value: unknown): RemoteMap {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new RemoteMapError('remotes.json must be an object of remote name → manifest URL');
  }
  const map: RemoteMap = {};
  for (const [name, entry] of Object.entries(value)) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      throw new RemoteMapError(`remotes.json: "${name}" is not a valid federation name`);
    }
    if (typeof entry !== 'string' || entry.trim() === '') {
      throw new RemoteMapError(`remotes.json: the entry of "${name}" must be a non-empty URL string`);
    }
    map[name] = entry;
  }
  return map;
}

export async function fetchRemoteMap(fetchImpl: typeof fetch = fetch): Promise<RemoteMap> {
  let response: Response;
  try {
    response = await fetchImpl(REMOTE_MAP_URL, { cache: 'no-store', headers: { Accept: 'application/json' } });
  } catch (error) {
    throw new RemoteMapError(`${REMOTE_MAP_URL} could not be fetched: ${(error as Error).message}`);
  }
  if (!response.ok) throw new RemoteMapError(`${REMOTE_MAP_URL} answered HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new RemoteMapError(`${REMOTE_MAP_URL} is not valid JSON`);
  }
  return parseRemoteMap(body);
}
