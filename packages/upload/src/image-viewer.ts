/**
 * Spec §9 image viewer: zoom rate 1.2 (antd's `scaleStep` is the rate minus 1), scale 0.2–7. The
 * rotate buttons of antd's preview turn by 90° already. Spread into an antd `Image` `preview` config.
 */
export const IMAGE_VIEWER_PREVIEW = { scaleStep: 0.2, minScale: 0.2, maxScale: 7 } as const;

/** Feedback and avatar images: jpg/jpeg/png (spec §5); the `accept` list for the picker. */
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';
