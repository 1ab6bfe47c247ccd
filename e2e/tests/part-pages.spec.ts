import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { optionsOf, searchFor } from './support/library-pages';

// The parts library pages on the committed seed (issue 16): search M6x20 → ISO 4762 M6×20 with its
// drawing, 3D view, variant table and a STEP download read back by OpenCascade; a profile with a chosen
// length; three bearings compared; the toolbar's pages; the CAD plugin's insert at 500 px; English.

// The seed is imported and indexed when the portal first starts; the first search may wait for it.
const INDEX_READY_TIMEOUT = 45_000;

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The id of the part whose designation is `code` (the search's first hit, checked). */
async function idOf(request: APIRequestContext, code: string): Promise<number> {
  let hit: { id: number; partNumber: string } | undefined;
  await expect
    .poll(
      async () => {
        const answer = await (await request.get(`/to/api/public/part/search?keyWords=${encodeURIComponent(code)}&pageSize=5`)).json();
        hit = answer.data?.list?.find((row: { partNumber: string }) => row.partNumber === code);
        return hit?.id;
      },
      { timeout: INDEX_READY_TIMEOUT },
    )
    .toBeGreaterThan(0);
  return hit!.id;
}

/** The drawing `<img>` decoded (a broken or refused SVG has no natural width). */
async function expectDrawing(page: Page) {
  // antd's Image puts the test id on its wrapper.
  const drawing = page.getByTestId('part-drawing').locator('img');
  await expect(drawing).toBeVisible();
  await expect.poll(() => drawing.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
}

/** Axis-aligned size of a binary STL (80-byte header, count, 50 bytes per triangle). */
function stlSize(bytes: Buffer): number[] {
  const count = bytes.readUInt32LE(80);
  expect(bytes.length).toBe(84 + count * 50);
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let triangle = 0; triangle < count; triangle++) {
    for (let vertex = 0; vertex < 3; vertex++) {
      for (let axis = 0; axis < 3; axis++) {
        const value = bytes.readFloatLE(84 + triangle * 50 + 12 + vertex * 12 + axis * 4);
        min[axis] = Math.min(min[axis], value);
        max[axis] = Math.max(max[axis], value);
      }
    }
  }
  return max.map((value, axis) => value - min[axis]).sort((a, b) => a - b);
}

/** OpenCascade (npm occt-import-js) reading a STEP file: its meshes' bounding box size, sorted. */
async function occtSize(bytes: Buffer): Promise<number[]> {
  const require = createRequire(__filename);
  const occt = await require('occt-import-js')();
  const result = occt.ReadStepFile(new Uint8Array(bytes), { linearUnit: 'millimeter' });
  expect(result.success).toBe(true);
  expect(result.meshes.length).toBeGreaterThan(0);
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const mesh of result.meshes as { attributes: { position: { array: number[] } } }[]) {
    const points = mesh.attributes.position.array;
    for (let i = 0; i < points.length; i += 3) {
      for (let axis = 0; axis < 3; axis++) {
        min[axis] = Math.min(min[axis], points[i + axis]);
        max[axis] = Math.max(max[axis], points[i + axis]);
      }
    }
  }
  return max.map((value, axis) => value - min[axis]).sort((a, b) => a - b);
}

test('search M6x20, open ISO 4762 M6×20: drawing, 3D view, variants, STEP download read by OpenCascade', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/part');
  await searchFor(page, 'M6x20');
  await expect(page).toHaveURL(/\/part\/search\?keyWords=M6x20$/);
  const first = page.getByTestId('search-results').locator('tbody tr a[data-testid^="result-link-"]').first();
  await expect(first).toHaveText('ISO 4762 M6×20', { timeout: INDEX_READY_TIMEOUT });
  await shot(page, 'part-search-1440');
  await first.click();

  await expect(page.getByTestId('detail-part-number')).toHaveText('ISO 4762 M6×20');
  await expect(page.getByTestId('part-designations')).toContainText('ISO 4762 M6×20');
  await expect(page.getByTestId('part-designations')).toContainText('GB/T 70.1 M6×20');
  await expect(page.getByTestId('part-designation-approximate')).toHaveCount(1);
  await expectDrawing(page);
  await expect(page.getByTestId('model-viewer')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  // The standard's symbols name the parameters (dk（长度）| 10mm), not the value (长度 | dk 10mm).
  await expect(page.getByTestId('detail-parameters').locator('tbody tr').filter({ hasText: 'dk（长度）' })).toHaveCount(1);
  // The variant table opens on the page that holds this variant, highlighted.
  await expect(page.getByTestId('part-variant-current')).toContainText('ISO 4762 M6×20');
  await expect(page.getByTestId('part-recommend-nuts')).toContainText('M6');

  // The viewer's tools: section along X, then measure two points.
  await page.getByTestId('model-section').click();
  await expect(page.getByTestId('model-section-slider')).toBeVisible();
  await page.getByTestId('model-measure').click();
  await expect(page.getByTestId('model-measure-result')).toHaveAttribute('data-points', '0');
  const canvas = page.getByTestId('model-viewer').locator('canvas');
  const box = (await canvas.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByTestId('model-measure-result')).toHaveAttribute('data-points', '1');
  await page.getByTestId('model-measure').click();
  await page.getByTestId('model-section').click();
  await shot(page, 'part-detail-1440');

  // STEP download: the server's file name, the AP214 header, solids OpenCascade reads at dk × (k + l).
  const downloadPromise = page.waitForEvent('download');
  await page.getByTestId('download-step').click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('socket_head_cap_iso4762_M6-1x20.step');
  const bytes = fs.readFileSync((await download.path())!);
  const text = bytes.toString('latin1');
  expect(text.startsWith('ISO-10303-21;')).toBe(true);
  expect(text).toContain('MANIFOLD_SOLID_BREP');
  const size = await occtSize(bytes);
  // ISO 4762 M6: dk 10, k 6, l 20 → 10 × 10 × 26 mm (within 1 %).
  expect(size[0]).toBeCloseTo(10, 0);
  expect(size[1]).toBeCloseTo(10, 0);
  expect(Math.abs(size[2] - 26) / 26).toBeLessThan(0.01);

  // Picking another variant moves to it: the title, drawing and 3D view follow.
  const drawingBefore = await page.getByTestId('part-drawing').locator('img').getAttribute('src');
  await page.getByTestId('part-variant-row').filter({ hasText: 'ISO 4762 M6×25' }).click();
  await expect(page.getByTestId('detail-part-number')).toHaveText('ISO 4762 M6×25');
  await expect(page.getByTestId('part-variant-current')).toContainText('ISO 4762 M6×25');
  await expect(page.getByTestId('part-drawing').locator('img')).not.toHaveAttribute('src', drawingBefore!);
  await expectDrawing(page);
  await expect(page.getByTestId('model-viewer')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(page.getByTestId('download-step')).toHaveAttribute('data-file-name', 'socket_head_cap_iso4762_M6-1x25.step');

  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'part-detail-1280');
});

test('a profile with a chosen length: the URL, drawing, downloads and the STL follow it; bad lengths are refused', async ({ page, request }) => {
  test.setTimeout(90_000);
  const id = await idOf(request, 'IPE100');
  await page.goto(`/part/detail/${id}`);
  await expect(page.getByTestId('detail-part-number')).toHaveText('IPE100');
  // Without a length the page shows one metre.
  await expect(page.getByTestId('part-length')).toHaveValue('1000');
  await expect(page.getByTestId('download-stl')).toHaveAttribute('data-file-name', 'profile_IPE_IPE100x1000.stl');

  const input = page.getByTestId('part-length');
  await input.fill('5');
  await expect(page.getByTestId('part-length-error')).toContainText('10–20000');
  await expect(page.getByTestId('part-length-apply')).toBeDisabled();
  await input.fill('abc');
  await expect(page.getByTestId('part-length-error')).toBeVisible();
  await input.fill('500');
  await page.getByTestId('part-length-apply').click();
  await expect(page).toHaveURL(/length=500/);
  await expect(page.getByTestId('download-stl')).toHaveAttribute('data-file-name', 'profile_IPE_IPE100x500.stl');
  await expect(page.getByTestId('part-drawing').locator('img')).toHaveAttribute('src', /model\/svg\?length=500$/);
  await expectDrawing(page);
  await expect(page.getByTestId('model-viewer')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await shot(page, 'part-profile-1440');

  const downloadPromise = page.waitForEvent('download');
  await page.getByTestId('download-stl').click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('profile_IPE_IPE100x500.stl');
  // IPE100: 55 wide, 100 high, 500 long.
  const size = stlSize(fs.readFileSync((await download.path())!));
  expect(size[0]).toBeCloseTo(55, 1);
  expect(size[1]).toBeCloseTo(100, 1);
  expect(size[2]).toBeCloseTo(500, 1);

  // A length in the URL that the route refuses is said, and nothing is requested with it.
  await page.goto(`/part/detail/${id}?length=50000`);
  await expect(page.getByTestId('part-length-url-problem')).toBeVisible();
  await expect(page.getByTestId('download-stl')).toBeDisabled();
});

test('compare three bearings from the search, then the toolbar pages: 对比, 参数对比, 厂商, 推荐', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/part');
  await searchFor(page, '深沟球轴承');
  const rows = page.getByTestId('search-results').locator('tbody tr');
  await expect(rows.first().locator('a[data-testid^="result-link-"]')).toBeVisible({ timeout: INDEX_READY_TIMEOUT });
  const names: string[] = [];
  for (let row = 0; row < 3; row++) {
    names.push((await rows.nth(row).locator('a[data-testid^="result-link-"]').textContent()) ?? '');
    await rows.nth(row).locator('[data-testid^="result-compare-"]').click();
  }
  await page.getByTestId('toolbar-compare').click();
  await expect(page).toHaveURL(/\/part\/compare$/);
  await expect(page.getByTestId('compare-basket-count')).toHaveText('3/10');
  await page.getByTestId('compare-basket-compare').click();
  await expect(page).toHaveURL(/\/part\/param-compare\?ids=/);
  const table = page.getByTestId('compare-table');
  for (const name of names) await expect(table.locator('thead')).toContainText(name);
  await expect(table).toContainText('标准');
  await expect(table.locator('tbody tr[data-differs="true"]').first()).toBeVisible();
  await shot(page, 'part-compare-1440');

  await page.getByTestId('toolbar-brand').click();
  await expect(page).toHaveURL(/\/part\/brand-page/);
  // The standards bodies, most parts first: ISO leads.
  const firstBody = page.getByTestId('brand-list').locator('[data-testid^="brand-card-"]').first();
  await expect(firstBody).toContainText('ISO');
  await shot(page, 'part-brand-1440');
  await firstBody.locator('a').first().click();
  await expect(page).toHaveURL(/\/part\/brand-detail\/\d+/);
  await expect(page.getByTestId('brand-detail-name')).toContainText('ISO');
  await expect(page.getByTestId('brand-detail').locator('a[href*="/part/detail/"]').first()).toBeVisible();

  await page.getByTestId('toolbar-recommend').click();
  await expect(page).toHaveURL(/\/part\/recommend$/);
  await page.getByTestId('recommend-picker-input').locator('input').fill('ISO 4014 M10x50');
  await page.getByTestId('recommend-picker-input').locator('input').press('Enter');
  await page.getByTestId('recommend-picker-option').filter({ hasText: 'ISO 4014 M10×50' }).first().click();
  await expect(page.getByTestId('recommend-target-link')).toHaveText('ISO 4014 M10×50');
  await expect(page.getByTestId('part-recommend-nuts')).toContainText('ISO 4032 M10');
  await expect(page.getByTestId('part-recommend-otherStandards')).toContainText('M10×50');
  await shot(page, 'part-recommend-1440');

  // The English switch shows English.
  await page.getByTestId('language-switch').click();
  await expect(page.getByTestId('part-recommend-nuts')).toContainText('Mating nuts');
  await expect(page.getByText('Part recommendations')).toBeVisible();
  await page.getByTestId('recommend-target-link').click();
  await expect(page.getByTestId('part-designations')).toContainText('Designations');
  await expect(page.getByTestId('part-downloads')).toContainText('3D model STEP');
  await shot(page, 'part-detail-en-1440');
  await page.getByTestId('language-switch').click();
});

test('CAD plugin at 500 px: a compact variant picker and 插入 hands the STEP URL to the host', async ({ page, request }) => {
  test.setTimeout(90_000);
  const id = await idOf(request, 'ISO 4762 M6×20');
  await page.setViewportSize({ width: 500, height: 900 });
  await page.goto(`/part/detail/${id}?swType=CAD&softwareName=SolidWorks&theme=light`);
  await expect(page.getByTestId('detail-part-number')).toHaveText('ISO 4762 M6×20');
  await expect(page.getByTestId('part-variant-picker')).toBeVisible();
  await expect(page.getByTestId('part-variant-table')).toHaveCount(0);

  // The page is top-level here, so window.parent is the page itself: listen to what the host would get.
  await page.evaluate(() => {
    (window as unknown as { inserted: unknown[] }).inserted = [];
    window.addEventListener('message', (event) => (window as unknown as { inserted: unknown[] }).inserted.push(event.data));
  });
  await page.getByTestId('part-insert').click();
  await expect(page.getByTestId('part-insert-sent')).toContainText('socket_head_cap_iso4762_M6-1x20.step');
  const messages = await page.evaluate(() => (window as unknown as { inserted: Record<string, unknown>[] }).inserted);
  const insert = messages.find((message) => message?.type === 'portal:part-insert')!;
  expect(insert).toMatchObject({ format: 'step', fileName: 'socket_head_cap_iso4762_M6-1x20.step', id, partNumber: 'ISO 4762 M6×20' });
  expect(String(insert.url)).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/to/api/public/part/item/${id}/model/step$`));
  // The plugin fetches the URL (with its personal access token; the route is public).
  const step = await request.get(String(insert.url));
  expect(step.status()).toBe(200);
  expect((await step.text()).startsWith('ISO-10303-21;')).toBe(true);

  // Nothing wider than the plugin's 500 px.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(500);
  await shot(page, 'part-plugin-500');

  // The compact picker moves to another variant.
  const picker = page.getByTestId('part-variant-picker');
  await picker.click();
  await page.keyboard.type('M6×25');
  await (
    await optionsOf(page, picker)
  )
    .filter({ hasText: /^M6×25$/ })
    .first()
    .click();
  await expect(page.getByTestId('detail-part-number')).toHaveText('ISO 4762 M6×25');
});
