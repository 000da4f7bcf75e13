/** The console's view of the outbox (codes and notices delivered without SMTP / SMS provider). */
import type { Database } from '../../db/database';

export async function listOutbox(db: Database, page: number, limit: number) {
  const items = await db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit).offset((page - 1) * limit).execute();
  const total = await db.selectFrom('outbox').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return {
    items: items.map((m) => ({ ...m, channel: m.channel as 'email' | 'sms', created_at: m.created_at.toISOString() })),
    total: Number(total.n),
  };
}

