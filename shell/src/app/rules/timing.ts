/**
 * Debounce with a maximum wait and a leading-edge throttle: the two timing helpers the header needs
 * (spec §9 suggestion debounce 200 ms / max wait 1000 ms, resize throttle 100 ms). Kept here, tested,
 * instead of adding a utility library to the lock file for two functions.
 */
export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
  flush(): void;
}

export function debounce<A extends unknown[]>(fn: (...args: A) => void, waitMs: number, options: { maxWaitMs?: number } = {}): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let maxTimer: ReturnType<typeof setTimeout> | undefined;
  let pendingArgs: A | undefined;

  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    if (maxTimer !== undefined) clearTimeout(maxTimer);
    timer = undefined;
    maxTimer = undefined;
  };
  const invoke = () => {
    const args = pendingArgs;
    clear();
    pendingArgs = undefined;
    if (args) fn(...args);
  };
  const debounced = (...args: A) => {
    pendingArgs = args;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(invoke, waitMs);
    if (options.maxWaitMs !== undefined && maxTimer === undefined) maxTimer = setTimeout(invoke, options.maxWaitMs);
  };
  debounced.cancel = () => {
    clear();
    pendingArgs = undefined;
  };
  debounced.flush = invoke;
  return debounced;
}

/** Runs at once, then at most once per `intervalMs`, always ending with the latest call. */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, intervalMs: number): Debounced<A> {
  let last = -Infinity;
  let trailing: ReturnType<typeof setTimeout> | undefined;
  let pendingArgs: A | undefined;
  const run = () => {
    trailing = undefined;
    last = Date.now();
    const args = pendingArgs;
    pendingArgs = undefined;
    if (args) fn(...args);
  };
  const throttled = (...args: A) => {
    pendingArgs = args;
    const elapsed = Date.now() - last;
    if (elapsed >= intervalMs && trailing === undefined) run();
    else if (trailing === undefined) trailing = setTimeout(run, intervalMs - Math.max(0, elapsed));
  };
  throttled.cancel = () => {
    if (trailing !== undefined) clearTimeout(trailing);
    trailing = undefined;
    pendingArgs = undefined;
  };
  throttled.flush = () => {
    if (trailing !== undefined) clearTimeout(trailing);
    run();
  };
  return throttled;
}
