// The remote-components feature's public surface for other features (docs/testing.md "Lint": import boundaries).
export { RemoteSlot } from './components/remote-slot';
