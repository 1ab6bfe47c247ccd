export * from './messages';
export * from './validators';
export * from './rules';
export * from './units';
