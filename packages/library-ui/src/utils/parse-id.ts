/** A positive integer id from a route or query parameter, or undefined (shown as a bad link). */
export function parseId(text: string | null | undefined): number | undefined {
  if (!text || !/^\d{1,15}$/.test(text)) return undefined;
  const id = Number(text);
  return id > 0 ? id : undefined;
}
