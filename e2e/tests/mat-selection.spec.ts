import * as fs from 'node:fs';
import { test, expect, type Page } from '@playwright/test';

// 材料推荐 (issue 17): two constraints and an objective → the Ashby chart and the ranked list; a chat
// sentence → editable chips → results; an Abaqus card exported from a recommended material.

// The seed is imported when the portal first starts; the first recommendation may wait for it.
const SEED_READY_TIMEOUT = 60_000;

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('recommend with two constraints and an objective: Ashby chart, ranked list, Abaqus export', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/mat');
  await page.getByTestId('toolbar-matRecommend').click();
  await expect(page).toHaveURL(/\/mat\/mat-recommend$/);
  await expect(page.getByTestId('recommend-page')).toBeVisible();

  // The page opens with yield ≥ 200 MPa and density ≤ 5 g/cm³; the objective: light, stiff beam.
  const rows = page.getByTestId('constraint-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByTestId('constraint-min')).toHaveValue('200');
  await expect(rows.nth(1).getByTestId('constraint-max')).toHaveValue('5');
  await expect(page.getByTestId('objective-select')).toContainText('E^1/2/ρ');
  await expect
    .poll(
      async () => {
        await page.getByTestId('recommend-submit').click();
        return page.getByTestId('selection-results').locator('tbody tr.ant-table-row').count();
      },
      { timeout: SEED_READY_TIMEOUT },
    )
    .toBeGreaterThan(5);

  const chart = page.getByTestId('ashby-chart');
  await expect(chart).toBeVisible();
  await expect(chart.getByTestId('ashby-envelope').first()).toBeAttached();
  await expect(chart.getByTestId('ashby-box-listed')).toHaveCount(await page.getByTestId('selection-results').locator('tbody tr.ant-table-row').count());
  await expect(chart.getByTestId('ashby-line')).toBeAttached();
  await expect(chart.locator('svg')).toHaveAttribute('aria-label', /弹性模量.*密度/);
  const first = page.getByTestId('selection-results').locator('tbody tr.ant-table-row').first();
  await expect(first).toContainText('1');
  await expect(first).toContainText('E^1/2/ρ');
  await shot(page, 'mat-recommend-1440');
  const summary = await page.getByTestId('selection-summary').textContent();

  // A CAE card needs E and ν: a third constraint (Poisson's ratio ≥ 0.2), then the first material's
  // Abaqus card in mm-N-t-s.
  await page.getByTestId('constraint-add').click();
  const third = page.getByTestId('constraint-row').nth(2);
  await third.getByTestId('constraint-property').click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: /^泊松比$/ })
    .click();
  await third.getByTestId('constraint-min').fill('0.2');
  await page.getByTestId('recommend-submit').click();
  await expect(page.getByTestId('selection-summary')).not.toHaveText(summary ?? '');
  await first.locator('.ant-table-row-expand-icon').click();
  const exporter = page.getByTestId('cae-export').first();
  await expect(exporter).toBeVisible();
  await exporter.getByTestId('cae-units').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'mm, N, t, s' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), exporter.getByTestId('cae-download').click()]);
  expect(download.suggestedFilename()).toMatch(/_CalculiX-Abaqus_mm-N-t-s\.inp$/);
  const card = fs.readFileSync((await download.path())!, 'utf8');
  // Header comments (`**`) first, then the card itself.
  const body = card.split('\n').filter((line) => !line.startsWith('**'));
  expect(body[0]).toMatch(/^\*MATERIAL, NAME=/);
  expect(card).toContain('\n*ELASTIC\n');

  await page.setViewportSize({ width: 500, height: 900 });
  await expect(chart).toBeVisible();
  await shot(page, 'mat-recommend-500');

  // A ranked material links to its detail page, where the same export is offered.
  const name = (await page.getByTestId('selection-result-link').first().textContent()) ?? '';
  await page.getByTestId('selection-result-link').first().click();
  await expect(page).toHaveURL(/\/mat\/detail\/\d+$/);
  await expect(page.getByTestId('detail-part-number')).toBeVisible();
  expect(name).toContain((await page.getByTestId('detail-part-number').textContent()) ?? '—');
  await expect(page.getByTestId('cae-export')).toBeVisible();
  // At 500 px the export's selects wrap and shrink inside their card: nothing scrolls sideways.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { message: page.url() })
    .toBeLessThanOrEqual(0);
});

test('a chat sentence becomes editable chips, then results', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/mat/mat-recommend');
  await page.getByTestId('chat-input').fill('密度小于3 g/cm³、屈服强度大于200 MPa的铝合金');
  await expect
    .poll(
      async () => {
        await page.getByTestId('chat-submit').click();
        return page.getByTestId('selection-results').locator('tbody tr.ant-table-row').count();
      },
      { timeout: SEED_READY_TIMEOUT },
    )
    .toBeGreaterThan(0);
  await expect(page.getByTestId('chip-density')).toContainText('≤ 3 g/cm³');
  await expect(page.getByTestId('chip-yieldStrength')).toContainText('≥ 200 MPa');
  await expect(page.getByTestId('chat-parsed').locator('[data-testid^=chip-family-]')).not.toHaveCount(0);
  await expect(page.getByTestId('ashby-chart')).toBeVisible();
  await shot(page, 'mat-chat-1440');

  // Edit a chip: yield ≥ 300 MPa, then re-run; every listed material still meets it.
  await page.getByTestId('chip-edit-yieldStrength').click();
  await page.getByTestId('chip-edit-min').fill('300');
  await page.getByTestId('chip-edit-done').click();
  await expect(page.getByTestId('chip-yieldStrength')).toContainText('≥ 300 MPa');
  await expect(page.getByTestId('constraint-row').filter({ has: page.locator('input[value="300"]') })).toHaveCount(1);
  const before = await page.getByTestId('selection-summary').textContent();
  await page.getByTestId('recommend-submit').click();
  await expect(page.getByTestId('selection-summary')).not.toHaveText(before ?? '');
  await expect(page.getByTestId('selection-results').locator('tbody tr.ant-table-row').first()).toBeVisible();

  // Remove the density chip: its row goes too.
  await page.getByTestId('chip-density').locator('.ant-tag-close-icon').click();
  await expect(page.getByTestId('chip-density')).toHaveCount(0);
  await expect(page.getByTestId('constraint-row')).toHaveCount(1);

  await page.setViewportSize({ width: 500, height: 900 });
  await shot(page, 'mat-chat-500');
});
