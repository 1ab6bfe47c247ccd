import { test, expect, type Page } from '@playwright/test';
import { PNG_1X1, createAdministrator, signInAs, uniqueSuffix } from './support/accounts';

// Footer by host suffix from the deploy-time portal-config.json, blank in private deployment; the
// brand-entry application against the real backend.

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Host names ending in .com and .cn that reach the test server.
  '--host-resolver-rules=MAP portal.example.com 127.0.0.1, MAP portal.example.cn 127.0.0.1',
];

test.use({ launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs } });

async function serveConfig(page: Page, config: Record<string, unknown>) {
  await page.route('**/portal-config.json', (route) => route.fulfill({ json: config }));
}

function onHost(host: string, path = '/'): string {
  const base = new URL(test.info().project.use.baseURL!);
  return `http://${host}:${base.port}${path}`;
}

const filing = { com: '京ICP备00000001号', cn: '京ICP备00000002号' };

test('.com hosts show the .com filing number, .cn hosts the .cn one, others none', async ({ page }) => {
  await serveConfig(page, { filing });
  await page.goto(onHost('portal.example.com'));
  await expect(page.getByTestId('filing-number')).toHaveText(filing.com);
  await page.goto(onHost('portal.example.cn'));
  await expect(page.getByTestId('filing-number')).toHaveText(filing.cn);
  await page.goto('/');
  await expect(page.getByTestId('portal-footer')).toContainText('版权所有');
  await expect(page.getByTestId('filing-number')).toHaveCount(0);
});

test('the footer is blank in private deployment and the company name replaces the portal name', async ({ page }) => {
  await serveConfig(page, { filing, company: { privateDeploy: true, companyName: '示例重工' } });
  await page.goto(onHost('portal.example.com'));
  await expect(page.getByTestId('portal-footer')).toBeAttached();
  await expect(page.getByTestId('portal-footer')).toHaveText('');
  await expect(page.getByTestId('portal-header').getByTestId('logo')).toContainText('示例重工');
});

test('the contact block shows the configured hotline, e-mail and address', async ({ page }) => {
  await serveConfig(page, { contact: { hotline: '400-000-0000', email: 'service@example.com', address: '上海市示例路 1 号' } });
  await page.goto('/about');
  const block = page.getByTestId('contact-block');
  await expect(block).toContainText('400-000-0000');
  await expect(block.getByRole('link', { name: 'service@example.com' })).toHaveAttribute('href', 'mailto:service@example.com');
  await expect(block).toContainText('上海市示例路 1 号');
  await expect(block).toContainText('周一至周五 8:30-18:00');
  await expect(block.getByTestId('contact-feedback-hint')).toHaveCount(0);
});

test('the contact block hides what the deployment did not configure', async ({ page }) => {
  await serveConfig(page, { contact: { email: 'service@example.com' } });
  await page.goto('/about');
  const block = page.getByTestId('contact-block');
  await expect(block.getByTestId('contact-email')).toHaveText('service@example.com');
  await expect(block.getByTestId('contact-hotline')).toHaveCount(0);
  await expect(block.getByTestId('contact-address')).toHaveCount(0);
  await expect(block).not.toContainText('未配置');
});

test('a brand-entry application is validated, needs an account, is approved by an operator, and the applicant sees it', async ({ page, request }, info) => {
  await page.goto('/brand-entry');
  await expect(page.getByTestId('brand-status-signed-out')).toBeVisible();
  await page.getByTestId('brand-submit').click();
  await expect(page.getByText('请输入企业名称')).toBeVisible();
  await expect(page.getByText('请上传营业执照')).toBeVisible();

  const brand = `示例芯${uniqueSuffix()}`;
  async function fill() {
    await page.getByTestId('brand-company').fill('上海示例电子有限公司');
    await page.getByTestId('brand-name').fill(brand);
    await page.getByTestId('brand-contact').fill('王经理');
    await page.getByTestId('brand-mobile').fill('13800138000');
    await page.getByTestId('brand-email').fill('bd@example.com');
    await page.locator('.brand-categories').click();
    await page.keyboard.type('电阻');
    await page
      .locator('.ant-select-tree-title')
      .filter({ hasText: /^电阻$/ })
      .first()
      .click();
    await page.keyboard.press('Escape');
    await page.locator('input[type=file]').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: PNG_1X1 });
  }
  await fill();
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/to/api/')) posts.push(new URL(r.url()).pathname);
  });
  // Signed out, submitting opens the login dialog and sends nothing.
  await page.getByTestId('brand-submit').click();
  await expect(page.getByTestId('login-form')).toBeVisible();
  expect(posts.filter((path) => !path.includes('/captcha/'))).toEqual([]);

  await signInAs(page, request, createAdministrator(info, 'brand'), '/brand-entry');
  await expect(page.getByTestId('brand-status-list')).toBeVisible();
  await fill();
  await page.getByTestId('brand-submit').click();
  await expect(page.getByTestId('brand-entry-submitted')).toBeVisible();
  expect(posts).toEqual(expect.arrayContaining(['/to/api/base/file/upload', '/to/api/base/system/brand-application/create']));
  // The applicant sees the application in review.
  await expect(page.getByTestId('brand-status-list')).toContainText('审核中');

  // An operator (this administrator holds every permission) approves it; the applicant sees that.
  await page.goto('/operation/brand-applications');
  await page.getByTestId('brand-application-filter-keyword').fill(brand);
  await page.getByTestId('brand-application-search').click();
  const row = page.getByTestId('brand-application-table').locator('tr', { hasText: brand });
  await expect(row).toHaveCount(1);
  await row.getByRole('button').first().click();
  await expect(page.getByTestId('brand-application-licence').locator('img')).toBeVisible();
  await page.getByTestId('brand-application-approve').click();
  await expect(page.getByTestId('brand-application-detail')).toBeHidden();
  await page.goto('/brand-entry');
  await expect(page.getByTestId('brand-status-list')).toContainText('已通过');
});
