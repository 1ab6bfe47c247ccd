import { defineConfig } from '@playwright/test';
import * as path from 'node:path';
import * as os from 'node:os';
import * as fs from 'node:fs';
import { CODE_RESEND_SECONDS } from './tests/support/codes';

// Browser tests run against the built all-in-one `portal` binary (the embedded default), and, when a
// PostgreSQL + Redis pair is configured (E2E_POSTGRES_URL / E2E_REDIS_URL, set by scripts/test.sh when they
// answer), against a second portal process on that production storage. Each run gets fresh data directories.
const repoRoot = path.resolve(__dirname, '..');
const portalBin = process.env.PORTAL_BIN ?? path.join(repoRoot, 'target', 'debug', 'portal');
const sqlitePort = Number(process.env.E2E_SQLITE_PORT ?? 18080);
const postgresPort = Number(process.env.E2E_POSTGRES_PORT ?? 18081);
const postgresUrl = process.env.E2E_POSTGRES_URL;
const redisUrl = process.env.E2E_REDIS_URL;
// Fresh databases and cache keys per run on the shared servers; global-teardown drops the databases. The lane is
// part of the prefix: the two lanes start side by side, and when both read the same millisecond the first to
// finish dropped the other's databases mid-run (a CI run lost the storage lane's journeys that way).
const runId = `e2e_${process.env.E2E_LANE ?? 'all'}_${Date.now().toString(36)}_`;
process.env.E2E_POSTGRES_DATABASE_PREFIX ??= runId;

// Every portal under test talks to the WeChat stand-in that e2e/tests/auth-wechat.spec.ts runs, so the QR
// journey always runs (workers see these through process.env as well).
const wechatStandInPort = Number(process.env.E2E_WECHAT_STANDIN_PORT ?? 18395);
const wechatStandIn = {
  PORTAL_ACCOUNTS__WECHAT__APP_ID: 'wx-e2e',
  PORTAL_ACCOUNTS__WECHAT__APP_SECRET: 'e2e-secret',
  PORTAL_ACCOUNTS__WECHAT__API_BASE: `http://127.0.0.1:${wechatStandInPort}`,
  PORTAL_ACCOUNTS__WECHAT__QR_CONNECT_URL: `http://127.0.0.1:${wechatStandInPort}/connect/qrconnect`,
  PORTAL_ACCOUNTS__WECHAT__REDIRECT_URI: '/sso',
};
for (const [key, value] of Object.entries(wechatStandIn)) process.env[key] ??= value;

function freshDataDir(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `portal-e2e-${name}-`));
}

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// The PostgreSQL + Redis portal runs the journeys whose outcome depends on that storage: what they write
// (accounts, codes and lockouts in Redis, files, feedback, organisations, tokens, operations, usage) and one
// reading journey per library (the item store, categories and search on PostgreSQL). The shell's own pages
// (routes, guards, header search, plugin mode, window widths, shape search) read the same answers on either
// storage and run once, on SQLite: running them twice took a third of CI's 90 minutes (docs/testing.md).
const postgresJourneys = [
  'auth-journeys',
  'auth-wechat',
  'files-feedback',
  'my-pages',
  'kicad-token',
  'open-platform',
  'operations-users',
  'operations-orgs',
  'operations-roles',
  'operations-statistics',
  'shell-footer',
  'first-minutes',
  'foundation',
  'component-pages',
  'part-pages',
  'mat-pages',
].map((name) => `**/${name}.spec.ts`);

// Lanes (E2E_LANE, set by scripts/test.sh, which runs the two side by side, each with its own portal, port
// and report): `shell` runs the shell's journeys on the SQLite portal; `storage` runs the storage journeys
// on the PostgreSQL + Redis portal (on SQLite where that pair is not configured). Each lane keeps one
// worker, so no two journeys ever share a portal at once. In the lanes the storage journeys do not run a
// second time on SQLite: their API paths run on both storages in the Rust suites, and the journeys on both
// took CI past its 90 minutes (docs/testing.md). Without a lane, everything runs in one process: the
// SQLite portal runs every journey and the PostgreSQL portal the storage journeys.
const lane = process.env.E2E_LANE;
if (lane !== undefined && lane !== 'shell' && lane !== 'storage') {
  throw new Error(`E2E_LANE must be "shell" or "storage", not "${lane}"`);
}
const withPostgres = Boolean(postgresUrl && redisUrl);
type Server = {
  name: string;
  port: number;
  env: Record<string, string | undefined>;
  testMatch?: string[];
  testIgnore?: string[];
};

const servers: Server[] = [];
if (lane !== 'storage' || !withPostgres) {
  servers.push({
    name: 'sqlite',
    port: sqlitePort,
    ...(lane === 'shell' ? { testIgnore: postgresJourneys } : lane === 'storage' ? { testMatch: postgresJourneys } : {}),
    // Kept in the environment so test workers (which inherit it) can run `portal admin create` on the same data.
    env: { PORTAL_DATA_DIR: (process.env.E2E_SQLITE_DATA_DIR ??= freshDataDir('sqlite')) },
  });
}
if (withPostgres && lane !== 'shell') {
  servers.push({
    name: 'postgres',
    port: postgresPort,
    testMatch: postgresJourneys,
    env: {
      PORTAL_DATA_DIR: (process.env.E2E_POSTGRES_DATA_DIR ??= freshDataDir('postgres')),
      PORTAL_POSTGRES_URL: postgresUrl,
      PORTAL_POSTGRES_DATABASE_PREFIX: process.env.E2E_POSTGRES_DATABASE_PREFIX,
      PORTAL_REDIS_URL: redisUrl,
      PORTAL_CACHE_PREFIX: `${process.env.E2E_POSTGRES_DATABASE_PREFIX}:`,
    },
  });
}

export default defineConfig({
  testDir: './tests',
  globalTeardown: './global-teardown.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  // On CI, a journey that fails and then passes is reported as flaky, not failed: the account journeys
  // show intermittent failures on a loaded 2-core machine (see docs/testing.md).
  retries: process.env.CI ? 2 : 0,
  reporter: [['list'], ['junit', { outputFile: path.join(repoRoot, 'reports', `playwright${lane ? `-${lane}` : ''}.xml`) }]],
  outputDir: path.join(__dirname, 'test-results', lane ?? ''),
  use: {
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: servers.map((s) => ({
    name: s.name,
    ...(s.testMatch ? { testMatch: s.testMatch } : {}),
    ...(s.testIgnore ? { testIgnore: s.testIgnore } : {}),
    use: { baseURL: `http://127.0.0.1:${s.port}` },
  })),
  webServer: servers.map((s) => ({
    command: `"${portalBin}" serve`,
    cwd: repoRoot,
    url: `http://127.0.0.1:${s.port}/health/ready`,
    // A fresh portal seeds all three libraries before it listens (about a minute in a debug build on an
    // idle 2-core machine, docs/testing.md); the test command's two lanes start theirs side by side, and
    // by hand two start at once (stop 35's CI: two took 4.5 minutes on a loaded machine).
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      ...wechatStandIn,
      ...s.env,
      // A short resend interval: the browser reads it from the server (auth/code-config) and counts it down.
      PORTAL_ACCOUNTS__CODES__RESEND_SECONDS: String(CODE_RESEND_SECONDS),
      PORTAL_ADDR: `127.0.0.1:${s.port}`,
      PORTAL_WEB_DIR: process.env.E2E_WEB_DIR ?? repoRoot,
      PORTAL_LOG_FILTER: 'warn',
      // The storage lane's journeys never search by shape (shape-search.spec.ts runs in the shell lane):
      // its portal skips fingerprinting every model, minutes of CPU the journeys run on.
      ...(lane === 'storage' ? { PORTAL_SEARCH__SHAPE_FINGERPRINTS: 'false' } : {}),
    },
  })),
});
