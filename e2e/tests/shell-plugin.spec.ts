import { test, expect, type Page, type Request } from '@playwright/test';

// Plugin mode at 500 px in both themes, with the channel header the API calls carry.

test.use({ viewport: { width: 500, height: 800 } });

function categoryTreeRequest(page: Page, library: string): Promise<Request> {
  return page.waitForRequest((request) => request.url().includes(`/to/api/public/${library}/category/tree`));
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test('EDA plugin, dark theme: compact header, 500 px minimum, KiCad symbol channel 207 on API calls', async ({ page }) => {
  const treeRequest = categoryTreeRequest(page, 'component');
  await page.goto('/component?swType=EDA&theme=dark&softwareName=Kicad&fileType=symbol');
  expect((await treeRequest).headers()['channel']).toBe('207');
  await expect(page.locator('html')).toHaveAttribute('data-plugin', 'dark');
  await expect(page.getByTestId('library-home-component')).toBeVisible();
  await expect(page.getByTestId('portal-nav')).toHaveCount(0);
  await expect(page.getByTestId('portal-footer')).toHaveCount(0);
  const layoutWidth = await page.getByTestId('portal-layout').evaluate((node) => getComputedStyle(node).minWidth);
  expect(layoutWidth).toBe('500px');
  const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('pluginState') ?? 'null'));
  expect(stored).toMatchObject({ softwareType: 'EDA', softwareName: 'Kicad', fileType: 'symbol' });
  expect(await page.evaluate(() => sessionStorage.getItem('channel'))).toBe('207');
  // The library application is dark too, not only the shell's header (and fits 500 px: no clipping).
  const panel = page.locator('.lib-tree-panel');
  expect(await panel.evaluate((node) => getComputedStyle(node).backgroundColor)).not.toBe('rgb(255, 255, 255)');
  const box = await panel.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(500);
  await shot(page, 'plugin-dark');
});

test('CAD plugin, light theme: SolidWorks channel 105, the query channel overrides', async ({ page }) => {
  let treeRequest = categoryTreeRequest(page, 'part');
  await page.goto('/part?swType=CAD&theme=light&softwareName=SolidWorks');
  expect((await treeRequest).headers()['channel']).toBe('105');
  await expect(page.locator('html')).toHaveAttribute('data-plugin', 'light');
  await expect(page.getByTestId('library-home-part')).toBeVisible();
  await shot(page, 'plugin-light');

  treeRequest = categoryTreeRequest(page, 'part');
  await page.goto('/part?swType=CAD&softwareName=SolidWorks&channel=108');
  expect((await treeRequest).headers()['channel']).toBe('108');
});

test('Cadence resolves through the file type; a /plugin path reuses the stored values', async ({ page }) => {
  const treeRequest = categoryTreeRequest(page, 'component');
  await page.goto('/component?swType=EDA&theme=dark&softwareName=Cadence&fileType=footprint');
  expect((await treeRequest).headers()['channel']).toBe('206');
  await page.goto('/plugin/wechatregister');
  await expect(page.getByTestId('simple-layout')).toHaveClass(/is-plugin/);
  await expect(page.locator('html')).toHaveAttribute('data-plugin', 'dark');
  expect(await page.evaluate(() => sessionStorage.getItem('channel'))).toBe('206');
});

test('an unknown swType does not start plugin mode and the channel stays the portal', async ({ page }) => {
  const treeRequest = categoryTreeRequest(page, 'part');
  await page.goto('/part?swType=BIM&theme=dark&softwareName=SolidWorks');
  expect((await treeRequest).headers()['channel']).toBe('960');
  await expect(page.locator('html')).toHaveAttribute('data-plugin', '');
  await expect(page.getByTestId('portal-nav')).toBeVisible();
});
