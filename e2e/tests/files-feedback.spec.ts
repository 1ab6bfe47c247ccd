import { test, expect, type Page, type Route } from '@playwright/test';
import { PNG_1X1, createAdministrator, signInAs, uniqueSuffix } from './support/accounts';

// Files and feedback through the real portal (issue 6): feedback with two images end to end and an
// operator who reads and closes it; a 20 MB model upload in the personal centre with visible progress,
// cancelled in the middle and resumed to completion. Accounts come from `portal admin create` (the
// only way to an operator's permission), and sign in through the API + the `?token=` route guard,
// because these journeys are not about signing in.

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test.describe('feedback with images', () => {
  test('a user sends feedback with two images, an operator reads and closes it', async ({ page, request }, info) => {
    const sender = createAdministrator(info, 'sender');
    const operator = createAdministrator(info, 'operator');
    const message = `支架尺寸与目录不符 ${uniqueSuffix()}`;

    await signInAs(page, request, sender);
    await page.getByTestId('float-feedback').click();
    const form = page.getByTestId('feedback-form');
    await expect(form).toBeVisible();

    // Every rule speaks before anything is sent. (The dialog zooms in: a click during that may miss.)
    await expect(async () => {
      await page.getByRole('button', { name: /^提\s*交$/ }).click();
      await expect(form.locator('.ant-form-item-explain-error', { hasText: '请选择反馈类型' })).toHaveCount(1, { timeout: 1_000 });
    }).toPass();
    await expect(form.locator('.ant-form-item-explain-error', { hasText: '请输入留言信息' })).toHaveCount(1);

    // The dropdown animates in: a click during that may miss, so pick until the select shows it.
    const type = form.locator('.ant-select').first();
    await expect(async () => {
      if (!(await page.locator('.ant-select-item-option').filter({ hasText: '问题反馈' }).isVisible())) await type.click();
      await page.locator('.ant-select-item-option').filter({ hasText: '问题反馈' }).click({ timeout: 1_000 });
      await expect(type).toContainText('问题反馈', { timeout: 1_000 });
    }).toPass();
    await form.locator('textarea').fill(message);
    // The word count shows against the 500 limit.
    await expect(form.getByText(`${message.length} / 500`)).toBeVisible();

    // An image of 5 MB or more is refused before anything is sent.
    await form
      .locator('input[type=file]')
      .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]) });
    await expect(page.getByText('请上传大小在5M以内的图片')).toBeVisible();

    await form.locator('input[type=file]').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: PNG_1X1 },
      { name: 'side.png', mimeType: 'image/png', buffer: PNG_1X1 },
    ]);
    await expect(form.locator('.ant-upload-list-item-done')).toHaveCount(2);

    // The thumbnail opens the image viewer.
    await form.locator('.ant-upload-list-item-done').first().hover();
    await form
      .locator('.ant-upload-list-item-done')
      .first()
      .getByTitle(/预览|Preview/)
      .click();
    await expect(page.locator('.ant-image-preview')).toBeVisible();
    await shot(page, 'feedback-image-viewer');
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-image-preview')).toBeHidden();

    await shot(page, 'feedback-filled');
    const created = page.waitForResponse((response) => response.url().includes('/operation/behavior/message/to/platform/create'));
    await page.getByRole('button', { name: /^提\s*交$/ }).click();
    await page.getByRole('button', { name: /^确\s*定$/ }).click();
    const answer = (await (await created).json()) as { code: number; msg: string };
    expect(answer.code, answer.msg).toBe(0);
    await expect(page.getByText('已提交')).toBeVisible();

    // The operator finds it among the open feedback, reads it with both images, and closes it.
    await page.context().clearCookies();
    await signInAs(page, request, operator);
    // Operators enter the operations platform from the user menu (the menu animates: click the item once it
    // is shown); it opens their first page, feedback, with the platform's side menu.
    await page.getByTestId('auth-user').hover();
    await expect(page.getByTestId('operations-link')).toBeVisible();
    await page.getByTestId('operations-link').dispatchEvent('click');
    await expect(page).toHaveURL(/\/operation\/feedback$/);
    await expect(page.getByTestId('operations-feedback')).toBeVisible();
    await expect(page.getByTestId('operations-nav-statistics')).toBeVisible();
    await page.getByTestId('feedback-filter-keyword').fill(message);
    await page.getByTestId('feedback-search').click();
    const row = page.getByTestId('feedback-table').locator('tr', { hasText: message });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: /^查\s*看$/ }).click();
    const detail = page.getByTestId('feedback-detail');
    await expect(detail.getByTestId('feedback-detail-message')).toHaveText(message);
    const images = detail.getByTestId('feedback-detail-images').locator('img');
    await expect(images).toHaveCount(2);
    await expect.poll(() => images.first().evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1);
    await shot(page, 'feedback-operator-detail');

    await detail.getByTestId('feedback-reply').fill('已核对并更新目录尺寸');
    await detail.getByTestId('feedback-close').click();
    // The lasting state, not the 3-second toast (a loaded machine can miss a toast).
    await expect(detail.getByTestId('feedback-detail-reply')).toHaveText('已核对并更新目录尺寸');
    await expect(detail.getByText('已关闭', { exact: true })).toBeVisible();
    await shot(page, 'feedback-closed');
  });
});

test.describe('model upload', () => {
  test('an uploaded avatar is saved; a 20 MB model shows its progress, is cancelled in the middle and resumes to completion', async ({
    page,
    request,
  }, info) => {
    const owner = createAdministrator(info, 'modeller');
    await signInAs(page, request, owner, '/user');
    const card = page.getByTestId('my-files-card');
    await expect(card).toBeVisible();

    // The avatar is an uploaded image now: its file address lands in the form and is saved.
    const avatarChooser = page.waitForEvent('filechooser');
    await page.getByTestId('profile-avatar-upload').click();
    await (await avatarChooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await expect(page.getByTestId('profile-avatar-url')).toHaveValue(/^\/to\/api\/base\/file\/content\/get\/\w+/);
    await page.getByTestId('profile-nickname').fill('建模工程师');
    await page.getByTestId('profile-save').click();
    await expect(page.getByText('资料已保存')).toBeVisible();
    await expect(page.getByTestId('profile-avatar').locator('img')).toHaveAttribute('src', /\/to\/api\/base\/file\/content\/get\//);

    // Hold the third part on its way, so the upload is visibly in the middle when it is cancelled.
    const partPuts: string[] = [];
    let held: Route | undefined;
    await page.route(
      (url) => url.pathname.includes('/base/file/') && !url.pathname.includes('/bigfile/') && !url.pathname.endsWith('/upload'),
      async (route) => {
        if (route.request().method() !== 'PUT') return route.continue();
        partPuts.push(route.request().url());
        if (partPuts.length === 3 && !held) {
          held = route;
          return;
        }
        return route.continue();
      },
    );

    const model = Buffer.alloc(20 * 1024 * 1024, 0x20);
    model.write("ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('bracket'),'2;1');\nENDSEC;\nDATA;\n");
    const chooser = page.waitForEvent('filechooser');
    await card.getByTestId('my-files-pick').click();
    await (await chooser).setFiles({ name: 'bracket.step', mimeType: 'application/octet-stream', buffer: model });

    const task = card.getByTestId('my-files-task');
    await expect(task).toHaveAttribute('data-status', 'uploading');
    await expect.poll(() => held !== undefined, { timeout: 30_000 }).toBe(true);
    // Two of seven 3 MB parts are stored: the bar shows about 30 %.
    await expect.poll(async () => Number(await task.locator('[aria-valuenow]').first().getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(28);
    await shot(page, 'model-upload-progress');

    await task.getByTestId('my-files-task-cancel').click();
    await expect(task).toHaveAttribute('data-status', 'canceled');
    await held!.abort().catch(() => undefined);
    await shot(page, 'model-upload-cancelled');

    await task.getByTestId('my-files-task-resume').click();
    await expect(task).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    await expect(card.getByTestId('my-files-list')).toContainText('bracket.step');
    await shot(page, 'model-upload-done');

    // The resumed upload sent only what was missing: parts 1 and 2 once, 3 again (it was cut), then 4–7.
    expect(partPuts).toHaveLength(8);
  });
});

test.describe('front-end log', () => {
  test('a code error in the page reaches the log, and an operator finds it', async ({ page, request }, info) => {
    const operator = createAdministrator(info, 'logreader');
    await signInAs(page, request, operator);
    const marker = `e2e-code-error-${uniqueSuffix()}`;
    const sent = page.waitForResponse((response) => response.url().includes('/tool/api/front/log') && response.request().method() === 'POST');
    // An error thrown outside React and promises: the window error event of a code error.
    await page.evaluate(
      (text) =>
        setTimeout(() => {
          throw new TypeError(text);
        }),
      marker,
    );
    const answer = (await (await sent).json()) as { code: number; msg: string };
    expect(answer.code, answer.msg).toBe(0);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('portal_front_log'))).toBe('[]');

    await page.goto('/operation/front-log');
    await page.getByTestId('front-log-keyword').fill(marker);
    await page.getByTestId('front-log-search').click();
    const row = page.getByTestId('front-log-table').locator('tr', { hasText: marker });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('TypeError');
    await shot(page, 'front-log-search');
  });
});
