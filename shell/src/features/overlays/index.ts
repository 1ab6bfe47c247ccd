// The overlays feature's public surface for other features (docs/testing.md "Lint": import boundaries).
export { ERROR_TOAST_SECONDS, TOAST_SECONDS, useToast } from './toast';
export { showErrorDialog } from './error-dialog-store';
export { withLoading } from './loading-store';
export { ContactBlock } from './components/contact-block';
export { useMessageBox } from './components/message-box';
