import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, createAdministrator, signInAs, uniqueSuffix } from './support/accounts';

// Operations platform, user management (docs/operations.md): an operator disables a member who is
// signed in in their own browser; the member's next action shows them signed out within a second, and
// the audit log page shows the entry with its before/after.

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
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

/** Registers a member (role `member`, no operator permission) through the API: slider, e-mail code, register. */
async function registerMember(request: APIRequestContext, email: string) {
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
      data: { username, nickname: '被禁用的用户', email, code, password: PASSWORD, confirmPwd: PASSWORD, agreement: true },
    }),
  );
  return { ...registered, username };
}

test.describe('operations: users', () => {
  test('an operator disables a signed-in user: the user is signed out at once, the audit log shows it', async ({ browser, page, request }, info) => {
    test.setTimeout(120_000);
    const operator = createAdministrator(info, 'opsusers');
    const memberEmail = `member-${uniqueSuffix()}@example.com`;
    const member = await registerMember(request, memberEmail);

    // The member is signed in in a browser of their own.
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await memberPage.goto(`/user?token=${encodeURIComponent(member.accessToken)}&refreshToken=${encodeURIComponent(member.refreshToken)}`);
    await expect(memberPage.getByTestId('auth-user')).toBeVisible();

    // The operator finds them and disables them after the confirmation.
    await signInAs(page, request, operator, '/operation/users');
    await expect(page.getByTestId('operations-users')).toBeVisible();
    await page.getByTestId('users-filter-keyword').fill(memberEmail);
    await page.getByTestId('users-search').click();
    const row = page.getByTestId(`users-row-${member.userId}`);
    await expect(row).toContainText(member.username);
    await expect(row).toContainText('正常');
    await shot(page, 'users-before');
    await row.getByTestId(`user-status-${member.userId}`).click();
    await page.getByTestId(`user-status-confirm-${member.userId}`).click();
    await expect(page.locator('.ant-message-notice').getByText('用户已禁用')).toBeVisible();
    await expect(row).toContainText('已禁用');
    await shot(page, 'users-disabled');

    // The member's next action (opening the personal centre again) finds them signed out: the page shows it
    // within a second of loading (the server refuses the token from the moment the operator's answer came).
    await memberPage.reload();
    await expect(memberPage.getByTestId('login-button')).toBeVisible({ timeout: 1_000 });
    await expect(memberPage.getByTestId('auth-user')).toBeHidden();
    await shot(memberPage, 'member-signed-out');
    // And they cannot sign in again.
    const login = (await (await request.post('/to/api/base/system/auth/login', { data: { email: memberEmail, password: PASSWORD, userType: 2 } })).json()) as {
      code: number;
      msg: string;
    };
    expect(login).toMatchObject({ code: 1_002_000_001, msg: '登录失败，账号被禁用' });

    // The audit log shows the change with the state before and after.
    await page.goto('/operation/audit-log');
    await expect(page.getByTestId('operations-audit-log')).toBeVisible();
    await page.getByTestId('audit-log-filter-keyword').fill(String(member.userId));
    await page.getByTestId('audit-log-search').click();
    const entry = page
      .locator('[data-testid^="audit-log-row-"]')
      // The object's own cell: the row's text runs on into the client IP.
      .filter({ has: page.getByRole('cell', { name: `用户 #${member.userId}`, exact: true }) })
      .first();
    await expect(entry).toContainText('禁用用户');
    await entry.locator('.ant-table-row-expand-icon').click();
    const before = page.locator('[data-testid^="audit-log-before-"]').first();
    const after = page.locator('[data-testid^="audit-log-after-"]').first();
    await expect(before).toContainText('"status": 0');
    await expect(after).toContainText('"status": 1');
    await expect(after).toContainText('"revokedSessions": 1');
    await shot(page, 'audit-log-entry');
    await memberContext.close();
  });
});
