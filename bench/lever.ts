/**
 * Leverage trigger sweep: N open positions (default 100,000) over three markets, then
 * - the time to find what one tick triggers (the sweep's candidate query and first-trigger check)
 *   at a tick that triggers nothing, and at one that triggers about 1 % of a market;
 * - liquidations committed per second: one tick that liquidates thousands of positions, swept
 *   (each close: guarded update + one journal entry, the insurance fund locked).
 * PGlite in memory by default; DATABASE_URL for PostgreSQL (own schema, dropped afterwards).
 *
 *   npx tsx bench/lever.ts [positions, default 100000] [closes per transaction, default 500 as the sweeper]
 *
 * Set-up (bench only): positions are inserted in bulk with the terms the service would give them
 * (planOpen), and each user's margins frozen by one journal entry, which leaves the books as if
 * each had been opened one by one (less the opening fees).
 */
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import pino from 'pino';
import { ACCOUNT_TYPES } from '@bourse/contract';
import { Dec } from '@bourse/money';
import type {} from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/context';
import { migrate, openDatabase } from '../apps/server/src/db/database';
import { ManualClock } from '../apps/server/src/lib/clock';
import { ledger, reconcile } from '../apps/server/src/modules/ledger';
import { ensureBaseCurrencies, findInstrument } from '../apps/server/src/modules/market';
import { insertTicks } from '../apps/server/src/modules/market/ticks';
import { fundInsurance, validProduct } from '../apps/server/src/modules/lever/admin-service';
import { marketOf } from '../apps/server/src/modules/lever/close';
import { loadProducts } from '../apps/server/src/modules/lever/products';
import * as repo from '../apps/server/src/modules/lever/repo';
import { planOpen, triggerBounds, type Side } from '../apps/server/src/modules/lever/rules';
import { firstTrigger, sweepMarket } from '../apps/server/src/modules/lever/sweep';
import { Realtime } from '../apps/server/src/realtime/realtime';
import { dropBenchSchema } from './bench-schema';

const N = Number(process.argv[2] ?? 100_000);
const CLOSE_BATCH = Number(process.argv[3] ?? 500);
const USERS = 200;
const url = process.env.DATABASE_URL;
const schema = url ? `bench_${randomBytes(4).toString('hex')}` : undefined;
const handle = await openDatabase({ databaseUrl: url, schema });
const db = handle.db;
await migrate(db);
await ensureBaseCurrencies(db);
const clock = new ManualClock('2026-11-23T08:00:00Z');
const ctx: AppContext = {
  db,
  clock,
  config: loadConfig({ DATA_DIR: '/nonexistent' }),
  log: pino({ level: 'silent' }),
  realtime: new Realtime(),
};
const usdt = await db
  .selectFrom('currencies')
  .select(['id', 'decimals'])
  .where('name', '=', 'USDT')
  .where('sub_name', '=', 'ERC20')
  .executeTakeFirstOrThrow();
const tiers = [
  { max_notional: '50000', mmr: '0.004' },
  { max_notional: '250000', mmr: '0.005' },
  { max_notional: null, mmr: '0.01' },
];
const MARKETS = [
  { symbol: 'BTC/USDT', price: 50000, step: '0.001' },
  { symbol: 'ETH/USDT', price: 3000, step: '0.01' },
  { symbol: 'SOL/USDT', price: 140, step: '0.1' },
];
const LEVERAGES = [2, 5, 10, 20, 50];

let t0 = performance.now();
const ids: number[] = [];
for (const mk of MARKETS) {
  const inst = (await findInstrument(db, mk.symbol))!;
  ids.push(inst.id);
  const row = await validProduct(ctx, {
    instrument_id: inst.id,
    status: 1,
    leverages: LEVERAGES,
    fee_rate: '0.0005',
    min_qty: mk.step,
    qty_step: mk.step,
    max_position_qty: '1000000',
    tiers,
  });
  await repo.upsertProduct(db, { ...row, updated_at: clock.now() });
}
await fundInsurance(ctx, null, { currency_id: usdt.id, amount: '10000000', memo: 'bench' }, null);
const products = await loadProducts(ctx);
const users: Array<{ id: number; account: number; margin: bigint }> = [];
for (let u = 0; u < USERS; u++) {
  const row = await db
    .insertInto('users')
    .values({
      email: `bench-${u}@example.com`,
      mobile: null,
      area_code: null,
      password_hash: 'x',
      nickname: `Bench ${u}`,
      invite_code: `B${u}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const account = await db
    .transaction()
    .execute((trx) => ledger.userAccount(trx, row.id, usdt.id, ACCOUNT_TYPES.lever));
  users.push({ id: row.id, account, margin: 0n });
}
const openTicks = await insertTicks(
  db,
  ids.map((id, i) => ({
    instrument_id: id,
    price: String(MARKETS[i]!.price),
    volume: '1',
    at: clock.now(),
    source: 'simulated',
  })),
);
for (const [i, id] of ids.entries()) await repo.saveCursor(db, id, openTicks[i]!.id, clock.now());
// Positions: market i % 3; side, leverage and size vary; entry prices spread ±0.5 % around the mark;
// a third with a stop-loss, a third with a take-profit.
const rows = [];
for (let i = 0; i < N; i++) {
  const mi = i % 3;
  const p = products.find((x) => x.inst.id === ids[mi])!;
  const side = (1 + (i % 2)) as Side;
  const leverage = LEVERAGES[Math.floor(i / 2) % LEVERAGES.length]!;
  const entry = new Dec(MARKETS[mi]!.price)
    .mul(new Dec(1).add(new Dec((i * 7919) % 1000).sub(500).div(100_000)))
    .toDecimalPlaces(p.inst.price_precision);
  const qty = new Dec(MARKETS[mi]!.step).mul(1 + (i % 40));
  const plan = planOpen(marketOf(p), side, leverage, qty, entry);
  const s = side === 1 ? 1 : -1;
  const sl = i % 3 === 0 ? entry.mul(1 - s * 0.03).toDecimalPlaces(p.inst.price_precision) : null;
  const tp = i % 3 === 1 ? entry.mul(1 + s * 0.03).toDecimalPlaces(p.inst.price_precision) : null;
  const b = triggerBounds(side, plan.liq, tp, sl);
  const u = users[i % USERS]!;
  u.margin += plan.margin;
  rows.push({
    user_id: u.id,
    instrument_id: p.inst.id,
    account_id: u.account,
    settlement: 'linear',
    side,
    leverage,
    qty: qty.toFixed(),
    entry_price: entry.toFixed(),
    entry_tick_id: openTicks[mi]!.id,
    margin: plan.margin.toString(),
    open_fee: '0',
    fee_rate: '0.0005',
    tiers: JSON.stringify(tiers),
    liq_price: plan.liq?.toFixed() ?? null,
    bankrupt_price: plan.bankrupt?.toFixed() ?? null,
    tp: tp?.toFixed() ?? null,
    sl: sl?.toFixed() ?? null,
    stops_at: tp || sl ? clock.now() : null,
    trigger_low: b.low?.toFixed() ?? null,
    trigger_high: b.high?.toFixed() ?? null,
    opened_at: clock.now(),
  });
}
for (let k = 0; k < rows.length; k += 2000)
  await db
    .insertInto('lever_positions')
    .values(rows.slice(k, k + 2000))
    .execute();
for (const u of users) {
  await db.transaction().execute(async (trx) => {
    const demo = await ledger.systemAccount(trx, 'demo', usdt.id);
    await ledger.transfer(trx, demo, u.account, u.margin, { kind: 'bench_credit' }, clock.now());
    await ledger.freeze(
      trx,
      u.account,
      u.margin,
      { kind: 'bench_freeze', memo: 'bench set-up: margins of the bulk-inserted positions' },
      clock.now(),
    );
  });
}
const setupMs = performance.now() - t0;

/** Median time of the sweep's find step for one tick at `price` on market 0. */
async function findMs(price: string): Promise<{ ms: number; candidates: number; triggered: number }> {
  const times: number[] = [];
  let candidates = 0;
  let triggered = 0;
  const at = new Date(clock.now().getTime() + 1000);
  for (let k = 0; k < 15; k++) {
    const s = performance.now();
    const c = await repo.triggerCandidates(db, ids[0]!, price, price);
    const tick = { id: '0', instrument_id: ids[0]!, price, volume: '1', at, source: 'simulated' };
    triggered = c.filter((row) => firstTrigger(row, [tick])).length;
    times.push(performance.now() - s);
    candidates = c.length;
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)]!, candidates, triggered };
}
const quiet = await findMs('50000');
const busy = await findMs('49200');
const crash = await findMs('46000');

// Liquidations: BTC falls 8 % in one tick (longs at 10× and above are liquidated, 3 % stop-losses fill), swept and committed.
clock.advance(2000);
await insertTicks(db, [
  { instrument_id: ids[0]!, price: '46000', volume: '1', at: clock.now(), source: 'simulated' },
]);
const totals = { ticks: 0, closed: 0, errors: 0 };
t0 = performance.now();
await sweepMarket(
  ctx,
  products.find((p) => p.inst.id === ids[0])!,
  totals,
  { batchSize: CLOSE_BATCH },
);
const sweepMs = performance.now() - t0;
const liquidations = await db
  .selectFrom('lever_positions')
  .select(db.fn.countAll<string>().as('n'))
  .where('exit_reason', '=', 'liquidation')
  .executeTakeFirstOrThrow();
const rec = await reconcile(db);

console.log(
  `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node.js ${process.version}; ${handle.kind}; set-up of ${N} positions: ${(setupMs / 1000).toFixed(1)} s`,
);
console.log('| step | positions read | triggered | time |');
console.log('|---|---|---|---|');
console.log(
  `| find, tick triggering nothing (BTC at 50,000; ${Math.round(N / 3)} BTC positions) | ${quiet.candidates} | ${quiet.triggered} | ${quiet.ms.toFixed(1)} ms |`,
);
console.log(
  `| find, tick 1.6 % down (BTC at 49,200) | ${busy.candidates} | ${busy.triggered} | ${busy.ms.toFixed(1)} ms |`,
);
console.log(
  `| find, crash tick 8 % down (BTC at 46,000) | ${crash.candidates} | ${crash.triggered} | ${crash.ms.toFixed(1)} ms |`,
);
console.log(
  `| sweep of one crash tick (BTC at 46,000), ${CLOSE_BATCH} closes a transaction | ${totals.closed} (${liquidations.n} liquidations) | — | ${(sweepMs / 1000).toFixed(2)} s = ${Math.round(totals.closed / (sweepMs / 1000))} closes/s |`,
);
console.log(
  `books reconcile: ${rec.ok ? 'yes' : `NO ${JSON.stringify(rec.violations.slice(0, 3))}`}; sweep errors: ${totals.errors}`,
);
await handle.close();
await dropBenchSchema(url, schema);
