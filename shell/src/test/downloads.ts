import { vi } from 'vitest';

/** The text of a Blob (jsdom's Blob has no `text()`). */
export function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
}

/**
 * Catches the files the page downloads (`downloadText`: an object URL clicked through an anchor): answers the
 * blobs so far and a `restore` for the anchor's click.
 */
export function captureDownloads() {
  const blobs: Blob[] = [];
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:export';
    }),
    revokeObjectURL: vi.fn(),
  });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return { blobs, restore: () => click.mockRestore() };
}

/** The lines of a downloaded CSV (without the byte-order mark). */
export async function csvLines(blob: Blob): Promise<string[]> {
  return (await readBlob(blob)).replace('\ufeff', '').trimEnd().split('\r\n');
}
