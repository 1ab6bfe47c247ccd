import type { ItemParameter } from '@portal/library-ui/items';
import { differenceText, keyParameters, orderedGroups, reasonsOf } from './recommend-view';
import type { Recommendation } from './types';

function parameter(dimension: string, name: string, nameEn: string, display: string): ItemParameter {
  return { dimension, name, nameEn, unit: '', min: null, typ: null, max: null, display, value: display, original: display, conditions: null };
}

describe('recommendation view', () => {
  it('always shows the family group first and the package group second', () => {
    const pkg = { key: 'package', label: '封装兼容', labelEn: 'Compatible package', items: [] };
    const groups = orderedGroups([pkg]);
    expect(groups.map((group) => group.key)).toEqual(['family', 'package']);
    expect(groups[0].items).toEqual([]);
    expect(groups[1]).toBe(pkg);
  });

  it('lists one value per dimension, at most three, in the reader language', () => {
    const parameters = [
      parameter('current', '电流', 'Current', '1A'),
      parameter('voltage', '电压', 'Voltage', '3.3V'),
      parameter('voltage', '电压', 'Voltage', '15V'),
      parameter('frequency', '频率', 'Frequency', '72MHz'),
      parameter('temperature', '温度', 'Temperature', '-40~85°C'),
    ];
    expect(keyParameters(parameters, false)).toBe('电流 1A · 电压 3.3V · 频率 72MHz');
    expect(keyParameters(parameters, true, 2)).toBe('Current 1A · Voltage 3.3V');
    expect(keyParameters([], false)).toBe('');
  });

  it('gives the reasons in the reader language, differing parameters left to the differences', () => {
    const recommendation = {
      reasons: [
        { kind: 'partNumberSeries', zh: '型号同系列: AMS1117', en: 'Same part-number series: AMS1117' },
        { kind: 'parameterDiffers', zh: '电压不同: 5V（本器件 3.3V）', en: 'Voltage differs: 5V (this part 3.3V)' },
      ],
    } as Recommendation;
    expect(reasonsOf(recommendation, false)).toEqual(['型号同系列: AMS1117']);
    expect(reasonsOf(recommendation, true)).toEqual(['Same part-number series: AMS1117']);
  });

  it('writes a difference from this part to the recommended one', () => {
    const difference = { key: 'param:voltage', label: '电压', labelEn: 'Voltage', thisValue: '3.3V', otherValue: '5V' };
    expect(differenceText(difference, false)).toBe('电压 3.3V → 5V');
    expect(differenceText({ ...difference, key: 'pinCount', labelEn: 'Pin count', thisValue: '48', otherValue: '64' }, true)).toBe('Pin count 48 → 64');
  });
});
