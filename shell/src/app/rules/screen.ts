/** Screen types of spec §4: large ≥ 1440 px, middle ≥ 1000 px, otherwise small. */
export type ScreenType = 'large' | 'middle' | 'small';

export const LARGE_SCREEN_MIN = 1440;
export const MIDDLE_SCREEN_MIN = 1000;
/** Resize handling is throttled to 100 ms (spec §4). */
export const RESIZE_THROTTLE_MS = 100;

/**
 * Below the laptop width of 1280 px the header's nav no longer fits beside the search box and the
 * actions: it folds what does not fit into antd's "…" menu (shell.css lets it shrink at the same width),
 * so the page follows the window instead of scrolling sideways.
 */
export const NAV_FOLD_QUERY = '(max-width: 1279px)';

export function screenTypeFor(width: number): ScreenType {
  if (width >= LARGE_SCREEN_MIN) return 'large';
  if (width >= MIDDLE_SCREEN_MIN) return 'middle';
  return 'small';
}

/** Header height (spec §2): 60 px, 50 px on small screens. */
export function headerHeightFor(screen: ScreenType): number {
  return screen === 'small' ? 50 : 60;
}
