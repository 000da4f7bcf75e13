/** Shared set-up of the savings tests: a database, a manual clock, USDT balances, products. */
import { parseUnits } from '@bourse/money';
import type { AppContext } from '../../src/context';
import { ManualClock } from '../../src/lib/clock';
import { accountBalance, findUserAccountId, ledger } from '../../src/modules/ledger';
import { listCurrencies } from '../../src/modules/market';
import { insertProduct, type ProductInput } from '../../src/modules/savings/repo';
import { createUser, openTestDb, testConfig, testContext } from '../helpers';

export const DAY = 86_400_000;

export async function savingsFixture(start = '2026-03-01T12:00:00Z', poolSize?: number) {
  const t = await openTestDb(poolSize);
  const clock = new ManualClock(start);
  const ctx: AppContext = testContext(t.db, clock, testConfig({ demoData: false }));
  const currencies = await listCurrencies(t.db);
  const usdt = currencies.find((c) => c.name === 'USDT' && c.sub_name === 'ERC20')!;
  /** A second currency (USDT TRC20) for scenarios that need their own pools. */
  const trc = currencies.find((c) => c.name === 'USDT' && c.sub_name === 'TRC20')!;
  type Cur = { id: number; decimals: number };
  const u = (v: string, c: Cur = usdt) => parseUnits(v, c.decimals);

  async function credit(code: string, to: number, amount: bigint, key: string, c: Cur = usdt) {
    await t.db.transaction().execute(async (trx) => {
      const from = await ledger.systemAccount(trx, code, c.id);
      await ledger.transfer(trx, from, to, amount, { kind: 'test_credit', idempotencyKey: key }, clock.now());
    });
  }

  let seq = 0;
  return {
    ctx,
    clock,
    db: t.db,
    usdt,
    trc,
    u,
    close: () => t.close(),
    /** A user with `amount` USDT in the coin account (type 2). */
    async user(amount = '10000', c: Cur = usdt): Promise<number> {
      const id = await createUser(t.db);
      const acct = await t.db.transaction().execute((trx) => ledger.userAccount(trx, id, c.id, 2));
      if (amount !== '0') await credit('external', acct, u(amount, c), `test:user:${id}:${c.id}`, c);
      return id;
    },
    async userBalance(userId: number, c: Cur = usdt): Promise<bigint> {
      const acct = await findUserAccountId(t.db, userId, c.id, 2);
      return acct === null ? 0n : (await accountBalance(t.db, acct)).available;
    },
    async system(code: string, c: Cur = usdt): Promise<bigint> {
      const acct = await t.db.transaction().execute((trx) => ledger.systemAccount(trx, code, c.id));
      return (await accountBalance(t.db, acct)).available;
    },
    /** Funds the yield pool from the house account. */
    async fundPool(amount: string | bigint, c: Cur = usdt) {
      const pool = await t.db.transaction().execute((trx) => ledger.systemAccount(trx, 'yield_pool', c.id));
      await credit('house', pool, typeof amount === 'bigint' ? amount : u(amount, c), `test:pool:${++seq}`, c);
    },
    async product(over: Partial<ProductInput> = {}): Promise<number> {
      const now = clock.now();
      const p: ProductInput = {
        kind: 'savings',
        names: { en: `Test product ${++seq}` },
        currencyId: usdt.id,
        termDays: 7,
        rateMode: 'fixed',
        dailyRate: '0.001',
        rateMax: '0.001',
        minAmount: u('10'),
        maxAmount: u('100000'),
        totalQuota: u('10000000'),
        windowStart: new Date(now.getTime() - DAY),
        windowEnd: new Date(now.getTime() + 400 * DAY),
        penaltyRate: '0.01',
        earlyRedeem: true,
        forfeitIncome: false,
        payout: 'account',
        status: 1,
        sort: 0,
        ...over,
      };
      return (await insertProduct(t.db, p, now))!;
    },
  };
}
export type SavingsFixture = Awaited<ReturnType<typeof savingsFixture>>;
