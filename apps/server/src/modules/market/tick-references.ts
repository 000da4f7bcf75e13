/**
 * The port through which other modules tell tick retention which ticks their records name. The
 * market knows no module above it: the server passes the readers of the modules that record tick
 * ids (contracts, assets) to startMarketFeed, and pruning keeps every tick one of them names.
 */
import type { RawBuilder } from 'kysely';
import type { Database } from '../../db/database';

export interface TickReferenceReader {
  /** A query (one column `id`, bigint) of the tick ids between `lo` and `hi` (inclusive) that the module's records name. */
  idsBetween(lo: string, hi: string): RawBuilder<{ id: string }>;
  /** Ticks at or after this instant must stay (e.g. an open order may still settle there); null when nothing waits. */
  keepFrom?(db: Database): Promise<Date | null>;
}
