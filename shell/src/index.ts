import { PORTAL_CONFIG_URL } from './app/config/portal-config';
import { REMOTE_MAP_URL } from './app/federation/remote-map';
import { startEarlyFetches } from './app/start-up-fetch';

// The start-up files load while the bootstrap chunk and the shared modules do (app/start-up-fetch.ts).
startEarlyFetches([REMOTE_MAP_URL, PORTAL_CONFIG_URL]);

// Async boundary: shared modules are negotiated with the remotes before any of them is imported.
import('./bootstrap');
