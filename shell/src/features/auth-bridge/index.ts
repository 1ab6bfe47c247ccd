// The auth-bridge feature's public surface for other features (docs/testing.md "Lint": import boundaries).
export { openLoginDialog } from './login-dialog';
