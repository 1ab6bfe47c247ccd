import { attachmentName } from './download-cae';

describe('CAE download name', () => {
  it('reads the server file name, else the fallback', () => {
    expect(attachmentName('attachment; filename="06Cr19Ni10_CalculiX-Abaqus_si.inp"', 'x')).toBe('06Cr19Ni10_CalculiX-Abaqus_si.inp');
    expect(attachmentName('attachment; filename=Q235_FreeCAD.FCMat', 'x')).toBe('Q235_FreeCAD.FCMat');
    expect(attachmentName(null, 'material.txt')).toBe('material.txt');
  });
});
