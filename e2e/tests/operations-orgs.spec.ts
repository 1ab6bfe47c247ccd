import * as fs from 'node:fs';
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { createAdministrator, PASSWORD, registerMember, signInAs, uniqueSuffix } from './support/accounts';

// Operations platform, organisations (docs/operations.md "Organisations"): an operator creates an
// organisation with the enterprise library and adds a member who is signed in in their own browser; the
// member's next page shows the private/open mode switch without signing in again. The operator then
// disables the organisation, exports the list as CSV, and the audit log shows the three changes.

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('an operator creates an organisation with the enterprise library and adds a signed-in member, who gets the mode switch', async ({
  browser,
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const operator = createAdministrator(info, 'opsorgs');
  const memberEmail = `orgmember-${uniqueSuffix()}@example.com`;
  const member = await registerMember(request, memberEmail, '张工');
  const orgName = `宁波紧固件有限公司 ${uniqueSuffix()}`;

  // The member, signed in in a browser of their own, belongs to no organisation: no mode switch.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await memberPage.goto(`/component?token=${encodeURIComponent(member.accessToken)}&refreshToken=${encodeURIComponent(member.refreshToken)}`);
  await expect(memberPage.getByTestId('auth-user')).toBeVisible();
  await expect(memberPage.getByTestId('mode-switch')).toHaveCount(0);

  // The operator creates the organisation (a blank name is refused in the form first).
  await signInAs(page, request, operator, '/operation/organisations');
  await expect(page.getByTestId('operations-organisations')).toBeVisible();
  await page.getByTestId('orgs-create').click();
  // A click while the modal is still opening can do nothing (a CI run lost it): click until the form answers; an
  // empty name is refused however often it is sent.
  await expect(async () => {
    await page.getByTestId('org-form-submit').click();
    await expect(page.getByText('请输入组织名称')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByTestId('org-form-name').fill(orgName);
  await page.getByLabel('企业库').check();
  await shot(page, 'org-form');
  await page.getByTestId('org-form-submit').click();
  await expect(page.locator('.ant-message-notice').getByText('组织已创建')).toBeVisible();
  await page.getByTestId('orgs-filter-keyword').fill(orgName);
  await page.getByTestId('orgs-search').click();
  const row = page.locator('[data-testid^="orgs-row-"]').filter({ hasText: orgName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('企业库');
  await expect(row).toContainText('正常');
  const orgId = (await row.getAttribute('data-testid'))!.replace('orgs-row-', '');

  // Members: an unknown account is refused under the field; the member is added by e-mail.
  await page.getByTestId(`org-members-${orgId}`).click();
  const drawer = page.getByTestId('org-members-drawer');
  await expect(drawer.getByText('暂无成员')).toBeVisible();
  await drawer.getByTestId('org-member-account').fill(`nobody-${uniqueSuffix()}@example.com`);
  await drawer.getByTestId('org-member-add').click();
  await expect(drawer.getByText('用户不存在')).toBeVisible();
  await drawer.getByTestId('org-member-account').fill(memberEmail);
  await drawer.getByTestId('org-member-add').click();
  await expect(drawer.getByTestId(`org-members-row-${member.userId}`)).toContainText(member.username);
  await shot(page, 'org-members');
  await drawer.getByRole('button', { name: /close|关闭/i }).click();
  await expect(row.locator('td').nth(3)).toHaveText('1');

  // The member's next page, same session: the organisation and its enterprise library are there.
  await memberPage.reload();
  await expect(memberPage.getByTestId('mode-switch')).toBeVisible();
  await shot(memberPage, 'member-mode-switch');
  // Private mode lands on the organisation's enterprise library (not a manufacturer that shares its id).
  await memberPage.getByTestId('mode-switch').getByText('企业库').click();
  await expect(memberPage).toHaveURL(new RegExp(`/part/brand-detail/${orgId}\\?type=1$`));
  await expect(memberPage.getByTestId('enterprise-library-name')).toHaveText(orgName);
  await expect(memberPage.getByTestId('enterprise-library-empty')).toBeVisible();
  await shot(memberPage, 'member-enterprise-library');

  // The operator disables the organisation after the confirmation.
  await page.getByTestId(`org-status-${orgId}`).click();
  await page.getByTestId(`org-status-confirm-${orgId}`).click();
  await expect(page.locator('.ant-message-notice').getByText('组织已停用')).toBeVisible();
  await expect(row).toContainText('已停用');
  await shot(page, 'orgs-disabled');

  // 导出: the organisations the filter finds, as a CSV the browser downloads.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('orgs-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^organisations-\d{8}-\d{6}\.csv$/);
  const csv = fs
    .readFileSync(await download.path(), 'utf8')
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n');
  expect(csv).toEqual(['ID,组织名称,业务能力,成员数,状态,创建时间', expect.stringMatching(new RegExp(`^${orgId},${orgName},企业库,1,已停用,\\d{4}-`))]);

  // The audit log: creation, the member, the change, newest first.
  await page.goto('/operation/audit-log');
  await page.getByTestId('audit-log-filter-keyword').fill(orgName);
  await page.getByTestId('audit-log-search').click();
  const entries = page.locator('[data-testid^="audit-log-row-"]');
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText('修改组织');
  await expect(entries.nth(1)).toContainText('添加组织成员');
  await expect(entries.nth(2)).toContainText('新建组织');
  await memberContext.close();
});

async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/to/api/base/system/auth/login', { data: { email, password: PASSWORD, userType: 2 } });
  const body = (await response.json()) as { code: number; msg: string; data: { accessToken: string } | null };
  expect(body.code, body.msg).toBe(0);
  return body.data!.accessToken;
}

async function operatorCall(request: APIRequestContext, token: string, method: 'post' | 'put', path: string, data: unknown) {
  const response = await request[method](`/to/api/base/system${path}`, { data, headers: { Authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { code: number; msg: string; data: unknown };
  expect(body.code, body.msg).toBe(0);
  return body.data;
}

/**
 * Opens an entry of the header's user menu until the page is there: a CI run's click on the entry, made while the
 * hover-opened menu was still appearing, left the page where it was.
 */
async function openFromUserMenu(page: Page, entry: string, destination: RegExp) {
  await expect(async () => {
    await page.getByTestId('auth-user').hover();
    await page.getByTestId(entry).click({ timeout: 2_000 });
    await expect(page).toHaveURL(destination, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

// An organisation's own administrator (docs/operations.md "An organisation's administrators"): an operator names one
// in the members drawer; the administrator finds 组织成员 in the header menu, sees the members, names another
// administrator and removes a member, who is back on the platform (no mode switch) on their next page; invited back
// (a member cannot be invited), the former member accepts at the top of the personal centre and is a member again on
// the same session. In English the page is English.
test('an operator names an organisation administrator, who manages the members from the personal centre', async ({ browser, page, request }, info) => {
  test.setTimeout(120_000);
  const operatorEmail = createAdministrator(info, 'opsorgadmin');
  const adminEmail = `orgadmin-${uniqueSuffix()}@example.com`;
  const colleagueEmail = `orgcolleague-${uniqueSuffix()}@example.com`;
  const leaverEmail = `orgleaver-${uniqueSuffix()}@example.com`;
  const admin = await registerMember(request, adminEmail, '李工');
  const colleague = await registerMember(request, colleagueEmail, '王工');
  const leaver = await registerMember(request, leaverEmail, '赵工');
  const orgName = `苏州精密机械有限公司 ${uniqueSuffix()}`;
  const operatorToken = await apiToken(request, operatorEmail);
  const orgId = (await operatorCall(request, operatorToken, 'post', '/operation/orgs', { name: orgName, businessScope: [1] })) as number;
  for (const email of [adminEmail, colleagueEmail, leaverEmail]) {
    await operatorCall(request, operatorToken, 'post', `/operation/orgs/${orgId}/members`, { account: email });
  }

  // The operator names the administrator in the members drawer.
  await signInAs(page, request, operatorEmail, '/operation/organisations');
  await page.getByTestId('orgs-filter-keyword').fill(orgName);
  await page.getByTestId('orgs-search').click();
  await page.getByTestId(`org-members-${orgId}`).click();
  const drawer = page.getByTestId('org-members-drawer');
  await drawer.getByTestId(`org-member-admin-${admin.userId}`).click();
  await expect(page.locator('.ant-message-notice').first()).toBeVisible();
  await expect(drawer.getByTestId(`org-member-admin-${admin.userId}`)).toBeChecked();
  await expect(drawer.getByTestId(`org-member-admin-${colleague.userId}`)).not.toBeChecked();
  await shot(page, 'org-members-admin');

  // The leaver, signed in in a browser of their own, is in the organisation: the mode switch is there.
  const leaverContext = await browser.newContext();
  const leaverPage = await leaverContext.newPage();
  await leaverPage.goto(`/component?token=${encodeURIComponent(leaver.accessToken)}&refreshToken=${encodeURIComponent(leaver.refreshToken)}`);
  await expect(leaverPage.getByTestId('mode-switch')).toBeVisible();

  // The administrator: 组织成员 in the header menu.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await adminPage.goto(`/component?token=${encodeURIComponent(admin.accessToken)}&refreshToken=${encodeURIComponent(admin.refreshToken)}`);
  await openFromUserMenu(adminPage, 'my-org-members-link', /\/user\/org-members$/);
  const members = adminPage.getByTestId('my-org-members-page');
  await expect(members).toContainText(orgName);
  for (const user of [admin, colleague, leaver]) await expect(members.getByTestId(`my-org-member-${user.userId}`)).toContainText(user.username);
  await expect(members.getByTestId(`my-org-member-remove-${admin.userId}`)).toHaveCount(0);
  await expect(adminPage.getByTestId('my-nav-org-members')).toBeVisible();
  await shot(adminPage, 'my-org-members');

  // Names a colleague administrator; removes the leaver after the confirmation.
  await members.getByTestId(`my-org-member-admin-${colleague.userId}`).click();
  await expect(adminPage.locator('.ant-message-notice').getByText(`已将 ${colleague.username} 设为管理员`)).toBeVisible();
  await members.getByTestId(`my-org-member-remove-${leaver.userId}`).click();
  await adminPage.getByTestId(`my-org-member-remove-confirm-${leaver.userId}`).click();
  await expect(adminPage.locator('.ant-message-notice').getByText(`已将 ${leaver.username} 移出组织`)).toBeVisible();
  await expect(members.getByTestId(`my-org-member-${leaver.userId}`)).toHaveCount(0);
  await expect(members.getByTestId(`my-org-member-admin-${colleague.userId}`)).toBeChecked();

  // The leaver's next page, same session: back on the platform.
  await leaverPage.reload();
  await expect(leaverPage.getByTestId('auth-user')).toBeVisible();
  await expect(leaverPage.getByTestId('mode-switch')).toHaveCount(0);
  // The URL without the standing: the explanation and the way back, not the 404 page.
  await leaverPage.goto('/user/org-members');
  await expect(leaverPage.getByTestId('my-org-members-forbidden')).toBeVisible();
  await leaverPage.getByTestId('my-org-members-back').click();
  await expect(leaverPage).toHaveURL(/\/user$/);

  // Invited back: the invitation waits in the administrator's list and at the top of the leaver's personal centre;
  // accepted, the leaver is a member again on the same session (the mode switch is back).
  await members.getByTestId('my-org-invite').click();
  const inviteAccount = adminPage.getByTestId('my-org-invite-account');
  await inviteAccount.fill(colleagueEmail);
  await adminPage.getByTestId('my-org-invite-submit').click();
  await expect(adminPage.locator('.ant-modal').getByText('该用户已是本组织成员')).toBeVisible();
  await inviteAccount.fill(leaverEmail);
  await adminPage.getByTestId('my-org-invite-submit').click();
  await expect(inviteAccount).toBeHidden();
  const pending = adminPage.getByTestId('my-org-invitations');
  await expect(pending).toContainText(leaver.username);
  await shot(adminPage, 'my-org-invitations');
  // The leaver's header announces it (a dot on the avatar, 组织邀请 in the menu), which leads to the personal centre.
  await leaverPage.goto('/component');
  await expect(leaverPage.getByTestId('auth-user-invited')).toBeVisible();
  await openFromUserMenu(leaverPage, 'org-invitations-link', /\/user$/);
  const invitation = leaverPage.locator('[data-testid^="my-invitation-"]').filter({ hasText: orgName }).first();
  await expect(invitation).toContainText('邀请您加入');
  await shot(leaverPage, 'my-invitation');
  const invitationId = (await invitation.getAttribute('data-testid'))!.replace('my-invitation-', '');
  await leaverPage.getByTestId(`my-invitation-accept-${invitationId}`).click();
  await expect(leaverPage.locator('.ant-message-notice').getByText(`已加入 ${orgName}`)).toBeVisible();
  await expect(leaverPage.getByTestId('my-invitations')).toHaveCount(0);
  await expect(leaverPage.getByTestId('mode-switch')).toBeVisible();
  await adminPage.reload();
  await expect(members.getByTestId(`my-org-member-${leaver.userId}`)).toBeVisible();
  await expect(adminPage.getByTestId('my-org-invitations')).toHaveCount(0);

  // The administrator takes the member's right to publish: the enterprise library no longer offers 发布 to them; given
  // back, it does again.
  const enterpriseLibrary = `/part/brand-detail/${orgId}?type=1`;
  await leaverPage.goto(enterpriseLibrary);
  await expect(leaverPage.getByTestId('enterprise-library')).toBeVisible();
  await expect(leaverPage.getByTestId('enterprise-publish')).toBeVisible();
  await members.getByTestId(`my-org-member-publish-${leaver.userId}`).click();
  await expect(adminPage.locator('.ant-message-notice').getByText(`${leaver.username} 不能再向企业库发布条目`)).toBeVisible();
  await expect(members.getByTestId(`my-org-member-publish-${leaver.userId}`)).not.toBeChecked();
  await leaverPage.reload();
  await expect(leaverPage.getByTestId('enterprise-library')).toBeVisible();
  await expect(leaverPage.getByTestId('enterprise-publish')).toHaveCount(0);
  await expect(leaverPage.getByTestId('enterprise-cannot-publish')).toContainText('组织管理员');
  await shot(leaverPage, 'enterprise-library-without-publishing');
  await members.getByTestId(`my-org-member-publish-${leaver.userId}`).click();
  await expect(members.getByTestId(`my-org-member-publish-${leaver.userId}`)).toBeChecked();
  await leaverPage.reload();
  await expect(leaverPage.getByTestId('enterprise-publish')).toBeVisible();
  await expect(leaverPage.getByTestId('enterprise-cannot-publish')).toHaveCount(0);

  // In English.
  await adminPage.getByTestId('language-switch').click();
  await expect(adminPage.locator('html')).toHaveAttribute('lang', /^en/);
  await expect(adminPage.getByTestId('my-nav-org-members')).toHaveText('Organisation members');
  await expect(members).toContainText('Administrator');
  await shot(adminPage, 'my-org-members-english');
  for (const width of [1280, 500]) {
    await adminPage.setViewportSize({ width, height: 900 });
    await expect(members.getByTestId(`my-org-member-admin-${colleague.userId}`)).toBeVisible();
    await shot(adminPage, `my-org-members-english-${width}`);
  }
  await adminContext.close();
  await leaverContext.close();
});
