import { expect, test } from '@playwright/test';
import { createAdministrator, signInAs } from './support/accounts';

// KiCad personal access tokens (issue 5): a signed-in user creates a token in the personal centre, sees
// its secret once, the KiCad HTTP library v1 answers with it (as KiCad sends it: `Authorization: Token`),
// and after the user revokes it the same call answers HTTP 401. The account comes from
// `portal admin create`, signed in through the API, because this journey is not about signing in.

const CATEGORIES = '/to/api/public/component/kicad-api/v1/categories.json';

test.describe('KiCad access tokens', () => {
  test('create a token in the personal centre, read the library with it, revoke it', async ({ page, request }, info) => {
    const email = createAdministrator(info, 'kicad');
    await signInAs(page, request, email, '/user');
    const card = page.getByTestId('access-tokens-card');
    await expect(card).toBeVisible();
    await expect(card.getByTestId('access-tokens-list')).toContainText('还没有访问令牌');

    // Without a token the library answers 401 with a body KiCad can show.
    const anonymous = await page.request.get(CATEGORIES);
    expect(anonymous.status()).toBe(401);
    expect(((await anonymous.json()) as { msg: string }).msg).toContain('访问令牌');

    // The name is required before anything is sent.
    await card.getByTestId('access-token-create').click();
    await expect(card).toContainText('请填写令牌名称');
    await card.getByTestId('access-token-name').fill('办公室 KiCad');
    await card.getByTestId('access-token-create').click();

    // The secret is shown once, with the KiCad hint and the library file.
    const secretField = page.getByTestId('access-token-secret');
    await expect(secretField).toBeVisible();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^pat_[0-9a-f]{64}$/);
    await expect(page.getByRole('dialog')).toContainText('.kicad_httplib');
    await expect(page.getByTestId('access-token-httplib')).toHaveAttribute('href', '/to/api/public/component/kicad-api/portal.kicad_httplib');
    await page.getByRole('button', { name: '我已保存' }).click();
    await expect(secretField).toBeHidden();

    // The list names the token by its prefix only.
    const row = card.locator('[data-testid^="access-token-"]').filter({ hasText: '办公室 KiCad' });
    await expect(row).toContainText(`${secret.slice(0, 8)}…`);
    await expect(card).not.toContainText(secret);
    await expect(row).toContainText('尚未使用');

    const withToken = await page.request.get(CATEGORIES, { headers: { Authorization: `Token ${secret}` } });
    expect(withToken.status()).toBe(200);
    const categories = (await withToken.json()) as { id: string; name: string }[];
    expect(categories.length).toBeGreaterThan(0);

    // Revoke with confirmation; the same call is refused.
    // antd spaces two-character Chinese button labels (撤 销): find the button by its test id.
    await row.locator('[data-testid^="access-token-revoke-"]').click();
    await page
      .getByRole('tooltip')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect(card.getByTestId('access-tokens-list')).toContainText('还没有访问令牌');
    const revoked = await page.request.get(CATEGORIES, { headers: { Authorization: `Token ${secret}` } });
    expect(revoked.status()).toBe(401);
  });

  test('the download page leads to the library file and the token card', async ({ page }) => {
    await page.goto('/download');
    const section = page.getByTestId('download-kicad-httplib');
    await expect(section).toBeVisible();
    await expect(section.getByTestId('download-kicad-httplib-link')).toHaveAttribute('href', '/to/api/public/component/kicad-api/portal.kicad_httplib');
    await expect(section.getByTestId('download-kicad-token-link')).toHaveAttribute('href', '/personalCenter/myInfo#access-tokens');
    const file = await page.request.get('/to/api/public/component/kicad-api/portal.kicad_httplib');
    expect(file.status()).toBe(200);
    expect(((await file.json()) as { source: { type: string } }).source.type).toBe('REST_API');
  });
});
