/**
 * Profit share with a high-water mark (docs/product/follow.md): a follow's realised P&L is what
 * its copies made, fees included; when it is above the mark, the trader is due share_rate × (P&L −
 * mark), paid from the follower's lever account to the trader's (one journal entry: follower
 * debit = trader credit), and the mark moves up to the P&L. Below the mark nothing is charged.
 * Settled when the follow has no open copy, and when it stops; the key names the new mark, so a
 * settlement is paid once.
 */
import { ACCOUNT_TYPES } from '@bourse/contract';
import { Dec, decimalToUnits } from '@bourse/money';
import type { AppContext } from '../../context';
import { accountBalance, ledger, lockAccount } from '../ledger';
import { positionRowsByIds } from '../lever';
import * as repo from './repo';

/** Realised P&L of a follow's copies in base units (closed copies: P&L − opening fee − closing fee), and open copies. */
export async function followResult(
  ctx: AppContext,
  followId: string,
): Promise<{ realized: bigint; open: number }> {
  const copies = await repo.copiesOfFollows(ctx.db, [followId]);
  const rows = await positionRowsByIds(
    ctx,
    copies.map((c) => c.copy_position_id!),
  );
  let realized = 0n;
  let open = 0;
  for (const row of rows) {
    if (row.status === 'open') open++;
    else realized += BigInt(row.pnl ?? '0') - BigInt(row.open_fee) - BigInt(row.close_fee ?? '0');
  }
  return { realized, open };
}

/** The share due above the mark (never negative). */
export function shareDue(realized: bigint, hwm: bigint, rate: Dec): bigint {
  if (realized <= hwm) return 0n;
  return decimalToUnits(new Dec((realized - hwm).toString()).mul(rate), 0, 'down');
}

/**
 * Settles a follow's profit share if it has no open copy (or `force`, when it stops). Pays what
 * is due, or what the follower's lever account holds when that is less (then the mark still moves:
 * nothing is carried as a debt). Returns the amount paid.
 */
export async function settleShare(
  ctx: AppContext,
  followId: string,
  currencyId: number,
  force = false,
): Promise<bigint> {
  const { realized, open } = await followResult(ctx, followId);
  if (open > 0 && !force) return 0n;
  return ctx.db.transaction().execute(async (trx) => {
    const f = await repo.lockFollow(trx, followId);
    if (!f) return 0n;
    const hwm = BigInt(f.hwm);
    const due = shareDue(realized, hwm, new Dec(f.share_rate));
    if (due === 0n) {
      if (realized > hwm) await repo.setShare(trx, f.id, realized, BigInt(f.shared));
      return 0n;
    }
    const from = await ledger.userAccount(trx, f.follower_id, currencyId, ACCOUNT_TYPES.lever);
    const to = await ledger.userAccount(trx, f.trader_id, currencyId, ACCOUNT_TYPES.lever);
    await lockAccount(trx, from);
    const available = (await accountBalance(trx, from)).available;
    const paid = due < available ? due : available;
    if (paid > 0n) {
      await ledger.transfer(
        trx,
        from,
        to,
        paid,
        {
          kind: 'follow_share',
          refType: 'follow',
          refId: f.id,
          idempotencyKey: `follow:${f.id}:share:${realized}`,
          memo: `profit share ${f.share_rate} above ${hwm}`,
        },
        ctx.clock.now(),
      );
    }
    await repo.setShare(trx, f.id, realized, BigInt(f.shared) + paid);
    if (paid < due)
      ctx.log.warn(
        { follow: f.id, due: due.toString(), paid: paid.toString() },
        'follow: profit share larger than the follower’s available balance; the rest is waived',
      );
    return paid;
  });
}
