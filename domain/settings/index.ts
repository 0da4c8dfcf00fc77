export * from './values';
export * from './scope';
export * from './resolve';
export * from './legacy';
