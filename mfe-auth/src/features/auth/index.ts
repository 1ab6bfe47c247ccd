// The auth feature's public surface for other features (docs/testing.md "Lint": import boundaries); its
// calls are in api/.
export { openLoginDialog } from './login-dialog-store';
export { errorText } from './hooks/use-sign-in-outcome';
export { WechatQrFrame, useWechatAuthMessage } from './components/forms/wechat-qr-panel';
