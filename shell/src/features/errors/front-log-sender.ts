import { http, isPortalError } from '@portal/http';
import { readFrontLogQueue, writeFrontLogQueue } from '@portal/session';

/** Spec §7: the log goes to the open site; the HTTP client routes `/tool/api` to `openHost`. */
export const FRONT_LOG_PATH = '/tool/api/front/log';
/** First wait before sending, so a burst of errors leaves in one request. */
export const SEND_DELAY_MS = 1000;
/** After a failed send the wait doubles up to this ceiling; the queue is kept until a send succeeds. */
export const MAX_RETRY_DELAY_MS = 5 * 60 * 1000;

/**
 * The server refuses bodies over 64 KB and more than 30 entries (docs/feedback-and-logs.md): long
 * text fields are cut, and when the entries still do not fit the oldest are left out of the post.
 */
export const MAX_FIELD_CHARS = 2000;
export const MAX_BODY_BYTES = 60 * 1024;
/** Answers that no resend can change (too large, too many entries): the entries are dropped. */
const REFUSED_FOR_GOOD = new Set([1002022000, 1002022001]);

function shortened(entry: unknown): unknown {
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return entry;
  return Object.fromEntries(
    Object.entries(entry).map(([key, value]) => [
      key,
      typeof value === 'string' && value.length > MAX_FIELD_CHARS ? `${value.slice(0, MAX_FIELD_CHARS)}…` : value,
    ]),
  );
}

/** The post's `data`: the newest entries that fit the size limit, each with long fields cut. */
export function frontLogPayload(entries: readonly unknown[]): string {
  const kept = entries.map(shortened);
  let data = JSON.stringify(kept);
  const encoder = new TextEncoder();
  // `{"data":"…"}` escapes the quotes of the inner JSON: budget for the escaped form.
  while (kept.length > 1 && encoder.encode(JSON.stringify({ data })).length > MAX_BODY_BYTES) {
    kept.shift();
    data = JSON.stringify(kept);
  }
  return data;
}

let timer: ReturnType<typeof setTimeout> | undefined;
let sending: Promise<boolean> | undefined;
let failures = 0;

function nextDelay(): number {
  return failures === 0 ? SEND_DELAY_MS : Math.min(MAX_RETRY_DELAY_MS, SEND_DELAY_MS * 2 ** failures);
}

/**
 * Sends the whole queue once as `{data: "<JSON of the entries>"}` (spec §7). On success the sent
 * entries leave the queue (entries added meanwhile stay); a failure goes to the console only and the
 * entries stay for the next attempt, unless the server refused them for their size. Resolves to whether the send succeeded (true for an empty queue).
 */
export function sendFrontLogQueue(): Promise<boolean> {
  if (sending) return sending;
  const entries = readFrontLogQueue<unknown>();
  if (entries.length === 0) return Promise.resolve(true);
  const sent = new Set(entries.map((entry) => JSON.stringify(entry)));
  // silent: a failed log post must not show a toast, or report itself into the log.
  sending = http
    .post(FRONT_LOG_PATH, { data: frontLogPayload(entries) }, { silent: true })
    .then(
      () => {
        failures = 0;
        forget(sent);
        return true;
      },
      (error: unknown) => {
        if (isPortalError(error) && REFUSED_FOR_GOOD.has(error.code)) {
          console.warn('[shell] front-end log refused, entries dropped:', error);
          forget(sent);
          return false;
        }
        failures += 1;
        console.warn('[shell] front-end log not sent, will retry:', error);
        return false;
      },
    )
    .finally(() => {
      sending = undefined;
    });
  return sending;
}

/** Removes the given entries from the queue (entries added meanwhile stay). */
function forget(sent: ReadonlySet<string>): void {
  writeFrontLogQueue(readFrontLogQueue<unknown>().filter((entry) => !sent.has(JSON.stringify(entry))));
}

/** Schedules a send (if none is pending) and keeps rescheduling until the queue is empty. */
export function scheduleFrontLogSend(): void {
  if (timer !== undefined) return;
  timer = setTimeout(() => {
    timer = undefined;
    void sendFrontLogQueue().then(() => {
      if (readFrontLogQueue().length > 0) scheduleFrontLogSend();
    });
  }, nextDelay());
}

/** Stops pending sends and forgets failures (tests; a page never needs it). */
export function resetFrontLogSender(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  sending = undefined;
  failures = 0;
}
