// The CAE export of a material: the detail page's `downloads` slot (docs/materials.md).
export { CaeExport, CaeExportCard } from './cae-export';
export { caeUrl, CAE_FORMATS, UNIT_SYSTEMS, type CaeFormat, type UnitSystem } from './cae-url';
