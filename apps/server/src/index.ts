export { buildApp } from './app';
export { startServer, prepare, type RunningServer } from './server';
export { loadConfig, type Config } from './config';
export { openDatabase, migrate } from './db/database';
export { ManualClock, systemClock, type Clock } from './lib/clock';
