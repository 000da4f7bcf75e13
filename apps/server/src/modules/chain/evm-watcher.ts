import { sql } from 'kysely';
import type { PublicClient } from 'viem';
import type { AppContext } from '../../context';
import type { Custody } from './custody';
import { ChainMoved, readTransfers } from './evm-transfers';
import { addressBook } from './repo';
import type { ChainWatcher, TickResult, WatcherStatus } from './watcher';

const CHAIN = 'evm';
/** The chain name written on credited deposits (asset_deposits.chain). */
export const EVM_DEPOSIT_CHAIN = 'ethereum';

export interface EvmWatcherOptions {
  confirmations: number;
  /** First block to scan when there is no cursor yet (default: the current head). */
  startBlock?: bigint;
  batch: number;
  ethCurrencyId: number | null;
  token: { address: `0x${string}`; currencyId: number } | null;
}

/**
 * Watches an EVM chain over JSON-RPC for native transfers and ERC20 Transfer logs to deposit
 * addresses.
 *
 * Crash safety: a scan batch (observed transfers, block hashes, the cursor) commits in one
 * transaction, and the cursor moves only from the exact (number, hash) it was read at, so a
 * restarted or second watcher re-scans instead of skipping. Observed transfers are unique per
 * (chain, tx hash, log index), so a re-scan adds nothing. Crediting is a second transaction per
 * deposit: `pending → credited` guarded in SQL together with creditDeposit (itself unique per
 * chain + tx + log index), so a deposit is credited at most once even if two rounds race.
 *
 * Reorgs: the cursor's block hash is checked every round; when it changed, the watcher walks
 * back over the stored hashes to the common ancestor, drops pending deposits above it and
 * re-scans from there. A pending deposit is credited only after `confirmations` blocks and
 * only if its block is still canonical at that moment; otherwise it is dropped (and re-observed
 * if its transaction was mined again).
 */
export class EvmWatcher implements ChainWatcher {
  readonly chain = CHAIN;
  private head: bigint | null = null;
  private cursor: bigint | null = null;
  private lastTickAt: Date | null = null;
  private lastError: string | null = null;
  private reorgs = 0;
  running = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly client: PublicClient,
    private readonly opts: EvmWatcherOptions,
    private readonly custody: Custody,
  ) {}

  status(): WatcherStatus {
    return {
      chain: CHAIN,
      running: this.running,
      head: this.head?.toString() ?? null,
      cursor: this.cursor?.toString() ?? null,
      confirmations: this.opts.confirmations,
      lastTickAt: this.lastTickAt?.toISOString() ?? null,
      lastError: this.lastError,
      reorgs: this.reorgs,
    };
  }

  /** One round: reorg check, scan up to `batch` blocks, credit what reached its confirmations. */
  async tick(): Promise<TickResult> {
    try {
      const r = await this.round();
      this.lastError = null;
      return r;
    } catch (err) {
      this.lastError = err instanceof Error ? err.message.split('\n')[0]! : String(err);
      throw err;
    } finally {
      this.lastTickAt = this.ctx.clock.now();
    }
  }

  private async round(): Promise<TickResult> {
    const head = await this.client.getBlockNumber({ cacheTime: 0 });
    this.head = head;
    const result: TickResult = { head, cursor: -1n, scanned: 0, observed: 0, credited: 0, dropped: 0 };
    let cursor = await this.loadCursor(head);

    // 1. Reorg check: is the block we stopped at still the canonical one?
    if (cursor.number >= 0n) {
      const block = await this.client.getBlock({ blockNumber: cursor.number });
      if (block.hash !== cursor.hash) {
        const ancestor = await this.rewind(cursor);
        result.reorgTo = ancestor.number;
        result.dropped += ancestor.dropped;
        cursor = { number: ancestor.number, hash: ancestor.hash };
      }
    }

    // 2. Scan the next batch.
    if (cursor.number < head) {
      try {
        const scan = await this.scan(cursor, head);
        result.scanned = scan.scanned;
        result.observed = scan.observed;
        cursor = scan.cursor;
      } catch (err) {
        if (!(err instanceof ChainMoved)) throw err;
      }
    }
    this.cursor = cursor.number;
    result.cursor = cursor.number;

    // 3. Credit what is deep enough.
    const c = await this.confirm(head, cursor.number);
    result.credited = c.credited;
    result.dropped += c.dropped;
    return result;
  }

  private async loadCursor(head: bigint): Promise<{ number: bigint; hash: string }> {
    const row = await this.ctx.db
      .selectFrom('chain_cursors')
      .select(['block_number', 'block_hash'])
      .where('chain', '=', CHAIN)
      .executeTakeFirst();
    if (row) return { number: BigInt(row.block_number), hash: row.block_hash };
    const start = this.opts.startBlock ?? head;
    const number = start - 1n;
    const hash = number >= 0n ? (await this.client.getBlock({ blockNumber: number })).hash : '';
    await this.ctx.db
      .insertInto('chain_cursors')
      .values({ chain: CHAIN, block_number: number, block_hash: hash })
      .onConflict((oc) => oc.column('chain').doNothing())
      .execute();
    const again = await this.ctx.db
      .selectFrom('chain_cursors')
      .select(['block_number', 'block_hash'])
      .where('chain', '=', CHAIN)
      .executeTakeFirstOrThrow();
    return { number: BigInt(again.block_number), hash: again.block_hash };
  }

  /** Walks back over stored block hashes to the newest block still canonical, and moves the cursor there. */
  private async rewind(cursor: {
    number: bigint;
    hash: string;
  }): Promise<{ number: bigint; hash: string; dropped: number }> {
    this.reorgs++;
    const stored = await this.ctx.db
      .selectFrom('chain_blocks')
      .select(['block_number', 'block_hash'])
      .where('chain', '=', CHAIN)
      .where('block_number', '<', cursor.number.toString())
      .orderBy('block_number', 'desc')
      .execute();
    let ancestor: { number: bigint; hash: string } | null = null;
    for (const s of stored) {
      const n = BigInt(s.block_number);
      const block = await this.client.getBlock({ blockNumber: n });
      if (block.hash === s.block_hash) {
        ancestor = { number: n, hash: s.block_hash };
        break;
      }
    }
    if (!ancestor) {
      // Deeper than the stored window: restart from just below it (re-scans are harmless).
      const lowest = stored.length ? BigInt(stored[stored.length - 1]!.block_number) : cursor.number;
      const n = lowest - 1n;
      ancestor = { number: n, hash: n >= 0n ? (await this.client.getBlock({ blockNumber: n })).hash : '' };
      this.ctx.log.error(
        { chain: CHAIN, from: cursor.number.toString() },
        'chain reorg deeper than the stored block window',
      );
    }
    const a = ancestor;
    const dropped = await this.ctx.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('chain_cursors')
        .set({ block_number: a.number, block_hash: a.hash, updated_at: this.ctx.clock.now() })
        .where('chain', '=', CHAIN)
        .where('block_number', '=', cursor.number.toString())
        .where('block_hash', '=', cursor.hash)
        .executeTakeFirst();
      if (moved.numUpdatedRows === 0n) throw new ChainMoved('cursor moved by another watcher');
      await trx
        .deleteFrom('chain_blocks')
        .where('chain', '=', CHAIN)
        .where('block_number', '>', a.number.toString())
        .execute();
      const d = await trx
        .updateTable('chain_deposits')
        .set({ status: 'dropped' })
        .where('chain', '=', CHAIN)
        .where('status', 'in', ['pending', 'below_min'])
        .where('block_number', '>', a.number.toString())
        .executeTakeFirst();
      const lost = await trx
        .selectFrom('chain_deposits')
        .select(['id', 'tx_hash'])
        .where('chain', '=', CHAIN)
        .where('status', '=', 'credited')
        .where('block_number', '>', a.number.toString())
        .execute();
      // A credited deposit reorged out means a reorg deeper than the confirmation depth: operators must act.
      if (lost.length)
        this.ctx.log.error(
          { chain: CHAIN, deposits: lost },
          'credited deposits are no longer on the canonical chain',
        );
      return Number(d.numUpdatedRows);
    });
    this.ctx.log.warn(
      { chain: CHAIN, from: cursor.number.toString(), to: a.number.toString(), dropped },
      'chain reorg: re-scanning',
    );
    return { ...a, dropped };
  }

  private async scan(cursor: { number: bigint; hash: string }, head: bigint) {
    const from = cursor.number + 1n;
    const to =
      head < cursor.number + BigInt(this.opts.batch) ? head : cursor.number + BigInt(this.opts.batch);
    const book = await addressBook(this.ctx.db, 'evm');
    const { hashes, found } = await readTransfers(this.client, this.opts, book, { from, to, parentHash: cursor.hash });

    const now = this.ctx.clock.now();
    const last = { number: to, hash: hashes.get(to)! };
    await this.ctx.db.transaction().execute(async (trx) => {
      // Deposit minimums (operator configuration): smaller transfers are recorded, not credited.
      const mins = new Map(
        (await trx.selectFrom('chain_assets').select(['currency_id', 'min_deposit']).execute()).map((r) => [
          r.currency_id,
          BigInt(r.min_deposit),
        ]),
      );
      for (const f of found) {
        const min = mins.get(f.currencyId) ?? 0n;
        const status = f.amount < min ? 'below_min' : 'pending';
        // Seen again after a reorg (same tx, same log index): back to pending at its new block.
        await trx
          .insertInto('chain_deposits')
          .values({
            chain: CHAIN,
            tx_hash: f.txHash,
            log_index: f.logIndex,
            block_number: f.blockNumber,
            block_hash: f.blockHash,
            address: f.address,
            user_id: f.userId,
            currency_id: f.currencyId,
            amount: f.amount,
            status,
            seen_at: now,
          })
          .onConflict((oc) =>
            oc
              .columns(['chain', 'tx_hash', 'log_index'])
              .doUpdateSet({ block_number: f.blockNumber, block_hash: f.blockHash, status })
              .where('chain_deposits.status', '=', 'dropped'),
          )
          .execute();
      }
      const rows = [...hashes].map(([number, hash]) => ({
        chain: CHAIN,
        block_number: number,
        block_hash: hash,
      }));
      if (rows.length) {
        await trx
          .insertInto('chain_blocks')
          .values(rows)
          .onConflict((oc) =>
            oc.columns(['chain', 'block_number']).doUpdateSet({ block_hash: sql.ref('excluded.block_hash') }),
          )
          .execute();
      }
      // Keep enough hashes to find an ancestor well below the confirmation depth.
      const keep = BigInt(Math.max(64, this.opts.confirmations * 4));
      await trx
        .deleteFrom('chain_blocks')
        .where('chain', '=', CHAIN)
        .where('block_number', '<', (to - keep).toString())
        .execute();
      const moved = await trx
        .updateTable('chain_cursors')
        .set({ block_number: last.number, block_hash: last.hash, updated_at: now })
        .where('chain', '=', CHAIN)
        .where('block_number', '=', cursor.number.toString())
        .where('block_hash', '=', cursor.hash)
        .executeTakeFirst();
      if (moved.numUpdatedRows === 0n) throw new ChainMoved('cursor moved by another watcher');
    });
    return { scanned: Number(to - from + 1n), observed: found.length, cursor: last };
  }

  /** Credits pending deposits with enough confirmations whose block is still canonical. */
  private async confirm(head: bigint, scannedTo: bigint): Promise<{ credited: number; dropped: number }> {
    const deepest = head - BigInt(this.opts.confirmations) + 1n;
    const limit = deepest < scannedTo ? deepest : scannedTo;
    const ready = await this.ctx.db
      .selectFrom('chain_deposits')
      .selectAll()
      .where('chain', '=', CHAIN)
      .where('status', '=', 'pending')
      .where('block_number', '<=', limit.toString())
      .orderBy('id')
      .limit(500)
      .execute();
    let credited = 0;
    let dropped = 0;
    const canonical = new Map<string, string>();
    for (const d of ready) {
      let hash = canonical.get(d.block_number);
      if (hash === undefined) {
        hash = (await this.client.getBlock({ blockNumber: BigInt(d.block_number) })).hash;
        canonical.set(d.block_number, hash);
      }
      if (hash !== d.block_hash) {
        await this.ctx.db
          .updateTable('chain_deposits')
          .set({ status: 'dropped' })
          .where('id', '=', d.id)
          .where('status', '=', 'pending')
          .execute();
        dropped++;
        continue;
      }
      const done = await this.ctx.db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('chain_deposits')
          .set({ status: 'credited', credited_at: this.ctx.clock.now() })
          .where('id', '=', d.id)
          .where('status', '=', 'pending')
          .returning('id')
          .executeTakeFirst();
        if (!claimed) return null;
        const r = await this.custody.creditDeposit(this.ctx, trx, {
          userId: d.user_id,
          currencyId: d.currency_id,
          amount: BigInt(d.amount),
          source: 'chain',
          chain: EVM_DEPOSIT_CHAIN,
          txHash: d.tx_hash,
          logIndex: d.log_index,
          address: d.address,
        });
        await trx
          .updateTable('chain_deposits')
          .set({ deposit_id: r.depositId })
          .where('id', '=', d.id)
          .execute();
        return r;
      });
      if (done && !done.duplicate) {
        credited++;
        this.ctx.realtime.publish(`user:${d.user_id}`, 'balance', {
          reason: 'deposit',
          deposit_id: done.depositId,
        });
      }
    }
    return { credited, dropped };
  }
}
