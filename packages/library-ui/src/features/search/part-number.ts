/**
 * Longest part number kept on one line in the results (characters): a standard part's designation with
 * its size (`ISO 4762 M6×20`, `ASME B18.6.3 5/16-18×1.75"`, 26) fits; longer "part numbers" are
 * descriptions (a Fritzing part's 69 characters) and wrap like one rather than widen the table.
 */
export const ONE_LINE_PART_NUMBER_MAX = 32;

/**
 * Whether the results keep the part number on one line, the other columns wrapping instead. Only a
 * part number of several words needs it: a designation with its size reads as one term, and broken at
 * its spaces it becomes three lines of pieces (ISO / 4762 / M6×20 at 500 px). A one-word manufacturer
 * part number (TC2014-2.85VxCTTR) already breaks only at a hyphen, and only where the table is too
 * tight to keep its 对比 column whole (the components' search at 500 px).
 */
export function keepsPartNumberOnOneLine(partNumber: string): boolean {
  return /\s/.test(partNumber.trim()) && [...partNumber].length <= ONE_LINE_PART_NUMBER_MAX;
}
