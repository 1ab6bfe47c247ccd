// The errors feature's public surface for other features (docs/testing.md "Lint": import boundaries).
export { handleAppError } from './error-handler';
