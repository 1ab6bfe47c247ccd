import { readFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import { test, expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { PASSWORD, createAdministrator, registerMember, signInAs, uniqueSuffix } from './support/accounts';
import { chooseSelectOption } from './support/library-pages';

// Enterprise libraries (docs/enterprise-library.md): a member of an organisation publishes an item into the
// parts library's enterprise library from private mode; it waits for review; an operator approves it in the
// operations platform; the member then finds it approved and shows it on the organisation's public page. Someone
// outside the organisation sees only that page (nothing until the item is shown), and the public library never
// lists the item.

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** An L-shaped bracket's outline as a closed ASCII STL (a triangular prism is enough for a picture). */
const STL = [
  'solid bracket',
  ...[
    ['0 0 0', '40 0 0', '0 30 0'],
    ['0 0 10', '0 30 10', '40 0 10'],
    ['0 0 0', '0 0 10', '40 0 10'],
    ['0 0 0', '40 0 10', '40 0 0'],
    ['0 0 0', '0 30 0', '0 30 10'],
    ['0 0 0', '0 30 10', '0 0 10'],
    ['40 0 0', '40 0 10', '0 30 10'],
    ['40 0 0', '0 30 10', '0 30 0'],
  ].map(([a, b, c]) => `facet normal 0 0 0\nouter loop\nvertex ${a}\nvertex ${b}\nvertex ${c}\nendloop\nendfacet`),
  'endsolid bracket',
  '',
].join('\n');
const MODEL_NAME = 'L形支架.stl';
const BATCH_MODEL = '批量支架.stl';

async function apiData<T>(request: APIRequestContext, method: 'get' | 'post', url: string, token: string, data?: unknown): Promise<T> {
  const response = await request[method](url, { headers: { Authorization: `Bearer ${token}` }, ...(data ? { data } : {}) });
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${url}: ${body.msg}`).toBe(0);
  return body.data;
}

/** An operator (signed in through the API), a new organisation of `orgName` and a member of it. */
/**
 * Picks the first category matching `text` in the publish form's tree select and waits until the field shows it.
 * A click can land while the tree is still loading or re-filtering and choose nothing (seen on a cold CI lane), so
 * the field is opened, filtered and the match's title clicked again until the field shows the category.
 */
async function chooseCategory(page: Page, text: string) {
  const field = page.getByTestId('enterprise-publish-category');
  // The tree also keeps a hidden node of its own for measuring: only visible titles count.
  const title = page.locator('.ant-select-tree-treenode').filter({ visible: true }).locator('.ant-select-tree-title').filter({ hasText: text }).first();
  await expect(async () => {
    if (!(await title.isVisible())) {
      await field.click();
      // The tree first, so the typed text filters loaded nodes rather than an empty list.
      await expect(page.locator('.ant-select-tree-treenode').filter({ visible: true }).first()).toBeVisible({ timeout: 5_000 });
      await field.locator('input').fill(text);
    }
    await title.click({ timeout: 5_000 });
    // The chosen category's label, not the placeholder (a typed search is an input's value, not text).
    await expect(field).toContainText(text, { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
}

async function organisationWithMember(request: APIRequestContext, info: TestInfo, prefix: string, orgName: string, memberName: string) {
  const operator = createAdministrator(info, prefix);
  const login = await request.post('/to/api/base/system/auth/login', { data: { email: operator, password: PASSWORD, userType: 2 } });
  const operatorToken = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const orgId = await apiData<number>(request, 'post', '/to/api/base/system/operation/orgs', operatorToken, { name: orgName, businessScope: [1] });
  const memberEmail = `${prefix}-member-${uniqueSuffix()}@example.com`;
  const member = await registerMember(request, memberEmail, memberName);
  await apiData(request, 'post', `/to/api/base/system/operation/orgs/${orgId}/members`, operatorToken, { account: memberEmail });
  return { operator, operatorToken, orgId, member };
}

test('a member publishes an item into the enterprise library, an operator approves it, and only the organisation sees it', async ({
  browser,
  page,
  request,
}, info) => {
  test.setTimeout(150_000);
  const orgName = `苏州精密机械有限公司 ${uniqueSuffix()}`;
  const { operator, orgId, member } = await organisationWithMember(request, info, 'entops', orgName, '李工');
  const code = `SZJM-BRK-${uniqueSuffix()}`;
  // The single item's row, not the batch's `${code}-A` and `${code}-B`.
  const singleItem = new RegExp(`${code}(?!-)`);

  // The member, in their own browser, lands on the organisation's (still empty) enterprise library.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const library = `/part/brand-detail/${orgId}?type=1`;
  await memberPage.goto(`${library}&token=${encodeURIComponent(member.accessToken)}&refreshToken=${encodeURIComponent(member.refreshToken)}`);
  await expect(memberPage.getByTestId('enterprise-library-name')).toHaveText(orgName);
  await expect(memberPage.getByTestId('enterprise-library-empty')).toBeVisible();

  // Publishing: the form refuses missing fields first, then sends the item for review.
  await memberPage.getByTestId('enterprise-publish').click();
  const modal = memberPage.getByTestId('enterprise-publish-modal');
  await modal.getByRole('button', { name: '提交审核' }).click();
  await expect(modal.getByText('请输入编码')).toBeVisible();
  await memberPage.getByTestId('enterprise-publish-code').fill(code);
  await memberPage.getByTestId('enterprise-publish-name').fill('L 形安装支架');
  await chooseCategory(memberPage, '螺栓');
  await memberPage.getByTestId('enterprise-publish-manufacturer').fill('苏州精密');
  await memberPage.getByTestId('enterprise-publish-add-parameter').click();
  await memberPage.getByTestId('enterprise-publish-parameter-name-0').fill('材质');
  await memberPage.getByTestId('enterprise-publish-parameter-value-0').fill('Q235');
  // The model goes up through the file service (the picker refuses a type that does not fit before sending).
  const chooser = memberPage.waitForEvent('filechooser');
  await memberPage.getByTestId('enterprise-publish-file-model-choose').click();
  await (await chooser).setFiles({ name: MODEL_NAME, mimeType: 'application/octet-stream', buffer: Buffer.from(STL) });
  await expect(memberPage.getByTestId('enterprise-publish-file-model-task')).toHaveAttribute('data-status', 'done');
  await shot(memberPage, 'publish-form');
  await modal.getByRole('button', { name: '提交审核' }).click();
  await expect(memberPage.locator('.ant-message-notice').getByText('已提交，等待运营审核')).toBeVisible();
  const memberRow = memberPage.getByTestId('enterprise-items-table').locator('tr').filter({ hasText: singleItem });
  await expect(memberRow).toContainText('审核中');
  await shot(memberPage, 'member-pending');

  // 批量发布: the template, then a file with a bad row (nothing imported, the row named), then the corrected file.
  await memberPage.getByTestId('enterprise-batch').click();
  const [workbook] = await Promise.all([memberPage.waitForEvent('download'), memberPage.getByTestId('enterprise-batch-template').click()]);
  expect(workbook.suggestedFilename()).toBe('enterprise-part-template.xlsx');
  // A ZIP archive (an XLSX workbook), not an error envelope saved under the name.
  expect(readFileSync(await workbook.path()).subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'));
  const [template] = await Promise.all([memberPage.waitForEvent('download'), memberPage.getByTestId('enterprise-batch-template-csv').click()]);
  expect(template.suggestedFilename()).toBe('enterprise-part-template.csv');
  const header = '\ufeff编码,名称,分类,厂商,描述,参数\r\n';
  const rows = [`${code}-A,批量支架 A,六角头螺栓,苏州精密,,材质=Q235;厚度=3 mm`, `${code}-B,批量支架 B,螺栓/螺钉,,,`];
  const csv = (lines: string[]) => ({ name: 'items.csv', mimeType: 'text/csv', buffer: Buffer.from(header + lines.join('\r\n') + '\r\n') });
  await memberPage.getByTestId('enterprise-batch-file').setInputFiles(csv([...rows, `${code}-C,分类不存在,不存在的分类,,,`]));
  await memberPage.getByTestId('enterprise-batch-import').click();
  const batchErrors = memberPage.getByTestId('enterprise-batch-errors');
  await expect(batchErrors).toContainText('不存在的分类');
  await expect(batchErrors.locator('tbody tr')).toHaveCount(1);
  await shot(memberPage, 'batch-refused');
  // Corrected, with the first row's model in a ZIP uploaded beside the table (its 文件 column names it).
  const withFiles = ['\ufeff编码,名称,分类,厂商,描述,参数,文件', `${rows[0]},模型=models/${BATCH_MODEL}`, `${rows[1]},`];
  await memberPage
    .getByTestId('enterprise-batch-file')
    .setInputFiles({ name: 'items.csv', mimeType: 'text/csv', buffer: Buffer.from(withFiles.join('\r\n') + '\r\n') });
  const zipChooser = memberPage.waitForEvent('filechooser');
  await memberPage.getByTestId('enterprise-publish-file-archive-choose').click();
  const zip = zipSync({ [`models/${BATCH_MODEL}`]: new TextEncoder().encode(STL) });
  await (await zipChooser).setFiles({ name: 'files.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
  await expect(memberPage.getByTestId('enterprise-publish-file-archive-task')).toHaveAttribute('data-status', 'done');
  await shot(memberPage, 'batch-with-zip');
  await memberPage.getByTestId('enterprise-batch-import').click();
  await expect(memberPage.getByTestId('enterprise-batch-result')).toContainText('已导入 2 条');
  await shot(memberPage, 'batch-imported');
  await memberPage.getByRole('button', { name: /完\s*成/ }).click();
  // The batch's item carries the model from the ZIP, its picture drawn by the server.
  await memberPage
    .getByTestId('enterprise-items-table')
    .locator('tr')
    .filter({ hasText: `${code}-A` })
    .click();
  const batchFiles = memberPage.getByTestId('enterprise-item-files');
  await expect(batchFiles).toContainText(BATCH_MODEL);
  await expect(batchFiles.getByTestId('enterprise-item-file-thumbnail-0')).toBeVisible();
  await memberPage.keyboard.press('Escape');
  await expect(memberPage.getByTestId('enterprise-item-detail')).toBeHidden();
  await expect(
    memberPage
      .getByTestId('enterprise-items-table')
      .locator('tr')
      .filter({ hasText: `${code}-B` }),
  ).toContainText('审核中');

  // Someone outside the organisation gets its public page, empty so far; the public parts library does not know the item.
  const outsider = await registerMember(request, `entoutsider-${uniqueSuffix()}@example.com`, '王工');
  const outsiderContext = await browser.newContext();
  const outsiderPage = await outsiderContext.newPage();
  await outsiderPage.goto(`${library}&token=${encodeURIComponent(outsider.accessToken)}&refreshToken=${encodeURIComponent(outsider.refreshToken)}`);
  await expect(outsiderPage.getByTestId('enterprise-showcase-name')).toHaveText(orgName);
  await expect(outsiderPage.getByTestId('enterprise-showcase-empty')).toBeVisible();
  await expect(outsiderPage.getByTestId('enterprise-library')).toHaveCount(0);
  const search = (await (await request.get(`/to/api/public/part/search?keyWords=${encodeURIComponent(code)}`)).json()) as { data: { total: number } };
  expect(search.data.total).toBe(0);

  // The operator's queue (parts library, pending): approve.
  await signInAs(page, request, operator, '/operation/enterprise-items');
  await expect(page.getByTestId('operations-enterprise-items')).toBeVisible();
  await chooseSelectOption(page, 'enterprise-items-library', '零部件');
  const queueRow = page.locator('tr').filter({ hasText: singleItem });
  await expect(queueRow).toContainText(orgName);
  await expect(queueRow).toContainText('待审核');
  await shot(page, 'operator-queue');
  // The reviewer opens the item and downloads its model.
  await queueRow.getByRole('button', { name: /查\s*看/ }).click();
  const reviewFiles = page.getByTestId('enterprise-item-files');
  await expect(reviewFiles).toContainText(MODEL_NAME);
  // The server rendered the model: the picture loads in the browser.
  const picture = reviewFiles.getByTestId('enterprise-item-file-thumbnail-0');
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256);
  const [reviewed] = await Promise.all([page.waitForEvent('download'), reviewFiles.getByRole('button', { name: `下载 ${MODEL_NAME}` }).click()]);
  expect(reviewed.suggestedFilename()).toBe(MODEL_NAME);
  await shot(page, 'operator-item-files');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('enterprise-item-detail')).toBeHidden();
  await queueRow.getByRole('button', { name: /通\s*过/ }).click();
  await page.getByTestId('enterprise-item-review-submit').click();
  await expect(page.locator('.ant-message-notice').getByText('条目已通过')).toBeVisible();
  await expect(queueRow).toHaveCount(0);
  // A batch item rejected with a remark.
  const batchRow = page.locator('tr').filter({ hasText: `${code}-B` });
  await batchRow.getByRole('button', { name: /驳\s*回/ }).click();
  await page.getByTestId('enterprise-item-remark').fill('请补充材质参数');
  await page.getByTestId('enterprise-item-review-submit').click();
  await expect(batchRow).toHaveCount(0);
  // Both decisions are in the audit log, under the parts library's source, with the remark.
  await page.goto('/operation/audit-log');
  await chooseSelectOption(page, 'audit-log-filter-source', '零部件库');
  await page.getByTestId('audit-log-filter-keyword').fill(code);
  await page.getByTestId('audit-log-search').click();
  const reviews = page.getByTestId('operations-audit-log').locator('tr').filter({ hasText: '审核企业条目' });
  await expect(reviews).toHaveCount(2);
  // The library's log knows the operator by id; the page names them (the system service's names route).
  await expect(reviews.first()).toContainText(/entops/);
  await reviews.first().locator('.ant-table-row-expand-icon').click();
  await expect(page.getByTestId('operations-audit-log')).toContainText('请补充材质参数');
  await shot(page, 'operator-audit-log');
  // 全部来源 reads every service's log merged by time: the same two reviews, each row naming its library.
  await chooseSelectOption(page, 'audit-log-filter-source', '全部来源');
  const merged = page.getByTestId('operations-audit-log').locator('tr[data-testid^="audit-log-row-part-"]');
  await expect(merged).toHaveCount(2);
  await expect(merged.first()).toContainText('零部件库');
  await expect(merged.first()).toContainText(/entops/);

  // The member sees the rejection and its remark, revises the item and sends it again.
  await memberPage.reload();
  const rejectedRow = memberPage
    .getByTestId('enterprise-items-table')
    .locator('tr')
    .filter({ hasText: `${code}-B` });
  await expect(rejectedRow).toContainText('已驳回');
  await expect(rejectedRow).toContainText('请补充材质参数');
  await rejectedRow.getByRole('button', { name: `修改 ${code}-B` }).click();
  await expect(memberPage.getByTestId('enterprise-revise-remark')).toContainText('驳回意见：请补充材质参数');
  await expect(memberPage.getByTestId('enterprise-publish-code')).toHaveValue(`${code}-B`);
  await memberPage.getByTestId('enterprise-publish-add-parameter').click();
  await memberPage.getByTestId('enterprise-publish-parameter-name-0').fill('材质');
  await memberPage.getByTestId('enterprise-publish-parameter-value-0').fill('45 钢');
  await shot(memberPage, 'member-revise');
  await memberPage.getByTestId('enterprise-publish-submit').click();
  await expect(memberPage.locator('.ant-message-notice').getByText('已重新提交，等待运营审核')).toBeVisible();
  await expect(rejectedRow).toContainText('审核中');
  await expect(rejectedRow.getByRole('button', { name: `修改 ${code}-B` })).toHaveCount(0);

  // The member's list shows it approved, under the 已通过 filter too.
  await memberPage.reload();
  await memberPage.getByTestId('enterprise-state-filter').getByText('已通过').click();
  await expect(memberRow).toContainText('已通过');
  await memberRow.click();
  await expect(memberPage.getByTestId('enterprise-item-parameters')).toContainText('Q235');
  const memberFiles = memberPage.getByTestId('enterprise-item-files');
  await expect(memberFiles).toContainText('三维模型');
  const [downloaded] = await Promise.all([memberPage.waitForEvent('download'), memberFiles.getByRole('button', { name: `下载 ${MODEL_NAME}` }).click()]);
  expect(downloaded.suggestedFilename()).toBe(MODEL_NAME);
  const downloadedPath = await downloaded.path();
  expect(readFileSync(downloadedPath, 'utf8')).toBe(STL);
  await shot(memberPage, 'member-approved');
  const after = (await (await request.get(`/to/api/public/part/search?keyWords=${encodeURIComponent(code)}`)).json()) as { data: { total: number } };
  expect(after.data.total).toBe(0);

  // The member shows the approved item on the organisation's public page, and previews it.
  await memberPage.keyboard.press('Escape');
  await expect(memberPage.getByTestId('enterprise-item-drawer')).toBeHidden();
  await memberRow.getByRole('switch', { name: `在企业公开主页展示 ${code}` }).click();
  await expect(memberPage.locator('.ant-message-notice').getByText(`${code} 已在企业公开主页展示`)).toBeVisible();
  await memberPage.getByTestId('enterprise-public-view').click();
  await expect(memberPage.getByTestId('enterprise-showcase-table')).toContainText(code);
  await memberPage.getByTestId('enterprise-showcase-back').click();
  await expect(memberPage.getByTestId('enterprise-library')).toBeVisible();
  // Everyone sees it there now, with its model's picture and its download, and nothing of its review.
  await outsiderPage.reload();
  const shownRow = outsiderPage.getByTestId('enterprise-showcase-table').locator('tr').filter({ hasText: singleItem });
  await expect(shownRow).toContainText('L 形安装支架');
  await expect(outsiderPage.getByTestId('enterprise-showcase-table')).not.toContainText(`${code}-A`);
  await shownRow.click();
  const shownFiles = outsiderPage.getByTestId('enterprise-item-files');
  await expect(shownFiles.getByTestId('enterprise-item-file-thumbnail-0')).toBeVisible();
  const [publicDownload] = await Promise.all([outsiderPage.waitForEvent('download'), shownFiles.getByRole('button', { name: `下载 ${MODEL_NAME}` }).click()]);
  expect(readFileSync(await publicDownload.path(), 'utf8')).toBe(STL);
  await expect(outsiderPage.getByTestId('enterprise-item-drawer')).not.toContainText('审核');
  await shot(outsiderPage, 'outsider-showcase');
  await outsiderPage.keyboard.press('Escape');
  await expect(outsiderPage.getByTestId('enterprise-item-drawer')).toBeHidden();
  for (const width of [1280, 500]) {
    await outsiderPage.setViewportSize({ width, height: 900 });
    await expect
      .poll(() => outsiderPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { message: `${width} px` })
      .toBeLessThanOrEqual(0);
    await shot(outsiderPage, `outsider-showcase-${width}`);
  }

  // In English an organisation's member has the longest header (the private/open switch too): no sideways scroll.
  await memberPage.getByTestId('language-switch').click();
  await expect(memberPage.getByTestId('enterprise-batch')).toHaveText(/Batch publish/);
  for (const width of [1440, 1280, 500]) {
    await memberPage.setViewportSize({ width, height: 900 });
    await expect
      .poll(() => memberPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { message: `${width} px` })
      .toBeLessThanOrEqual(0);
  }
  await shot(memberPage, 'member-english-500');
  await memberContext.close();
  await outsiderContext.close();
});

test('a STEP model published into the enterprise library gets its picture, tessellated in the member’s browser', async ({ browser, request }, info) => {
  test.setTimeout(150_000);
  const { operatorToken, orgId, member } = await organisationWithMember(request, info, 'entstep', `无锡模具有限公司 ${uniqueSuffix()}`, '周工');
  // A real STEP file: the parts library's own model of a cap screw.
  const found = (await (await request.get(`/to/api/public/part/search?keyWords=${encodeURIComponent('ISO 4762 M6x20')}&pageSize=1`)).json()) as {
    data: { list: { id: number }[] };
  };
  const step = await (await request.get(`/to/api/public/part/item/${found.data.list[0].id}/model/step`)).body();
  expect(step.subarray(0, 13).toString()).toBe('ISO-10303-21;');
  const modelName = '内六角螺钉 M6×20.step';
  const code = `WXMJ-M6-${uniqueSuffix()}`;

  const context = await browser.newContext();
  const memberPage = await context.newPage();
  await memberPage.goto(
    `/part/brand-detail/${orgId}?type=1&token=${encodeURIComponent(member.accessToken)}&refreshToken=${encodeURIComponent(member.refreshToken)}`,
  );
  await memberPage.getByTestId('enterprise-publish').click();
  const modal = memberPage.getByTestId('enterprise-publish-modal');
  await memberPage.getByTestId('enterprise-publish-code').fill(code);
  await memberPage.getByTestId('enterprise-publish-name').fill('内六角圆柱头螺钉 M6×20');
  await chooseCategory(memberPage, '螺栓');
  const chooser = memberPage.waitForEvent('filechooser');
  await memberPage.getByTestId('enterprise-publish-file-model-choose').click();
  await (await chooser).setFiles({ name: modelName, mimeType: 'application/step', buffer: step });
  await expect(memberPage.getByTestId('enterprise-publish-file-model-task')).toHaveAttribute('data-status', 'done');
  await modal.getByRole('button', { name: '提交审核' }).click();
  await expect(memberPage.locator('.ant-message-notice').getByText('已提交，等待运营审核')).toBeVisible();
  // OpenCascade compiles in the page's worker, tessellates the file, and the mesh goes up for the picture.
  await expect(memberPage.locator('.ant-message-notice').getByText(`已生成“${modelName}”的预览图`)).toBeVisible({ timeout: 60_000 });
  await memberPage.getByTestId('enterprise-items-table').locator('tr').filter({ hasText: code }).click();
  const files = memberPage.getByTestId('enterprise-item-files');
  const picture = files.getByTestId('enterprise-item-file-thumbnail-0');
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256);
  await expect(files.getByTestId('enterprise-item-file-preview-0')).toHaveCount(0);
  await shot(memberPage, 'step-model-picture');
  // 三维查看: the file read with the member's token, tessellated again, shown with its tools (WebGL in Chromium).
  await files.getByTestId('enterprise-item-file-view-0').click();
  const viewer = memberPage.getByTestId('enterprise-item-model-view').getByTestId('model-viewer');
  await expect(viewer).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(viewer.locator('canvas')).toBeVisible();
  await expect(viewer.getByTestId('model-tools')).toBeVisible();
  // Brought into sight in the drawer, below the item's fields.
  await expect(viewer.locator('canvas')).toBeInViewport({ ratio: 0.9 });
  await shot(memberPage, 'step-model-view');
  await memberPage.getByTestId('enterprise-item-model-view-close').click();
  await expect(memberPage.getByTestId('enterprise-item-model-view')).toHaveCount(0);

  // The reviewer gets the same picture; the STEP file itself is what the member sent.
  const queue = await apiData<{ list: { id: number; code: string }[] }>(
    request,
    'get',
    `/to/api/operation/part/enterprise-items?state=pending&orgId=${orgId}`,
    operatorToken,
  );
  const id = queue.list.find((item) => item.code === code)!.id;
  const headers = { Authorization: `Bearer ${operatorToken}` };
  const png = await request.get(`/to/api/operation/part/enterprise-items/${id}/files/0?thumbnail=true`, { headers });
  expect(png.status()).toBe(200);
  expect((await png.body()).subarray(0, 8)).toEqual(Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'));
  const model = await request.get(`/to/api/operation/part/enterprise-items/${id}/files/0`, { headers });
  expect(Buffer.compare(await model.body(), step)).toBe(0);

  // Approved, the model answers the organisation's shape search: the page's mesh gave it a fingerprint too, so the
  // same STEP file, tessellated again in the dialog, finds the item; a hit opens it.
  const approval = await request.put(`/to/api/operation/part/enterprise-items/${id}`, { headers, data: { approved: true } });
  expect(((await approval.json()) as { code: number }).code).toBe(0);
  await memberPage.reload();
  await memberPage.getByTestId('enterprise-shape-search-open').click();
  const search = memberPage.getByTestId('enterprise-shape-search');
  await search.getByTestId('shape-upload-model').locator('input[type=file]').setInputFiles({ name: modelName, mimeType: 'application/step', buffer: step });
  const hit = search.getByTestId('enterprise-shape-hit').filter({ hasText: code });
  await expect(hit).toBeVisible({ timeout: 60_000 });
  await expect(hit).toContainText(/相似度 (100|9\d(\.\d)?)%/);
  await expect(search.getByTestId('enterprise-shape-total')).toContainText('在本企业 1 个带模型的已通过条目中找到 1 个');
  await expect(hit.locator('img')).toBeVisible();
  await shot(memberPage, 'enterprise-shape-search');
  // The dialog steps aside for the item and comes back with its results when the item is closed.
  await hit.click();
  await expect(memberPage.getByTestId('enterprise-item-drawer-code')).toHaveText(code);
  await expect(search).toBeHidden();
  await memberPage.keyboard.press('Escape');
  await expect(search).toBeVisible();
  await expect(hit).toBeVisible();
  // 查找相似条目 from the item: the organisation's only approved model is not compared with itself.
  await hit.click();
  await memberPage.getByTestId('enterprise-item-find-similar').click();
  await expect(memberPage.getByTestId('enterprise-shape-similar-to')).toHaveText(`与 ${code} 形状相似的本企业条目`);
  await expect(memberPage.getByTestId('enterprise-shape-no-models')).toContainText('没有其他带可比较模型的已通过条目');
  await memberPage.keyboard.press('Escape');

  // In private mode the public model search says it searches the public library, and leads back here with the
  // organisation's dialog open, searching with the file the public page searched with.
  await memberPage.getByTestId('mode-switch').getByText('企业库').click();
  await expect(memberPage).toHaveURL(new RegExp(`/part/brand-detail/${orgId}\\?type=1$`));
  await memberPage.getByText('3D搜索', { exact: true }).click();
  await expect(memberPage.getByTestId('shape-private-mode')).toContainText('企业库模式：此页搜索公共库');
  await memberPage.getByTestId('shape-upload-model').locator('input[type=file]').setInputFiles({ name: modelName, mimeType: 'application/step', buffer: step });
  await expect(memberPage.getByTestId('shape-upload-chosen')).toBeVisible({ timeout: 60_000 });
  await shot(memberPage, 'shape-search-private-mode');
  await memberPage.getByTestId('shape-private-mode-search').click();
  await expect(memberPage).toHaveURL(new RegExp(`/part/brand-detail/${orgId}\\?type=1&shapeSearch=model$`));
  await expect(search).toBeVisible();
  await expect(search.getByTestId('enterprise-shape-hit').filter({ hasText: code })).toBeVisible({ timeout: 60_000 });
  await context.close();
});
