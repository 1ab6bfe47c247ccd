import { test, expect, type Locator, type Page } from '@playwright/test';

// Below the laptop width (768–1279 px, a tablet or a half-screen window, docs/shell.md) the pages follow
// the window: nothing scrolls sideways, the header folds its nav into "…" and keeps the language switch
// and the sign-in entry in view. The floating 咨询/反馈 labels read as whole words in both languages, and
// at 500 px a part's number keeps its line in the results (ISO 4762 M6×20, not ISO / 4762 / M6×20).

// The seed is imported and indexed when the portal first starts; the first search may wait for it.
const INDEX_READY_TIMEOUT = 45_000;

async function firstId(page: Page, library: 'component' | 'part' | 'mat', keyword: string): Promise<number> {
  let id = 0;
  await expect
    .poll(
      async () => {
        const answer = await (await page.request.get(`/to/api/public/${library}/search?keyWords=${encodeURIComponent(keyword)}&pageSize=1`)).json();
        id = answer.data?.list?.[0]?.id ?? 0;
        return id;
      },
      { timeout: INDEX_READY_TIMEOUT },
    )
    .toBeGreaterThan(0);
  return id;
}

/** The pages of the brief, each with what shows that it has rendered. */
async function pagesToCheck(page: Page): Promise<{ path: string; ready: (page: Page) => Locator }[]> {
  const component = await firstId(page, 'component', 'LM358');
  const part = await firstId(page, 'part', 'M6x20');
  const mat = await firstId(page, 'mat', '6061');
  const resultLink = (page: Page) => page.getByTestId('search-results').locator('a[data-testid^="result-link-"]').first();
  const category = (page: Page) => page.locator('[data-testid^="category-count-"]').first();
  const detail = (page: Page) => page.getByTestId('detail-part-number');
  const shapePrompt = (page: Page) => page.getByTestId('shape-prompt');
  return [
    { path: '/', ready: (page) => page.getByTestId('home-page') },
    { path: '/component', ready: category },
    { path: '/component/search?keyWords=LM358', ready: resultLink },
    { path: `/component/detail/${component}`, ready: detail },
    { path: '/part', ready: category },
    { path: '/part/search?keyWords=M6x20', ready: resultLink },
    { path: `/part/detail/${part}`, ready: detail },
    { path: '/mat', ready: category },
    { path: '/mat/search', ready: (page) => page.getByTestId('search-prompt') },
    { path: `/mat/detail/${mat}`, ready: detail },
    { path: '/part/search3D', ready: shapePrompt },
    { path: '/component/search3D', ready: shapePrompt },
  ];
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${page.url()} is ${scrollWidth} px wide in a ${clientWidth} px window`).toBeLessThanOrEqual(clientWidth);
}

async function switchToEnglish(page: Page) {
  await page.goto('/download');
  await page.getByTestId('language-switch').click();
  await expect(page.getByTestId('nav-download')).toHaveText('Plugins');
}

/** How many lines an element's text takes. */
async function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
  });
}

async function checkPages(page: Page, width: number) {
  for (const { path, ready } of await pagesToCheck(page)) {
    await page.goto(path);
    await expect(ready(page)).toBeVisible({ timeout: INDEX_READY_TIMEOUT });
    // The header keeps its controls in the window; what of the nav does not fit is behind its "…".
    await expect(page.getByTestId('language-switch')).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('register-button')).toBeInViewport({ ratio: 1 });
    if (width === 768) await expect(page.getByTestId('portal-nav').locator('.ant-menu-overflow-item-rest')).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
}

for (const width of [768, 1024, 1279]) {
  test(`at ${width} px the pages follow the window without sideways scrolling`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    await checkPages(page, width);
    await page.goto('/part/search?keyWords=M6x20');
    await expect(page.getByTestId('search-results').locator('a[data-testid^="result-link-"]').first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`part-search-${width}.png`) });
  });
}

test('in English at 768 px the pages follow the window without sideways scrolling', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 768, height: 900 });
  await switchToEnglish(page);
  await checkPages(page, 768);
});

test('the floating 咨询/反馈 labels read as whole words in both languages at 1440, 1280 and 500 px', async ({ page }) => {
  for (const english of [false, true]) {
    if (english) await switchToEnglish(page);
    for (const width of [1440, 1280, 500]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/component');
      for (const [id, label] of [
        ['float-contact', english ? 'Contact' : '咨询'],
        ['float-feedback', english ? 'Feedback' : '反馈'],
      ]) {
        const content = page.getByTestId(id).locator('.ant-float-btn-content');
        await expect(content).toHaveText(label);
        expect(await linesOf(content), `${label} at ${width} px`).toBe(1);
        const button = (await page.getByTestId(id).boundingBox())!;
        const text = (await content.boundingBox())!;
        expect(text.x, `${label} starts inside its button at ${width} px`).toBeGreaterThanOrEqual(button.x);
        expect(text.x + text.width, `${label} ends inside its button at ${width} px`).toBeLessThanOrEqual(button.x + button.width);
        // The button stays in the window.
        expect(button.x + button.width).toBeLessThanOrEqual(width);
      }
    }
  }
});

test('at 500 px a part number keeps its line in the results; the table scrolls inside its card if at all', async ({ page }) => {
  await page.setViewportSize({ width: 500, height: 900 });
  await page.goto('/part/search?keyWords=M6x20');
  const links = page.getByTestId('search-results').locator('a[data-testid^="result-link-"]');
  await expect(links.first()).toBeVisible({ timeout: INDEX_READY_TIMEOUT });
  const count = await links.count();
  expect(count).toBeGreaterThan(5);
  for (let index = 0; index < count; index += 1) {
    expect(await linesOf(links.nth(index)), (await links.nth(index).textContent()) ?? '').toBe(1);
  }
  await expectNoSidewaysScroll(page);
  await links.first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('part-search-500.png') });
});
