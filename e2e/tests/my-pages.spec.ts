import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, PNG_1X1, createAdministrator, signInAs, uniqueSuffix } from './support/accounts';

// Issue 12: who may read an uploaded file, the personal centre's "my" pages (files, feedback with the
// operator's reply, brands) and the home page's search across the three libraries. Accounts come from
// `portal admin create` and sign in through the API + `?token=` (these journeys are not about signing in).

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/to/api/base/system/auth/login', { data: { email, password: PASSWORD, userType: 2 } });
  const body = (await response.json()) as { code: number; msg: string; data: { accessToken: string } | null };
  expect(body.code, body.msg).toBe(0);
  return body.data!.accessToken;
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Uploads an image as `bizCode` through the API; answers the file's id and address. */
async function uploadImage(request: APIRequestContext, token: string, name: string, bizCode: string) {
  const response = await request.post('/to/api/base/file/upload', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { file: { name, mimeType: 'image/png', buffer: PNG_1X1 }, bizCode, fileName: name, type: '3' },
  });
  const body = (await response.json()) as Envelope<{ id: string; url: string }>;
  expect(body.code, body.msg).toBe(0);
  return body.data;
}

/** Sends feedback with the given images through the API; answers its id. */
async function sendFeedback(request: APIRequestContext, token: string, message: string, images: string[]) {
  const response = await request.post('/to/api/operation/behavior/message/to/platform/create', {
    headers: { Authorization: `Bearer ${token}` },
    data: { type: 3, message, images: images.join(',') },
  });
  const body = (await response.json()) as Envelope<number>;
  expect(body.code, body.msg).toBe(0);
  return body.data;
}

/** HTTP status + body of an anonymous GET (a fresh context: no cookies, no token). */
async function anonymousAnswer(request: APIRequestContext, path: string) {
  const response = await request.get(path, { headers: { Authorization: '' } });
  return { status: response.status(), body: (await response.json()) as unknown };
}

test.describe('file access', () => {
  test('an anonymous request for a feedback image is refused like an unknown file; the sender and an operator see it', async ({ page, request }, info) => {
    const sender = createAdministrator(info, 'imgsender');
    const operator = createAdministrator(info, 'imgoperator');
    const senderToken = await tokenOf(request, sender);
    const image = await uploadImage(request, senderToken, 'screen.png', 'feedback');
    // The address is the file's key with an expiring signature, never the sequential id.
    expect(image.url).toMatch(/^\/to\/api\/base\/file\/content\/get\/[0-9a-f]{32}\?expires=\d+&signature=[0-9a-f]+$/);
    const message = `截图里的尺寸不对 ${uniqueSuffix()}`;
    await sendFeedback(request, senderToken, message, [image.id]);

    // Anonymous: the bare key, the sequential id and a tampered signature answer exactly like an unknown id.
    const key = image.url.split('?')[0].split('/').pop()!;
    const unknown = await anonymousAnswer(request, '/to/api/base/file/content/get/99999999');
    expect(unknown).toEqual({ status: 200, body: { code: 1002019005, msg: '文件不存在', data: null } });
    for (const path of [`/to/api/base/file/content/get/${key}`, `/to/api/base/file/content/get/${image.id}`, image.url.replace('signature=', 'signature=0')]) {
      expect(await anonymousAnswer(request, path), path).toEqual(unknown);
    }

    // The sender sees the image on 我的反馈.
    await signInAs(page, request, sender, '/user/feedback');
    const item = page.getByTestId('my-feedback-list').locator('[data-testid^="my-feedback-item-"]', { hasText: message });
    await expect(item).toHaveCount(1);
    const senderImage = item.locator('img');
    await expect.poll(() => senderImage.first().evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(1);

    // The operator sees it in the feedback drawer.
    await page.context().clearCookies();
    await signInAs(page, request, operator, '/operation/feedback');
    await page.getByTestId('feedback-filter-keyword').fill(message);
    await page.getByTestId('feedback-search').click();
    const row = page.getByTestId('feedback-table').locator('tr', { hasText: message });
    await row.getByRole('button', { name: /^查\s*看$/ }).click();
    const images = page.getByTestId('feedback-detail').getByTestId('feedback-detail-images').locator('img');
    await expect(images).toHaveCount(1);
    await expect.poll(() => images.first().evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(1);
  });
});

test.describe('my pages', () => {
  test('my files list, download and delete; my feedback shows the reply with a notice; an approved brand opens its page', async ({ page, request }, info) => {
    const user = createAdministrator(info, 'mypages');
    const operator = createAdministrator(info, 'myoperator');
    const token = await tokenOf(request, user);
    const auth = { Authorization: `Bearer ${token}` };
    const screenshot = await uploadImage(request, token, `screen-${uniqueSuffix()}.png`, 'feedback');
    const spare = await uploadImage(request, token, `spare-${uniqueSuffix()}.png`, 'feedback');
    const licence = await uploadImage(request, token, 'licence.png', 'brand-licence');
    const logo = await uploadImage(request, token, 'logo.png', 'logo');
    const message = `目录缺少 M12 规格 ${uniqueSuffix()}`;
    const feedbackId = await sendFeedback(request, token, message, [screenshot.id]);

    // 我的文件: the uploads are listed (name, type, size, date), a spare one is deleted.
    await signInAs(page, request, user, '/user/files');
    const table = page.getByTestId('my-files-table');
    await expect(table.getByTestId(`my-file-name-${spare.id}`)).toBeVisible();
    await expect(table.locator('tr', { hasText: 'logo.png' })).toContainText('图片');
    await expect(page.getByTestId(`my-file-download-${screenshot.id}`)).toHaveAttribute('href', /\/content\/get\/[0-9a-f]{32}\?expires=/);
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot(page, 'my-files-1440');
    await page.getByTestId(`my-file-delete-${spare.id}`).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /^确\s*定$|^OK$/ })
      .click();
    await expect(table.getByTestId(`my-file-name-${spare.id}`)).toHaveCount(0);
    // A file the feedback shows stays.
    await page.getByTestId(`my-file-delete-${screenshot.id}`).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /^确\s*定$|^OK$/ })
      .click();
    await expect(page.getByText('文件正被反馈或品牌入驻使用，不能删除')).toBeVisible();

    // An operator answers the feedback: the user menu shows a badge, 我的反馈 the reply and a notice.
    const closed = await request.post('/to/api/operation/behavior/message/close', {
      headers: { Authorization: `Bearer ${await tokenOf(request, operator)}` },
      data: { id: feedbackId, reply: '已补充 M12 规格，感谢反馈' },
    });
    expect(((await closed.json()) as Envelope<boolean>).code).toBe(0);
    await page.goto('/');
    await expect(page.getByTestId('auth-user-unread')).toBeVisible();
    await page.getByTestId('auth-user').hover();
    await expect(page.getByTestId('my-feedback-unread')).toHaveText('1');
    await page.getByTestId('my-feedback-link').dispatchEvent('click');
    await expect(page).toHaveURL(/\/user\/feedback$/);
    const item = page.getByTestId(`my-feedback-item-${feedbackId}`);
    await expect(item.getByTestId('my-feedback-reply')).toContainText('已补充 M12 规格，感谢反馈');
    await expect(item.getByTestId('my-feedback-new')).toBeVisible();
    await expect(page.getByTestId('my-feedback-notice')).toBeVisible();
    await shot(page, 'my-feedback-1440');
    // Seen: the badge goes.
    await expect(page.getByTestId('auth-user-unread')).toHaveCount(0);
    await page.setViewportSize({ width: 500, height: 900 });
    await shot(page, 'my-feedback-500');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Brand entry: applied with a logo, approved by the operator → 我的品牌 → the brand page.
    const brandName = `Fastec${uniqueSuffix()}`;
    const created = await request.post('/to/api/base/system/brand-application/create', {
      headers: auth,
      data: {
        companyName: '苏州某某精密五金有限公司',
        brandName,
        contactName: '张工',
        mobile: '13900139000',
        description: '专业生产不锈钢紧固件',
        categories: [{ library: 'part', code: 'fasteners' }],
        licenceFileId: licence.id,
        logoFileId: logo.id,
      },
    });
    const application = (await created.json()) as Envelope<number>;
    expect(application.code, application.msg).toBe(0);
    const reviewed = await request.post('/to/api/base/system/brand-application/review', {
      headers: { Authorization: `Bearer ${await tokenOf(request, operator)}` },
      data: { id: application.data, status: 1, reviewRemark: '欢迎入驻' },
    });
    expect(((await reviewed.json()) as Envelope<boolean>).code).toBe(0);
    await page.getByTestId('my-nav-brands').click();
    await expect(page).toHaveURL(/\/user\/brands$/);
    const brand = page.getByTestId('my-brands-list').locator('[data-testid^="my-brand-"]', { hasText: brandName }).first();
    await expect(brand).toBeVisible();
    await shot(page, 'my-brands-1440');
    await brand.getByRole('button', { name: '打开品牌主页' }).click();
    await expect(page).toHaveURL(/\/brand\/\d+$/);
    await expect(page.getByTestId('brand-page-name')).toHaveText(brandName);
    await expect(page.getByTestId('brand-page-description')).toHaveText('专业生产不锈钢紧固件');
    await expect(page.getByTestId('brand-categories')).toContainText('零部件');
    await expect(page.getByTestId('brand-page-items-later')).toContainText('企业库');
    await expect
      .poll(() =>
        page
          .getByTestId('brand-page-logo')
          .locator('img')
          .evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
      )
      .toBe(1);
    await shot(page, 'brand-page-1440');
    await page.setViewportSize({ width: 500, height: 900 });
    await shot(page, 'brand-page-500');
  });
});
