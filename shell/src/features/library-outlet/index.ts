// The library-outlet feature's public surface for other features (docs/testing.md "Lint": import boundaries).
export { RemoteFallback } from './components/remote-fallback';
