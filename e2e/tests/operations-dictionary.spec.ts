import { test, expect, type Page } from '@playwright/test';
import { createAdministrator, signInAs } from './support/accounts';

// Operations platform, dictionary (docs/operations.md "Dictionary"): a super admin changes the access
// token's lifetime, which every client reads from list-all-simple at its next sign-in; a redirect host
// written as a URL is refused under the field with the reason. The value is put back afterwards, since
// the portal is shared by the other journeys.

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function publicValue(page: Page, label: string): Promise<string | undefined> {
  const response = await page.request.get('/to/api/base/system/dict-data/list-all-simple?dictType=system_config');
  const body = (await response.json()) as { data: { label: string; value: string }[] };
  return body.data.find((entry) => entry.label === label)?.value;
}

async function editValue(page: Page, label: string, value: string) {
  await page.getByTestId(`dict-edit-${label}`).click();
  await page.getByTestId('dict-form-value').fill(value);
  await page.getByTestId('dict-form-submit').click();
}

test('a super admin changes the token lifetime the clients read; a URL as a redirect host is refused', async ({ page, request }, info) => {
  test.setTimeout(90_000);
  const admin = createAdministrator(info, 'opsdict');
  await signInAs(page, request, admin, '/operation/dictionary');
  const token = page.getByTestId('dict-row-token_expire_time');
  await expect(token).toContainText('访问令牌有效期');
  const before = await publicValue(page, 'token_expire_time');
  await expect(token).toContainText(`${before} 分钟`);

  await editValue(page, 'token_expire_time', '45');
  await expect(page.locator('.ant-message-notice').getByText('已保存')).toBeVisible();
  await expect(token).toContainText('45 分钟');
  expect(await publicValue(page, 'token_expire_time')).toBe('45');

  await editValue(page, 'redirect_allow_hosts', 'https://partner.example');
  await expect(page.getByTestId('dict-form').getByText(/主机格式不正确/)).toBeVisible();
  await shot(page, 'dictionary-refused');
  await page.getByRole('button', { name: /取\s*消/ }).click();
  await expect(page.getByTestId('dict-form')).toBeHidden();
  await shot(page, 'dictionary');

  // Back to what it was for the journeys that follow.
  await editValue(page, 'token_expire_time', before ?? '30');
  await expect(token).toContainText(`${before ?? '30'} 分钟`);
});
