import { expect, test } from '@playwright/test';
import { createAdministrator, signInAs } from './support/accounts';

// The open platform (issue 19): the header's 开放平台 entry opens the developer page; a signed-in user
// creates an API key for the components library, sees its secret once, a program (this test's HTTP
// client) searches /to/open/component with it and reads the RateLimit-* headers, a key of the wrong
// library is refused with 403, the page shows the day's usage, and once the key is revoked in the page
// the same call answers 401. The account comes from `portal admin create`, signed in through the API.

const SEARCH = '/to/open/component/search?keyWords=LM358';

test.describe('open platform', () => {
  test('create an API key, call the open API with it, see the usage, revoke it', async ({ page, request }, info) => {
    const email = createAdministrator(info, 'openkey');
    await signInAs(page, request, email, '/home');
    await page.getByTestId('open-platform-entry').click();
    await expect(page).toHaveURL(/\/open$/);
    const card = page.getByTestId('open-keys-card');
    await expect(card).toBeVisible();
    await expect(card).toContainText('还没有密钥');
    await expect(page.getByTestId('open-base-component')).toContainText('/to/open/component');

    // Without a key the open API answers 401 with its code.
    const anonymous = await page.request.get(SEARCH);
    expect(anonymous.status()).toBe(401);
    expect(((await anonymous.json()) as { code: number }).code).toBe(1041001000);

    // The name is required; a key for the components library (checked by default).
    await card.getByTestId('open-key-create').click();
    await expect(card).toContainText('请填写密钥名称');
    await card.getByTestId('open-key-name').fill('ERP 同步');
    await card.getByTestId('open-key-create').click();
    const secretField = page.getByTestId('open-key-secret');
    await expect(secretField).toBeVisible();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^opk_[0-9a-f]{64}$/);
    await page.getByRole('button', { name: '我已保存' }).click();
    await expect(secretField).toBeHidden();
    const row = card.locator('tr[data-testid^="open-key-"]').filter({ hasText: 'ERP 同步' });
    await expect(row).toContainText(`${secret.slice(0, 8)}••••••••`);
    await expect(card).not.toContainText(secret);

    // A program calls the API with the key.
    const found = await page.request.get(SEARCH, { headers: { 'X-API-Key': secret } });
    expect(found.status()).toBe(200);
    const body = (await found.json()) as { code: number; data: { total: number } };
    expect(body.code).toBe(0);
    expect(body.data.total).toBeGreaterThan(0);
    expect(found.headers()['ratelimit-limit']).toBe('60');
    expect(found.headers()['ratelimit-remaining']).toBe('59');
    expect(found.headers()['ratelimit-policy']).toBe('60;w=60, 1000;w=86400');
    const parts = await page.request.get('/to/open/part/search?keyWords=M6', { headers: { 'X-API-Key': secret } });
    expect(parts.status()).toBe(403);

    // The page shows today's usage after a reload.
    await page.reload();
    await expect(card.locator('tr[data-testid^="open-key-"]').filter({ hasText: 'ERP 同步' })).toContainText('1 / 1000');

    // Revoke with confirmation; the same call is refused.
    await row.locator('[data-testid^="open-key-revoke-"]').click();
    await page
      .getByRole('tooltip')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect(row).toContainText('已撤销');
    const revoked = await page.request.get(SEARCH, { headers: { 'X-API-Key': secret } });
    expect(revoked.status()).toBe(401);
    expect(((await revoked.json()) as { code: number }).code).toBe(1041001001);
  });

  test('visitors read the guide and are asked to sign in for keys; English shows English', async ({ page }) => {
    await page.goto('/open');
    await expect(page.getByTestId('open-keys-signed-out')).toContainText('登录后创建 API 密钥');
    await expect(page.getByTestId('open-example-curl')).toContainText('X-API-Key: $PORTAL_API_KEY');
    await page.getByTestId('open-examples').getByText('Python').click();
    await expect(page.getByTestId('open-example-python')).toContainText('Retry-After');
    const docs = await page.request.get('/to/api/docs/');
    expect(docs.status()).toBe(200);
    await page.getByTestId('language-switch').click();
    await expect(page.locator('html')).toHaveAttribute('lang', /^en/);
    await expect(page.getByTestId('open-platform-page')).toContainText('How to call the API');
  });
});
