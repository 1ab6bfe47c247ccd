import type { Locator, Page } from '@playwright/test';

/** Types `text` into the header's search box and submits it. */
export async function searchFor(page: Page, text: string) {
  await page.getByTestId('keyword-input').fill(text);
  await page.getByTestId('keyword-input').press('Enter');
}

/** The number in a total's text (`共 1,234 条` → 1234). */
export function totalOf(text: string | null): number {
  return Number((text ?? '').replace(/\D/g, ''));
}

/**
 * Opens the antd select `testId` and picks the first option matching `option` in that select's own list. `timeout`
 * bounds the wait for the option, so that a caller retrying (`toPass`) gets its next attempt instead of hanging on a
 * list that a re-render closed.
 */
export async function chooseSelectOption(page: Page, testId: string, option: string | RegExp, timeout?: number) {
  const select = page.getByTestId(testId);
  await select.click();
  await (await optionsOf(page, select)).filter({ hasText: option }).first().click({ timeout });
}

/**
 * The options of an open antd select: those of the popup holding the list its input controls (`aria-controls`).
 * "Any visible popup" is not enough: a popup still closing (the previous select's) stays visible but refuses clicks,
 * and a CI run spent a whole test timeout clicking into one.
 */
export async function optionsOf(page: Page, select: Locator): Promise<Locator> {
  const listId = await select.locator('input[aria-controls]').first().getAttribute('aria-controls');
  return page
    .locator('.ant-select-dropdown')
    .filter({ has: page.locator(`[id="${listId}"]`) })
    .locator('.ant-select-item-option');
}
