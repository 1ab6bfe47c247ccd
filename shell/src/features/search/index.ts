// The search feature's public surface for other features (docs/testing.md "Lint": import boundaries).
export { BrandSearch } from './components/brand-search';
export { KeywordSearch } from './components/keyword-search';
