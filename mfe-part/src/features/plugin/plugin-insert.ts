import { toAbsoluteUrl } from '@portal/http';
import { getPluginState } from '@portal/session';

/**
 * The CAD plugin's 插入 (docs/parts.md "Plugin insert"): the page hands the host the STEP model's
 * download URL in a message; the host fetches it (the model route is public; a plugin sends its
 * personal access token as `Authorization: Token <pat>` as the KiCad library does, ready for the
 * enterprise library) and inserts the file. The shell has no host channel of its own (packages/channel
 * only maps channel codes), so the message goes to `window.parent`: the plugin's frame, or the page
 * itself when the host shows the portal top-level in a web view that listens to `message`.
 */
export const INSERT_MESSAGE_TYPE = 'portal:part-insert';

export interface InsertMessage {
  type: typeof INSERT_MESSAGE_TYPE;
  /** Absolute download URL (a profile's carries `?length=`). */
  url: string;
  /** The name the server gives the file (`socket_head_cap_iso4762_M6-1x20.step`). */
  fileName: string;
  format: 'step';
  /** The part: id and designation (`ISO 4762 M6×20`), for the host's history. */
  id: number;
  partNumber: string;
}

export function insertMessage(part: { id: number; partNumber: string }, url: string, fileName: string): InsertMessage {
  return { type: INSERT_MESSAGE_TYPE, url: toAbsoluteUrl(url), fileName, format: 'step', id: part.id, partNumber: part.partNumber };
}

/** The shell marks plugin mode on `<html data-plugin>` and keeps the plugin's software type in the session. */
export function isCadPlugin(): boolean {
  if (typeof document === 'undefined' || !document.documentElement.dataset.plugin) return false;
  return getPluginState()?.softwareType === 'CAD';
}

/** Hands the model to the host. `target`: the window to post to (tests pass their own). */
export function postInsert(message: InsertMessage, target: Pick<Window, 'postMessage'> = window.parent): void {
  // '*': the message carries a public URL only, and the host's origin is not known (file://, a custom scheme).
  target.postMessage(message, '*');
}
