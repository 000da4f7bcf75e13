import { sql } from 'kysely';
import { encodeFunctionData, erc20Abi, isAddress, keccak256, type Hash, type PublicClient } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { AppContext } from '../../context';
import type { Custody } from './custody';
import { AppError } from '../../http/errors';
import type { WithdrawalSigner } from './watcher';

const CHAIN = 'evm';

export interface EvmSignerOptions {
  chainId: number;
  confirmations: number;
  ethCurrencyId: number | null;
  token: { address: `0x${string}`; currencyId: number } | null;
  /** Withdrawals taken per round (default 20). */
  batch?: number;
}

/**
 * The EVM hot wallet: sends approved withdrawals of ETH and the ERC20 token.
 *
 * Never double-sends: for each withdrawal the transaction is signed and stored (raw bytes,
 * hash and nonce; unique per withdrawal and per sender + nonce) before anything else. Then the
 * withdrawal is claimed with markWithdrawalSent(hash) (approved → sent, guarded; an operator
 * can no longer mark it), and only then broadcast. After a crash, stored rows are resumed with
 * the same raw transaction: re-broadcasting identical bytes cannot pay twice, and any other
 * transaction for the same withdrawal is impossible (unique withdrawal_id). A row whose claim
 * fails (rejected or sent by an operator meanwhile) was never broadcast and is deleted, which
 * frees its nonce for the next one. After `confirmations` blocks a successful transaction
 * completes the withdrawal; a reverted one is marked failed for operators.
 */
export class EvmSigner implements WithdrawalSigner {
  readonly chain = CHAIN;
  readonly address: `0x${string}`;
  lastError: string | null = null;
  /** Withdrawals this process will not sign (bad destination); operators handle them. */
  private readonly skipped = new Set<number>();

  constructor(
    private readonly ctx: AppContext,
    private readonly client: PublicClient,
    private readonly account: PrivateKeyAccount,
    private readonly opts: EvmSignerOptions,
    private readonly custody: Custody,
  ) {
    this.address = account.address;
  }

  currencyIds(): number[] {
    const ids: number[] = [];
    if (this.opts.ethCurrencyId !== null) ids.push(this.opts.ethCurrencyId);
    if (this.opts.token) ids.push(this.opts.token.currencyId);
    return ids;
  }

  async tick(): Promise<{ sent: number; completed: number }> {
    try {
      await this.resume();
      const sent = await this.sendNew();
      const completed = await this.confirm();
      this.lastError = null;
      return { sent, completed };
    } catch (err) {
      this.lastError = err instanceof Error ? err.message.split('\n')[0]! : String(err);
      throw err;
    }
  }

  /** Rows left 'signed' by a crash: claim (idempotent for the same hash) and broadcast, or delete. */
  private async resume(): Promise<void> {
    const rows = await this.ctx.db
      .selectFrom('chain_sends')
      .selectAll()
      .where('chain', '=', CHAIN)
      .where('from_address', '=', this.address)
      .where('status', '=', 'signed')
      .orderBy('nonce')
      .execute();
    for (const r of rows)
      await this.claimAndBroadcast(r.id, r.withdrawal_id, r.tx_hash as Hash, r.raw_tx as `0x${string}`);
    // Sent rows whose transaction the node no longer knows (e.g. node restart): same bytes again.
    const sent = await this.ctx.db
      .selectFrom('chain_sends')
      .selectAll()
      .where('chain', '=', CHAIN)
      .where('from_address', '=', this.address)
      .where('status', '=', 'sent')
      .orderBy('nonce')
      .execute();
    for (const r of sent) {
      const known = await this.client.getTransaction({ hash: r.tx_hash as Hash }).catch(() => null);
      if (!known) await this.broadcast(r.raw_tx as `0x${string}`, r.tx_hash as Hash);
    }
  }

  private async sendNew(): Promise<number> {
    const ids = this.currencyIds();
    const approved = (await this.custody.listApprovedWithdrawals(this.ctx, ids, this.opts.batch ?? 20)).filter(
      (w) => !this.skipped.has(w.id),
    );
    let sent = 0;
    for (const w of approved) {
      if (!isAddress(w.address, { strict: false })) {
        this.skipped.add(w.id);
        this.ctx.log.warn(
          { withdrawal: w.id },
          'withdrawal address is not an EVM address; left for operators',
        );
        continue;
      }
      const isToken = this.opts.token !== null && w.currencyId === this.opts.token.currencyId;
      const to = isToken ? this.opts.token!.address : w.address;
      const value = isToken ? 0n : w.amount;
      const data = isToken
        ? encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [w.address, w.amount] })
        : undefined;
      // Chain reads happen outside the database transaction.
      const [pendingNonce, fees, gas] = await Promise.all([
        this.client.getTransactionCount({ address: this.address, blockTag: 'pending' }),
        this.client.estimateFeesPerGas(),
        this.client.estimateGas({ account: this.address, to, value, data }),
      ]);
      const row = await this.ctx.db.transaction().execute(async (trx) => {
        // One signer per hot wallet at a time (across processes): nonces are allocated under this lock.
        await sql`select pg_advisory_xact_lock(hashtext(${`chain_signer:${this.address}`}))`.execute(trx);
        const exists = await trx
          .selectFrom('chain_sends')
          .select('id')
          .where('withdrawal_id', '=', w.id)
          .executeTakeFirst();
        if (exists) return null;
        const top = await trx
          .selectFrom('chain_sends')
          .select((eb) => eb.fn.max('nonce').as('max'))
          .where('chain', '=', CHAIN)
          .where('from_address', '=', this.address)
          .executeTakeFirst();
        const next = top?.max === null || top?.max === undefined ? 0n : BigInt(top.max) + 1n;
        const nonce = BigInt(pendingNonce) > next ? BigInt(pendingNonce) : next;
        const raw = await this.account.signTransaction({
          type: 'eip1559',
          chainId: this.opts.chainId,
          nonce: Number(nonce),
          to,
          value,
          data,
          // 20% headroom over the estimate; unused gas is not charged.
          gas: (gas * 12n) / 10n,
          maxFeePerGas: fees.maxFeePerGas,
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
        });
        const hash = keccak256(raw);
        return trx
          .insertInto('chain_sends')
          .values({
            withdrawal_id: w.id,
            chain: CHAIN,
            currency_id: w.currencyId,
            from_address: this.address,
            to_address: w.address,
            amount: w.amount,
            nonce,
            tx_hash: hash,
            raw_tx: raw,
            status: 'signed',
          })
          .returning(['id', 'tx_hash', 'raw_tx'])
          .executeTakeFirstOrThrow();
      });
      if (!row) continue;
      if (await this.claimAndBroadcast(row.id, w.id, row.tx_hash as Hash, row.raw_tx as `0x${string}`))
        sent++;
    }
    return sent;
  }

  private async claimAndBroadcast(
    rowId: number,
    withdrawalId: number,
    hash: Hash,
    raw: `0x${string}`,
  ): Promise<boolean> {
    try {
      await this.custody.markWithdrawalSent(this.ctx, withdrawalId, hash, null);
    } catch (err) {
      if (
        err instanceof AppError &&
        (err.code === 'withdrawal_state' || err.code === 'withdrawal_not_found')
      ) {
        // Not ours to send any more and never broadcast: forget it (frees the nonce).
        await this.ctx.db
          .deleteFrom('chain_sends')
          .where('id', '=', rowId)
          .where('status', '=', 'signed')
          .execute();
        this.ctx.log.warn(
          { withdrawal: withdrawalId },
          'withdrawal changed state before broadcast; not sent',
        );
        return false;
      }
      throw err;
    }
    await this.ctx.db
      .updateTable('chain_sends')
      .set({ status: 'sent', updated_at: this.ctx.clock.now() })
      .where('id', '=', rowId)
      .where('status', '=', 'signed')
      .execute();
    await this.broadcast(raw, hash);
    return true;
  }

  private async broadcast(raw: `0x${string}`, hash: Hash): Promise<void> {
    try {
      await this.client.sendRawTransaction({ serializedTransaction: raw });
    } catch (err) {
      // Already in the pool or mined: the same bytes were broadcast before.
      const known = await this.client.getTransaction({ hash }).catch(() => null);
      if (known) return;
      const msg = err instanceof Error ? err.message.split('\n')[0]! : String(err);
      await this.ctx.db
        .updateTable('chain_sends')
        .set({ error: msg.slice(0, 500), updated_at: this.ctx.clock.now() })
        .where('tx_hash', '=', hash)
        .execute();
      throw err;
    }
  }

  /** Completes sent withdrawals whose transaction has `confirmations` blocks; marks reverted ones failed. */
  private async confirm(): Promise<number> {
    const rows = await this.ctx.db
      .selectFrom('chain_sends')
      .selectAll()
      .where('chain', '=', CHAIN)
      .where('from_address', '=', this.address)
      .where('status', '=', 'sent')
      .orderBy('nonce')
      .execute();
    if (!rows.length) return 0;
    const head = await this.client.getBlockNumber({ cacheTime: 0 });
    let completed = 0;
    for (const r of rows) {
      const receipt = await this.client.getTransactionReceipt({ hash: r.tx_hash as Hash }).catch(() => null);
      if (!receipt) continue;
      if (head - receipt.blockNumber + 1n < BigInt(this.opts.confirmations)) continue;
      // Still canonical at this depth? (A reorged-out receipt is simply absent or in another block.)
      const block = await this.client.getBlock({ blockNumber: receipt.blockNumber });
      if (block.hash !== receipt.blockHash) continue;
      if (receipt.status !== 'success') {
        await this.ctx.db
          .updateTable('chain_sends')
          .set({
            status: 'failed',
            error: 'transaction reverted',
            block_number: receipt.blockNumber,
            updated_at: this.ctx.clock.now(),
          })
          .where('id', '=', r.id)
          .where('status', '=', 'sent')
          .execute();
        this.ctx.log.error(
          { withdrawal: r.withdrawal_id, tx: r.tx_hash },
          'withdrawal transaction reverted; operators must resolve it',
        );
        continue;
      }
      await this.custody.completeWithdrawal(this.ctx, r.withdrawal_id, null);
      await this.ctx.db
        .updateTable('chain_sends')
        .set({ status: 'confirmed', block_number: receipt.blockNumber, updated_at: this.ctx.clock.now() })
        .where('id', '=', r.id)
        .where('status', '=', 'sent')
        .execute();
      completed++;
    }
    return completed;
  }
}
