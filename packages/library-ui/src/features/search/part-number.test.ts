import { describe, expect, it } from 'vitest';
import { keepsPartNumberOnOneLine, ONE_LINE_PART_NUMBER_MAX } from './part-number';

describe('part numbers on one line in the results', () => {
  it.each(['ISO 4762 M6×20', 'ISO 7380-1 M6×20', 'ASME B18.6.3 5/16-18×1.75"', 'Aluminum 6061-T6'])('keeps the designation %s whole', (partNumber) => {
    expect(keepsPartNumberOnOneLine(partNumber)).toBe(true);
  });

  it.each(['LM358', 'TC2014-2.85VxCTTR', ' LM358 '])('leaves the one-word part number %s to the browser', (partNumber) => {
    expect(keepsPartNumberOnOneLine(partNumber)).toBe(false);
  });

  it('lets a description-length part number wrap', () => {
    expect(keepsPartNumberOnOneLine('20mm 8x8 dot matrix column cathode led display with standard pcb pads')).toBe(false);
  });

  it('counts characters, not UTF-16 units, up to the limit', () => {
    const words = (unit: string, length: number) => `${unit.repeat(length - 2)} ${unit}`;
    expect(keepsPartNumberOnOneLine(words('×', ONE_LINE_PART_NUMBER_MAX))).toBe(true);
    expect(keepsPartNumberOnOneLine(words('𝑥', ONE_LINE_PART_NUMBER_MAX))).toBe(true);
    expect(keepsPartNumberOnOneLine(words('x', ONE_LINE_PART_NUMBER_MAX + 1))).toBe(false);
  });
});
