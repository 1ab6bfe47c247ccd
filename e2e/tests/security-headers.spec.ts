import { test, expect, type Page } from '@playwright/test';

// Security headers (docs/security.md): every answer carries the Content-Security-Policy and its companions,
// the portal's own pages run under that policy without a single violation (no inline script, no eval; the
// 3D viewer, the drawings and the API documentation included), and a page of another origin cannot frame it.

async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (t: string) => void }).__reportCspViolation;
      report(`${event.violatedDirective} ${event.blockedURI} on ${location.pathname}`);
    });
  });
  return violations;
}

test('pages answer with the security headers and run under the policy without violations', async ({ page }) => {
  const violations = await collectViolations(page);
  const document = await page.goto('/');
  const headers = document?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(headers['content-security-policy']).not.toContain('unsafe-eval');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

  const api = await page.request.get('/to/api/public/component/category/tree');
  expect(api.headers()['x-content-type-options']).toBe('nosniff');

  for (const path of ['/', '/component', '/component/search?keyWords=LM358', '/part', '/mat', '/to/api/docs/']) {
    await page.goto(path, { waitUntil: 'networkidle' });
  }
  // A detail page: symbol and footprint drawings, the 3D viewer (three.js, GLB).
  await page.goto('/component/search?keyWords=STM32F401', { waitUntil: 'networkidle' });
  await page.locator('a[href*="/component/detail"]').first().click();
  await expect(page.locator('canvas').first()).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('a page of another origin cannot frame the portal', async ({ page, baseURL }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/frame-ancestors/.test(message.text())) refused.push(message.text());
  });
  // about:blank has an opaque origin: not 'self', not an allowed plugin host.
  await page.setContent(`<iframe id="embedded" src="${baseURL}/user" width="800" height="600"></iframe>`);
  await expect.poll(() => refused.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const frame = page.frame({ url: /\/user/ });
  expect(
    (await frame
      ?.locator('#root')
      .count()
      .catch(() => 0)) ?? 0,
  ).toBe(0);
});
