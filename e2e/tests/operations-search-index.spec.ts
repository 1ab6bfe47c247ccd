import { test, expect, type Page } from '@playwright/test';
import { createAdministrator, signInAs } from './support/accounts';

// Operations platform, search index (docs/operations.md "Search index"): a super admin rebuilds the
// materials library's search index from its store and follows the progress to the end; the library's
// search answers throughout and after.

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('a super admin rebuilds a library search index and follows its progress to the end', async ({ page, request }, info) => {
  test.setTimeout(120_000);
  const admin = createAdministrator(info, 'opsindex');
  await signInAs(page, request, admin, '/operation/search-index');
  for (const library of ['component', 'part', 'mat']) await expect(page.getByTestId(`search-index-${library}`)).toBeVisible();
  await page.getByTestId('search-index-rebuild-mat').click();
  await expect(page.getByTestId('search-index-state-mat')).toHaveText(/重建中|已完成/);
  await expect(page.getByTestId('search-index-state-mat')).toHaveText('已完成', { timeout: 90_000 });
  const count = (await page.getByTestId('search-index-count-mat').innerText()).replace(/,/g, '');
  const [indexed, total] = count.match(/\d+/g)!.map(Number);
  expect(total).toBeGreaterThan(100);
  expect(indexed).toBe(total);
  await expect(page.getByTestId('search-index-rebuild-mat')).toBeEnabled();
  await shot(page, 'search-index');

  // The rebuilt index answers the library's search.
  await page.goto('/mat/search?keyWords=1.4301');
  await expect(
    page
      .getByTestId('search-results')
      .locator('a[data-testid^="result-link-"]')
      .filter({ hasText: /^X5CrNi18-10$/ }),
  ).toBeVisible();
});
