import { test, expect, type Page } from '@playwright/test';
import { createAdministrator, signInAs, uniqueSuffix } from './support/accounts';
import { searchFor } from './support/library-pages';

// Usage statistics (issue 19, docs/statistics.md): a visitor's search that finds nothing is on the
// operators' statistics page at once, among the queries with no results, linked to the library's
// search with it. The operator is an administrator (`*:*:*` holds `operation:stat:query`).

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('a search that finds nothing is on the statistics page among zero-result queries', async ({ page, request }, info) => {
  const nonsense = `zzqx${uniqueSuffix()}`;

  // A visitor (signed out) searches the components for something that does not exist.
  await page.goto('/component');
  const searched = page.waitForResponse((response) => response.url().includes('/to/api/public/component/search?') && response.url().includes(nonsense));
  await searchFor(page, nonsense);
  await expect(page).toHaveURL(new RegExp(`/component/search\\?keyWords=${nonsense}`));
  const answer = (await (await searched).json()) as { code: number; data: { total: number } };
  expect(answer.code).toBe(0);
  expect(answer.data.total).toBe(0);

  // An operator opens the statistics page: the query is listed first thing, counted once.
  const operator = createAdministrator(info, 'statreader');
  await signInAs(page, request, operator, '/operation/statistics');
  await expect(page.getByTestId('operations-statistics')).toBeVisible();
  const row = page.getByTestId(`stat-zero-result-row-${nonsense.toLowerCase()}`);
  await expect(row).toBeVisible();
  await expect(row.locator('td').nth(1)).toHaveText('1');
  const link = row.getByTestId('stat-zero-result-link');
  await expect(link).toHaveAttribute('href', `/component/search?keyWords=${nonsense.toLowerCase()}`);
  // Today's bar of the daily chart counts it (with at least this one zero-result search).
  await expect(page.getByTestId('stat-daily-chart')).toBeVisible();
  await shot(page, 'statistics-zero-result');

  // The link opens the library's search with the query.
  const href = await link.getAttribute('href');
  expect(href).not.toBeNull();
  await page.goto(href ?? '/');
  await expect(page).toHaveURL(new RegExp(`/component/search\\?keyWords=${nonsense.toLowerCase()}`));
});
