import { cellValue, rowDiffers } from './compare-rows';

describe('compare rows', () => {
  it('highlights rows whose shown values differ', () => {
    expect(rowDiffers({ key: 'param:voltage', label: '电压', labelEn: 'Voltage', values: ['3V', '3.3V'], differs: true })).toBe(true);
    expect(rowDiffers({ key: 'pinCount', label: '引脚数', labelEn: 'Pin count', values: ['5', '5'], differs: false })).toBe(false);
    expect(rowDiffers({ key: 'lifecycle', label: '生命周期', labelEn: 'Lifecycle', values: [null, null], differs: true })).toBe(false);
    expect(rowDiffers({ key: 'lifecycle', label: '生命周期', labelEn: 'Lifecycle', values: [null, 'nrnd'], differs: true })).toBe(true);
  });
});

describe('compare cells', () => {
  it('shows the English form in English when the row has one', () => {
    const category = {
      key: 'category',
      label: '分类',
      labelEn: 'Category',
      values: ['贴片电容', null],
      valuesEn: ['Multilayer Ceramic Chip Capacitors (MLCC)', null],
      differs: true,
    };
    expect(cellValue(category, 0, true)).toBe('Multilayer Ceramic Chip Capacitors (MLCC)');
    expect(cellValue(category, 0, false)).toBe('贴片电容');
    expect(cellValue(category, 1, true)).toBe('—');
    expect(cellValue({ key: 'package', label: '封装', labelEn: 'Package', values: ['0603'], differs: false }, 0, true)).toBe('0603');
  });
});
