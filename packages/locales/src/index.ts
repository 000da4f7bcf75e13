export * from './server';
export { interpolate } from './interpolate';
