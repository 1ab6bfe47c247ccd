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

/** A human-looking drag to the right end of the slider track (as the API tests drag it). */
function humanTrack(trackWidth: number, handleWidth: number) {
  const end = trackWidth - handleWidth;
  return Array.from({ length: 31 }, (_, i) => {
    const f = i / 30;
    return { x: end * (1 - (1 - f) * (1 - f)), y: Math.sin(f * 9) * 2, t: 600 * f + (i % 3) };
  });
}

async function data<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(0);
  return body.data;
}

/** Registers a member (role `member`, no operator permission) through the API: slider, e-mail code, register; answers its tokens, id and username. */
export async function registerMember(request: APIRequestContext, email: string, nickname = '成员') {
  const challenge = await data<{ challengeId: string; trackWidth: number; handleWidth: number }>(
    await request.post('/to/api/base/system/captcha/slider/challenge', { data: { scene: 'email' } }),
  );
  // The server bounds the drag from below: no answer faster than a hand.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const { ticket } = await data<{ ticket: string }>(
    await request.post('/to/api/base/system/captcha/slider/verify', {
      data: { challengeId: challenge.challengeId, trackWidth: challenge.trackWidth, track: humanTrack(challenge.trackWidth, challenge.handleWidth) },
    }),
  );
  await data(await request.post('/to/api/base/system/user/send-email-code', { data: { email, scene: 4, ticket } }));
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const body = (await (await request.get(`/to/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { data: { code: string }[] | null };
        code = body.data?.[0]?.code;
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  const username = `member${uniqueSuffix()}`;
  const registered = await data<{ userId: number; accessToken: string; refreshToken: string }>(
    await request.post('/to/api/base/system/user/register', {
      data: { username, nickname, email, code, password: PASSWORD, confirmPwd: PASSWORD, agreement: true },
    }),
  );
  return { ...registered, username };
}
