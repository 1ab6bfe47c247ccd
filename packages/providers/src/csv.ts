/**
 * CSV for the portal's exports (the materials comparison, the operations lists): RFC 4180 quoting,
 * CRLF line ends, and a UTF-8 byte-order mark first so that spreadsheet programs read the Chinese text.
 */

/**
 * One cell. A text a spreadsheet would run as a formula (`=`, `+`, `-`, `@` first, e.g. a nickname
 * `=HYPERLINK(…)`) gets a leading apostrophe; numbers such as `-40` stay numbers.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^[-+]?(\d|\.\d)/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of cells as one CSV text. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `\ufeff${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Hands `text` to the browser as a download named `fileName`. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  downloadBlob(new Blob([text], { type }), fileName);
}

/** Hands `blob` to the browser as a download named `fileName`. */
export function downloadBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
