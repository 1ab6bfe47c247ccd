import { App } from 'antd';
import { useMemo } from 'react';

/** Spec §9: toasts last 3000 ms at offset 16; error toasts 1000 ms (spec §8); notifications 4500 ms. */
export const TOAST_SECONDS = 3;
export const ERROR_TOAST_SECONDS = 1;
export const TOAST_OFFSET_PX = 16;
export const NOTIFICATION_SECONDS = 4.5;

export type ToastType = 'success' | 'info' | 'warning' | 'error';

/** Toasts of the four types of spec §4 with the durations of §8/§9 (the App config sets the offset). */
export function useToast() {
  const { message } = App.useApp();
  return useMemo(
    () => ({
      show: (type: ToastType, content: string) => message.open({ type, content, duration: type === 'error' ? ERROR_TOAST_SECONDS : TOAST_SECONDS }),
      success: (content: string) => message.open({ type: 'success', content, duration: TOAST_SECONDS }),
      info: (content: string) => message.open({ type: 'info', content, duration: TOAST_SECONDS }),
      warning: (content: string) => message.open({ type: 'warning', content, duration: TOAST_SECONDS }),
      error: (content: string) => message.open({ type: 'error', content, duration: ERROR_TOAST_SECONDS }),
    }),
    [message],
  );
}
