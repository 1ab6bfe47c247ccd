import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { fetchRemoteMap, type RemoteMap } from './remote-map';
import { startUpFetch } from '../start-up-fetch';
import { describeError } from './remote-status';

/**
 * Registers the remotes named by /remotes.json with the federation runtime at run time. No remote
 * is baked into the shell's build. A missing or broken map does not stop the shell: every remote
 * then reports the map's error through its fallback, and a retry fetches the map again.
 */
let remoteMap: RemoteMap = {};
let mapError: string | undefined;
let initialised = false;

function toRemotes(map: RemoteMap) {
  return Object.entries(map).map(([name, entry]) => ({ name, entry }));
}

async function loadMap(): Promise<void> {
  try {
    remoteMap = await fetchRemoteMap(startUpFetch);
    mapError = undefined;
  } catch (error) {
    mapError = describeError(error);
    console.error('[shell] remote map unavailable:', error);
  }
}

export async function initFederation(): Promise<void> {
  await loadMap();
  init({ name: 'shell', remotes: toRemotes(remoteMap) });
  initialised = true;
}

export class RemoteUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RemoteUnavailableError';
  }
}

/** Loads an exposed module (`mfe_part/app`) of a registered remote; rejects with a readable reason. */
export async function loadRemoteModule<T>(id: string): Promise<T> {
  if (!initialised) throw new RemoteUnavailableError('federation is not initialised yet');
  const remoteName = id.split('/')[0] ?? id;
  if (!(remoteName in remoteMap)) {
    throw new RemoteUnavailableError(mapError ? `远程模块清单不可用（${mapError}）` : `remotes.json does not list the remote "${remoteName}"`);
  }
  const loaded = await loadRemote<T>(id);
  if (loaded === null || loaded === undefined) {
    throw new RemoteUnavailableError(`the remote module "${id}" loaded empty`);
  }
  return loaded;
}

/**
 * Prepares a new attempt at a remote: fetches the map again when it had failed or does not list the
 * remote, and re-registers the remote (force) so a URL changed in the meantime is honoured.
 */
export async function prepareRemoteRetry(remoteName: string): Promise<void> {
  const previousEntry = remoteMap[remoteName];
  if (mapError || previousEntry === undefined) await loadMap();
  const entry = remoteMap[remoteName];
  if (entry !== undefined && entry !== previousEntry) {
    registerRemotes([{ name: remoteName, entry }], { force: previousEntry !== undefined });
  }
}
