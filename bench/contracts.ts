/**
 * Contract settlement throughput: N expiring orders (default 100,000) over two markets and
 * 1,000 expiry instants, each with its closing tick stored; one settler pass settles them all
 * (batches of 500 orders per transaction: one guarded transition statement, one journal entry
 * per order, exposure released). Prints orders settled per second and checks the books.
 * PGlite in memory by default; DATABASE_URL for PostgreSQL (own schema, dropped afterwards).
 *
 *   npx tsx bench/contracts.ts [orders, default 100000] [batch size, default 500]
 *
 * Set-up (bench only): orders are inserted in bulk with their stakes frozen by one journal entry
 * per user, which leaves the books exactly as if each order had been placed one by one.
 */
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { sql } from 'kysely';
import pino from 'pino';
import { ACCOUNT_TYPES } from '@bourse/contract';
import { parseUnits } from '@bourse/money';
import type {} from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/context';
import { migrate, openDatabase } from '../apps/server/src/db/database';
import { ManualClock } from '../apps/server/src/lib/clock';
import { settleDue } from '../apps/server/src/modules/contracts';
import { seedDemoProducts } from '../apps/server/src/modules/contracts/demo';
import { ledger, reconcile } from '../apps/server/src/modules/ledger';
import { ensureBaseCurrencies, findInstrument } from '../apps/server/src/modules/market';
import { insertTicks } from '../apps/server/src/modules/market/ticks';
import { Realtime } from '../apps/server/src/realtime/realtime';
import { dropBenchSchema } from './bench-schema';

const N = Number(process.argv[2] ?? 100_000);
const BATCH = Number(process.argv[3] ?? 500);
const USERS = 100;
const INSTANTS = 1000;
const url = process.env.DATABASE_URL;
const schema = url ? `bench_${randomBytes(4).toString('hex')}` : undefined;
const handle = await openDatabase({ databaseUrl: url, schema });
const db = handle.db;
await migrate(db);
await ensureBaseCurrencies(db);
const clock = new ManualClock('2026-11-22T08:00:00Z');
const ctx: AppContext = { db, clock, config: loadConfig({ DATA_DIR: '/nonexistent' }), log: pino({ level: 'silent' }), realtime: new Realtime() };
await seedDemoProducts(ctx);
const usdt = await db.selectFrom('currencies').select(['id', 'decimals']).where('name', '=', 'USDT').where('sub_name', '=', 'ERC20').executeTakeFirstOrThrow();
const markets = [(await findInstrument(db, 'BTC/USDT'))!.id, (await findInstrument(db, 'ETH/USDT'))!.id];
const products = await db.selectFrom('contract_products').select(['id', 'instrument_id']).execute();
const productOf = new Map(products.map((p) => [p.instrument_id, p.id]));
const stake = parseUnits('10', usdt.decimals);
const perUser = Math.ceil(N / USERS);

let t0 = performance.now();
const start = clock.now().getTime();
const open = await insertTicks(db, markets.map((id) => ({ instrument_id: id, price: '100', volume: '1', at: new Date(start), source: 'simulated' })));
const users: Array<{ id: number; account: number }> = [];
for (let u = 0; u < USERS; u++) {
  const row = await db
    .insertInto('users')
    .values({ email: `bench-${u}@example.com`, mobile: null, area_code: null, password_hash: 'x', nickname: `Bench ${u}`, invite_code: `B${u}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const account = await db.transaction().execute(async (trx) => {
    const acct = await ledger.userAccount(trx, row.id, usdt.id, ACCOUNT_TYPES.micro);
    const demo = await ledger.systemAccount(trx, 'demo', usdt.id);
    const total = stake * BigInt(perUser);
    await ledger.transfer(trx, demo, acct, total, { kind: 'bench_credit' }, clock.now());
    await ledger.freeze(trx, acct, total, { kind: 'bench_freeze', memo: 'bench set-up: stakes of the bulk-inserted orders' }, clock.now());
    return acct;
  });
  users.push({ id: row.id, account });
}
// Orders: user u gets orders i ≡ u (mod USERS); market, direction and expiry instant vary with i.
for (const [mi, market] of markets.entries()) {
  await sql`
    insert into contract_orders (user_id, product_id, instrument_id, currency_id, account_id, direction, seconds,
                                 payout_rate, fee_rate, stake, open_tick_id, open_price, open_tick_at, created_at, expires_at)
    select (${users.map((u) => u.id)}::int[])[1 + (i % ${USERS})], ${productOf.get(market)!}, ${market}, ${usdt.id},
           (${users.map((u) => u.account)}::int[])[1 + (i % ${USERS})], 1 + (i / ${USERS}) % 2, 60, 0.85, 0.02,
           ${stake.toString()}::numeric, ${open[mi]!.id}, 100, ${new Date(start)}, ${new Date(start)},
           ${new Date(start)}::timestamptz + ((60000 + (i % ${INSTANTS}) * 100) * interval '1 millisecond')
      from generate_series(0, ${Math.floor(N / 2) + (mi === 0 ? N % 2 : 0)} - 1) as g(i)`.execute(db);
}
await sql`
  update contract_product_currencies pc set
    open_up = coalesce((select sum(stake) from contract_orders o where o.product_id = pc.product_id and o.currency_id = pc.currency_id and o.direction = 1 and o.status = 'open'), 0),
    open_down = coalesce((select sum(stake) from contract_orders o where o.product_id = pc.product_id and o.currency_id = pc.currency_id and o.direction = 2 and o.status = 'open'), 0)`.execute(db);
// Closing ticks 150 ms after each instant, prices around the open so all outcomes occur.
for (const market of markets) {
  const ticks = Array.from({ length: INSTANTS }, (_, k) => ({
    instrument_id: market,
    price: ['99.9', '100', '100.1'][k % 3]!,
    volume: '1',
    at: new Date(start + 60_000 + k * 100 + 150),
    source: 'simulated',
  }));
  await insertTicks(db, ticks);
}
const setupMs = performance.now() - t0;
const count = await db.selectFrom('contract_orders').select(db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();

clock.set(new Date(start + 60_000 + INSTANTS * 100 + 1000));
t0 = performance.now();
const r = await settleDue(ctx, { batchSize: BATCH });
const ms = performance.now() - t0;
const rec = await reconcile(db);
const left = await db.selectFrom('contract_orders').select(db.fn.countAll<string>().as('n')).where('status', '=', 'open').executeTakeFirstOrThrow();
console.log(`${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node.js ${process.version}; set-up of ${count.n} orders: ${(setupMs / 1000).toFixed(1)} s`);
console.log('| database | orders | batch | settled | void | seconds | orders settled / s | books reconcile |');
console.log('|---|---|---|---|---|---|---|---|');
console.log(
  `| ${handle.kind} | ${count.n} | ${BATCH} | ${r.settled} | ${r.voided} | ${(ms / 1000).toFixed(1)} | ${Math.round((r.settled + r.voided) / (ms / 1000))} | ${rec.ok ? 'yes' : `NO: ${JSON.stringify(rec.violations.slice(0, 3))}`} |`,
);
if (Number(left.n) !== 0) console.log(`open orders left: ${left.n}`);
await handle.close();
await dropBenchSchema(url, schema);
