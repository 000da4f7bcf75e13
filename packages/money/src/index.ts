export * from './amount';
export * from './decimal';
export * from './display';
export * from './input';
export * from './lever';
