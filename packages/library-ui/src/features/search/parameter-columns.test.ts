import { describe, expect, it } from 'vitest';
import type { ItemParameter } from '../items/types';
import { parameterCell, parameterColumns, parameterValues } from './parameter-columns';

function parameter(dimension: string, name: string, display: string): ItemParameter {
  return { dimension, name, nameEn: dimension, unit: '', min: null, typ: null, max: null, display, value: display, original: display, conditions: null };
}

describe('parameter columns of a results page', () => {
  const rows = [
    { parameters: [parameter('capacitance', '电容', '10μF'), parameter('voltage', '电压', '16V')] },
    { parameters: [parameter('capacitance', '电容', '10μF'), parameter('voltage', '电压', '25V')] },
    { parameters: [parameter('current', '电流', '1A'), parameter('voltage', '电压', '3.3V'), parameter('voltage', '电压', '5V')] },
    {},
  ];

  it('lists the dimensions the hits state, the most common first', () => {
    expect(parameterColumns(rows).map((column) => column.dimension)).toEqual(['voltage', 'capacitance', 'current']);
    expect(parameterColumns(rows, 1).map((column) => column.name)).toEqual(['电压']);
    expect(parameterColumns([])).toEqual([]);
  });

  it('shows every value of the dimension a row states, or nothing', () => {
    expect(parameterCell(rows[0].parameters, 'capacitance')).toBe('10μF');
    expect(parameterCell(rows[2].parameters, 'voltage')).toBe('3.3V · 5V');
    // Labelled values as the server writes them: one rule for every row.
    const memory = [parameter('data_size', '存储容量', 'Flash 512KB'), parameter('data_size', '存储容量', 'RAM 256KB')];
    expect(parameterCell(memory, 'data_size')).toBe('Flash 512KB · RAM 256KB');
    expect(parameterValues(memory, 'data_size')).toEqual(['Flash 512KB', 'RAM 256KB']);
    expect(parameterCell(rows[2].parameters, 'capacitance')).toBeUndefined();
    expect(parameterCell(undefined, 'voltage')).toBeUndefined();
  });
});
