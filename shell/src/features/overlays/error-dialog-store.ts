import { createStore } from '@portal/session';

export interface ErrorDialogState {
  open: boolean;
  title?: string;
  message: string;
  code?: string | number;
  /** Show the contact-us block (the dialog is then at most 580 px wide, spec §2). */
  withContact: boolean;
}

export const errorDialogStore = createStore<ErrorDialogState>({ open: false, message: '', withContact: true });

export function showErrorDialog(options: { title?: string; message: string; code?: string | number; withContact?: boolean }): void {
  errorDialogStore.setState({ open: true, title: options.title, message: options.message, code: options.code, withContact: options.withContact ?? true });
}

export function closeErrorDialog(): void {
  errorDialogStore.setState({ open: false });
}
