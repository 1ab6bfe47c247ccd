import { describe, expect, it } from 'vitest';
import { visiblePlatforms } from './platforms';

describe('visiblePlatforms (spec §6 entry visibility)', () => {
  it('keeps the materials entry and hides management for the materials type', () => {
    expect(visiblePlatforms('mat').map((p) => p.val)).toEqual(['part', 'component', 'mat']);
  });

  it.each(['part', 'component', 'home'] as const)('hides management and materials for %s', (type) => {
    expect(visiblePlatforms(type).map((p) => p.val)).toEqual(['part', 'component']);
  });
});
