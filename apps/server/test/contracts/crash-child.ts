/**
 * Child process of the crash test: a small server on the shared database (PGlite data dir
 * CRASH_DATA_DIR, or DATABASE_URL with schema CRASH_SCHEMA) that stores ticks like the feed,
 * places orders and runs the settler, until the parent SIGKILLs it. With CRASH_DRAIN=1 it only
 * settles, until no order is open, then exits 0.
 */
import pino from 'pino';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/database';
import { systemClock } from '../../src/lib/clock';
import { insertTicks } from '../../src/modules/market/ticks';
import { settleDue } from '../../src/modules/contracts/settle';
import { placeOrder } from '../../src/modules/contracts/service';
import { AppError } from '../../src/http/errors';
import { Realtime } from '../../src/realtime/realtime';
import type { AppContext } from '../../src/context';

const env = process.env;
const handle = await openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.CRASH_DATA_DIR, schema: env.CRASH_SCHEMA, poolSize: 4 });
/** The settler publishes each committed batch's orders: the parent reads these lines to kill mid-burst. */
class ReportingRealtime extends Realtime {
  override publish(channel: string, event: string, payload: unknown): void {
    const n = (payload as { orders?: unknown[] }).orders?.length ?? 0;
    process.stdout.write(`settled ${n}\n`);
    void channel;
    void event;
  }
}
const ctx: AppContext = {
  db: handle.db,
  clock: systemClock,
  config: loadConfig({ DATA_DIR: '/nonexistent' }),
  log: pino({ level: 'silent' }),
  realtime: new ReportingRealtime(),
};
const markets = (env.CRASH_MARKETS ?? '').split(',').map(Number);
const users = (env.CRASH_USERS ?? '').split(',').map(Number);
const currencyId = Number(env.CRASH_CURRENCY);
const drain = env.CRASH_DRAIN === '1';
let seq = Number(env.CRASH_SEED ?? 1);
const rnd = () => {
  seq = (seq * 1103515245 + 12345) % 2147483648;
  return seq / 2147483648;
};

process.stdout.write('ready\n');

async function feed() {
  const last = await handle.db.selectFrom('market_ticks').select(['instrument_id', 'price']).where('instrument_id', 'in', markets).orderBy('id', 'desc').limit(markets.length).execute();
  const prices = new Map(last.map((t) => [t.instrument_id, Number(t.price)]));
  let first = true;
  for (;;) {
    const at = new Date();
    await insertTicks(
      handle.db,
      markets.map((id) => {
        // Prices on a 0.1 grid so ties happen; a number only to draw a demo walk, never an amount.
        const p = Math.max(1, Math.round(((prices.get(id) ?? 100) + (rnd() < 0.5 ? -0.1 : 0.1)) * 10) / 10);
        prices.set(id, p);
        return { instrument_id: id, price: p.toFixed(1), volume: '1', at, source: 'simulated' };
      }),
    );
    // The parent picks its moment to kill only once this life is writing to the database.
    if (first) process.stdout.write('working\n');
    first = false;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function trade() {
  for (;;) {
    try {
      await placeOrder(ctx, users[Math.floor(rnd() * users.length)]!, {
        instrumentId: markets[Math.floor(rnd() * markets.length)]!,
        currencyId,
        direction: rnd() < 0.5 ? 1 : 2,
        seconds: 5,
        number: String(10 + Math.floor(rnd() * 90)),
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
    await new Promise((r) => setTimeout(r, 30));
  }
}

async function settle() {
  for (;;) {
    const r = await settleDue(ctx, { batchSize: 10 });
    if (drain) {
      const open = await handle.db.selectFrom('contract_orders').select('id').where('status', '=', 'open').limit(1).execute();
      if (open.length === 0 && r.waiting === 0) {
        process.stdout.write('drained\n');
        await handle.close();
        process.exit(0);
      }
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

const fail = (err: unknown) => {
  console.error(err);
  process.exit(1);
};
if (!drain) {
  feed().catch(fail);
  trade().catch(fail);
}
settle().catch(fail);
