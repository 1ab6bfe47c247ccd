import { test, expect, type Page } from '@playwright/test';
import * as fs from 'node:fs';
import * as path from 'node:path';

// The home page's search across the three libraries (issue 12): one library with matches → go there,
// several → a panel with each library's count, none → a plain message with the three libraries.

interface CategoryFile {
  code: string;
  name: string;
  nameEn: string;
  children?: CategoryFile[];
}

const repoRoot = path.resolve(__dirname, '..', '..');

/** A parts category (a fastener term) from the seed taxonomy. */
function partCategory(code: string): CategoryFile {
  const tree = JSON.parse(fs.readFileSync(path.join(repoRoot, 'data', 'categories', 'part.json'), 'utf8')) as { categories: CategoryFile[] };
  const find = (nodes: CategoryFile[]): CategoryFile | undefined => {
    for (const node of nodes) {
      if (node.code === code) return node;
      const found = find(node.children ?? []);
      if (found) return found;
    }
    return undefined;
  };
  const node = find(tree.categories);
  if (!node) throw new Error(`no part category ${code}`);
  return node;
}

async function searchFromHome(page: Page, text: string, home = '/') {
  await page.goto(home);
  const input = page.getByTestId('home-search').locator('input');
  await input.fill(text);
  await input.press('Enter');
}

test('LM358 on the home page leads to the component search with results', async ({ page, request }) => {
  // The search index fills after start; wait until the API finds LM358 before asking the home page.
  await expect
    .poll(
      async () => {
        const response = await request.get('/to/api/public/component/search?keyWords=LM358&pageNo=1&pageSize=1');
        const body = (await response.json()) as { data?: { total?: number } };
        return body.data?.total ?? 0;
      },
      { timeout: 45_000 },
    )
    .toBeGreaterThan(0);
  await searchFromHome(page, 'LM358');
  await expect(page).toHaveURL(/\/component\/search\?keyWords=LM358$/);
  await expect(page.getByTestId('search-results').locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
});

test('a parts category name leads to the parts catalogue with that category selected', async ({ page }) => {
  const nut = partCategory('nut');
  await searchFromHome(page, nut.name);
  await expect(page).toHaveURL(/\/part\?category=nut$/);
  await expect(page.getByTestId('category-panel')).toHaveAttribute('aria-label', nut.name);
  await expect(page.locator('.lib-tree-panel .ant-tree-node-selected').first()).toContainText(nut.name);
});

test('a query found in several libraries shows each library with its count', async ({ page }) => {
  // "bearing": parts categories (轴承, 球轴承, …) and a materials category (轴承钢 Bearing Steels).
  await searchFromHome(page, 'bearing');
  const panel = page.getByTestId('home-search-results');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('home-search-hit-part')).toContainText('零部件库');
  await expect(panel.getByTestId('home-search-hit-part')).toContainText('轴承');
  await expect(panel.getByTestId('home-search-hit-mat')).toContainText('轴承钢');
  await expect(page).toHaveURL(/\/$/);
  await panel.getByTestId('home-search-hit-mat').locator('a').first().click();
  await expect(page).toHaveURL(/\/mat\?category=/);
});

test('a query matching nothing says so and offers the three libraries', async ({ page }) => {
  await searchFromHome(page, 'qwxzy-nothing');
  const none = page.getByTestId('home-search-none');
  await expect(none).toContainText('没有找到与“qwxzy-nothing”相关的');
  for (const library of ['part', 'component', 'mat']) {
    await expect(none.getByTestId(`home-search-browse-${library}`)).toBeVisible();
  }
  await expect(page).toHaveURL(/\/$/);
});

// 1280 px is the laptop width; 500 px is the plugin mode's minimum width (docs/shell.md; narrower windows
// outside plugin mode: e2e/tests/window-widths.spec.ts).
for (const [width, home] of [
  [1280, '/'],
  [500, '/?swType=CAD'],
] as const) {
  test(`the home search fits ${width} px without sideways scrolling`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await searchFromHome(page, 'bearing', home);
    await expect(page.getByTestId('home-search-results')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
