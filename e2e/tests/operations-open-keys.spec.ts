import * as fs from 'node:fs';
import { test, expect } from '@playwright/test';
import { createAdministrator, registerMember, signInAs, uniqueSuffix } from './support/accounts';

// Operations platform, API keys (docs/open-platform.md): a member's key appears in the operators' list with
// its owner and limits; 导出 downloads the filtered keys as CSV (the prefix masked, never the secret); the
// operator revokes the key and it stops working at once.

test('an operator finds a member’s API key, exports the list and revokes the key', async ({ page, request }, info) => {
  test.setTimeout(90_000);
  const admin = createAdministrator(info, 'opskeys');
  const member = await registerMember(request, `keyowner-${uniqueSuffix()}@example.com`, '密钥张工');
  const name = `ERP ${uniqueSuffix()}`;
  const created = await request.post('/to/api/base/system/open/api-keys', {
    headers: { Authorization: `Bearer ${member.accessToken}` },
    data: { name, scopes: ['component'] },
  });
  const key = ((await created.json()) as { data: { id: number; secret: string; prefix: string } }).data;
  const readWithKey = async () => (await request.get('/to/open/component/search?keyWords=LM358', { headers: { 'X-API-Key': key.secret } })).status();
  expect(await readWithKey()).toBe(200);

  await signInAs(page, request, admin, '/operation/open-keys');
  await page.getByTestId('open-keys-keyword').fill(name);
  await page.getByTestId('open-keys-search').click();
  const row = page.getByTestId(`open-keys-row-${key.id}`);
  await expect(row).toContainText(name);
  await expect(row).toContainText(member.username);
  await expect(page.locator('[data-testid^="open-keys-row-"]')).toHaveCount(1);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('open-keys-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^api-keys-\d{8}-\d{6}\.csv$/);
  const csv = fs
    .readFileSync(await download.path(), 'utf8')
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n');
  expect(csv).toHaveLength(2);
  expect(csv[0]).toBe('ID,名称,密钥前缀,归属,可访问的库,每分钟上限,每日上限,今日调用,近30天调用,最近使用,创建时间,状态');
  expect(csv[1]).toContain(`${key.id},${name},${key.prefix}••••••••,${member.username},元器件库,`);
  expect(csv[1]).toMatch(/,有效$/);
  expect(csv.join('\n')).not.toContain(key.secret);

  await row.getByTestId(`open-keys-revoke-${key.id}`).click();
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(row).toContainText('已撤销');
  expect(await readWithKey()).toBe(401);
});
