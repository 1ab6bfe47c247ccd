import type { Page } from '@playwright/test';

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
 * Opens the antd select `testId` and picks the first visible option matching `option`. `timeout` bounds the wait
 * for the option, so that a caller retrying (`toPass`) gets its next attempt instead of hanging on a list that a
 * re-render closed.
 */
export async function chooseSelectOption(page: Page, testId: string, option: string | RegExp, timeout?: number) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click({ timeout });
}
