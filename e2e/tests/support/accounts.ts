import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';

// Accounts for journeys that are not about signing in: `portal admin create` (the only way to an
// operator's permission) on the data of the portal the project runs against, and a sign-in through
// the API handed to the page through route guard 2 (`?token=`).

export const PASSWORD = 'Portal#2026';
const repoRoot = path.resolve(__dirname, '..', '..', '..');
const portalBin = process.env.PORTAL_BIN ?? path.join(repoRoot, 'target', 'debug', 'portal');

/** A valid 1×1 PNG: the file service checks the magic bytes of images. */
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** The storage settings of the portal this project runs against (playwright.config.ts exports them). */
function portalEnvironment(info: TestInfo): NodeJS.ProcessEnv {
  if (info.project.name === 'postgres') {
    return {
      ...process.env,
      PORTAL_DATA_DIR: process.env.E2E_POSTGRES_DATA_DIR,
      PORTAL_POSTGRES_URL: process.env.E2E_POSTGRES_URL,
      PORTAL_POSTGRES_DATABASE_PREFIX: process.env.E2E_POSTGRES_DATABASE_PREFIX,
      PORTAL_REDIS_URL: process.env.E2E_REDIS_URL,
      PORTAL_CACHE_PREFIX: `${process.env.E2E_POSTGRES_DATABASE_PREFIX}:`,
      PORTAL_LOG_FILTER: 'warn',
    };
  }
  return { ...process.env, PORTAL_DATA_DIR: process.env.E2E_SQLITE_DATA_DIR, PORTAL_LOG_FILTER: 'warn' };
}

/** `portal admin create`: an account holding `*:*:*`; answers its e-mail. */
export function createAdministrator(info: TestInfo, name: string): string {
  const email = `${name}-${uniqueSuffix()}@example.com`;
  execFileSync(portalBin, ['admin', 'create', '--username', `${name}${uniqueSuffix()}`, '--email', email], {
    input: `${PASSWORD}\n`,
    env: portalEnvironment(info),
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  return email;
}

/** Signs in through the API and hands the tokens to the page through route guard 2 (`?token=`). */
export async function signInAs(page: Page, request: APIRequestContext, email: string, landing = '/') {
  const response = await request.post('/to/api/base/system/auth/login', { data: { email, password: PASSWORD, userType: 2 } });
  const body = (await response.json()) as { code: number; msg: string; data: { accessToken: string; refreshToken: string } | null };
  expect(body.code, body.msg).toBe(0);
  const { accessToken, refreshToken } = body.data!;
  const separator = landing.includes('?') ? '&' : '?';
  await page.goto(`${landing}${separator}token=${encodeURIComponent(accessToken)}&refreshToken=${encodeURIComponent(refreshToken)}`);
  await expect(page.getByTestId('auth-user')).toBeVisible();
}
