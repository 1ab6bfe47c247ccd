import { isPortalError } from '@portal/http';
import { claimReloadGuard, readFrontLogQueue, writeFrontLogQueue } from '@portal/session';
import { isShellChunkLoadError } from '../../app/rules/route-guards';
import { showErrorDialog } from '../overlays';
import { scheduleFrontLogSend } from './front-log-sender';

/** Spec §9: the same error within 2 s is logged once. */
export const DUPLICATE_WINDOW_MS = 2000;

/** One entry of the front-end log (spec §7: code errors carry message, stack, code, url, position, name). */
export interface FrontLogEntry {
  message: string;
  stack?: string;
  name?: string;
  /** The error's own code when it has one (a PortalError's, a DOMException's, a Node-style `code`). */
  code?: string | number;
  /** `file:line:column` where the error was thrown, when known. */
  position?: string;
  url: string;
  source: 'router' | 'rejection' | 'error';
  level: 'error';
  time: number;
}

/** Where an error happened, from an ErrorEvent, else from the first stack frame with a location. */
export interface ErrorPosition {
  filename?: string;
  lineno?: number;
  colno?: number;
}

let lastEntry: { key: string; time: number } | undefined;

function describe(error: unknown): { message: string; stack?: string; name?: string; code?: string | number } {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return {
      message: error.message || error.name,
      stack: error.stack,
      name: error.name,
      code: typeof code === 'string' || typeof code === 'number' ? code : undefined,
    };
  }
  return { message: typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error)) };
}

const STACK_LOCATION = /((?:https?|file|webpack|blob):\/\/[^\s)]+?:\d+:\d+)/;

export function positionOf(stack: string | undefined, at?: ErrorPosition): string | undefined {
  if (at?.filename) return `${at.filename}:${at.lineno ?? 0}:${at.colno ?? 0}`;
  return stack?.match(STACK_LOCATION)?.[1];
}

/** Keeps the error in the front-end log queue of spec §7 (newest 30), skipping repeats within 2 s. */
export function recordFrontLog(error: unknown, source: FrontLogEntry['source'], now: number = Date.now(), at?: ErrorPosition): boolean {
  const { message, stack, name, code } = describe(error);
  const key = `${source}|${name ?? ''}|${message}`;
  if (lastEntry && lastEntry.key === key && now - lastEntry.time < DUPLICATE_WINDOW_MS) return false;
  lastEntry = { key, time: now };
  const entry: FrontLogEntry = { message, stack, name, code, position: positionOf(stack, at), url: window.location.href, source, level: 'error', time: now };
  writeFrontLogQueue([...readFrontLogQueue<FrontLogEntry>(), entry]);
  scheduleFrontLogSend();
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

/**
 * Code errors outside React and promises (an event handler that throws): logged with their position
 * (spec §7) but not shown, as the page usually keeps working. Returns the listener's remover.
 */
export function installFrontLogReporting(): () => void {
  const onError = (event: ErrorEvent) => {
    // Resource load errors (img, script) arrive without an error object or message: not code errors.
    if (!event.error && !event.message) return;
    recordFrontLog(event.error ?? event.message, 'error', Date.now(), { filename: event.filename, lineno: event.lineno, colno: event.colno });
  };
  window.addEventListener('error', onError);
  // Entries left from an earlier page (a failed send, a closed tab) go out now.
  if (readFrontLogQueue().length > 0) scheduleFrontLogSend();
  return () => window.removeEventListener('error', onError);
}
