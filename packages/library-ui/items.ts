// The entry of `@portal/library-ui/items` (see src/items.ts).
export * from './src/items';
