import { rowDiffers } from './compare-page';

describe('compare rows', () => {
  it('highlights rows whose shown values differ', () => {
    expect(rowDiffers({ key: 'param:voltage', label: '电压', labelEn: 'Voltage', values: ['3V', '3.3V'], differs: true })).toBe(true);
    expect(rowDiffers({ key: 'pinCount', label: '引脚数', labelEn: 'Pin count', values: ['5', '5'], differs: false })).toBe(false);
    expect(rowDiffers({ key: 'lifecycle', label: '生命周期', labelEn: 'Lifecycle', values: [null, null], differs: true })).toBe(false);
    expect(rowDiffers({ key: 'lifecycle', label: '生命周期', labelEn: 'Lifecycle', values: [null, 'nrnd'], differs: true })).toBe(true);
  });
});
