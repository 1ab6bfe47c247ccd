import { test, expect, type Page } from '@playwright/test';

// Issue 12, what a first-time user hits in the first minutes: no raw technical text reaches users (WeChat
// switched off, a remote that is down, the contact block of a site without contact data). The plugin
// session journeys of the same issue are in shell-plugin.spec.ts, the coming-soon pages in
// library-coming-soon.spec.ts.

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('WeChat switched off: the tab says so in plain words and offers the account tab', async ({ page }) => {
  await page.route('**/to/api/base/system/auth/social-config**', (route) => route.fulfill({ json: { code: 501, msg: '功能未实现/未开启', data: null } }));
  await page.goto('/');
  await page.getByTestId('login-button').click();
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.getByRole('tab', { name: '微信登录' }).click();
  const notice = page.getByTestId('wechat-off');
  await expect(notice).toContainText('本站暂未开通微信扫码登录');
  await expect(page.getByTestId('login-form')).not.toContainText('功能未实现');
  await shot(page, 'wechat-off-1440');
  await page.getByTestId('wechat-use-account').click();
  await expect(page.getByTestId('login-username')).toBeVisible();
});

test('a remote that is down shows plain words and a retry, no federation runtime text', async ({ page }) => {
  let reachable = false;
  await page.route('**/mfe/mat/**', (route) => (reachable ? route.continue() : route.abort('connectionrefused')));
  await page.goto('/mat');
  const fallback = page.getByTestId('remote-fallback');
  await expect(fallback).toContainText('这部分内容暂时无法加载');
  await expect(fallback).not.toContainText('Federation');
  await expect(fallback).not.toContainText('RUNTIME');
  await expect(fallback).not.toContainText('mf-manifest');
  await shot(page, 'remote-fallback-1440');
  await page.setViewportSize({ width: 500, height: 800 });
  await shot(page, 'remote-fallback-500');
  reachable = true;
  await page.getByTestId('remote-retry').click();
  await expect(page.getByTestId('library-home-mat')).toBeVisible();
});

test('the contact block of a site without contact data shows no 未配置: hours and a pointer to feedback', async ({ page }) => {
  await page.route('**/portal-config.json', (route) => route.fulfill({ json: {} }));
  await page.goto('/about');
  const block = page.getByTestId('contact-block');
  await expect(block).toContainText('周一至周五 8:30-18:00');
  await expect(block).not.toContainText('未配置');
  for (const item of ['hotline', 'email', 'address']) await expect(block.getByTestId(`contact-${item}`)).toHaveCount(0);
  await expect(block.getByTestId('contact-qr')).toHaveCount(0);
  await expect(block.getByTestId('contact-feedback-hint')).toContainText('反馈');
  await shot(page, 'contact-empty-1440');
});
