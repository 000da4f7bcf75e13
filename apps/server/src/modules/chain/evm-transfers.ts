/** Reading an EVM chain for deposits: native transfers and ERC20 Transfer logs to deposit addresses, block by block. */
import { parseAbiItem, type Hash, type PublicClient } from 'viem';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** A scan saw blocks that do not chain onto each other: the chain moved under us; retry next round. */
export class ChainMoved extends Error {}

/** A transfer to a deposit address, as observed in a block. */
export interface ObservedTransfer {
  txHash: string;
  /** -1 for a native transfer. */
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  address: string;
  userId: number;
  currencyId: number;
  amount: bigint;
}

/**
 * The blocks `from`..`to` (their hashes, each checked to extend the previous one, the first
 * `parentHash`) and the transfers in them to an address of `book` (address → user id): native
 * ones when `ethCurrencyId` is set, Transfer logs of `token` when set. Throws
 * ChainMoved when the blocks or logs read do not form one chain.
 */
export async function readTransfers(
  client: PublicClient,
  opts: { ethCurrencyId: number | null; token: { address: `0x${string}`; currencyId: number } | null },
  book: Map<string, number>,
  range: { from: bigint; to: bigint; parentHash: string },
): Promise<{ hashes: Map<bigint, Hash>; found: ObservedTransfer[] }> {
  const { from, to } = range;
  const hashes = new Map<bigint, Hash>();
  const found: ObservedTransfer[] = [];

  let parent = range.parentHash;
  for (let n = from; n <= to; n++) {
    const withTxs = opts.ethCurrencyId !== null && book.size > 0;
    const block = await client.getBlock({ blockNumber: n, includeTransactions: withTxs });
    if (parent && block.parentHash !== parent) throw new ChainMoved(`block ${n} does not extend ${parent}`);
    parent = block.hash;
    hashes.set(n, block.hash);
    if (!withTxs) continue;
    for (const tx of block.transactions) {
      if (typeof tx === 'string' || !tx.to || tx.value <= 0n) continue;
      const userId = book.get(tx.to.toLowerCase());
      if (userId === undefined) continue;
      // A failed transaction moves no value.
      const receipt = await client.getTransactionReceipt({ hash: tx.hash });
      if (receipt.status !== 'success' || receipt.blockHash !== block.hash) continue;
      found.push({
        txHash: tx.hash,
        logIndex: -1,
        blockNumber: n,
        blockHash: block.hash,
        address: tx.to,
        userId,
        currencyId: opts.ethCurrencyId!,
        amount: tx.value,
      });
    }
  }
  if (opts.token && book.size > 0) {
    const logs = await client.getLogs({
      address: opts.token.address,
      event: TRANSFER,
      fromBlock: from,
      toBlock: to,
    });
    for (const log of logs) {
      if (log.removed || log.blockNumber === null || log.logIndex === null || log.transactionHash === null)
        continue;
      if (hashes.get(log.blockNumber) !== log.blockHash)
        throw new ChainMoved(`log of block ${log.blockNumber} from another fork`);
      const recipient = log.args.to;
      const value = log.args.value;
      if (!recipient || value === undefined || value <= 0n) continue;
      const userId = book.get(recipient.toLowerCase());
      if (userId === undefined) continue;
      found.push({
        txHash: log.transactionHash,
        logIndex: log.logIndex,
        blockNumber: log.blockNumber,
        blockHash: log.blockHash,
        address: recipient,
        userId,
        currencyId: opts.token.currencyId,
        amount: value,
      });
    }
  }
  return { hashes, found };
}
