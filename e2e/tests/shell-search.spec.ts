import { test, expect, type Page } from '@playwright/test';
import { searchFor } from './support/library-pages';

// The header search box: tags, rules, unit normalisation, suggestions, and the manufacturer search.
// The library remotes are blocked: these journeys are about the shell's box and the URL it navigates to
// (the libraries' own search pages are covered by their specs: component-pages, library-coming-soon).

async function blockLibraryRemotes(page: Page) {
  await page.route(/\/mfe\/(part|component|mat)\//, (route) => route.abort('connectionrefused'));
}

function tags(page: Page) {
  return page.getByTestId('keyword-tag');
}

function toast(page: Page) {
  return page.locator('.ant-message-notice');
}

test.beforeEach(async ({ page }) => {
  await blockLibraryRemotes(page);
});

test('a search navigates to /{lib}/search with the tags joined by a pipe, units normalised', async ({ page }) => {
  await page.goto('/component');
  await searchFor(page, 'stm32');
  await expect(page).toHaveURL(/\/component\/search\?keyWords=stm32$/);
  await expect(tags(page)).toHaveText(['stm32']);
  await searchFor(page, '10uf');
  await expect(tags(page)).toHaveText(['stm32', '10uf']);
  const url = new URL(page.url());
  expect(url.pathname).toBe('/component/search');
  expect(url.searchParams.get('keyWords')).toBe('stm32|10uf');
  expect(url.searchParams.get('notAnalyzerKeyWords')).toBe('10μF');
  await page.getByTestId('keyword-search-button').click();
  await expect(page).toHaveURL(/keyWords=stm32%7C10uf/);
});

test('an empty search is refused with 请输入内容再进行搜索', async ({ page }) => {
  await page.goto('/part');
  await page.getByTestId('keyword-search-button').click();
  await expect(toast(page)).toContainText('请输入内容再进行搜索');
  await expect(page).toHaveURL(/\/part$/);
});

test('duplicates are refused with 关键字不能重复 and an eleventh keyword with 关键字最多10个', async ({ page }) => {
  await page.goto('/part/search?keyWords=M6');
  await expect(tags(page)).toHaveText(['M6']);
  await searchFor(page, 'm6');
  await expect(toast(page).first()).toContainText('关键字不能重复');

  const ten = Array.from({ length: 10 }, (_, i) => `k${i}`);
  await page.goto(`/part/search?keyWords=${ten.join('|')}`);
  await expect(tags(page)).toHaveCount(10);
  await searchFor(page, 'k10');
  await expect(toast(page).first()).toContainText('关键字最多10个');
  expect(new URL(page.url()).searchParams.get('keyWords')).toBe(ten.join('|'));
});

test('a tag is removed by its close button, edited by a click, and Backspace reopens the last one', async ({ page }) => {
  await page.goto('/component/search?keyWords=alpha|beta|gamma');
  await expect(tags(page)).toHaveText(['alpha', 'beta', 'gamma']);

  await tags(page).nth(1).locator('.ant-tag-close-icon').click();
  await expect(tags(page)).toHaveText(['alpha', 'gamma']);

  await tags(page).first().click();
  await expect(tags(page)).toHaveText(['gamma']);
  await expect(page.getByTestId('keyword-input')).toHaveValue('alpha');

  await page.getByTestId('keyword-input').fill('');
  await page.getByTestId('keyword-input').press('Backspace');
  await expect(tags(page)).toHaveCount(0);
  await expect(page.getByTestId('keyword-input')).toHaveValue('gamm');
});

test('the input holds at most 128 characters', async ({ page }) => {
  await page.goto('/part');
  await expect(page.getByTestId('keyword-input')).toHaveAttribute('maxlength', '128');
});

test('suggestions come from the library suggest call (size 15) and a choice becomes a tag', async ({ page }) => {
  const asked: URL[] = [];
  await page.route('**/to/api/public/component/es/keyword/suggest**', async (route) => {
    asked.push(new URL(route.request().url()));
    await route.fulfill({ json: { code: 0, msg: '', data: ['STM32F103C8T6', 'STM32F407VGT6'] } });
  });
  await page.clock.install();
  await page.goto('/component');
  await expect(page.getByTestId('keyword-input')).toBeVisible();
  // The page's clock stands still while the keys go in, so however slowly a loaded machine delivers them
  // they are one burst (before, "s" was sometimes asked alone); then the debounce (100 + 200 ms) runs out.
  await page.clock.pauseAt(Date.now() + 1000);
  await page.getByTestId('keyword-input').pressSequentially('stm');
  await page.clock.runFor(300);
  await page.clock.resume();
  const option = page.locator('.ant-select-item-option').filter({ hasText: 'STM32F103C8T6' });
  await expect(option).toBeVisible();
  // One request for the whole burst of typing (debounced), with the spec's parameters.
  expect(asked).toHaveLength(1);
  expect(asked[0].searchParams.get('keyword')).toBe('stm');
  expect(asked[0].searchParams.get('size')).toBe('15');
  await option.click();
  await expect(tags(page)).toHaveText(['STM32F103C8T6']);
});

test('the parts library asks the parts suggest call and shows its standard parts', async ({ page }) => {
  const asked: string[] = [];
  const statuses: number[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/es/keyword/suggest')) asked.push(new URL(request.url()).pathname);
  });
  page.on('response', (response) => {
    if (response.url().includes('/es/keyword/suggest')) statuses.push(response.status());
  });
  await page.goto('/part');
  await page.getByTestId('keyword-input').pressSequentially('ISO 47', { delay: 30 });
  await expect.poll(() => new Set(asked)).toEqual(new Set(['/to/api/public/part/es/keyword/suggest']));
  await expect.poll(() => statuses.every((status) => status === 200) && statuses.length > 0).toBe(true);
  // The box renders the parts seed's completions for the typed prefix (ISO 4762 …), no more than 15.
  const box = page.getByTestId('keyword-search');
  await expect(box).toHaveAttribute('data-suggestions-for', 'ISO 47');
  const options = page.locator('.ant-select-item-option');
  await expect(options.first()).toContainText('ISO 47');
  expect(await options.count()).toBeLessThanOrEqual(15);
  await expect(toast(page)).toHaveCount(0);
});

test('the brand view has the manufacturer search with its placeholder and empty rule', async ({ page }) => {
  await page.goto('/component/brand-page');
  const box = page.getByTestId('brand-search');
  await expect(page.getByTestId('keyword-search')).toHaveCount(0);
  const input = box.locator('input');
  await expect(input).toHaveAttribute('placeholder', '请输入厂商名称');
  await input.press('Enter');
  await expect(toast(page)).toContainText('请输入内容再进行搜索');
  await input.fill('Texas Instruments');
  await input.press('Enter');
  const url = new URL(page.url());
  expect(url.pathname).toBe('/component/brand-page');
  expect(url.searchParams.get('type')).toBe('2');
  expect(url.searchParams.get('keyWords')).toBe('Texas Instruments');
});
