/** An exchange names the index ticks it priced with (comma-separated ids): tick retention keeps them (market/tick-references.ts). */
import { sql } from 'kysely';
import type { TickReferenceReader } from '../market';

export const exchangeTickReferences: TickReferenceReader = {
  idsBetween: (lo, hi) => sql<{ id: string }>`
    select id from (select nullif(x, '')::bigint as id from asset_exchanges, unnest(string_to_array(tick_ids, ',')) as x) l
     where id between ${lo}::bigint and ${hi}::bigint`,
};
