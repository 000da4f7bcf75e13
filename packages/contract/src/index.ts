export * from './langs';
export * from './envelope';
export * from './errors';
export * from './socket';
export * from './constants';
export * from './content';
export * from './savings';
export * from './assets';
