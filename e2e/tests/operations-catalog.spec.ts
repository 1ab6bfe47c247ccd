import { test, expect, type Page } from '@playwright/test';
import { createAdministrator, signInAs } from './support/accounts';
import { chooseSelectOption, optionsOf } from './support/library-pages';

// Operations platform, catalogue items (docs/operations.md "Catalogue items"): a super admin hides a public
// component with a reason; the public search and the detail page no longer show it; the operator restores it and
// the search finds it again. The item is one no other journey uses, and it is restored before the test ends.

const KEYWORD = 'NE555';
const INDEX_TIMEOUT = 45_000;

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The public search's result rows whose link reads exactly `code`. */
function resultsNamed(page: Page, code: string) {
  return page
    .getByTestId('search-results')
    .locator('a[data-testid^="result-link-"]')
    .filter({ hasText: new RegExp(`^${code}$`) });
}

test('an operator hides a component from the public library and restores it', async ({ page, request }, info) => {
  test.setTimeout(150_000);
  const admin = createAdministrator(info, 'opscatalog');
  await signInAs(page, request, admin, '/operation/catalog-items');
  await expect(page.getByTestId('operations-catalog-items')).toBeVisible();
  await page.getByTestId('catalog-library-component').click();
  await page.getByTestId('catalog-items-keyword').fill(KEYWORD);
  await page.getByTestId('catalog-items-search').click();
  const table = page.getByTestId('catalog-items-table');
  const link = table
    .locator('a[data-testid^="catalog-item-link-"]')
    .filter({ hasText: new RegExp(`^${KEYWORD}`) })
    .first();
  await expect(link).toBeVisible();
  const code = (await link.innerText()).trim();
  const id = Number((await link.getAttribute('data-testid'))!.replace('catalog-item-link-', ''));
  expect(id).toBeGreaterThan(0);
  // The link opens the public detail page, which shows the item while it is public.
  expect(await link.getAttribute('href')).toBe(`/component/detail/${id}`);

  const publicPage = await page.context().newPage();
  await publicPage.goto(`/component/search?keyWords=${encodeURIComponent(code)}`);
  await expect(resultsNamed(publicPage, code).first()).toBeVisible({ timeout: INDEX_TIMEOUT });

  // Hiding needs a reason.
  await page.getByTestId(`catalog-item-hide-${id}`).click();
  await page.getByTestId('catalog-hide-submit').click();
  await expect(page.getByTestId('catalog-hide-modal')).toContainText('请填写隐藏原因');
  await page.getByTestId('catalog-hide-reason').fill('引脚定义有误，待核实');
  await shot(page, 'catalog-hide-dialog');
  await page.getByTestId('catalog-hide-submit').click();
  await expect(page.getByTestId(`catalog-item-status-${id}`)).toContainText('已隐藏');
  await expect(page.getByTestId(`catalog-item-reason-${id}`)).toContainText('引脚定义有误，待核实');
  await shot(page, 'catalog-hidden');

  // The public library: gone from the search (the index follows within seconds) and from its detail URL.
  await expect(async () => {
    await publicPage.goto(`/component/search?keyWords=${encodeURIComponent(code)}`);
    // Either no result at all or others' results (the query is the code), never the hidden one.
    await expect(publicPage.getByTestId('search-empty').or(publicPage.getByTestId('search-results'))).toBeVisible();
    await expect(resultsNamed(publicPage, code)).toHaveCount(0);
  }).toPass({ timeout: INDEX_TIMEOUT });
  await publicPage.goto(`/component/detail/${id}`);
  await expect(publicPage.getByTestId('detail-error')).toBeVisible();
  await shot(publicPage, 'catalog-hidden-detail');

  // Restored: back in the search and on its page.
  await page.getByTestId(`catalog-item-restore-${id}`).click();
  await page.getByTestId(`catalog-item-restore-confirm-${id}`).click();
  await expect(page.getByTestId(`catalog-item-status-${id}`)).toContainText('公开');
  await expect(async () => {
    await publicPage.goto(`/component/search?keyWords=${encodeURIComponent(code)}`);
    await expect(resultsNamed(publicPage, code).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: INDEX_TIMEOUT });
  await publicPage.goto(`/component/detail/${id}`);
  await expect(publicPage.getByTestId('detail-part-number')).toHaveText(code);

  // The page at the other widths, and in English.
  for (const width of [1280, 500]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByTestId(`catalog-item-status-${id}`)).toBeVisible();
    await shot(page, `catalog-items-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Catalogue items' })).toBeVisible();
  await expect(page.getByTestId(`catalog-item-status-${id}`)).toContainText('Public');
  await shot(page, 'catalog-items-english');
});

// Manufacturers (docs/operations.md "Manufacturers"): a super admin corrects a manufacturer's name and website (the
// public manufacturer page shows them; the old name stays as an alias) and renames it back, then merges the seed's
// "Broadcom (Avago)" into "Broadcom" (the name Avago took when it bought Broadcom): the item moves, the old public
// page is gone. Nothing else uses these manufacturers; a merge cannot be undone, so it comes last.
test('an operator renames a manufacturer and merges a duplicate into another', async ({ page, request }, info) => {
  test.setTimeout(150_000);
  const admin = createAdministrator(info, 'opsmakers');
  await signInAs(page, request, admin, '/operation/catalog-manufacturers');
  await expect(page.getByTestId('operations-catalog-manufacturers')).toBeVisible();
  await page.getByTestId('catalog-library-component').click();
  const table = page.getByTestId('manufacturers-table');

  // Rename Holtek, with its website.
  await page.getByTestId('manufacturers-keyword').fill('Holtek');
  await page.getByTestId('manufacturers-search').click();
  const holtekRow = table.locator('tr[data-testid^="manufacturers-row-"]').filter({ hasText: 'Holtek' }).first();
  await expect(holtekRow).toBeVisible();
  const holtek = Number((await holtekRow.getAttribute('data-testid'))!.replace('manufacturers-row-', ''));
  await page.getByTestId(`manufacturer-edit-${holtek}`).click();
  await page.getByTestId('manufacturer-edit-name').fill('Holtek Semiconductor');
  await page.getByTestId('manufacturer-edit-website').fill('holtek.com.tw');
  await page.getByTestId('manufacturer-edit-submit').click();
  await expect(page.getByTestId('manufacturer-edit-modal')).toContainText('网址须以 http:// 或 https:// 开头');
  await page.getByTestId('manufacturer-edit-website').fill('https://www.holtek.com.tw');
  await shot(page, 'manufacturer-edit-dialog');
  await page.getByTestId('manufacturer-edit-submit').click();
  await expect(page.getByTestId(`manufacturer-aliases-${holtek}`)).toHaveText('Holtek');
  await expect(page.getByTestId(`manufacturers-row-${holtek}`)).toContainText('Holtek Semiconductor');
  const publicPage = await page.context().newPage();
  await publicPage.goto(`/component/brand-detail/${holtek}`);
  await expect(publicPage.getByTestId('brand-detail-name')).toHaveText('Holtek Semiconductor');
  await expect(publicPage.getByRole('link', { name: '官网' })).toHaveAttribute('href', 'https://www.holtek.com.tw');
  await expect(publicPage.getByTestId('brand-detail-components').locator('tbody tr')).toHaveCount(1);
  // Renamed back: the alias becomes the name again.
  await page.getByTestId(`manufacturer-edit-${holtek}`).click();
  await page.getByTestId('manufacturer-edit-name').fill('Holtek');
  await page.getByTestId('manufacturer-edit-submit').click();
  await expect(page.getByTestId(`manufacturer-aliases-${holtek}`)).toHaveText('Holtek Semiconductor');

  // Merge Broadcom (Avago) into Broadcom.
  await page.getByTestId('manufacturers-keyword').fill('Broadcom');
  await page.getByTestId('manufacturers-search').click();
  const rows = table.locator('tr[data-testid^="manufacturers-row-"]');
  await expect(rows).toHaveCount(2);
  const avagoRow = rows.filter({ hasText: 'Avago' });
  const avago = Number((await avagoRow.getAttribute('data-testid'))!.replace('manufacturers-row-', ''));
  const broadcomRow = rows.filter({ hasNotText: 'Avago' });
  const broadcom = Number((await broadcomRow.getAttribute('data-testid'))!.replace('manufacturers-row-', ''));
  const before = Number(await page.getByTestId(`manufacturer-count-${broadcom}`).innerText());
  for (const width of [1280, 500]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByTestId(`manufacturer-merge-${avago}`)).toBeVisible();
    await shot(page, `manufacturers-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId(`manufacturer-merge-${avago}`).click();
  await expect(page.getByTestId('manufacturer-merge-submit')).toBeDisabled();
  await page.getByTestId('manufacturer-merge-target').locator('input').fill('Broadcom');
  await page.getByTitle(`Broadcom (#${broadcom} · ${before} 条)`).click();
  await expect(page.getByTestId('manufacturer-merge-hint')).toContainText('「Broadcom (Avago)」的 1 个条目将移到「Broadcom」');
  await shot(page, 'manufacturer-merge-dialog');
  await page.getByTestId('manufacturer-merge-submit').click();
  await expect(page.getByText('已合并到「Broadcom」，移动了 1 个条目')).toBeVisible();
  await expect(page.getByTestId(`manufacturers-row-${avago}`)).toHaveCount(0);
  await expect(page.getByTestId(`manufacturer-count-${broadcom}`)).toHaveText(String(before + 1));
  await expect(page.getByTestId(`manufacturer-aliases-${broadcom}`)).toHaveText('Broadcom (Avago)');
  // The merged manufacturer's old page shows the one that kept its items.
  for (const id of [avago, broadcom]) {
    await publicPage.goto(`/component/brand-detail/${id}`);
    await expect(publicPage.getByTestId('brand-detail-name')).toHaveText('Broadcom');
    await expect(publicPage.getByTestId('brand-detail-components').locator('tbody tr')).toHaveCount(before + 1);
  }

  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Manufacturers' })).toBeVisible();
  await expect(page.getByTestId(`manufacturer-merge-${broadcom}`)).toHaveText('Merge into…');
  await shot(page, 'manufacturers-english');
});

/**
 * In the open item editor: the manufacturer named `name`, found by typing it, until the field shows it (as for the
 * lifecycle below: a CI run's click on the option, made while the list was still opening, chose nothing).
 */
async function chooseManufacturer(page: Page, name: string) {
  const select = page.getByTestId('catalog-edit-manufacturer');
  await expect(async () => {
    await select.click();
    await select.locator('input').fill(name);
    await page.locator('.ant-select-dropdown:visible').getByTitle(name, { exact: true }).click({ timeout: 2_000 });
    await expect(select).toContainText(name, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Picks a lifecycle and waits until the field shows it: a CI run's click on the option, made while the list was still
 * opening, chose nothing and the journey saved the old value (its retries then started from a corrected item).
 */
async function chooseLifecycle(page: Page, label: string) {
  const select = page.getByTestId('catalog-edit-lifecycle');
  await expect(async () => {
    await chooseSelectOption(page, 'catalog-edit-lifecycle', label, 2_000);
    await expect(select).toContainText(label, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

// Correcting an item (docs/operations.md "Correcting an item"): a super admin corrects a component's name, lifecycle and
// manufacturer with a reason; the public detail page shows it; the editor then shows the source's value under the field, and setting it
// back ends the correction. TL431D is used by no other journey, and it ends as the source has it.
test('an operator corrects a component and sets it back to the source', async ({ page, request }, info) => {
  test.setTimeout(150_000);
  const admin = createAdministrator(info, 'opscorrect');
  await signInAs(page, request, admin, '/operation/catalog-items');
  await page.getByTestId('catalog-library-component').click();
  await page.getByTestId('catalog-items-keyword').fill('TL431D');
  await page.getByTestId('catalog-items-search').click();
  const link = page
    .getByTestId('catalog-items-table')
    .locator('a[data-testid^="catalog-item-link-"]')
    .filter({ hasText: /^TL431D$/ });
  await expect(link).toBeVisible();
  const id = Number((await link.getAttribute('data-testid'))!.replace('catalog-item-link-', ''));
  const corrected = 'TL431D 可调精密并联稳压器';

  await page.getByTestId(`catalog-item-edit-${id}`).click();
  await expect(page.getByTestId('catalog-edit-name')).toHaveValue('TL431D');
  await page.getByTestId('catalog-edit-name').fill(corrected);
  await chooseManufacturer(page, 'onsemi');
  await chooseLifecycle(page, '停产');
  await page.getByTestId('catalog-edit-submit').click();
  await expect(page.getByTestId('catalog-edit-modal')).toContainText('请填写修正原因');
  await page.getByTestId('catalog-edit-reason').fill('名称缺少器件类型');
  await shot(page, 'catalog-edit-dialog');
  await page.getByTestId('catalog-edit-submit').click();
  await expect(page.getByTestId(`catalog-item-edited-${id}`)).toHaveText('已修正');

  const publicPage = await page.context().newPage();
  await publicPage.goto(`/component/detail/${id}`);
  await expect(publicPage.getByTestId('detail-part-number')).toHaveText('TL431D');
  await expect(publicPage.getByText(corrected)).toBeVisible();
  await expect(publicPage.getByTestId('detail-manufacturer')).toHaveText('onsemi');
  // The lifecycle by its name, not the stored code.
  await expect(publicPage.getByTestId('detail-lifecycle')).toHaveText('停产');
  await shot(publicPage, 'catalog-corrected-detail');

  // The editor says what the source has; set back, the item is no longer corrected.
  await page.getByTestId(`catalog-item-edit-${id}`).click();
  await expect(page.getByTestId('catalog-edit-source-name')).toHaveText('来源值：TL431D');
  await expect(page.getByTestId('catalog-edit-source-manufacturerId')).toHaveText('来源值：Texas Instruments');
  await page.getByTestId('catalog-edit-name').fill('TL431D');
  await chooseManufacturer(page, 'Texas Instruments');
  await chooseLifecycle(page, '未标注');
  await page.getByTestId('catalog-edit-reason').fill('恢复来源名称');
  await page.getByTestId('catalog-edit-submit').click();
  await expect(page.getByTestId(`catalog-item-edited-${id}`)).toHaveCount(0);
  await publicPage.reload();
  await expect(publicPage.getByText(corrected)).toHaveCount(0);
  await expect(publicPage.getByTestId('detail-manufacturer')).toHaveText('Texas Instruments');
  await expect(publicPage.getByTestId('detail-lifecycle')).toHaveCount(0);

  // Its description ("Shunt Regulator, SO-8") states no value: the operator adds the reference voltage, which the
  // public detail then lists; an unreadable value is refused with its row; removing the row ends the correction.
  await page.getByTestId(`catalog-item-parameters-${id}`).click();
  await expect(page.getByTestId('catalog-parameters-empty')).toBeVisible();
  await page.getByTestId('catalog-parameter-add').click();
  // 31 kinds in a virtual list: typing narrows it to the one wanted.
  const kind = page.getByTestId('catalog-parameter-dimension-0');
  // Until the field shows it: a click on an option made while the list was still opening can choose nothing.
  await expect(async () => {
    await kind.click();
    await kind.locator('input').fill('电压');
    await (await optionsOf(page, kind)).filter({ hasText: '电压 (V)' }).first().click({ timeout: 2_000 });
    await expect(kind).toContainText('电压', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByTestId('catalog-parameter-value-0').fill('2.495 欧');
  await page.getByTestId('catalog-parameter-conditions-0').fill('Vref');
  await page.getByTestId('catalog-parameters-reason').fill('补充基准电压');
  await page.getByTestId('catalog-parameters-submit').click();
  await expect(page.getByText(/第 1 项/)).toBeVisible();
  await page.getByTestId('catalog-parameter-value-0').fill('2.495V');
  await shot(page, 'catalog-parameters-dialog');
  await page.getByTestId('catalog-parameters-submit').click();
  await expect(page.getByTestId('catalog-parameters-modal')).toBeHidden();
  await expect(page.getByTestId(`catalog-item-edited-${id}`)).toHaveText('已修正');
  await publicPage.reload();
  await expect(publicPage.getByTestId('detail-parameters')).toContainText('2.495');
  await shot(publicPage, 'catalog-corrected-parameters');

  await page.getByTestId(`catalog-item-parameters-${id}`).click();
  await expect(page.getByTestId('catalog-parameters-source')).toHaveText('来源参数：无');
  await page.getByTestId('catalog-parameter-remove-0').click();
  await page.getByTestId('catalog-parameters-reason').fill('恢复来源参数');
  await page.getByTestId('catalog-parameters-submit').click();
  await expect(page.getByTestId('catalog-parameters-modal')).toBeHidden();
  await expect(page.getByTestId(`catalog-item-edited-${id}`)).toHaveCount(0);
  await publicPage.reload();
  await expect(publicPage.getByTestId('detail-parameters')).not.toContainText('2.495');
});

// Merging duplicate items (docs/operations.md "Merging duplicate items"): Fritzing has the 4001 NOR gate twice (a
// multi-part and a single-part symbol). A super admin finds them in the duplicates view and merges the single-part one
// into the other: its public address then shows the kept one; restoring it undoes the merge (the seed is left as is).
test('an operator merges a duplicate component and undoes it', async ({ page, request }, info) => {
  test.setTimeout(150_000);
  const admin = createAdministrator(info, 'opsmerge');
  await signInAs(page, request, admin, '/operation/catalog-items');
  await page.getByTestId('catalog-library-component').click();
  await page.getByTestId('catalog-items-keyword').fill('4001');
  await page.getByTestId('catalog-items-duplicates').check();
  await page.getByTestId('catalog-items-search').click();
  const rows = page.getByTestId('catalog-items-table').locator('tr[data-testid^="catalog-items-row-"]');
  await expect(rows).toHaveCount(2);
  const single = rows.filter({ hasText: 'single part' });
  const duplicate = Number((await single.getAttribute('data-testid'))!.replace('catalog-items-row-', ''));
  const kept = Number((await rows.filter({ hasNotText: 'single part' }).getAttribute('data-testid'))!.replace('catalog-items-row-', ''));

  await page.getByTestId(`catalog-item-merge-${duplicate}`).click();
  await expect(page.getByTestId('catalog-merge-submit')).toBeDisabled();
  await page.getByTestId('catalog-merge-target').click();
  await page.getByTitle(new RegExp(`^4001 · .*\\(#${kept} · fritzing\\)$`)).click();
  await expect(page.getByTestId('catalog-merge-hint')).toContainText(`（#${duplicate}）将从公开库隐藏`);
  await shot(page, 'catalog-merge-dialog');
  await page.getByTestId('catalog-merge-submit').click();
  await expect(page.getByText(`已合并到 4001（#${kept}）`)).toBeVisible();
  // The duplicates view no longer lists them; the hidden one says where it went.
  await expect(rows).toHaveCount(0);
  await page.getByTestId('catalog-items-duplicates').uncheck();
  await page.getByTestId('catalog-items-search').click();
  await expect(page.getByTestId(`catalog-item-merged-${duplicate}`)).toContainText(`#${kept}`);
  await shot(page, 'catalog-merged');

  const publicPage = await page.context().newPage();
  await publicPage.goto(`/component/detail/${duplicate}`);
  await expect(publicPage.getByText('4001 4 x 2 Input NOR Gate', { exact: true })).toBeVisible();

  // Restored, it is itself again.
  await page.getByTestId(`catalog-item-restore-${duplicate}`).click();
  await page.getByTestId(`catalog-item-restore-confirm-${duplicate}`).click();
  await expect(page.getByTestId(`catalog-item-status-${duplicate}`)).toContainText('公开');
  await publicPage.reload();
  await expect(publicPage.getByText('4001 4 x 2 Input NOR Gate, single part', { exact: true })).toBeVisible();
});

// Categories (docs/operations.md "Categories"): a super admin hides the empty 超级电容 category and the public catalogue
// no longer offers it; a non-empty category cannot be hidden; a renamed and reordered category shows first under
// 电容 with its new name, and set back to the taxonomy file's values it is no longer corrected. Everything is undone.
test('an operator hides an empty category and corrects another', async ({ page, request }, info) => {
  test.setTimeout(150_000);
  const admin = createAdministrator(info, 'opscategory');
  await signInAs(page, request, admin, '/operation/catalog-categories');
  await expect(page.getByTestId('operations-catalog-categories')).toBeVisible();
  await page.getByTestId('catalog-library-component').click();
  await page.getByTestId('categories-keyword').fill('电容');
  await page.getByTestId('categories-search').click();
  await expect(page.getByTestId('category-name-supercapacitor')).toBeVisible();
  // 贴片电容 holds components: it cannot be hidden.
  await expect(page.getByTestId('category-hide-mlcc')).toBeDisabled();
  await shot(page, 'categories-1440');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'categories-1280');
  await page.setViewportSize({ width: 1440, height: 900 });

  const publicPage = await page.context().newPage();
  await publicPage.goto('/component?category=capacitor');
  await expect(publicPage.getByTestId('category-card-supercapacitor')).toBeVisible();

  await page.getByTestId('category-hide-supercapacitor').click();
  await page.getByTestId('category-hide-submit').click();
  await expect(page.getByTestId('category-hide-modal')).toContainText('请填写');
  await page.getByTestId('category-hide-reason').fill('暂无超级电容数据');
  await page.getByTestId('category-hide-submit').click();
  await expect(page.getByTestId('category-hidden-supercapacitor')).toBeVisible();
  await publicPage.reload();
  await expect(publicPage.getByTestId('category-card-mlcc')).toBeVisible();
  await expect(publicPage.getByTestId('category-card-supercapacitor')).toHaveCount(0);
  await shot(publicPage, 'categories-public-hidden');

  await page.getByTestId('category-restore-supercapacitor').click();
  await page.getByTestId('category-restore-confirm-supercapacitor').click();
  await expect(page.getByTestId('category-hidden-supercapacitor')).toHaveCount(0);
  await publicPage.reload();
  await expect(publicPage.getByTestId('category-card-supercapacitor')).toBeVisible();

  // Renamed and moved to the front of 电容.
  await page.getByTestId('category-edit-tantalum-capacitor').click();
  await expect(page.getByTestId('category-edit-name')).toHaveValue('钽电容');
  await page.getByTestId('category-edit-name').fill('钽电解电容');
  await page.getByTestId('category-edit-sort').fill('0');
  await page.getByTestId('category-edit-reason').fill('与国标叫法一致，常用靠前');
  await shot(page, 'categories-edit-dialog');
  await page.getByTestId('category-edit-submit').click();
  await expect(page.getByTestId('category-corrected-tantalum-capacitor')).toBeVisible();
  await publicPage.reload();
  const firstCard = publicPage.locator('[data-testid^="category-card-"]').first();
  await expect(firstCard).toHaveAttribute('data-testid', 'category-card-tantalum-capacitor');
  await expect(firstCard).toContainText('钽电解电容');

  // The editor shows the file's values; set back, nothing is corrected.
  await page.getByTestId('category-edit-tantalum-capacitor').click();
  await expect(page.getByTestId('category-edit-original-name')).toContainText('钽电容');
  await expect(page.getByTestId('category-edit-original-sort')).toContainText('4');
  await page.getByTestId('category-edit-name').fill('钽电容');
  await page.getByTestId('category-edit-sort').fill('4');
  await page.getByTestId('category-edit-reason').fill('恢复分类表');
  await page.getByTestId('category-edit-submit').click();
  await expect(page.getByTestId('category-corrected-tantalum-capacitor')).toHaveCount(0);
  await publicPage.reload();
  await expect(publicPage.locator('[data-testid^="category-card-"]').first()).toHaveAttribute('data-testid', 'category-card-mlcc');
});

// Imports (docs/operations.md "Imports"): a super admin imports the materials library's sources again and watches it
// end with its counts; nothing changed in the sources, so every record is left as it was.
test('an operator imports a library again and reads the report', async ({ page, request }, info) => {
  test.setTimeout(240_000);
  const admin = createAdministrator(info, 'opsimport');
  await signInAs(page, request, admin, '/operation/catalog-import');
  await expect(page.getByTestId('operations-catalog-import')).toBeVisible();
  await page.getByTestId('catalog-library-mat').click();
  await page.getByTestId('catalog-import-start').click();
  await page.getByTestId('catalog-import-confirm').click();
  await expect(page.getByTestId('catalog-import-state')).toHaveText('已完成', { timeout: 180_000 });
  const count = (key: string) => page.getByTestId(`catalog-import-report-${key}`).locator('.ant-statistic-content-value');
  await expect(count('inserted')).toHaveText('0');
  await expect(count('updated')).toHaveText('0');
  expect(Number((await count('unchanged').innerText()).replace(/\D/g, ''))).toBeGreaterThan(1000);
  await shot(page, 'catalog-import-done');

  // The run heads the history, which expands to the same report.
  const history = page.getByTestId('catalog-import-history');
  const newest = history.locator('tbody tr.ant-table-row').first();
  await expect(newest.getByTestId('catalog-import-history-origin')).toHaveText('立即导入');
  await expect(newest.getByTestId('catalog-import-history-state')).toHaveText('已完成');
  await expect(newest).toContainText('opsimport');
  await newest.locator('.ant-table-row-expand-icon').click();
  await expect(history.getByTestId('catalog-import-report-inserted').locator('.ant-statistic-content-value')).toHaveText('0');
  await history.scrollIntoViewIfNeeded();
  await shot(page, 'catalog-import-history');
});
