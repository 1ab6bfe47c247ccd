import { caeUrl } from './cae-url';

describe('CAE export URL', () => {
  it('names format and unit system, none for a FreeCAD card', () => {
    expect(caeUrl(12, 'abaqus', 'mm-N-t-s')).toBe('/to/api/public/mat/item/12/cae?format=abaqus&units=mm-N-t-s');
    expect(caeUrl(12, 'fcmat', 'in-lbf-s')).toBe('/to/api/public/mat/item/12/cae?format=fcmat');
  });
});
