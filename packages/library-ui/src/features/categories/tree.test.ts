import { componentTree } from '../../test/fixtures';
import { branchCodes, catalogueView, countCategories, filterCategories, indexCategories, sortCategories } from './tree';

describe('category tree helpers', () => {
  it('orders every level by sort, then id', () => {
    const sorted = sortCategories(componentTree());
    expect(sorted.map((node) => node.code)).toEqual(['resistor', 'capacitor', 'crystal']);
    expect(sorted[0].children.map((node) => node.code)).toEqual(['chip-resistor', 'through-hole-resistor']);
    // Equal sorts keep id order.
    expect(sorted[1].children.map((node) => node.code)).toEqual(['mlcc', 'aluminum-electrolytic']);
  });

  it('indexes each node with its path from the root', () => {
    const index = indexCategories(componentTree());
    expect(index.get('thick-film')?.path.map((node) => node.code)).toEqual(['resistor', 'chip-resistor', 'thick-film']);
    expect(index.get('crystal')?.path).toHaveLength(1);
    expect(index.has('nothing')).toBe(false);
    expect(index.size).toBe(countCategories(componentTree()));
  });

  it('counts every node of the tree', () => {
    expect(countCategories(componentTree())).toBe(9);
    expect(countCategories([])).toBe(0);
  });

  it('filters by Chinese name, English name or code, keeping ancestors and matched subtrees', () => {
    const roots = sortCategories(componentTree());
    const byChinese = filterCategories(roots, '厚膜');
    expect(byChinese.map((node) => node.code)).toEqual(['resistor']);
    expect(byChinese[0].children.map((node) => node.code)).toEqual(['chip-resistor']);
    expect(byChinese[0].children[0].children.map((node) => node.code)).toEqual(['thick-film']);

    const byEnglish = filterCategories(roots, 'chip RESISTORS');
    expect(byEnglish[0].children[0].children).toHaveLength(2);

    expect(filterCategories(roots, 'mlcc').map((node) => node.code)).toEqual(['capacitor']);
    expect(filterCategories(roots, '  ')).toHaveLength(3);
    expect(filterCategories(roots, '不存在')).toEqual([]);
  });

  it('lists the codes of every branch', () => {
    expect(branchCodes(sortCategories(componentTree()))).toEqual(['resistor', 'chip-resistor', 'capacitor']);
  });

  it('opens a leaf on its items when the library lists items, any node on request', () => {
    const index = indexCategories(sortCategories(componentTree()));
    const codes = (view: { focusPath: { code: string }[] }) => view.focusPath.map((node) => node.code);
    const mlcc = index.get('mlcc')!;
    // Parts and materials (no list): the leaf is highlighted among its siblings.
    expect(catalogueView(mlcc, { listsItems: false, itemsRequested: false })).toMatchObject({ showItems: false });
    expect(codes(catalogueView(mlcc, { listsItems: false, itemsRequested: true }))).toEqual(['capacitor']);
    // Components: the leaf itself, with its items.
    const leaf = catalogueView(mlcc, { listsItems: true, itemsRequested: false });
    expect(leaf.showItems).toBe(true);
    expect(codes(leaf)).toEqual(['capacitor', 'mlcc']);
    // A branch shows its cards unless the items are asked for.
    const capacitor = index.get('capacitor')!;
    expect(catalogueView(capacitor, { listsItems: true, itemsRequested: false })).toMatchObject({ showItems: false });
    expect(catalogueView(capacitor, { listsItems: true, itemsRequested: true })).toMatchObject({ showItems: true });
  });
});
