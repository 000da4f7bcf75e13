/**
 * One writer per market across processes (PostgreSQL only): the advisory lock lets exactly one
 * engine registry write a market; the other refuses orders with spot_busy and reads depth from
 * the database; when the holder's session ends, the other takes over with the same book.
 * (Two registries in one test process hold two separate lock sessions, as two processes would.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context';
import { SpotEngines } from '../../src/modules/spot/engines';
import { createUser, onPostgres, openTestDb, testConfig, testContext, type TestDb } from '../helpers';
import { fund } from './helpers';

let db: TestDb;
let ctx: AppContext;

beforeAll(async () => {
  db = await openTestDb();
  ctx = testContext(db.db, undefined, testConfig({ databaseUrl: process.env.DATABASE_URL }));
});
afterAll(async () => {
  await db.close();
});

describe.skipIf(!onPostgres)('spot writer lock (several processes)', () => {
  it('lets one registry write a market, refuses the other, and fails over when the holder goes', async () => {
    const a = new SpotEngines(ctx);
    const b = new SpotEngines(ctx);
    const m = await a.market('BTC/USDT');
    const wa = await a.writer(m);
    await expect(b.writer(m)).rejects.toMatchObject({ code: 'spot_busy' });

    const u = await createUser(ctx.db);
    await fund(ctx, u, m.quoteCurrencyId, '1000', m.quoteDecimals);
    // Straight to registry a's writer (the service would use the context's own registry).
    await wa.place({ userId: u, side: 'buy', type: 'limit', tif: 'gtc', priceTicks: 9_000_000, price: '90000', amountLots: 1000, freeze: 90_000_000n, clientOrderId: null });
    expect(await b.depth(m, 10)).toEqual({ symbol: 'BTC/USDT', bids: [['90000', '0.001']], asks: [] });
    const before = wa.book.snapshot();

    await a.close();
    const wb = await b.writer(m);
    expect(wb.book.snapshot()).toEqual(before);
    await b.close();
  });
});
