import { randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_SCENES, type CodeScene, type Lang } from '@bourse/contract';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
import { AppError } from '../../http/errors';
import { sha256 } from '../../lib/crypto';
import { codeMessage } from './mail-text';
import { sendEmail, sendSms } from './mailer';

/** One-time code policy (issue 3). */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_TRIES = 5;
export const CODE_COOLDOWN_MS = 60_000;
export const CODE_PER_TARGET_PER_HOUR = 10;
export const CODE_PER_IP_PER_HOUR = 30;

export const SCENES = CODE_SCENES;
export type Scene = CodeScene;

function hashCode(target: string, scene: string, code: string): string {
  return sha256(`${scene}\u0000${target}\u0000${code}`);
}

/**
 * Issues a fresh code for (target, scene) and sends it. Earlier unused codes for the same target
 * and scene stop working. `deliver: false` applies every limit but sends nothing (used when the
 * account does not exist, so the answer does not tell).
 */
export async function issueCode(
  ctx: AppContext,
  input: { channel: 'email' | 'sms'; target: string; scene: Scene; ip: string | null; lang: Lang; deliver?: boolean },
): Promise<{ expires_in: number; cooldown: number }> {
  const now = ctx.clock.now();
  const hourAgo = new Date(now.getTime() - 3600_000);
  const latest = await ctx.db
    .selectFrom('verification_codes')
    .select('created_at')
    .where('target', '=', input.target)
    .where('scene', '=', input.scene)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (latest) {
    const wait = latest.created_at.getTime() + CODE_COOLDOWN_MS - now.getTime();
    if (wait > 0) throw new AppError('code_cooldown', { seconds: Math.ceil(wait / 1000) });
  }
  const perTarget = await countCodes(ctx.db, 'target', input.target, hourAgo);
  if (perTarget >= CODE_PER_TARGET_PER_HOUR) throw new AppError('code_rate_limited');
  if (input.ip) {
    const perIp = await countCodes(ctx.db, 'ip', input.ip, hourAgo);
    if (perIp >= CODE_PER_IP_PER_HOUR) throw new AppError('code_rate_limited');
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('verification_codes')
      .set({ used_at: now })
      .where('target', '=', input.target)
      .where('scene', '=', input.scene)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('verification_codes')
      .values({
        channel: input.channel,
        target: input.target,
        scene: input.scene,
        // A code that is never delivered can never be matched.
        code_hash: input.deliver === false ? 'undeliverable' : hashCode(input.target, input.scene, code),
        ip: input.ip,
        created_at: now,
        expires_at: new Date(now.getTime() + CODE_TTL_MS),
      })
      .execute();
  });
  if (input.deliver !== false) {
    const msg = codeMessage(input.lang, code, CODE_TTL_MS / 60_000);
    const out = { target: input.target, subject: msg.subject, body: msg.body };
    if (input.channel === 'email') await sendEmail(ctx, out);
    else await sendSms(ctx, out);
  }
  return { expires_in: CODE_TTL_MS / 1000, cooldown: CODE_COOLDOWN_MS / 1000 };
}

async function countCodes(db: Database, column: 'target' | 'ip', value: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('verification_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(column, '=', value)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Checks and consumes the live code for (target, scene). Wrong codes count against the code;
 * after CODE_MAX_TRIES wrong tries it no longer works, even with the right digits.
 */
export async function consumeCode(ctx: AppContext, input: { target: string; scene: Scene; code: string }): Promise<void> {
  const now = ctx.clock.now();
  const row = await ctx.db
    .selectFrom('verification_codes')
    .select(['id', 'code_hash', 'attempts'])
    .where('target', '=', input.target)
    .where('scene', '=', input.scene)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw new AppError('code_invalid');
  if (row.attempts >= CODE_MAX_TRIES) throw new AppError('code_attempts_exceeded');
  const given = Buffer.from(/^\d{6}$/.test(input.code) ? hashCode(input.target, input.scene, input.code) : 'x'.repeat(64));
  const stored = Buffer.from(row.code_hash.padEnd(64, '-').slice(0, 64));
  const match = given.length === stored.length && timingSafeEqual(given, stored) && row.code_hash !== 'undeliverable';
  if (!match) {
    // Guarded increment: concurrent wrong tries can never push past the limit unnoticed.
    const upd = await ctx.db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .where('attempts', '<', CODE_MAX_TRIES)
      .returning('attempts')
      .executeTakeFirst();
    throw new AppError(upd && upd.attempts < CODE_MAX_TRIES ? 'code_invalid' : 'code_attempts_exceeded');
  }
  const used = await ctx.db
    .updateTable('verification_codes')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .where('attempts', '<', CODE_MAX_TRIES)
    .returning('id')
    .executeTakeFirst();
  if (!used) throw new AppError('code_invalid');
}
