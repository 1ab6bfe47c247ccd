import { describe, expect, it } from 'vitest';
import { parameterName, parameterValue } from './parameter-display';
import type { ItemParameter } from './types';

const labelled = { name: '长度', nameEn: 'Length', value: '6mm', label: 'd' } as ItemParameter;
const plain = { name: '电压', nameEn: 'Voltage', value: '5V', label: null } as unknown as ItemParameter;

describe('parameter display', () => {
  it('puts a component label before the value', () => {
    expect(parameterName(labelled, false, 'inValue')).toBe('长度');
    expect(parameterValue(labelled, 'inValue')).toBe('d 6mm');
  });

  it("names a part's parameter by its symbol and the dimension", () => {
    expect(parameterName(labelled, false, 'asName')).toBe('d（长度）');
    expect(parameterName(labelled, true, 'asName')).toBe('d (Length)');
    expect(parameterValue(labelled, 'asName')).toBe('6mm');
  });

  it('shows an unlabelled parameter the same way in both placements', () => {
    for (const placement of ['inValue', 'asName'] as const) {
      expect(parameterName(plain, true, placement)).toBe('Voltage');
      expect(parameterValue(plain, placement)).toBe('5V');
    }
  });
});
