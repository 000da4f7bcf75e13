/**
 * Child of spot.crash.test.ts: opens the same database (PGlite data dir or PostgreSQL schema),
 * then places and cancels orders as fast as it can from the users the parent created, printing
 * "placed <n>" as orders commit, until the parent kills it with SIGKILL.
 */
import { openDatabase } from '../../src/db/database';
import { placeOrder, cancelOrder } from '../../src/modules/spot/service';
import { testContext } from '../helpers';

const url = process.env.DATABASE_URL;
const handle = await openDatabase(url ? { databaseUrl: url, schema: process.env.DB_SCHEMA!, poolSize: 4 } : { dataDir: process.env.DATA_DIR! });
const ctx = testContext(handle.db);
const users = process.env.USERS!.split(',').map(Number);
let seed = Number(process.env.SEED ?? 1);
const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
let placed = 0;
const open: number[] = [];
console.log('ready');
// Several orders in flight so groups of more than one commit together.
async function worker() {
  for (;;) {
    const u = users[Math.floor(rnd() * users.length)]!;
    try {
      if (open.length > 5 && rnd() < 0.25) {
        await cancelOrder(ctx, null, open.splice(Math.floor(rnd() * open.length), 1)[0]!, 'operator');
      } else {
        const buy = rnd() < 0.5;
        const price = String(2950 + Math.floor(rnd() * 100));
        const o = await placeOrder(ctx, u, { symbol: 'ETH/USDT', side: buy ? 'buy' : 'sell', orderType: 'limit', tif: 'gtc', price, amount: '0.01' });
        if (o.status === 'open') open.push(Number(o.id));
        placed++;
        if (placed % 10 === 0) console.log(`placed ${placed}`);
      }
    } catch {
      // refusals (balance, already finished) are part of the flow
    }
  }
}
await Promise.all([worker(), worker(), worker(), worker()]);
