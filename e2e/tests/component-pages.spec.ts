import * as fs from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { searchFor, totalOf, chooseSelectOption } from './support/library-pages';

// The components library pages on the seed (KiCad symbols): search as tags, a range filter, a detail page
// with its drawings and 3D model, the compare basket and its parameter table, and the alternatives page.

// The seed is imported and indexed when the portal first starts; the first search may wait for it.
const INDEX_READY_TIMEOUT = 45_000;

async function addFirstResultToCompare(page: Page, row: number): Promise<string> {
  const link = page.getByTestId('search-results').locator('tbody tr a[data-testid^="result-link-"]').nth(row);
  const partNumber = (await link.textContent()) ?? '';
  await link.click();
  await expect(page.getByTestId('detail-part-number')).toHaveText(partNumber);
  await page.getByTestId('add-to-compare').click();
  await expect(page.getByTestId('add-to-compare')).toHaveAttribute('data-in-compare', 'true');
  await page.goBack();
  return partNumber;
}

test('search with tags, narrow by range, see a detail page, compare three, open alternatives', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/component');
  await searchFor(page, 'LDO');
  // The header reads its tags back from the URL: let the first search land before adding the second tag.
  await expect(page).toHaveURL(/\/component\/search\?keyWords=LDO$/);
  await expect(page.getByTestId('search-keyword')).toHaveText(['LDO']);
  await searchFor(page, 'SOT-23-5');
  await expect(page).toHaveURL(/\/component\/search\?keyWords=LDO%7CSOT-23-5$/);
  await expect(page.getByTestId('search-keyword')).toHaveText(['LDO', 'SOT-23-5']);

  const total = page.getByTestId('search-total');
  await expect(page.getByTestId('search-results').locator('tbody tr').first()).toBeVisible({ timeout: INDEX_READY_TIMEOUT });
  const before = totalOf(await total.textContent());
  expect(before).toBeGreaterThan(0);

  // Range filter: 3 V – 3.4 V output voltage.
  await chooseSelectOption(page, 'range-dimension', /电压/);
  await page.getByPlaceholder('最小值').fill('3');
  await page.getByPlaceholder('最大值').fill('3.4');
  await page.getByTestId('range-apply').click();
  await expect(page).toHaveURL(/range=voltage%3A3V\.\.3\.4V/);
  await expect(page.getByTestId('range-tag-voltage')).toBeVisible();
  await expect.poll(async () => totalOf(await total.textContent())).toBeLessThan(before);
  expect(totalOf(await total.textContent())).toBeGreaterThan(2);
  await page.screenshot({ path: 'test-results/component-search.png', fullPage: true });

  // Detail of the first hit: drawings, 3D canvas, parameters, downloads.
  const first = await addFirstResultToCompare(page, 0);
  await page.getByTestId('search-results').locator('tbody tr a').filter({ hasText: first }).first().click();
  await expect(page).toHaveURL(/\/component\/detail\/\d+$/);
  for (const drawing of ['detail-symbol', 'detail-footprint']) {
    const image = page.getByTestId(drawing);
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  }
  await expect(page.getByTestId('model-viewer')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  await expect(page.getByTestId('model-viewer').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('detail-parameters').locator('tbody tr')).not.toHaveCount(0);
  await expect(page.getByTestId('download-symbol')).toBeVisible();
  await expect(page.getByTestId('download-model-glb')).toBeVisible();
  await expect(page.getByTestId('detail-alternatives').locator('.ant-list-item').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/component-detail.png', fullPage: true });
  await page.goBack();

  // Two more into the compare basket (对比), then its 参数对比 of all three.
  const second = await addFirstResultToCompare(page, 1);
  const third = await addFirstResultToCompare(page, 2);
  await page.goto('/component/compare');
  await expect(page.getByTestId('compare-basket-count')).toHaveText('3/10');
  await page.getByTestId('compare-basket-compare').click();
  await expect(page).toHaveURL(/\/component\/param-compare\?ids=/);
  const table = page.getByTestId('compare-table');
  await expect(table.locator('thead')).toContainText(first);
  await expect(table.locator('thead')).toContainText(second);
  await expect(table.locator('thead')).toContainText(third);
  await expect(table.locator('tbody tr[data-differs="true"]').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/component-compare.png', fullPage: true });
  await page.locator('[data-testid^="compare-remove-"]').first().click();
  await expect(table.locator('thead')).not.toContainText(first);
  await expect(table.locator('thead')).toContainText(third);

  // The alternatives page of the last part, each alternative with its reasons.
  await table.locator('thead a').filter({ hasText: third }).click();
  await page.getByTestId('detail-alternatives-link').click();
  await expect(page).toHaveURL(/\/component\/similarity\?id=\d+$/);
  await expect(page.getByTestId('similarity-list').locator('.ant-list-item').first()).toBeVisible();
  await expect(page.getByTestId('similarity-reason').first()).not.toBeEmpty();
  await page.screenshot({ path: 'test-results/component-similarity.png', fullPage: true });
});

// The journey on the generic E-series passives (data/components/generic): `10uF` and `0603` typed
// as two tags find the three 10 µF 0603 MLCCs with their parameter columns; a rated-voltage range narrows
// them; the detail page draws Device:C, the 0603 footprint and its 3D model; three parts are compared; the
// alternatives of one are listed.
test('10uF 0603 as tags: parameter columns, a voltage range, a detail page, compare three, alternatives', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/component');
  await searchFor(page, '10uF');
  // The header reads its tags back from the URL: let the first search land before adding the second tag.
  await expect(page).toHaveURL(/\/component\/search\?keyWords=10uF&notAnalyzerKeyWords=10%CE%BCF$/);
  await expect(page.getByTestId('search-keyword')).toHaveText(['10uF']);
  await expect(page.getByTestId('search-results').locator('tbody tr').first()).toBeVisible({ timeout: INDEX_READY_TIMEOUT });
  await searchFor(page, '0603');
  await expect(page.getByTestId('search-keyword')).toHaveText(['10uF', '0603']);

  const rows = page.getByTestId('search-results').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3, { timeout: INDEX_READY_TIMEOUT });
  await expect(page.getByTestId('search-total')).toHaveText(/3/);
  for (const row of await rows.all()) await expect(row).toContainText(/C0603-10uF-(10|16|25)V/);
  // Parameter columns: 电容 and 电压 beside 封装, one value per row.
  await expect(page.getByTestId('param-column-capacitance')).toHaveText('电容');
  await expect(page.getByTestId('param-column-voltage')).toHaveText('电压');
  await expect(page.getByTestId('param-cell-capacitance')).toHaveText(['10μF', '10μF', '10μF']);
  // Equal scores: the rows' order is not part of the contract, the set of voltages is.
  expect((await page.getByTestId('param-cell-voltage').allTextContents()).sort()).toEqual(['10V', '16V', '25V']);
  await page.screenshot({ path: 'test-results/component-10uF-0603.png', fullPage: true });

  // Range filter on the rated voltage: 16 V – 50 V leaves the 16 V and 25 V parts.
  await chooseSelectOption(page, 'range-dimension', /电压/);
  await page.getByPlaceholder('最小值').fill('16');
  await page.getByPlaceholder('最大值').fill('50');
  await page.getByTestId('range-apply').click();
  await expect(page).toHaveURL(/range=voltage%3A16V\.\.50V/);
  await expect(rows).toHaveCount(2);
  expect((await page.getByTestId('param-cell-voltage').allTextContents()).sort()).toEqual(['16V', '25V']);
  await page.screenshot({ path: 'test-results/component-10uF-0603-range.png', fullPage: true });

  // Detail of the first: Device:C, the C_0603_1608Metric footprint, its 3D model.
  const first = await addFirstResultToCompare(page, 0);
  expect(first).toMatch(/^C0603-10uF-(16|25)V$/);
  await page.getByTestId('search-results').locator('tbody tr a').filter({ hasText: first }).first().click();
  await expect(page).toHaveURL(/\/component\/detail\/\d+$/);
  for (const drawing of ['detail-symbol', 'detail-footprint']) {
    const image = page.getByTestId(drawing);
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  }
  await expect(page.getByTestId('model-viewer')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  await expect(page.getByTestId('model-viewer').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('detail-parameters')).toContainText('10μF');
  // A drawing opens full screen for a closer look, and closes with Escape.
  await page.getByTestId('detail-footprint').click();
  await expect(page.locator('.ant-image-preview img')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-image-preview img')).toBeHidden();
  // The STEP model downloads as a plain .step file mechanical CAD opens.
  const [stepDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-model-step').click()]);
  expect(stepDownload.suggestedFilename()).toBe('C_0603_1608Metric.step');
  const stepText = fs.readFileSync((await stepDownload.path())!, 'utf8');
  expect(stepText.startsWith('ISO-10303-21;')).toBe(true);
  await page.screenshot({ path: 'test-results/component-10uF-detail.png', fullPage: true });
  await page.goBack();

  // The second of the narrowed list, then the 10 V part once the range is removed: three to compare.
  const second = await addFirstResultToCompare(page, 1);
  await page.getByTestId('range-tag-voltage').locator('.ant-tag-close-icon').click();
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'C0603-10uF-10V' })).toBeVisible();
  const tenRow = await rows.evaluateAll((elements) => elements.findIndex((row) => row.textContent?.includes('C0603-10uF-10V')));
  const third = await addFirstResultToCompare(page, tenRow);
  expect(new Set([first, second, third]).size).toBe(3);
  // 参数对比 without a choice compares the whole basket.
  await page.goto('/component/param-compare');
  const table = page.getByTestId('compare-table');
  for (const part of [first, second, third]) await expect(table.locator('thead')).toContainText(part);
  // The rated voltage differs (highlighted); the capacitance and the package do not.
  await expect(table.locator('tbody tr[data-row-key="param:voltage"]')).toHaveAttribute('data-differs', 'true');
  await expect(table.locator('tbody tr[data-row-key="param:capacitance"]')).toHaveAttribute('data-differs', 'false');
  await page.screenshot({ path: 'test-results/component-10uF-compare.png', fullPage: true });

  // Alternatives of one, each with its reasons.
  await table.locator('thead a').filter({ hasText: third }).click();
  await page.getByTestId('detail-alternatives-link').click();
  await expect(page).toHaveURL(/\/component\/similarity\?id=\d+$/);
  await expect(page.getByTestId('similarity-list').locator('.ant-list-item').first()).toBeVisible();
  await expect(page.getByTestId('similarity-reason').first()).not.toBeEmpty();
  // The other 10 µF 0603 parts are among them (the ranking ties them with 0603 parts of the same voltage).
  await expect(page.getByTestId('similarity-list').locator('.ant-list-item').filter({ hasText: '电容相同: 10μF' }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/component-10uF-similarity.png', fullPage: true });
});

test('manufacturers: search, then a manufacturer with its components', async ({ page }) => {
  await page.goto('/component/brand-page?type=2&keyWords=Texas');
  const card = page.locator('[data-testid^="brand-card-"]').first();
  await expect(card).toContainText('Texas Instruments', { timeout: INDEX_READY_TIMEOUT });
  await card.locator('a').click();
  await expect(page).toHaveURL(/\/component\/brand-detail\/\d+$/);
  await expect(page.getByTestId('brand-detail-name')).toHaveText('Texas Instruments');
  await expect(page.getByTestId('brand-detail-components').locator('tbody tr')).not.toHaveCount(0);
});
