import { describe, expect, it } from 'vitest';
import { headerHeightFor, screenTypeFor } from './screen';

describe('screen type (spec §4)', () => {
  it.each([
    [1920, 'large'],
    [1440, 'large'],
    [1439, 'middle'],
    [1000, 'middle'],
    [999, 'small'],
    [500, 'small'],
  ])('%i px is %s', (width, type) => {
    expect(screenTypeFor(width)).toBe(type);
  });

  it('uses a 50 px header on small screens only', () => {
    expect(headerHeightFor('large')).toBe(60);
    expect(headerHeightFor('middle')).toBe(60);
    expect(headerHeightFor('small')).toBe(50);
  });
});
