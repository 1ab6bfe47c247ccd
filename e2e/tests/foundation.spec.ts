import { test, expect, type Page } from '@playwright/test';
import * as fs from 'node:fs';
import * as path from 'node:path';

// The foundation journeys: the shell renders, each library remote shows its own category tree served by
// its own backend, unknown paths land on /404, a dead remote degrades to a fallback while the rest of the
// portal works, and host + remotes share exactly one React.

type Library = 'part' | 'component' | 'mat';

const repoRoot = path.resolve(__dirname, '..', '..');

function rootCategoryNames(library: Library): string[] {
  const file = path.join(repoRoot, 'data', 'categories', `${library}.json`);
  const tree = JSON.parse(fs.readFileSync(file, 'utf8')) as { categories: { name: string }[] };
  return tree.categories.map((c) => c.name);
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

// Counts React renderers the way React DevTools does: every copy of react-dom announces itself to this
// hook once when it loads. Two copies of react-dom (a remote bundling its own) would register twice.
async function installReactRendererProbe(page: Page) {
  await page.addInitScript(() => {
    const renderers = new Map<number, unknown>();
    let nextId = 1;
    (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      renderers,
      supportsFiber: true,
      isDisabled: false,
      inject(renderer: unknown) {
        const id = nextId++;
        renderers.set(id, renderer);
        return id;
      },
      checkDCE() {},
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      onScheduleFiberRoot() {},
    };
  });
}

async function reactRendererCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as Record<string, { renderers: Map<number, unknown> }>).__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size);
}

test('the home page renders the shell with its navigation', async ({ page }) => {
  await page.goto('/');
  const header = page.locator('header').first();
  await expect(header).toBeVisible();
  await expect(header.getByText('零部件库').first()).toBeVisible();
  await expect(header.getByText('元器件库').first()).toBeVisible();
  await screenshot(page, 'home');
});

for (const library of ['part', 'component', 'mat'] as const) {
  test(`/${library} shows the ${library} library home with its category tree`, async ({ page }) => {
    await page.goto(`/${library}`);
    const home = page.getByTestId(`library-home-${library}`);
    await expect(home).toBeVisible();
    const names = rootCategoryNames(library);
    expect(names.length).toBeGreaterThan(3);
    for (const name of names.slice(0, 4)) {
      await expect(home.getByText(name, { exact: true }).first()).toBeVisible();
    }
    await expect(page.locator('header').first()).toBeVisible();
    await screenshot(page, `library-${library}`);
  });
}

test('the category tree comes from the library backend in the envelope', async ({ request }) => {
  for (const library of ['part', 'component', 'mat'] as const) {
    const response = await request.get(`/to/api/public/${library}/category/tree`);
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body.code).toBe(0);
    expect(body.msg).toBe('');
    expect(body.data.map((n: { name: string }) => n.name)).toEqual(rootCategoryNames(library));
  }
});

test('an unknown path redirects to /404', async ({ page }) => {
  await page.goto('/no/such/page-here');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('404').first()).toBeVisible();
  await screenshot(page, 'not-found');
});

test('an unknown library page redirects to /404', async ({ page }) => {
  await page.goto('/component/definitely-not-a-page');
  await expect(page).toHaveURL(/\/404$/);
});

test('an unreachable remote shows its fallback while the shell keeps working, and retry recovers', async ({ page }) => {
  let remoteReachable = false;
  await page.route('**/mfe/mat/**', (route) => (remoteReachable ? route.continue() : route.abort('connectionrefused')));
  await page.goto('/mat');
  await expect(page.getByTestId('remote-fallback')).toBeVisible();
  await expect(page.locator('header').first()).toBeVisible();
  await screenshot(page, 'remote-fallback');

  // The rest of the portal is unaffected: another library still loads in the same page.
  await page.locator('header').first().getByText('零部件库').first().click();
  await expect(page).toHaveURL(/\/part/);
  await expect(page.getByTestId('library-home-part')).toBeVisible();

  // Back on the broken library, the remote comes back and retry loads it without a page reload.
  await page.goBack();
  await expect(page.getByTestId('remote-fallback')).toBeVisible();
  remoteReachable = true;
  await page.getByTestId('remote-retry').click();
  await expect(page.getByTestId('library-home-mat')).toBeVisible();
});

test('host and every remote share exactly one React instance', async ({ page }) => {
  await installReactRendererProbe(page);
  await page.goto('/');
  const header = page.locator('header').first();
  await expect(header).toBeVisible();
  for (const [label, library] of [
    ['零部件库', 'part'],
    ['元器件库', 'component'],
  ] as const) {
    await header.getByText(label).first().click();
    await expect(page).toHaveURL(new RegExp(`/${library}$`));
    // Unmounting one single-spa application and loading the next remote is slow on a loaded machine.
    await expect(page.getByTestId(`library-home-${library}`)).toBeVisible({ timeout: 30_000 });
  }
  // Materials has no nav entry in the header: reach it through the client router.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/mat');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByTestId('library-home-mat')).toBeVisible();
  expect(await reactRendererCount(page)).toBe(1);
});

test('the API documentation page works offline', async ({ page }) => {
  const external: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.hostname !== '127.0.0.1' && url.protocol.startsWith('http')) external.push(r.url());
  });
  await page.goto('/to/api/docs/');
  await expect(page.locator('.swagger-ui').first()).toBeVisible();
  expect(external).toEqual([]);
  await screenshot(page, 'api-docs');
});
