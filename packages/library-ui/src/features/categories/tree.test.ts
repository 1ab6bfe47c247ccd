import { componentTree } from '../../test/fixtures';
import { branchCodes, countCategories, filterCategories, indexCategories, sortCategories } from './tree';

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
});
