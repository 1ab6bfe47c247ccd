import { test, expect, type Page, type Request } from '@playwright/test';

// Plugin mode at 500 px in both themes, with the channel header the API calls carry.

test.use({ viewport: { width: 500, height: 800 } });

function categoryTreeRequest(page: Page, library: string): Promise<Request> {
  return page.waitForRequest((request) => request.url().includes(`/to/api/public/${library}/category/tree`));
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test('EDA plugin, dark theme: compact header, 500 px minimum, KiCad symbol channel 207 on API calls', async ({ page }) => {
  const treeRequest = categoryTreeRequest(page, 'component');
  await page.goto('/component?swType=EDA&theme=dark&softwareName=Kicad&fileType=symbol');
  expect((await treeRequest).headers()['channel']).toBe('207');
  await expect(page.locator('html')).toHaveAttribute('data-plugin', 'dark');
  await expect(page.getByTestId('library-home-component')).toBeVisible();
  await expect(page.getByTestId('portal-nav')).toHaveCount(0);
  await expect(page.getByTestId('portal-footer')).toHaveCount(0);
  const layoutWidth = await page.getByTestId('portal-layout').evaluate((node) => getComputedStyle(node).minWidth);
  expect(layoutWidth).toBe('500px');
  const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('pluginState') ?? 'null'));
  expect(stored).toMatchObject({ softwareType: 'EDA', softwareName: 'Kicad', fileType: 'symbol' });
  expect(await page.evaluate(() => sessionStorage.getItem('channel'))).toBe('207');
  // The library application is dark too, not only the shell's header (and fits 500 px: no clipping).
  const panel = page.locator('.lib-tree-panel');
  expect(await panel.evaluate((node) => getComputedStyle(node).backgroundColor)).not.toBe('rgb(255, 255, 255)');
  const box = await panel.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(500);
  await shot(page, 'plugin-dark');
});

test('CAD plugin, light theme: SolidWorks channel 105, the query channel overrides', async ({ page }) => {
  let treeRequest = categoryTreeRequest(page, 'part');
  await page.goto('/part?swType=CAD&theme=light&softwareName=SolidWorks');
  expect((await treeRequest).headers()['channel']).toBe('105');
  await expect(page.locator('html')).toHaveAttribute('data-plugin', 'light');
  await expect(page.getByTestId('library-home-part')).toBeVisible();
  await shot(page, 'plugin-light');

  treeRequest = categoryTreeRequest(page, 'part');
  await page.goto('/part?swType=CAD&softwareName=SolidWorks&channel=108');
  expect((await treeRequest).headers()['channel']).toBe('108');
});

test('Cadence resolves through the file type; a /plugin path reuses the stored values', async ({ page }) => {
  const treeRequest = categoryTreeRequest(page, 'component');
  await page.goto('/component?swType=EDA&theme=dark&softwareName=Cadence&fileType=footprint');
  expect((await treeRequest).headers()['channel']).toBe('206');
  await page.goto('/plugin/wechatregister');
  await expect(page.getByTestId('simple-layout')).toHaveClass(/is-plugin/);
  await expect(page.locator('html')).toHaveAttribute('data-plugin', 'dark');
  expect(await page.evaluate(() => sessionStorage.getItem('channel'))).toBe('206');
});

test('an unknown swType does not start plugin mode and the channel stays the portal', async ({ page }) => {
  const treeRequest = categoryTreeRequest(page, 'part');
  await page.goto('/part?swType=BIM&theme=dark&softwareName=SolidWorks');
  expect((await treeRequest).headers()['channel']).toBe('960');
  await expect(page.locator('html')).toHaveAttribute('data-plugin', '');
  await expect(page.getByTestId('portal-nav')).toBeVisible();
});

// Issue 12: the plugin session survives every navigation; plugin users sign in on /plugin/login.

test('the EDA plugin dark theme survives a search, a reload and a move to another library', async ({ page }) => {
  await page.goto('/component?swType=EDA&theme=dark&softwareName=Kicad');
  await expect(page.locator('html')).toHaveAttribute('data-plugin', 'dark');
  await expect(page.getByTestId('library-home-component')).toBeVisible();
  const channel = await page.evaluate(() => sessionStorage.getItem('channel'));

  const searchRequest = page.waitForRequest((request) => request.url().includes('/to/api/public/component/search'));
  await page.getByTestId('keyword-input').fill('AMS1117');
  await page.getByTestId('keyword-input').press('Enter');
  await expect(page).toHaveURL(/\/component\/search\?keyWords=AMS1117$/);
  await expect(page.getByTestId('component-search')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-plugin', 'dark');
  expect((await searchRequest).headers()['channel']).toBe(channel);
  await expect(page.getByTestId('portal-nav')).toHaveCount(0);
  await shot(page, 'plugin-dark-search-500');

  await page.reload();
  await expect(page.getByTestId('component-search')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-plugin', 'dark');
  expect(await page.evaluate(() => sessionStorage.getItem('channel'))).toBe(channel);

  await page.goto('/part');
  await expect(page.getByTestId('library-home-part')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-plugin', 'dark');
});

test('/plugin/login is the sign-in page in plugin mode; it leads to /plugin/register', async ({ page }) => {
  await page.goto('/component?swType=CAD&theme=dark&softwareName=SolidWorks');
  await expect(page.locator('html')).toHaveAttribute('data-plugin', 'dark');
  await page.goto('/plugin/login');
  await expect(page.getByTestId('simple-layout')).toHaveClass(/is-plugin/);
  await expect(page.getByTestId('simple-title')).toHaveText('登录中心');
  const login = page.getByTestId('login-page');
  await expect(login).toBeVisible();
  await expect(login).toHaveAttribute('data-plugin', 'true');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-plugin', 'dark');
  const box = await login.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(500);
  await shot(page, 'plugin-login-500');
  await page.getByTestId('to-register').click();
  await expect(page).toHaveURL(/\/plugin\/register$/);
  await expect(page.getByTestId('register-page')).toBeVisible();
  await expect(page.getByTestId('simple-title')).toHaveText('注册中心');
});

test('/plugin/login opened directly by a plugin without a session is a light plugin page', async ({ page }) => {
  await page.goto('/plugin/login');
  await expect(page.getByTestId('login-page')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-plugin', 'light');
});
