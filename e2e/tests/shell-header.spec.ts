import { test, expect, type Page } from '@playwright/test';

// Header entries: the platform picker and its cookie, the private/open mode toggle with its navigation,
// the language switch, and the open-platform block for blocked users.

async function blockLibraryRemotes(page: Page) {
  await page.route(/\/mfe\/(part|component|mat)\//, (route) => route.abort('connectionrefused'));
}

/** A signed-in user handed over in the query (route guard 2), with the permission-info call answered. */
async function signInAs(page: Page, user: Record<string, unknown>) {
  await page.route('**/to/api/base/system/auth/get-permission-info**', (route) =>
    route.fulfill({ json: { code: 0, msg: '', data: { user, permissions: [], roles: ['user'], menus: [] } } }),
  );
  // A signed-in header asks for the unread feedback replies (the user-menu badge); the stubbed token would
  // answer 401 there and end the session.
  await page.route('**/operation/behavior/message/my-unread-count**', (route) => route.fulfill({ json: { code: 0, msg: '', data: 0 } }));
}

test('the platform picker opens on hover, lists the platforms by type and remembers the choice', async ({ page, context }) => {
  await page.goto('/component');
  await page.getByTestId('open-platform-entry').hover();
  const picker = page.getByTestId('platform-picker');
  await expect(picker).toBeVisible();
  await expect(picker).toContainText('注：勾选后，下次登录默认进入该平台');
  await expect(picker.locator('[data-testid^=platform-option-]')).toHaveCount(2);
  await expect(picker.getByTestId('platform-option-part')).toContainText('零部件平台');
  await expect(picker.getByTestId('platform-option-component')).toContainText('元器件平台');
  const popover = page.locator('.ant-popover').filter({ has: picker });
  // The popover zooms in: measure once the animation has settled.
  await expect.poll(async () => Math.round((await popover.boundingBox())?.width ?? 0)).toBe(120);
  const box = await popover.boundingBox();
  // bottom-end: below the entry, right edges aligned.
  const entry = (await page.getByTestId('open-platform-entry').boundingBox())!;
  expect(box!.y).toBeGreaterThan(entry.y + entry.height - 1);

  await picker.getByTestId('platform-option-component').click();
  const cookie = (await context.cookies()).find((c) => c.name === 'portal_sel_platform');
  expect(cookie?.value).toBe('component');

  await page.goto('/mat');
  await page.getByTestId('open-platform-entry').hover();
  const matPicker = page.getByTestId('platform-picker');
  await expect(matPicker.locator('[data-testid^=platform-option-]')).toHaveCount(3);
  await expect(matPicker.getByTestId('platform-option-mat')).toContainText('材料库平台');
  await expect(matPicker.getByTestId('platform-option-management')).toHaveCount(0);
  await expect(matPicker.locator('.ant-radio-wrapper-checked')).toHaveText('元器件平台');
});

test('a blocked user is refused the open platform and sent home', async ({ page }) => {
  await signInAs(page, { id: 5, nickname: 'blocked', orgId: 1, orgEnable: true });
  await page.goto('/download?token=blocked-token');
  await expect(page).toHaveURL(/\/download$/);
  await page.getByTestId('open-platform-entry').click();
  await expect(page.locator('.ant-message-notice')).toContainText('暂无权限，请联系管理员');
  await expect(page).toHaveURL(/\/$/);
});

test('the mode toggle: open → private goes to the brand page, private → open goes to /part', async ({ page }) => {
  await blockLibraryRemotes(page);
  await signInAs(page, { id: 9, nickname: 'org user', orgId: 12, orgEnable: true, businessScope: [1] });
  await page.goto('/part/search3D?token=org-token');
  const toggle = page.getByTestId('mode-switch');
  await expect(toggle).toBeVisible();
  await expect(page.getByTestId('toolbar-catalogue')).toBeVisible();

  await toggle.getByText('企业库').click();
  await expect(page).toHaveURL(/\/part\/brand-detail\/12\?type=1$/);
  expect(await page.evaluate(() => sessionStorage.getItem('mode'))).toBe('private');
  // Private mode hides the catalogue and brand tabs.
  await expect(page.getByTestId('toolbar-catalogue')).toHaveCount(0);
  await expect(page.getByTestId('toolbar-brand')).toHaveCount(0);

  // Route guard 5: /part in private mode goes to the organisation's brand page.
  await page.getByTestId('nav-part').click();
  await expect(page).toHaveURL(/\/part\/brand-detail\/12\?type=1$/);

  await toggle.getByText('公共库').click();
  await expect(page).toHaveURL(/\/part$/);
  expect(await page.evaluate(() => sessionStorage.getItem('mode'))).toBe('open');
  await expect(page.getByTestId('toolbar-catalogue')).toBeVisible();
});

test('users without an organisation get no mode toggle', async ({ page }) => {
  await signInAs(page, { id: 3, nickname: 'someone', orgId: 0 });
  await page.goto('/part?token=plain-token');
  await expect(page.getByTestId('portal-header')).toBeVisible();
  await expect(page).toHaveURL(/\/part$/);
  await expect(page.getByTestId('mode-switch')).toHaveCount(0);
});

test('the language switch turns the header into English and back', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('language-switch').click();
  await expect(page.getByTestId('nav-download')).toHaveText('Plugins');
  await page.getByTestId('language-switch').click();
  await expect(page.getByTestId('nav-download')).toHaveText('插件下载');
});
