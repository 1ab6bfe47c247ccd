import * as fs from 'node:fs';
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { searchFor, totalOf, chooseSelectOption } from './support/library-pages';

// The materials library pages on the committed seed (issue 17, docs/mat-pages.md): 304 found by its
// material number, JIS and GB names; its detail with properties in units and the glossary's
// approximate equivalents; a property range typed in ksi; three steels compared with charts, a unit
// switch and a CSV download; no 厂商 pages; English.

// The seed is imported and indexed when the portal first starts; the first search may wait for it.
const INDEX_READY_TIMEOUT = 60_000;

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The id of the material whose code is `code` among the hits of `query`, once the seed is indexed. */
async function idOf(request: APIRequestContext, query: string, code: string): Promise<number> {
  let id: number | undefined;
  await expect
    .poll(
      async () => {
        const answer = await (await request.get(`/to/api/public/mat/search?keyWords=${encodeURIComponent(query)}&pageSize=20`)).json();
        id = answer.data?.list?.find((row: { partNumber: string }) => row.partNumber === code)?.id;
        return id;
      },
      { timeout: INDEX_READY_TIMEOUT },
    )
    .toBeGreaterThan(0);
  return id!;
}

test('304 by 1.4301, SUS304 and 06Cr19Ni10; its detail: properties with units, approximate equivalents', async ({ page, request }) => {
  test.setTimeout(150_000);
  await idOf(request, '1.4301', 'X5CrNi18-10');
  for (const query of ['1.4301', 'SUS304', '06Cr19Ni10']) {
    // From the library home each time: on a results page the box would add a second keyword tag.
    await page.goto('/mat');
    await expect(page.getByTestId('library-home-mat')).toBeVisible();
    await searchFor(page, query);
    await expect(page.getByTestId('search-keyword')).toHaveText([query]);
    await expect(page.getByTestId('mat-search')).toBeVisible();
    await expect(page.getByTestId('coming-soon')).toHaveCount(0);
    const results = page.getByTestId('search-results');
    // 304 is found: the first hit is a record of the glossary's grade 06Cr19Ni10 (AISI 304).
    const first = results.locator('tbody a[data-testid^="result-link-"]').first();
    await expect(first).toBeVisible({ timeout: INDEX_READY_TIMEOUT });
    const firstId = Number((await first.getAttribute('data-testid'))!.replace('result-link-', ''));
    const detail = await (await request.get(`/to/api/public/mat/item/${firstId}`)).json();
    expect(detail.data.component.grade, query).toBe('06Cr19Ni10');
    // No manufacturer facet or column for materials.
    await expect(page.getByTestId('facet-manufacturer')).toHaveCount(0);
  }
  // FreeCAD's X5CrNi18-10 is the record that names 1.4301 itself.
  await page.goto('/mat/search?keyWords=1.4301');
  await expect(
    page
      .getByTestId('search-results')
      .locator('a[data-testid^="result-link-"]')
      .filter({ hasText: /^X5CrNi18-10$/ }),
  ).toBeVisible();
  await shot(page, 'mat-search-1440');

  await page
    .getByTestId('search-results')
    .locator('a[data-testid^="result-link-"]')
    .filter({ hasText: /^X5CrNi18-10$/ })
    .click();
  await expect(page.getByTestId('detail-part-number')).toHaveText('X5CrNi18-10');
  const properties = page.getByTestId('mat-properties-table');
  await expect(properties).toBeVisible();
  await expect(properties).toContainText('弹性模量');
  await expect(page.getByTestId('mat-property-youngsModulus')).toHaveText(/^\d+(\.\d+)? GPa$/);
  await expect(page.getByTestId('mat-property-density')).toHaveText(/^\d+(\.\d+)? g\/cm³$/);
  await expect(page.getByTestId('mat-source')).toContainText('LGPL');
  // The glossary's equivalents, marked approximate; the source's own number exact.
  await expect(page.getByTestId('mat-chinese-grade')).toHaveText('06Cr19Ni10');
  await expect(page.getByTestId('mat-equivalent-approximate').filter({ hasText: 'SUS304' })).toBeVisible();
  await expect(page.getByTestId('mat-equivalent-approximate').filter({ hasText: 'SUS304' })).toContainText('≈');
  await expect(page.getByTestId('mat-equivalent-exact').filter({ hasText: '1.4301' })).toBeVisible();
  await expect(page.getByTestId('mat-approximate-note')).toContainText('仅供参考');
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'mat-detail-1440');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'mat-detail-1280');
  await page.setViewportSize({ width: 500, height: 900 });
  await expect(page.getByTestId('mat-properties-table')).toBeVisible();
  await shot(page, 'mat-detail-500');
});

test('a property range typed in ksi: yield strength ≥ 43.5 ksi (≈ 300 MPa)', async ({ page, request }) => {
  test.setTimeout(120_000);
  await idOf(request, '1.4301', 'X5CrNi18-10');
  const totalFor = async (range: string) =>
    (await (await request.get(`/to/api/public/mat/search?keyWords=steel&pageSize=1&range=${encodeURIComponent(range)}`)).json()).data.total as number;
  const inMpa = await totalFor('yieldStrength >= 300MPa');
  const inKsi = await totalFor('yieldStrength >= 43.5ksi');
  expect(inKsi).toBeGreaterThan(0);

  await page.goto('/mat/search?keyWords=steel');
  const total = page.getByTestId('search-total');
  await expect.poll(async () => totalOf(await total.textContent()), { timeout: INDEX_READY_TIMEOUT }).toBeGreaterThan(inKsi);
  // The facets may still be re-rendering after the first answers (CI chose 屈服强度 and then saw 密度
  // selected): choose until the choice holds.
  await expect(async () => {
    // A list left open by the previous attempt is closed first: a click on the select would close it instead.
    await page.keyboard.press('Escape');
    await chooseSelectOption(page, 'range-dimension', /屈服强度/, 5_000);
    await expect(page.getByTestId('range-dimension')).toContainText('屈服强度', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByPlaceholder('最小值').fill('43.5');
  await chooseSelectOption(page, 'range-min-prefix', 'ksi');
  await page.getByTestId('range-apply').click();
  await expect(page).toHaveURL(/range=yieldStrength(\+|%20)%3E%3D(\+|%20)43\.5ksi/);
  await expect(page.getByTestId('range-tag-yieldStrength')).toContainText('屈服强度: 43.5 ksi');
  await expect.poll(async () => totalOf(await total.textContent())).toBe(inKsi);
  // The same window in MPa, within the rounding of 43.5 ksi = 299.9 MPa.
  expect(Math.abs(inKsi - inMpa)).toBeLessThanOrEqual(2);
  await shot(page, 'mat-range-ksi-1440');
  // A reload reads the range back from the URL.
  await page.reload();
  await expect(page.getByTestId('range-tag-yieldStrength')).toContainText('43.5 ksi');
});

test('compare three steels: differences, chart, unit switch, CSV; no 厂商 pages; English', async ({ page, request }) => {
  test.setTimeout(150_000);
  const ids = [await idOf(request, '1.4301', 'X5CrNi18-10'), await idOf(request, 'S235JR', 'S235JR'), await idOf(request, 'C40E', 'C40E')];

  // Into the basket from the detail pages, then the toolbar's 材料对比 compares the basket.
  for (const id of ids) {
    await page.goto(`/mat/detail/${id}`);
    await page.getByTestId('add-to-compare').click();
    await expect(page.getByTestId('add-to-compare')).toHaveAttribute('data-in-compare', 'true');
  }
  await page.getByTestId('toolbar-matCompare').click();
  await expect(page).toHaveURL(/\/mat\/mat-compare$/);
  const table = page.getByTestId('compare-table');
  await expect(table).toBeVisible();
  for (const code of ['X5CrNi18-10', 'S235JR', 'C40E']) await expect(table.locator('thead')).toContainText(code);
  await expect(table.locator('tr[data-differs="true"]').first()).toBeVisible();
  const yieldRow = table.locator('tbody tr').filter({ hasText: '屈服强度' });
  await expect(yieldRow).toContainText('MPa');
  await expect(page.getByTestId('mat-radar-chart')).toBeVisible();
  await expect(page.getByTestId('mat-radar-series')).toHaveCount(3);
  await expect(page.getByTestId('mat-bar-chart-yieldStrength').locator('[data-testid="mat-bar"]')).toHaveCount(3);
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'mat-compare-1440');

  // Every stress in ksi at once; the bar chart follows.
  await chooseSelectOption(page, 'mat-unit-stress', 'ksi');
  await expect(yieldRow).toContainText('ksi');
  await expect(page.getByTestId('mat-bar-chart-yieldStrength')).toContainText('(ksi)');

  const downloadPromise = page.waitForEvent('download');
  await page.getByTestId('mat-compare-csv').click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`materials-compare-${ids.join('-')}.csv`);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  const [header, ...rows] = csv
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n');
  expect(header).toBe('属性,单位,X5CrNi18-10,S235JR,C40E');
  expect(rows.find((row) => row.startsWith('屈服强度,ksi,'))).toBeDefined();
  expect(rows.find((row) => row.startsWith('密度,g/cm³,'))).toBeDefined();

  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'mat-compare-1280');
  await page.setViewportSize({ width: 500, height: 900 });
  await expect(page.getByTestId('mat-radar-chart')).toBeVisible();
  await shot(page, 'mat-compare-500');

  // 参数对比: the kit's table of the same basket.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId('toolbar-paramCompare').click();
  await expect(page.getByTestId('compare-table')).toBeVisible();
  await expect(page.getByTestId('coming-soon')).toHaveCount(0);

  // Materials have no manufacturers: no toolbar tab, and the path answers the 404 page.
  await expect(page.getByTestId('toolbar-brand')).toHaveCount(0);
  await page.goto('/mat/brand-page');
  await expect(page).toHaveURL(/\/404$/);

  // The English switch shows English.
  await page.goto(`/mat/mat-compare?ids=${ids.join(',')}`);
  await expect(page.getByTestId('compare-table')).toBeVisible();
  await page.getByTestId('language-switch').click();
  await expect(page.getByTestId('mat-compare-page')).toContainText('Material comparison');
  await expect(page.getByTestId('compare-table')).toContainText('Yield strength');
  await page.goto(`/mat/detail/${ids[0]}`);
  await expect(page.getByTestId('mat-properties')).toContainText("Young's modulus");
  await expect(page.getByTestId('mat-grade')).toContainText('Approximate equivalents');
  await shot(page, 'mat-detail-en-1440');
  await page.getByTestId('language-switch').click();
});

test('a part names its material: ISO 4762 M6×20 → A2-70 ≈ 06Cr19Ni10 → the material page lists ISO 4762', async ({ page, request }) => {
  test.setTimeout(150_000);
  // The part's id once the parts seed is indexed (the materials' too, for the grade's item).
  let partId: number | undefined;
  await expect
    .poll(
      async () => {
        const answer = await (await request.get(`/to/api/public/part/search?keyWords=${encodeURIComponent('ISO 4762 M6×20')}&pageSize=5`)).json();
        partId = answer.data?.list?.find((row: { partNumber: string }) => row.partNumber === 'ISO 4762 M6×20')?.id;
        return partId;
      },
      { timeout: INDEX_READY_TIMEOUT },
    )
    .toBeGreaterThan(0);
  await idOf(request, '06Cr19Ni10', 'X5CrNi18-10');

  await page.goto(`/part/detail/${partId}`);
  await expect(page.getByTestId('detail-part-number')).toHaveText('ISO 4762 M6×20');
  const materials = page.getByTestId('part-materials');
  await expect(materials).toBeVisible();
  await expect(materials).toContainText('8.8');
  await expect(materials).toContainText('ISO 898-1');
  await expect(materials).toContainText('A2-70');
  // The class's grade is linked to the materials library, marked approximate.
  const link = page.getByTestId('part-material-link-06Cr19Ni10');
  await expect(link).toBeVisible();
  await expect(materials.getByRole('row').filter({ hasText: 'A2-70' })).toContainText('近似');
  await materials.scrollIntoViewIfNeeded();
  await shot(page, 'part-materials-1440');
  await link.click();

  await expect(page).toHaveURL(/\/mat\/detail\/\d+$/);
  await expect(page.getByTestId('mat-chinese-grade')).toHaveText('06Cr19Ni10');
  const section = page.getByTestId('mat-standard-parts');
  await expect(section).toBeVisible();
  await expect(section.getByTestId('standard-part-link-iso4762')).toContainText('ISO 4762');
  await expect(section.getByRole('row').filter({ hasText: 'ISO 4762' })).toContainText('A2-70');
  await section.scrollIntoViewIfNeeded();
  await shot(page, 'mat-standard-parts-1440');
  await page.setViewportSize({ width: 500, height: 900 });
  await shot(page, 'mat-standard-parts-500');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The family's link lists its parts in the parts search (the family's category and the 标准 facet).
  await section.getByTestId('standard-part-link-iso4762').click();
  await expect(page).toHaveURL(/\/part\/search\?category=socket-head-cap-screw&package=ISO\+4762$/);
  await expect(page.getByTestId('search-results').locator('a[data-testid^="result-link-"]').first()).toContainText('ISO 4762', {
    timeout: INDEX_READY_TIMEOUT,
  });
});
