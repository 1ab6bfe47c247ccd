// What other features use of the materials' own data: units, values, names, types. The detail cards
// are not exported here: they are lazy slots of the detail page (config/mat-library.ts).
export * from './property-units';
export * from './property-values';
export * from './property-names';
export * from './types';
