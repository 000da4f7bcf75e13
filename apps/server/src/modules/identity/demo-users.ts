/**
 * Labelled demo accounts other modules need (DEMO DATA ONLY): the spot module's market-making
 * bots. Nobody signs in as them.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database';
import { hashPassword } from '../../lib/crypto';

/**
 * The id of the demo user with this e-mail, created when missing (idempotent, also when two
 * processes create it at once) with a random password nobody knows.
 */
export async function ensureDemoUser(db: Database, email: string, nickname: string): Promise<number> {
  const found = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (found) return found.id;
  await db
    .insertInto('users')
    .values({
      email,
      mobile: null,
      area_code: null,
      password_hash: await hashPassword(randomBytes(24).toString('hex')),
      nickname,
      invite_code: `BOT${randomBytes(4).toString('hex').toUpperCase()}`,
      is_demo: true,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}
