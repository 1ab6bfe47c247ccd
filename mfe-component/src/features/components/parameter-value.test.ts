import { describe, expect, it } from 'vitest';
import { valueWithoutConditions } from './parameter-value';

describe('valueWithoutConditions', () => {
  it('drops the conditions the server appended to the display', () => {
    expect(valueWithoutConditions({ display: '64KB @ Flash', conditions: 'Flash' })).toBe('64KB');
    expect(valueWithoutConditions({ display: '10mΩ @ 4.5V', conditions: '4.5V' })).toBe('10mΩ');
  });

  it('keeps a display without conditions, or whose end is not them', () => {
    expect(valueWithoutConditions({ display: '10μF', conditions: null })).toBe('10μF');
    expect(valueWithoutConditions({ display: '1.7V~3.6V', conditions: 'Vin' })).toBe('1.7V~3.6V');
  });
});
