import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Clock } from './lib/clock';
import type { Realtime } from './realtime/realtime';

/** What every module receives: the database, the clock, configuration, logging and realtime. */
export interface AppContext {
  db: Database;
  clock: Clock;
  config: Config;
  log: FastifyBaseLogger;
  realtime: Realtime;
}
