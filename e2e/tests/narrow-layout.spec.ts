import { test, expect, type Locator, type Page } from '@playwright/test';
import { createAdministrator, signInAs } from './support/accounts';

// A narrow window outside plugin mode (a phone, docs/shell.md): at 500 px the components library pages
// follow the window instead of the laptop minimum of 1280 px — nothing scrolls sideways, wide tables
// scroll inside their card — and the floating 咨询/反馈 buttons keep clear of the 对比 actions.

// The seed is imported and indexed when the portal first starts; the first search may wait for it.
const INDEX_READY_TIMEOUT = 45_000;

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${page.url()} is ${scrollWidth} px wide in a ${clientWidth} px window`).toBeLessThanOrEqual(clientWidth);
}

/** Every action in the window, with the window scrolled so that each in turn is level with the float. */
async function expectFloatClearOf(page: Page, actions: Locator) {
  const float = page.locator('.feedback-float').first();
  await expect(float).toBeVisible();
  const count = await actions.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const action = actions.nth(index);
    // Bring the action to the float's height: the float is fixed, the page scrolls under it.
    const floatBox = (await float.boundingBox())!;
    await action.evaluate(
      (element, targetY) => {
        const box = element.getBoundingClientRect();
        window.scrollBy(0, box.top - targetY);
      },
      floatBox.y + floatBox.height / 2,
    );
    const actionBox = await action.boundingBox();
    const floatNow = await float.boundingBox();
    expect(actionBox).not.toBeNull();
    expect(floatNow).not.toBeNull();
    expect(overlaps(actionBox!, floatNow!), `action ${index} ${JSON.stringify(actionBox)} under the float ${JSON.stringify(floatNow)}`).toBe(false);
  }
}

async function componentIds(page: Page, keyword: string, count: number): Promise<number[]> {
  let ids: number[] = [];
  await expect
    .poll(
      async () => {
        const answer = await (await page.request.get(`/to/api/public/component/search?keyWords=${keyword}&pageSize=${count}`)).json();
        ids = (answer.data?.list ?? []).map((item: { id: number }) => item.id);
        return ids.length;
      },
      { timeout: INDEX_READY_TIMEOUT },
    )
    .toBe(count);
  return ids;
}

test.use({ viewport: { width: 500, height: 900 } });

test('at 500 px outside plugin mode the library home and the search fit the window, the float clear of 对比', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/component');
  await expect(page.getByTestId('portal-layout')).not.toHaveClass(/is-plugin/);
  await expect(page.getByTestId('library-title')).toBeVisible();
  // The header keeps its controls in one row: the nav folded into its "…", the sign-in entry in view.
  await expect(page.getByTestId('portal-nav').locator('.ant-menu-overflow-item-rest')).toBeVisible();
  await expect(page.getByTestId('register-button')).toBeInViewport();
  await expect(page.getByTestId('keyword-input')).toBeInViewport();
  await expect(page.getByTestId('toolbar-compare')).toBeInViewport();
  await expectNoSidewaysScroll(page);

  await page.goto('/component/search?keyWords=LDO');
  const compareButtons = page.getByTestId('search-results').locator('[data-testid^="result-compare-"]');
  await expect(compareButtons.first()).toBeVisible({ timeout: INDEX_READY_TIMEOUT });
  await expectNoSidewaysScroll(page);
  // The table fits its card: the 对比 buttons are whole, not cut off at the card's edge.
  const scroller = (await page.getByTestId('search-results').locator('.ant-table-content').first().boundingBox())!;
  for (const button of await compareButtons.all()) {
    const box = (await button.boundingBox())!;
    expect(box.x + box.width, `a 对比 button ends at ${box.x + box.width}, its table at ${scroller.x + scroller.width}`).toBeLessThanOrEqual(
      scroller.x + scroller.width,
    );
  }
  await expectFloatClearOf(page, compareButtons);
  await page.screenshot({ path: test.info().outputPath('narrow-search-500.png') });
});

test('at 500 px outside plugin mode the parameter comparison scrolls inside its card', async ({ page }) => {
  const ids = await componentIds(page, 'LDO', 3);
  await page.goto(`/component/param-compare?ids=${ids.join(',')}`);
  const table = page.getByTestId('compare-table');
  await expect(table.locator('thead [data-testid^="compare-column-"]')).toHaveCount(3);
  await expectNoSidewaysScroll(page);
  // The third column is there, reached by scrolling the table, not the page.
  const scroller = table.locator('.ant-table-content');
  const { scrollWidth, clientWidth } = await scroller.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
  expect(scrollWidth).toBeGreaterThan(clientWidth);
  await expectFloatClearOf(page, page.locator('[data-testid="compare-to-basket"], [data-testid^="compare-remove-"]'));
  await page.screenshot({ path: test.info().outputPath('narrow-param-compare-500.png') });
});

test('at 500 px every operations page fits the window, its tables scrolling inside their cards', async ({ page, request }, info) => {
  test.setTimeout(180_000);
  await signInAs(page, request, createAdministrator(info, 'narrowops'), '/operation/users');
  // Every page the menu offers a super admin, so a new page is checked without being named here.
  await expect(page.getByTestId('operations-nav-users')).toBeVisible();
  const pages = await page.locator('[data-testid^="operations-nav-"]').evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')!));
  expect(pages.length).toBeGreaterThan(10);
  for (const testId of pages) {
    await page.getByTestId(testId).click();
    await expect(page.getByTestId('operations-nav').locator('.ant-menu-item-selected').getByTestId(testId)).toBeVisible();
    await expect(page.locator('.operations-body').locator('.ant-table-wrapper, .ant-card, .ant-result').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
});
