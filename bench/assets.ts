/**
 * Asset-centre throughput: withdrawal requests (guarded freeze + business row, code check off),
 * transfers between a user's accounts, and exchanges (quote + execute), each request in its own
 * transaction through the service layer, with C concurrent callers. Prints requests per second
 * and checks the books. PGlite in memory by default; DATABASE_URL for PostgreSQL (own schema).
 *
 *   npx tsx bench/assets.ts [requests per kind, default 2000] [concurrency, default 8]
 */
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { parseUnits } from '@bourse/money';
import type {} from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/context';
import { migrate, openDatabase } from '../apps/server/src/db/database';
import { ManualClock } from '../apps/server/src/lib/clock';
import { creditDeposit } from '../apps/server/src/modules/assets';
import { executeQuote, quote } from '../apps/server/src/modules/assets/exchange';
import { transfer } from '../apps/server/src/modules/assets/transfers';
import { requestWithdrawal } from '../apps/server/src/modules/assets/withdrawals';
import { reconcile } from '../apps/server/src/modules/ledger';
import { ensureBaseCurrencies } from '../apps/server/src/modules/market';
import { Realtime } from '../apps/server/src/realtime/realtime';
import { dropBenchSchema } from './bench-schema';

const N = Number(process.argv[2] ?? 2000);
const C = Number(process.argv[3] ?? 8);
const USERS = 50;
const url = process.env.DATABASE_URL;
const schema = url ? `bench_${randomBytes(4).toString('hex')}` : undefined;
const handle = await openDatabase({ databaseUrl: url, schema, poolSize: C + 2 });
const db = handle.db;
await migrate(db);
await ensureBaseCurrencies(db);
const clock = new ManualClock('2026-11-22T08:00:00Z');
const ctx: AppContext = {
  db,
  clock,
  config: {
    ...loadConfig({ DATA_DIR: '/nonexistent', DEMO_DATA: 'off' }),
    webDist: undefined,
    adminDist: undefined,
  },
  log: pino({ level: 'silent' }),
  realtime: new Realtime(),
};
const id = async (name: string, sub = '') =>
  (
    await db
      .selectFrom('currencies')
      .select('id')
      .where('name', '=', name)
      .where('sub_name', '=', sub)
      .executeTakeFirstOrThrow()
  ).id;
const usdt = await id('USDT', 'ERC20');
const eth = await id('ETH');
await db
  .insertInto('settings')
  .values({ key: 'withdraw_code_required', value: 'false', is_public: false })
  .onConflict((oc) => oc.column('key').doNothing())
  .execute();
const inst = await db
  .selectFrom('instruments')
  .select('id')
  .where('symbol', '=', 'ETH/USDT')
  .executeTakeFirst();
const ethInst =
  inst?.id ??
  (
    await db
      .insertInto('instruments')
      .values({
        symbol: 'ETH/USDT',
        base_currency_id: eth,
        quote_currency_id: usdt,
        price_precision: 2,
        amount_precision: 4,
        sim_price: '3000',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
await db
  .insertInto('market_ticks')
  .values({ instrument_id: ethInst, price: '3000', volume: '1', at: clock.now(), source: 'simulated' })
  .execute();

const users: Array<{ id: number; address: number }> = [];
for (let i = 0; i < USERS; i++) {
  const u = await db
    .insertInto('users')
    .values({
      email: `bench-${i}-${randomBytes(3).toString('hex')}@example.com`,
      mobile: null,
      area_code: null,
      password_hash: 'x',
      nickname: `b${i}`,
      invite_code: `B${i}${randomBytes(3).toString('hex')}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .transaction()
    .execute((trx) =>
      creditDeposit(ctx, trx, {
        userId: u.id,
        currencyId: usdt,
        amount: parseUnits('1000000', 6),
        source: 'demo',
      }),
    );
  const a = await db
    .insertInto('address_book')
    .values({
      user_id: u.id,
      currency: 'USDT-ERC20',
      name: 'b',
      address: '0x' + String(u.id).padStart(40, '0'),
      type: '',
      approve_status: 1,
      created_at: clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  users.push({ id: u.id, address: a.id });
}

async function run(name: string, one: (i: number) => Promise<unknown>) {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: C }, async () => {
      for (;;) {
        const i = next++;
        if (i >= N) return;
        await one(i);
      }
    }),
  );
  const s = (performance.now() - t0) / 1000;
  console.log(`${name.padEnd(22)} ${N} in ${s.toFixed(2)} s = ${Math.round(N / s)} /s`);
}

console.log(`asset centre on ${url ? 'PostgreSQL' : 'PGlite'}, ${C} concurrent callers, ${USERS} users`);
await run('withdrawal requests', (i) =>
  requestWithdrawal(ctx, users[i % USERS]!.id, {
    currencyId: usdt,
    amount: '1',
    addressId: users[i % USERS]!.address,
  }),
);
await run('transfers', (i) =>
  transfer(ctx, users[i % USERS]!.id, {
    currencyId: usdt,
    fromType: 2,
    toType: ((i % 3) + 1 === 2 ? 4 : (i % 3) + 1) as 1 | 3 | 4,
    amount: '1',
  }),
);
await run('exchanges (quote+exec)', async (i) => {
  const q = await quote(ctx, users[i % USERS]!.id, { fromCurrencyId: usdt, toCurrencyId: eth, amount: '10' });
  await executeQuote(ctx, users[i % USERS]!.id, q.quote_id);
});
const r = await reconcile(db);
console.log(
  `books: ${r.ok ? 'balanced' : 'VIOLATIONS ' + JSON.stringify(r.violations.slice(0, 3))} (${r.entries} entries, ${r.postings} postings)`,
);
await handle.close();
await dropBenchSchema(url, schema);
