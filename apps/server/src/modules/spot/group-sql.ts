/**
 * A matched group as the statement that commits it: `spot_commit_group2` (sql/spot_commit_group2.sql)
 * with its rows as PostgreSQL array literals built here (no JSON, no key names; the amounts that
 * follow from lots and ticks are computed in SQL), and its refusals as codes the writer acts on.
 */
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { batchArrays, isOverdrawn, type ManyEntry } from '../ledger';
import { lotUnits, type SpotMarket } from './market';
import type { OrderState, SettledTrade } from './types';

/**
 * A group commit the database refused as a whole, having changed nothing: BS001 another writer
 * took the market (or the book is not the database's), BS002 the ledger refused an overdraw
 * (the writer's view of a balance was too high), BS003 an earlier order was no longer open, BS004
 * the group ahead has not committed yet, 23505 an idempotency key or order id already used.
 */
export type RefusalCode = 'BS001' | 'BS002' | 'BS003' | 'BS004' | '23505';

const REFUSALS = new Set<string>(['BS001', 'BS003', 'BS004', '23505']);

/** The refusal code of a failed group commit, or null for any other failure. */
export function refusalCode(err: unknown): RefusalCode | null {
  if (isOverdrawn(err)) return 'BS002';
  const code = (err as { code?: string }).code ?? '';
  return REFUSALS.has(code) ? (code as RefusalCode) : null;
}

/**
 * Commits a group, fenced on `seq` (the market's fence value must be exactly that), and resolves
 * with the new trades' ids. A refusal rejects with an Error whose `code` is its RefusalCode; any
 * other failure as it came.
 */
export async function commitGroup(
  db: Database,
  m: SpotMarket,
  seq: bigint,
  g: { at: Date; entries: ManyEntry[]; rows: string[] },
): Promise<string[]> {
  const a = batchArrays(g.entries);
  const r = g.rows;
  try {
    const res = await sql<{ ids: string[] }>`select spot_commit_group2(${m.instrumentId}::integer, ${seq.toString()}::bigint, ${g.at},
        ${lotUnits(m).toString()}::numeric, ${tickText(m)}::numeric,
        ${textArray(a.kinds)}::text[], ${textArray(a.refTypes)}::text[], ${textArray(a.refIds)}::text[], ${textArray(a.keys)}::text[],
        ${textArray(a.memos)}::text[], ${plainArray(a.entryOf)}::integer[], ${plainArray(a.accounts)}::integer[],
        ${plainArray(a.currencies)}::integer[], ${plainArray(a.buckets)}::smallint[], ${plainArray(a.amounts)}::numeric[],
        ${r[0]}::bigint[], ${r[1]}::integer[], ${r[2]}::text[], ${r[3]}::text[], ${r[4]}::text[], ${r[5]}::numeric[],
        ${r[6]}::bigint[], ${r[7]}::bigint[], ${r[8]}::bigint[], ${r[9]}::numeric[], ${r[10]}::numeric[], ${r[11]}::numeric[],
        ${r[12]}::numeric[], ${r[13]}::numeric[], ${r[14]}::numeric[], ${r[15]}::text[], ${r[16]}::text[], ${r[17]}::text[],
        ${r[18]}::bigint[], ${r[19]}::bigint[], ${r[20]}::numeric[], ${r[21]}::numeric[], ${r[22]}::numeric[], ${r[23]}::numeric[],
        ${r[24]}::numeric[], ${r[25]}::text[], ${r[26]}::text[],
        ${r[27]}::bigint[], ${r[28]}::bigint[], ${r[29]}::numeric[], ${r[30]}::text[], ${r[31]}::bigint[], ${r[32]}::bigint[],
        ${r[33]}::integer[], ${r[34]}::integer[], ${r[35]}::numeric[], ${r[36]}::numeric[], ${r[37]}::integer[])::text[] as ids`.execute(db);
    return res.rows[0]!.ids;
  } catch (err) {
    const code = refusalCode(err);
    if (!code) throw err;
    throw Object.assign(new Error(`spot: the group commit was refused (${code})`), { code });
  }
}

/** A market's tick (10^-price precision) as decimal text: a trade's price is its ticks times this. */
function tickText(m: SpotMarket): string {
  return m.pricePrecision === 0 ? '1' : `0.${'0'.repeat(m.pricePrecision - 1)}1`;
}

/** A PostgreSQL array literal of numbers, bigints or decimal strings (null as NULL). */
export function plainArray(values: ReadonlyArray<number | bigint | string | null>): string {
  // join() writes null as an empty element; only a few columns are nullable.
  return `{${(values.includes(null) ? values.map((v) => (v === null ? 'NULL' : v)) : values).join(',')}}`;
}

const NEEDS_ESCAPE = /["\\]/;

/** A PostgreSQL array literal of texts: every element double-quoted, `"` and `\` escaped (null as NULL). */
export function textArray(values: ReadonlyArray<string | null>): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${NEEDS_ESCAPE.test(v) ? v.replace(/["\\]/g, '\\$&') : v}"`)).join(',')}}`;
}

/**
 * The order and trade arguments of spot_commit_group2, in its parameter order: orders placed in
 * the group (18 columns, inserted), other touched orders (9, updated), trades (11). Amounts are
 * base units; `amount`, `filled` and a trade's amount and price are computed by the function from
 * lots and ticks.
 */
export function groupRows(orders: OrderState[], placed: Set<number>, trades: SettledTrade[]): string[] {
  const n = orders.filter((o) => placed.has(o.id));
  const u = orders.filter((o) => !placed.has(o.id));
  return [
    plainArray(n.map((o) => o.id)),
    plainArray(n.map((o) => o.userId)),
    textArray(n.map((o) => o.side)),
    textArray(n.map((o) => o.type)),
    textArray(n.map((o) => o.tif)),
    plainArray(n.map((o) => o.price)),
    plainArray(n.map((o) => o.priceTicks)),
    plainArray(n.map((o) => o.amountLots)),
    plainArray(n.map((o) => o.filledLots)),
    plainArray(n.map((o) => o.quoteFilled)),
    plainArray(n.map((o) => o.notional)),
    plainArray(n.map((o) => o.fee)),
    plainArray(n.map((o) => o.frozen)),
    plainArray(n.map((o) => o.used)),
    plainArray(n.map((o) => o.released)),
    textArray(n.map((o) => o.status)),
    textArray(n.map((o) => o.cancelReason)),
    textArray(n.map((o) => o.clientOrderId)),
    plainArray(u.map((o) => o.id)),
    plainArray(u.map((o) => o.filledLots)),
    plainArray(u.map((o) => o.quoteFilled)),
    plainArray(u.map((o) => o.notional)),
    plainArray(u.map((o) => o.fee)),
    plainArray(u.map((o) => o.used)),
    plainArray(u.map((o) => o.released)),
    textArray(u.map((o) => o.status)),
    textArray(u.map((o) => o.cancelReason)),
    plainArray(trades.map((t) => t.price)),
    plainArray(trades.map((t) => t.lots)),
    plainArray(trades.map((t) => t.quote)),
    textArray(trades.map((t) => t.takerSide)),
    plainArray(trades.map((t) => t.makerOrderId)),
    plainArray(trades.map((t) => t.takerOrderId)),
    plainArray(trades.map((t) => t.makerUserId)),
    plainArray(trades.map((t) => t.takerUserId)),
    plainArray(trades.map((t) => t.buyerFee)),
    plainArray(trades.map((t) => t.sellerFee)),
    plainArray(trades.map((t) => t.entry)),
  ];
}
