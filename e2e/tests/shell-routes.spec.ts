import { test, expect, type Page } from '@playwright/test';

// The shell's route table, layouts, nav highlight, toolbar by type with its highlight, keep-alive and the
// tab-list cap. Library remotes are blocked where a test is about the shell's own header on library
// sub-pages that the remotes do not have yet (they would send those to /404 themselves).

async function blockLibraryRemotes(page: Page) {
  await page.route(/\/mfe\/(part|component|mat)\//, (route) => route.abort('connectionrefused'));
}

/**
 * Navigates inside the single-page app and waits until the portal layout committed the new route:
 * a navigation is a transition, and one started before the previous one committed replaces it (its
 * page would never open a tab).
 */
async function clientNavigate(page: Page, url: string) {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  const pathname = new URL(url, 'http://portal.test').pathname;
  await expect(page.locator('main.portal-main')).toHaveAttribute('data-route', pathname);
}

const navCases = [
  ['/', 'home'],
  ['/home', 'home'],
  ['/download', 'download'],
  ['/about', 'about'],
  ['/brand-entry', 'brand-entry'],
  ['/part', 'part'],
  ['/component', 'component'],
] as const;

for (const [path, key] of navCases) {
  test(`${path} renders in the portal layout with nav item "${key}" highlighted`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByTestId('portal-layout')).toBeVisible();
    const selected = page.locator('[data-testid=portal-nav] .ant-menu-item-selected');
    await expect(selected).toHaveCount(1);
    await expect(selected.getByTestId(`nav-${key}`)).toBeVisible();
    await expect(page.locator('.feedback-float .ant-float-btn').first()).toBeVisible();
    await expect(page.getByTestId('portal-footer')).toBeVisible();
  });
}

test('materials highlight no nav item and home shows the section tab list', async ({ page }) => {
  await page.goto('/mat');
  await expect(page.getByTestId('library-title')).toHaveText('材料库');
  await expect(page.locator('[data-testid=portal-nav] .ant-menu-item-selected')).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByTestId('home-section-tabs')).toBeVisible();
  await expect(page.getByTestId('home-section-tabs').getByText('资源库')).toBeVisible();
  await page.goto('/download');
  await expect(page.getByTestId('home-section-tabs')).toHaveCount(0);
});

test('the info pages have real content', async ({ page }) => {
  await page.goto('/download');
  for (const kind of ['cad', 'eda', 'cae', 'cam']) await expect(page.getByTestId(`download-${kind}`)).toBeVisible();
  await expect(page.getByText('KiCad 库文件')).toBeVisible();
  await page.goto('/about');
  await expect(page.getByTestId('contact-block')).toContainText('周一至周五 8:30-18:00');
  await page.goto('/brand-entry');
  await expect(page.getByTestId('brand-entry-form')).toBeVisible();
});

for (const [path, title] of [
  ['/login', '登录中心'],
  ['/register', '注册中心'],
  ['/sso', '第三方授权'],
  ['/plugin/login', '登录中心'],
  ['/plugin/register', '注册中心'],
] as const) {
  test(`${path} uses the simple layout titled ${title} with a back-home button`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByTestId('simple-layout')).toBeVisible();
    await expect(page.getByTestId('simple-title')).toHaveText(title);
    await page.getByTestId('back-home').click();
    await expect(page).toHaveURL(/\/$/);
  });
}

test('the messaging registration routes, /user and /personalCenter/myInfo render mfe-auth pages or its fallback', async ({ page }) => {
  for (const [path, layout] of [
    ['/wechatregister', 'simple-layout'],
    ['/plugin/wechatregister', 'simple-layout'],
    ['/user', 'portal-layout'],
    ['/personalCenter/myInfo', 'portal-layout'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(layout)).toBeVisible();
    await expect(page.locator('[data-remote-page]')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
  }
});

test('a page mfe-auth does not expose yet shows the fallback with retry', async ({ page }) => {
  await page.route(/\/mfe\/auth\//, (route) => route.abort('connectionrefused'));
  await page.goto('/sso');
  await expect(page.getByTestId('simple-title')).toHaveText('第三方授权');
  await expect(page.getByTestId('remote-fallback')).toBeVisible();
  await expect(page.getByTestId('remote-retry')).toBeVisible();
});

test('error routes: /403 and /{code} with message and code, unknown paths to /404', async ({ page }) => {
  await page.goto('/403?message=%E7%A6%81%E6%AD%A2&code=100403');
  await expect(page.getByTestId('error-page-403')).toContainText('禁止');
  await expect(page.getByTestId('error-page-403')).toContainText('100403');
  await page.goto('/502?message=gateway%20down');
  await expect(page.getByTestId('error-page-502')).toContainText('gateway down');
  await page.goto('/not-a-route');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByTestId('simple-title')).toHaveCount(0);
});

test('/vendor/jckey has its own layout with the logo and no title', async ({ page }) => {
  await page.goto('/vendor/jckey');
  await expect(page.getByTestId('vendor-layout')).toBeVisible();
  await expect(page.getByTestId('vendor-layout').getByTestId('logo')).toBeVisible();
  await expect(page.getByTestId('simple-title')).toHaveCount(0);
  await expect(page.getByTestId('portal-nav')).toHaveCount(0);
  await expect(page.getByTestId('vendor-page')).toBeVisible();
});

const toolbarCases = [
  ['/part', ['catalogue', 'brand', 'paramCompare', 'search3D', 'compare', 'recommend'], 'catalogue'],
  ['/part/search', ['catalogue', 'brand', 'paramCompare', 'search3D', 'compare', 'recommend'], 'catalogue'],
  ['/part/brand-page', ['catalogue', 'brand', 'paramCompare', 'search3D', 'compare', 'recommend'], 'brand'],
  ['/part/search3D', ['catalogue', 'brand', 'paramCompare', 'search3D', 'compare', 'recommend'], 'search3D'],
  ['/part/search2D', ['catalogue', 'brand', 'paramCompare', 'search3D', 'compare', 'recommend'], 'search3D'],
  ['/component/recommend', ['catalogue', 'brand', 'paramCompare', 'compare', 'recommend'], 'recommend'],
  ['/mat', ['catalogue', 'paramCompare', 'matCompare', 'matRecommend'], 'catalogue'],
  ['/mat/mat-compare', ['catalogue', 'paramCompare', 'matCompare', 'matRecommend'], 'matCompare'],
] as const;

for (const [path, items, active] of toolbarCases) {
  test(`toolbar on ${path}: ${items.length} items, "${active}" highlighted`, async ({ page }) => {
    await blockLibraryRemotes(page);
    await page.goto(path);
    const toolbar = page.getByTestId('library-toolbar');
    await expect(toolbar).toBeVisible();
    const links = toolbar.locator('[data-testid^=toolbar-]');
    await expect(links).toHaveCount(items.length);
    for (const item of items) await expect(toolbar.getByTestId(`toolbar-${item}`)).toBeVisible();
    await expect(toolbar.locator('.ant-menu-item-selected').getByTestId(`toolbar-${active}`)).toBeVisible();
  });
}

test('home has no toolbar; the header type follows the path into session storage', async ({ page }) => {
  await blockLibraryRemotes(page);
  await page.goto('/');
  await expect(page.getByTestId('library-toolbar')).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('headType'))).toBe('3');
  for (const [path, headType] of [
    ['/part', '1'],
    ['/component', '2'],
    ['/mat', '4'],
  ] as const) {
    await clientNavigate(page, path);
    await expect(page.getByTestId('portal-header')).toHaveAttribute('data-header-type', path.slice(1));
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('headType'))).toBe(headType);
  }
});

test('the logo leads to the current library, else home', async ({ page }) => {
  await page.goto('/component');
  await expect(page.getByTestId('portal-header').getByTestId('logo')).toHaveAttribute('href', '/component');
  await page.goto('/download');
  await expect(page.getByTestId('portal-header').getByTestId('logo')).toHaveAttribute('href', '/');
});

test('cached pages keep their state; the tab list is capped at 10 dropping the oldest after home', async ({ page }) => {
  await blockLibraryRemotes(page);
  await page.goto('/');
  // The home tab opens when the shell has rendered "/" (it may still be loading its chunks at `load`).
  await expect(page.locator('main.portal-main')).toHaveAttribute('data-route', '/');
  await clientNavigate(page, '/brand-entry');
  await page.getByTestId('brand-company').fill('上海示例电子有限公司');
  await clientNavigate(page, '/download');
  await expect(page.getByTestId('download-page')).toBeVisible();
  await clientNavigate(page, '/brand-entry');
  await expect(page.getByTestId('brand-company')).toHaveValue('上海示例电子有限公司');

  // Tabs now: /, /brand-entry, /download. Eight more distinct pages make 11: /brand-entry goes.
  for (const path of ['/about', '/home', '/part', '/component', '/mat', '/part/brand-page', '/part/search3D', '/component/compare']) {
    await clientNavigate(page, path);
    await expect(page.getByTestId('portal-header')).toBeVisible();
  }
  await expect(page.locator('[data-keepalive="/"]')).toHaveCount(1);
  await expect(page.locator('[data-keepalive="/brand-entry"]')).toHaveCount(0);
  await expect(page.locator('[data-keepalive="/download"]')).toHaveCount(1);
  await clientNavigate(page, '/brand-entry');
  await expect(page.getByTestId('brand-company')).toHaveValue('');
});

test('screen types follow the window width (throttled) and the header is 50 px on small screens', async ({ page }) => {
  await page.goto('/download');
  await expect(page.locator('html')).toHaveAttribute('data-screen', 'large');
  expect((await page.getByTestId('portal-header').boundingBox())!.height).toBe(60);
  await page.setViewportSize({ width: 1200, height: 900 });
  await expect(page.locator('html')).toHaveAttribute('data-screen', 'middle');
  await page.setViewportSize({ width: 900, height: 900 });
  await expect(page.locator('html')).toHaveAttribute('data-screen', 'small');
  expect((await page.getByTestId('portal-header').boundingBox())!.height).toBe(50);
  // No minimum page width outside plugin mode (issue 12, docs/shell.md): below 1280 px the page follows
  // the window instead of scrolling sideways (e2e/tests/window-widths.spec.ts covers the library pages).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(900);
});
