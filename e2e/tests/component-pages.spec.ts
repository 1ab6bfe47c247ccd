import { test, expect, type Page } from '@playwright/test';

// The components library pages on the seed (KiCad symbols): search as tags, a range filter, a detail page
// with its drawings and 3D model, the compare list, and the alternatives page.

// The seed is imported and indexed when the portal first starts; the first search may wait for it.
const INDEX_READY_TIMEOUT = 45_000;

async function searchFor(page: Page, text: string) {
  await page.getByTestId('keyword-input').fill(text);
  await page.getByTestId('keyword-input').press('Enter');
}

function totalOf(text: string | null): number {
  return Number((text ?? '').replace(/\D/g, ''));
}

async function chooseSelectOption(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

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

  // Two more into the compare list, then the compare page.
  const second = await addFirstResultToCompare(page, 1);
  const third = await addFirstResultToCompare(page, 2);
  await page.goto('/component/compare');
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

test('manufacturers: search, then a manufacturer with its components', async ({ page }) => {
  await page.goto('/component/brand-page?type=2&keyWords=Texas');
  const card = page.locator('[data-testid^="brand-card-"]').first();
  await expect(card).toContainText('Texas Instruments', { timeout: INDEX_READY_TIMEOUT });
  await card.locator('a').click();
  await expect(page).toHaveURL(/\/component\/brand-detail\/\d+$/);
  await expect(page.getByTestId('brand-detail-name')).toHaveText('Texas Instruments');
  await expect(page.getByTestId('brand-detail-components').locator('tbody tr')).not.toHaveCount(0);
});
