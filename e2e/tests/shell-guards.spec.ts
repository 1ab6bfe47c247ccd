import { test, expect, type Page } from '@playwright/test';

// Route guards 1-7 of spec §2, the tenant id of §6, and the common error handler's dialog.

async function cookie(page: Page, name: string) {
  return (await page.context().cookies()).find((c) => c.name === name);
}

/** A signed-in header asks for the unread feedback replies (the user-menu badge); a stub token would answer 401 there. */
async function answerUnreadReplies(page: Page) {
  await page.route('**/operation/behavior/message/my-unread-count**', (route) => route.fulfill({ json: { code: 0, msg: '', data: 0 } }));
}

test('guard 1: from goes into its cookie and out of the URL', async ({ page }) => {
  const configCall = page.waitForRequest((r) => r.url().includes('/to/api/base/system/dict-data/list-all-simple'));
  await page.goto('/download?from=partner-site&keep=1');
  await expect(page).toHaveURL(/\/download\?keep=1$/);
  await configCall;
  await expect.poll(async () => (await cookie(page, 'from'))?.value).toBe('partner-site');
  const stored = (await cookie(page, 'from'))!;
  // Lifetime: the configured from_expire_time minutes, or one day; never a session cookie.
  expect(stored.expires).toBeGreaterThan(Date.now() / 1000 + 60);
  expect(stored.expires).toBeLessThan(Date.now() / 1000 + 366 * 86400);
});

test('guard 2: a token in the query is stored, the user loaded, and the token removed', async ({ page }) => {
  let permissionCalls = 0;
  await answerUnreadReplies(page);
  await page.route('**/to/api/base/system/auth/get-permission-info**', (route) => {
    permissionCalls += 1;
    return route.fulfill({ json: { code: 0, msg: '', data: { user: { id: 1, nickname: '张工', orgId: 0 }, permissions: [], roles: [], menus: [] } } });
  });
  await page.goto('/about?token=T-123&refreshToken=R-456&tab=x');
  await expect(page).toHaveURL(/\/about\?tab=x$/);
  expect((await cookie(page, 'ACCESS_TOKEN'))?.value).toBe('T-123');
  expect((await cookie(page, 'REFRESH_TOKEN'))?.value).toBe('R-456');
  await expect.poll(() => permissionCalls).toBeGreaterThan(0);
});

test('guard 3: code and state show 正在登录... and post wechatAuth to the parent window', async ({ page }) => {
  await page.goto('/about');
  const message = page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        window.addEventListener('message', (event) => resolve(event.data), { once: true });
        const frame = document.createElement('iframe');
        frame.src = '/?code=CODE1&state=STATE1&redirect=%2Fuser&scan_type=band';
        frame.style.width = '600px';
        frame.style.height = '400px';
        document.body.appendChild(frame);
      }),
  );
  expect(await message).toEqual({ action: 'wechatAuth', code: 'CODE1', state: 'STATE1', redirect: '/user', scan_type: 'band' });
  const frame = page.frameLocator('iframe');
  await expect(frame.getByTestId('login-mask')).toContainText('正在登录...');
});

test('_companyId becomes the Org-Id cookie (30 days) and the tenant-id header', async ({ page }) => {
  const treeRequest = page.waitForRequest((r) => r.url().includes('/to/api/public/part/category/tree'));
  await page.goto('/part?_companyId=4242');
  expect((await treeRequest).headers()['tenant-id']).toBe('4242');
  const orgId = await cookie(page, 'Org-Id');
  expect(orgId?.value).toBe('4242');
  expect(orgId!.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 86400);
});

test('guard 5: /part in private mode goes to the organisation brand page', async ({ page }) => {
  await page.route(/\/mfe\/part\//, (route) => route.abort('connectionrefused'));
  await answerUnreadReplies(page);
  await page.route('**/to/api/base/system/auth/get-permission-info**', (route) =>
    route.fulfill({ json: { code: 0, msg: '', data: { user: { id: 2, orgId: 31, orgEnable: true }, permissions: [], roles: [], menus: [] } } }),
  );
  await page.goto('/download?token=T-private');
  await page.evaluate(() => sessionStorage.setItem('mode', 'private'));
  await page.getByTestId('nav-part').click();
  await expect(page).toHaveURL(/\/part\/brand-detail\/31\?type=1$/);
});

test('guard 6: a failed shell chunk reloads the page once, then the error shows instead of a loop', async ({ page, browser }) => {
  // Learn which chunks the brand-entry page needs, in a separate context with a cold cache.
  const probe = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const probePage = await probe.newPage();
  await probePage.goto('/');
  await expect(probePage.getByTestId('home-page')).toBeVisible();
  await probePage.waitForLoadState('networkidle');
  const chunks: string[] = [];
  probePage.on('request', (r) => {
    const url = new URL(r.url());
    if (/^\/[^/]+\.chunk\.js$/.test(url.pathname)) chunks.push(url.pathname);
  });
  await probePage.getByTestId('nav-brand-entry').click();
  await expect(probePage.getByTestId('brand-entry-page')).toBeVisible();
  await probe.close();
  expect(chunks.length).toBeGreaterThan(0);

  let documentLoads = 0;
  page.on('load', () => (documentLoads += 1));
  // The common handler logs a router error only once it has declined the reload (the guard cookie is
  // taken): the test waits for that decision rather than for a while in which no reload comes.
  let reloadsDeclined = 0;
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith('[shell] router error:')) reloadsDeclined += 1;
  });
  await page.route(
    (url) => chunks.includes(url.pathname),
    (route) => route.abort('connectionrefused'),
  );
  await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.getByTestId('nav-brand-entry').click();
  await expect.poll(() => documentLoads).toBe(2);
  await expect(page).toHaveURL(/\/brand-entry$/);
  expect(await cookie(page, 'portal_reload_guard')).toBeTruthy();
  await expect(page.getByTestId('route-error')).toBeVisible();
  await expect.poll(() => reloadsDeclined).toBeGreaterThan(0);
  expect(documentLoads).toBe(2);
});

test('guard 6 leaves a broken remote to its fallback', async ({ page }) => {
  let documentLoads = 0;
  page.on('load', () => (documentLoads += 1));
  const shellLog: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('[shell]')) shellLog.push(message.text());
  });
  let refused = 0;
  await page.route(/\/mfe\/component\//, (route) => {
    refused += 1;
    return route.abort('connectionrefused');
  });
  await page.goto('/component');
  await expect(page.getByTestId('remote-fallback')).toBeVisible();
  // A reload could only come from the failure the loader caught and reported, and an unhandled rejection
  // of it would fire before the fallback renders. The test waits for the loader's report and for the
  // warning the fallback logs once it is on screen, so what follows is checked after the shell decided,
  // not after a pause in which nothing may have happened yet.
  await expect.poll(() => shellLog.some((text) => /^\[shell\] \S+ failed to load/.test(text))).toBe(true);
  await expect.poll(() => shellLog.some((text) => text.startsWith('[shell] a module could not be loaded'))).toBe(true);
  expect(refused).toBeGreaterThan(0);
  expect(documentLoads).toBe(1);
  expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type)).toBe('navigate');
  expect(await cookie(page, 'portal_reload_guard')).toBeUndefined();
});

test('guard 7: an unhandled rejection reaches the error dialog with the contact block', async ({ page }) => {
  // The front-end log queue is sent (and emptied) a second after the error: on a loaded machine that can
  // happen before the checks below read it, so what was sent counts too.
  const sentLog: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/tool/api/front/log') {
      sentLog.push(...(JSON.parse(JSON.parse(request.postData() ?? '{}').data ?? '[]') as unknown[]));
    }
  });
  await page.goto('/download');
  await expect(page.getByTestId('download-page')).toBeVisible();
  await page.evaluate(() => {
    void Promise.reject(new Error('boom from a page script'));
  });
  const dialog = page.getByTestId('error-dialog');
  await expect(dialog).toContainText('boom from a page script');
  await expect(dialog.getByTestId('contact-block')).toContainText('周一至周五 8:30-18:00');
  const width = await page
    .locator('.ant-modal')
    .filter({ has: dialog })
    .evaluate((node) => node.getBoundingClientRect().width);
  expect(width).toBeLessThanOrEqual(580);
  const queue: unknown[] = await page.evaluate(() => JSON.parse(localStorage.getItem('portal_front_log') ?? '[]'));
  expect([...sentLog, ...queue].at(-1)).toMatchObject({ message: 'boom from a page script', source: 'rejection' });
});
