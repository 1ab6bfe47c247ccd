import { test, expect } from '@playwright/test';

// /component/recommend on the seed: the components toolbar's 推荐 opens the part picker, a real AMS1117
// is picked, both groups (同系列, 封装兼容) show with their reasons, one goes into the compare list, and a
// recommendation leads to its detail page.

// The seed is imported and indexed when the portal first starts; the first search may wait for it.
const INDEX_READY_TIMEOUT = 45_000;

test('toolbar 推荐 → pick AMS1117-3.3 → same family and compatible package with reasons → a detail page', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/component');
  await page.getByTestId('toolbar-recommend').click();
  await expect(page).toHaveURL(/\/component\/recommend$/);
  await expect(page.getByTestId('recommend-picker')).toBeVisible();

  const input = page.getByPlaceholder('例如 AMS1117、STM32F103');
  await input.fill('AMS1117-3.3');
  await input.press('Enter');
  const option = page.getByTestId('recommend-picker-option').filter({ hasText: /^AMS1117-3\.3$/ });
  await expect(option.first()).toBeVisible({ timeout: INDEX_READY_TIMEOUT });
  await page.screenshot({ path: 'test-results/component-recommend-picker.png', fullPage: true });
  await option.first().click();

  await expect(page).toHaveURL(/\/component\/recommend\?id=\d+$/);
  await expect(page.getByTestId('recommend-target-link')).toHaveText('AMS1117-3.3');

  // Same family: KiCad derives the AMS1117s from AP1117-15; the output voltage is what differs.
  const family = page.getByTestId('recommend-group-family');
  await expect(family).toContainText('同系列');
  const familyRows = family.getByTestId('recommend-row');
  await expect(familyRows).not.toHaveCount(0);
  await expect(familyRows.first().getByTestId('recommend-reason').first()).toContainText('同一符号系列: AP1117-15');
  expect(await family.getByTestId('recommend-link').allTextContents()).not.toContain('AMS1117-3.3');
  await expect(
    family
      .getByTestId('recommend-difference')
      .filter({ hasText: /^电压 3\.3V → / })
      .first(),
  ).toBeVisible();

  // Compatible package: the same SOT-223 footprint, a drop-in.
  const compatible = page.getByTestId('recommend-group-package');
  await expect(compatible).toContainText('封装兼容');
  await expect(compatible.getByTestId('recommend-row')).not.toHaveCount(0);
  await expect(compatible.getByTestId('recommend-reason').filter({ hasText: '封装相同，可直接替换' }).first()).toBeVisible();

  // 对比 adds the row's part to the session's compare list.
  const compareButton = familyRows.first().getByTestId('add-to-compare');
  await compareButton.click();
  await expect(compareButton).toHaveAttribute('data-in-compare', 'true');
  await page.screenshot({ path: 'test-results/component-recommend.png', fullPage: true });

  // A recommendation leads to its detail page, which links back to its own recommendations.
  const link = family.getByTestId('recommend-link').first();
  const partNumber = (await link.textContent()) ?? '';
  await link.click();
  await expect(page).toHaveURL(/\/component\/detail\/\d+$/);
  await expect(page.getByTestId('detail-part-number')).toHaveText(partNumber);
  await page.getByTestId('detail-recommend-link').click();
  await expect(page).toHaveURL(/\/component\/recommend\?id=\d+$/);
  await expect(page.getByTestId('recommend-target-link')).toHaveText(partNumber);
});

test('a malformed id on /component/recommend warns and offers the picker', async ({ page }) => {
  await page.goto('/component/recommend?id=abc');
  await expect(page.getByTestId('recommend-bad-id')).toBeVisible();
  await expect(page.getByTestId('recommend-picker')).toBeVisible();
});
