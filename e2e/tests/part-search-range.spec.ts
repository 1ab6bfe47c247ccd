import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { chooseSelectOption, totalOf } from './support/library-pages';

// The parts' search with a range on a labelled parameter (issue 16, "range filters in any unit"): ISO 4762 M6
// narrowed to nominal lengths l 16–30 mm, kept in the URL across a reload, then the upper bound typed in inch.

// The seed is imported and indexed when the portal first starts; the first search may wait for it.
const INDEX_READY_TIMEOUT = 45_000;

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The API's total for the keyword and range, once the seed is indexed. */
async function apiTotal(request: APIRequestContext, range: string): Promise<number> {
  let total = 0;
  await expect
    .poll(
      async () => {
        const query = `keyWords=${encodeURIComponent('ISO 4762 M6')}&pageSize=1&range=${encodeURIComponent(range)}`;
        const answer = await (await request.get(`/to/api/public/part/search?${query}`)).json();
        total = answer.data?.total ?? 0;
        return total;
      },
      { timeout: INDEX_READY_TIMEOUT },
    )
    .toBeGreaterThan(0);
  return total;
}

/** The nominal lengths (the `×l` of each shown part number) of the results page. */
async function shownLengths(page: Page): Promise<number[]> {
  const numbers = await page.getByTestId('search-results').locator('a[data-testid^="result-link-"]').allTextContents();
  return numbers.map((partNumber) => Number(/×(\d+(?:\.\d+)?)$/.exec(partNumber)?.[1] ?? Number.NaN));
}

test('ISO 4762 M6 with l 16–30 mm: only those lengths, kept across a reload, the bound in inch too', async ({ page, request }) => {
  test.setTimeout(120_000);
  const inMillimetres = await apiTotal(request, 'l:16mm..30mm');
  const inInch = await apiTotal(request, 'l:16mm..1in');
  expect(inInch).toBeLessThan(inMillimetres);

  await page.goto(`/part/search?keyWords=${encodeURIComponent('ISO 4762 M6')}`);
  const total = page.getByTestId('search-total');
  await expect.poll(async () => totalOf(await total.textContent()), { timeout: INDEX_READY_TIMEOUT }).toBeGreaterThan(inMillimetres);

  // The facets may re-render after the first answers: choose until the choice holds.
  await expect(async () => {
    await chooseSelectOption(page, 'range-dimension', /^l（长度）/);
    await expect(page.getByTestId('range-dimension')).toContainText('l（长度）', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  // A length label's units: mm first, inch offered.
  await expect(page.getByTestId('range-min-prefix')).toContainText('mm');
  await page.getByPlaceholder('最小值').fill('16');
  await page.getByPlaceholder('最大值').fill('30');
  await page.getByTestId('range-apply').click();

  await expect(page).toHaveURL(/range=l%3A16mm\.\.30mm/);
  await expect(page.getByTestId('range-tag-l')).toContainText('l（长度）: 16 mm – 30 mm');
  await expect.poll(async () => totalOf(await total.textContent())).toBe(inMillimetres);
  const lengths = await shownLengths(page);
  expect(lengths.length).toBeGreaterThan(0);
  for (const length of lengths) expect([16, 20, 25, 30]).toContain(length);
  await shot(page, 'part-range-1440');

  // A reload reads the range back from the URL.
  await page.reload();
  await expect(page.getByTestId('range-tag-l')).toContainText('l（长度）: 16 mm – 30 mm');
  await expect.poll(async () => totalOf(await total.textContent())).toBe(inMillimetres);

  // The upper bound in inch: 1 in = 25.4 mm leaves 16, 20 and 25.
  await expect(async () => {
    await chooseSelectOption(page, 'range-dimension', /^l（长度）/);
    await expect(page.getByTestId('range-dimension')).toContainText('l（长度）', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByPlaceholder('最小值').fill('16');
  await page.getByPlaceholder('最大值').fill('1');
  await chooseSelectOption(page, 'range-max-prefix', /^in$/);
  await page.getByTestId('range-apply').click();
  await expect(page).toHaveURL(/range=l%3A16mm\.\.1in/);
  await expect(page.getByTestId('range-tag-l')).toContainText('l（长度）: 16 mm – 1 in');
  await expect.poll(async () => totalOf(await total.textContent())).toBe(inInch);
  for (const length of await shownLengths(page)) expect([16, 20, 25]).toContain(length);

  await page.setViewportSize({ width: 500, height: 900 });
  await expect(page.getByTestId('range-tag-l')).toBeVisible();
  await shot(page, 'part-range-500');
});
