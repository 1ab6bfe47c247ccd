import { createStore } from '@portal/session';

/** Spec §9: the loading mask closes 400 ms after the last holder lets go (no flicker between calls). */
export const LOADING_CLOSE_DELAY_MS = 400;

export const loadingStore = createStore<{ visible: boolean; holders: number }>({ visible: false, holders: 0 });
let closeTimer: ReturnType<typeof setTimeout> | undefined;

export function showLoading(): void {
  if (closeTimer !== undefined) clearTimeout(closeTimer);
  closeTimer = undefined;
  loadingStore.setState((state) => ({ holders: state.holders + 1, visible: true }));
}

export function hideLoading(): void {
  const holders = Math.max(0, loadingStore.getState().holders - 1);
  loadingStore.setState({ holders });
  if (holders > 0 || closeTimer !== undefined) return;
  closeTimer = setTimeout(() => {
    closeTimer = undefined;
    if (loadingStore.getState().holders === 0) loadingStore.setState({ visible: false });
  }, LOADING_CLOSE_DELAY_MS);
}

/** Runs `task` under the global loading mask. */
export async function withLoading<T>(task: () => Promise<T>): Promise<T> {
  showLoading();
  try {
    return await task();
  } finally {
    hideLoading();
  }
}
