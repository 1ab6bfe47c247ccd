import { test, expect, type Page } from '@playwright/test';
import { createAdministrator, registerMember, signInAs, uniqueSuffix } from './support/accounts';

// Operations platform, roles and permissions (docs/operations.md "Roles and permissions"): a super admin
// creates a role that reads feedback and the audit log and gives it to a member who is signed in in their
// own browser; the member's next page opens the operations platform with exactly those two pages, without
// signing in again. The audit log shows the role's creation and the grant.

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('a super admin creates a role and gives it to a signed-in member, whose operations menu follows at once', async ({ browser, page, request }, info) => {
  test.setTimeout(120_000);
  const admin = createAdministrator(info, 'opsroles');
  const memberEmail = `rolemember-${uniqueSuffix()}@example.com`;
  const member = await registerMember(request, memberEmail, '审计张工');
  const code = `auditor-${uniqueSuffix()}`;
  const roleName = `审计员${uniqueSuffix().slice(-4)}`;

  // The member, signed in in a browser of their own, holds no operations permission.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await memberPage.goto(`/operation?token=${encodeURIComponent(member.accessToken)}&refreshToken=${encodeURIComponent(member.refreshToken)}`);
  await expect(memberPage.getByTestId('operations-forbidden')).toBeVisible();

  // The super admin creates the role (a malformed code is refused in the form first).
  await signInAs(page, request, admin, '/operation/roles');
  await expect(page.getByTestId('roles-row-super_admin')).toContainText('全部权限');
  await expect(page.getByTestId('operations-nav-roles')).toBeVisible();
  await page.getByTestId('roles-create').click();
  await page.getByTestId('role-form-code').fill('Auditor');
  await page.getByTestId('role-form-name').fill(roleName);
  await page.getByTestId('role-form-submit').click();
  await expect(page.getByText('角色编码为2～32位小写字母、数字、_ 或 -，以字母开头')).toBeVisible();
  await page.getByTestId('role-form-code').fill(code);
  const form = page.getByTestId('role-form');
  await form.getByText('反馈管理：查看').click();
  await form.getByText('操作审计：查看').click();
  await shot(page, 'role-form');
  await page.getByTestId('role-form-submit').click();
  await expect(page.locator('.ant-message-notice').getByText('角色已创建')).toBeVisible();
  const row = page.getByTestId(`roles-row-${code}`);
  await expect(row).toContainText(roleName);
  await expect(row).toContainText('操作审计：查看');
  await expect(row.locator('td').nth(2)).toHaveText('0');
  await shot(page, 'roles');

  // The users page: the member gets the role next to the member role.
  await page.getByTestId('operations-nav-users').click();
  await page.getByTestId('users-filter-keyword').fill(memberEmail);
  await page.getByTestId('users-search').click();
  const userRow = page.getByTestId(`users-row-${member.userId}`);
  await expect(userRow).toContainText('普通用户');
  await page.getByTestId(`user-roles-${member.userId}`).click();
  const dialog = page.getByTestId('user-roles-form');
  await expect(dialog.getByTestId('user-role-option-member').locator('xpath=ancestor::label')).toHaveClass(/ant-checkbox-wrapper-checked/);
  await dialog.getByTestId(`user-role-option-${code}`).click();
  await shot(page, 'user-roles');
  await page.getByTestId('user-roles-submit').click();
  await expect(page.locator('.ant-message-notice').getByText('角色已更新')).toBeVisible();
  await expect(userRow).toContainText(roleName);

  // The member's next page, same session: the operations platform with exactly the role's two pages.
  await memberPage.goto('/operation');
  await expect(memberPage).toHaveURL(/\/operation\/feedback$/);
  const nav = memberPage.getByTestId('operations-nav');
  await expect(nav.locator('[data-testid^="operations-nav-"]')).toHaveCount(2);
  await expect(memberPage.getByTestId('operations-nav-feedback')).toBeVisible();
  await expect(memberPage.getByTestId('operations-nav-audit-log')).toBeVisible();
  await shot(memberPage, 'member-operations');

  // The audit log: the grant and the creation, newest first.
  await page.goto('/operation/audit-log');
  await page.getByTestId('audit-log-filter-keyword').fill(code);
  await page.getByTestId('audit-log-search').click();
  const entries = page.locator('[data-testid^="audit-log-row-"]');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('设置用户角色');
  await expect(entries.nth(1)).toContainText('新建角色');
  await memberContext.close();
});
