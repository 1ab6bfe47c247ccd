import { test, expect, type Page } from '@playwright/test';
import { PASSWORD, createAdministrator, registerMember, signInAs, uniqueSuffix } from './support/accounts';

// Operations platform, user management (docs/operations.md): an operator disables a member who is
// signed in in their own browser; the member's next action shows them signed out, and
// the audit log page shows the entry with its before/after.

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test.describe('operations: users', () => {
  test('an operator disables a signed-in user: the user is signed out at once, the audit log shows it', async ({ browser, page, request }, info) => {
    test.setTimeout(120_000);
    const operator = createAdministrator(info, 'opsusers');
    const memberEmail = `member-${uniqueSuffix()}@example.com`;
    const member = await registerMember(request, memberEmail, '被禁用的用户');

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

    // The member's next action (opening the personal centre again) finds them signed out: the server refuses
    // the token from the moment the operator's answer came (the API tests check "at once"; a page's render time
    // on a loaded CI machine is no measure of it, and a one-second bound here failed CI).
    // Signed out, the personal centre sends them to the sign-in page; caught before that redirect, the page shows
    // the header's 登录 button. Either is the member signed out (waiting for one of them made this journey flaky).
    await memberPage.reload();
    await expect(memberPage.getByTestId('login-button').or(memberPage.getByTestId('login-form')).first()).toBeVisible();
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
