/** Spec §9: a file picker that gets the focus back without a change for 2 s counts as cancelled. */
export const PICKER_FOCUS_CANCEL_MS = 2000;

export interface PickFilesOptions {
  /** The input's `accept` list, e.g. `.jpg,.jpeg,.png`. */
  accept?: string;
  multiple?: boolean;
  focusCancelMs?: number;
}

/**
 * Opens the browser's file picker and resolves to the chosen files, or to an empty list when the
 * user cancelled. Browsers do not always tell about a cancel (no `cancel` event in older ones), so
 * the window getting the focus back without a change for 2 s is taken as one.
 */
export function pickFiles(options: PickFilesOptions = {}): Promise<File[]> {
  const input = document.createElement('input');
  input.type = 'file';
  input.style.display = 'none';
  if (options.accept) input.accept = options.accept;
  input.multiple = Boolean(options.multiple);
  const waitMs = options.focusCancelMs ?? PICKER_FOCUS_CANCEL_MS;
  return new Promise<File[]>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const settle = (files: File[]) => {
      if (settled) return;
      settled = true;
      if (timer !== undefined) clearTimeout(timer);
      window.removeEventListener('focus', onFocus);
      input.remove();
      resolve(files);
    };
    const onFocus = () => {
      if (timer !== undefined) clearTimeout(timer);
      // The change event may arrive after the focus: give it the grace period before calling it a cancel.
      timer = setTimeout(() => settle([]), waitMs);
    };
    input.addEventListener('change', () => settle(Array.from(input.files ?? [])));
    input.addEventListener('cancel', () => settle([]));
    window.addEventListener('focus', onFocus);
    document.body.appendChild(input);
    input.click();
  });
}
