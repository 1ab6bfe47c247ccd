import { http } from '@portal/http';
import { readFrontLogQueue, writeFrontLogQueue } from '@portal/session';

/** Spec §7: the log goes to the open site; the HTTP client routes `/tool/api` to `openHost`. */
export const FRONT_LOG_PATH = '/tool/api/front/log';
/** First wait before sending, so a burst of errors leaves in one request. */
export const SEND_DELAY_MS = 1000;
/** After a failed send the wait doubles up to this ceiling; the queue is kept until a send succeeds. */
export const MAX_RETRY_DELAY_MS = 5 * 60 * 1000;

let timer: ReturnType<typeof setTimeout> | undefined;
let sending: Promise<boolean> | undefined;
let failures = 0;

function nextDelay(): number {
  return failures === 0 ? SEND_DELAY_MS : Math.min(MAX_RETRY_DELAY_MS, SEND_DELAY_MS * 2 ** failures);
}

/**
 * Sends the whole queue once as `{data: "<JSON of the entries>"}` (spec §7). On success the sent
 * entries leave the queue (entries added meanwhile stay); a failure goes to the console only and the
 * entries stay for the next attempt. Resolves to whether the send succeeded (true for an empty queue).
 */
export function sendFrontLogQueue(): Promise<boolean> {
  if (sending) return sending;
  const entries = readFrontLogQueue<unknown>();
  if (entries.length === 0) return Promise.resolve(true);
  const sent = new Set(entries.map((entry) => JSON.stringify(entry)));
  // silent: a failed log post must not show a toast, or report itself into the log.
  sending = http
    .post(FRONT_LOG_PATH, { data: JSON.stringify(entries) }, { silent: true })
    .then(
      () => {
        failures = 0;
        writeFrontLogQueue(readFrontLogQueue<unknown>().filter((entry) => !sent.has(JSON.stringify(entry))));
        return true;
      },
      (error: unknown) => {
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
