import { interpretResponse, toAbsoluteUrl } from '@portal/http';

/** The file name of a `Content-Disposition: attachment; filename=…` header, else `fallback`. */
export function attachmentName(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match ? decodeURIComponent(match[1]) : fallback;
}

/**
 * Fetches the export and saves it under the server's name. The route answers an error envelope (a
 * material without E and ν for Abaqus) as JSON: that rejects with the envelope's message instead of
 * saving a `cae.json`.
 */
export async function downloadCae(url: string): Promise<string> {
  const response = await fetch(toAbsoluteUrl(url), { credentials: 'same-origin' });
  if (!response.ok || (response.headers.get('content-type') ?? '').includes('application/json')) {
    // An envelope with a non-zero code throws the portal's error with the server's message.
    interpretResponse(response.status, await response.text(), url);
    throw new Error(`HTTP ${response.status}`);
  }
  const name = attachmentName(response.headers.get('content-disposition'), 'material.txt');
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  return name;
}
