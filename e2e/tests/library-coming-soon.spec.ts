import { test, expect, type Page } from '@playwright/test';

// Issue 12, dead buttons: every toolbar button opens a real page, never the 404 page. The 3D / 2D searches
// (issue 18) are real pages since then (e2e/tests/shape-search.spec.ts); the parts library's search, 厂商,
// 参数对比, 对比 and 推荐 since issue 16 (e2e/tests/part-pages.spec.ts); the materials' search, 参数对比, 材料对比
// (e2e/tests/mat-pages.spec.ts) and 材料推荐 (e2e/tests/mat-selection.spec.ts) since issue 17. No route shows a
// coming-soon page any more.

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('3D search of /part opens the model search page, highlighted in the toolbar; 2D search is one link away', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/part');
  await expect(page.getByTestId('library-home-part')).toBeVisible();
  await page.getByTestId('toolbar-search3D').click();
  await expect(page).toHaveURL(/\/part\/search3D$/);
  await expect(page.getByTestId('shape-search-3d')).toHaveAttribute('data-library', 'part');
  await expect(page.getByTestId('coming-soon')).toHaveCount(0);
  // The toolbar highlights the button that was pressed.
  await expect(page.locator('[data-testid=library-toolbar] .ant-menu-item-selected').getByTestId('toolbar-search3D')).toBeVisible();
  await page.getByTestId('shape-to-2d').click();
  await expect(page).toHaveURL(/\/part\/search2D$/);
  await expect(page.getByTestId('shape-search-2d')).toBeVisible();
  await expect(page.locator('[data-testid=library-toolbar] .ant-menu-item-selected').getByTestId('toolbar-search3D')).toBeVisible();
  await shot(page, 'part-search2D-1440');
});

test('Enter in the parts search box opens the parts search page, no longer a coming-soon page', async ({ page }) => {
  await page.goto('/part');
  await expect(page.getByTestId('library-home-part')).toBeVisible();
  await page.getByTestId('keyword-input').fill('M6x20');
  await page.getByTestId('keyword-input').press('Enter');
  await expect(page).toHaveURL(/\/part\/search\?keyWords=M6x20$/);
  await expect(page.getByTestId('part-search')).toBeVisible();
  await expect(page.getByTestId('coming-soon')).toHaveCount(0);
});

test('Enter in the materials search box opens the materials search page; 材料推荐 is a real page that fits 500 px in plugin mode', async ({ page }) => {
  await page.goto('/mat');
  await expect(page.getByTestId('library-home-mat')).toBeVisible();
  await page.getByTestId('keyword-input').fill('Q235');
  await page.getByTestId('keyword-input').press('Enter');
  await expect(page).toHaveURL(/\/mat\/search\?keyWords=Q235$/);
  await expect(page.getByTestId('mat-search')).toBeVisible();
  await expect(page.getByTestId('coming-soon')).toHaveCount(0);
  await page.goto('/mat/mat-recommend?swType=CAE&theme=dark&softwareName=ANSYS');
  await page.setViewportSize({ width: 500, height: 800 });
  await expect(page.getByTestId('recommend-page')).toBeVisible();
  await expect(page.getByTestId('coming-soon')).toHaveCount(0);
  const box = await page.getByTestId('chat-input').boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(500);
  await shot(page, 'mat-recommend-plugin-500');
});

test("the mat and part suggest calls answer their seeds' completions; the search box stays quiet", async ({ page, request }) => {
  // The materials library has its seed (issue 17): grades complete in the same envelope.
  const mat = await request.get('/to/api/public/mat/es/keyword/suggest?keyword=X5CrNi&size=15');
  expect(mat.status()).toBe(200);
  const matBody = await mat.json();
  expect(matBody).toMatchObject({ code: 0, msg: '' });
  expect(matBody.data.some((completion: string) => completion.startsWith('X5CrNi18-10'))).toBe(true);
  // The parts library has its standard parts (issue 16): completions in the same envelope, at most 15.
  const part = await request.get('/to/api/public/part/es/keyword/suggest?keyword=ISO%2047&size=15');
  expect(part.status()).toBe(200);
  const body = await part.json();
  expect(body).toMatchObject({ code: 0, msg: '' });
  expect(body.data.length).toBeGreaterThan(0);
  expect(body.data.length).toBeLessThanOrEqual(15);
  expect(body.data.some((completion: string) => completion.startsWith('ISO 47'))).toBe(true);
  const answers: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/to/api/public/part/es/keyword/suggest')) answers.push(response.status());
  });
  await page.goto('/part');
  await page.getByTestId('keyword-input').pressSequentially('hex');
  // One request for the burst normally; a loaded machine may split it: every answer must be a 200.
  await expect.poll(() => answers.length).toBeGreaterThan(0);
  expect(answers.every((status) => status === 200)).toBe(true);
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
});
