import { isPortalError } from '@portal/http';
import { claimReloadGuard, readFrontLogQueue, writeFrontLogQueue } from '@portal/session';
import { isShellChunkLoadError } from '../../app/rules/route-guards';
import { showErrorDialog } from '../overlays/error-dialog-store';

/** Spec §9: the same error within 2 s is logged once. */
export const DUPLICATE_WINDOW_MS = 2000;

export interface FrontLogEntry {
  message: string;
  stack?: string;
  name?: string;
  url: string;
  source: 'router' | 'rejection' | 'error';
  time: number;
}

let lastEntry: { key: string; time: number } | undefined;

function describe(error: unknown): { message: string; stack?: string; name?: string } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack, name: error.name };
  return { message: typeof error === 'string' ? error : JSON.stringify(error) ?? String(error) };
}

/** Keeps the error in the front-end log queue of spec §7 (newest 30), skipping repeats within 2 s. */
export function recordFrontLog(error: unknown, source: FrontLogEntry['source'], now: number = Date.now()): boolean {
  const { message, stack, name } = describe(error);
  const key = `${source}|${name ?? ''}|${message}`;
  if (lastEntry && lastEntry.key === key && now - lastEntry.time < DUPLICATE_WINDOW_MS) return false;
  lastEntry = { key, time: now };
  const entry: FrontLogEntry = { message, stack, name, url: window.location.href, source, time: now };
  writeFrontLogQueue([...readFrontLogQueue<FrontLogEntry>(), entry]);
  return true;
}

/**
 * Route guard 6: a failed load of one of the shell's own chunks reloads the page once (10 s cookie).
 * Returns true when a reload was started.
 */
export function reloadOnceForShellChunk(error: unknown): boolean {
  if (!isShellChunkLoadError(error, window.location.origin)) return false;
  if (!claimReloadGuard()) return false;
  window.location.reload();
  return true;
}

/**
 * Route guard 7, the common error handler: router errors and unhandled promise rejections. Request errors
 * were already reported by the HTTP client (toast or redirect), so they are not shown twice; everything
 * else is logged and shown in the error dialog.
 */
export function handleAppError(error: unknown, source: FrontLogEntry['source'], fallbackMessage: string): void {
  if (reloadOnceForShellChunk(error)) return;
  if (isPortalError(error)) return;
  console.error(`[shell] ${source} error:`, error);
  if (!recordFrontLog(error, source)) return;
  const { message } = describe(error);
  showErrorDialog({ message: message || fallbackMessage });
}
