import { parseUnits } from '@bourse/money';
import type { AppContext } from '../context';
import { hashPassword } from '../lib/crypto';
import { ledger } from '../modules/ledger';
import { listCurrencies } from '../modules/market';
import { seedDemoContent } from '../modules/content';
import { seedAssetsDemo } from '../modules/assets';
import { seedChainDemo } from '../modules/chain';
import { seedContractsDemo } from '../modules/contracts';
import { seedLeverDemoData } from '../modules/lever';
import { seedFollowDemoData } from '../modules/follow';
import { seedSavingsDemo } from '../modules/savings';
import { seedSpotDemo } from '../modules/spot';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'demo1234';

/** Demo balances (DEMO DATA): account type 2 ("change", the exchange account) and 1 (legal). */
const DEMO_BALANCES: Array<{ name: string; sub: string; type: number; amount: string }> = [
  { name: 'USDT', sub: 'ERC20', type: 2, amount: '10000' },
  { name: 'USDT', sub: 'TRC20', type: 2, amount: '2500' },
  { name: 'BTC', sub: '', type: 2, amount: '0.5' },
  { name: 'ETH', sub: '', type: 2, amount: '5' },
  { name: 'USDT', sub: 'ERC20', type: 1, amount: '1000' },
];

/**
 * Demo data, only when DEMO_DATA is on: the demo user and balances credited through the journal
 * from the `demo` system account. Idempotent: every credit has its own idempotency key.
 */
export async function seedDemoData(ctx: AppContext): Promise<void> {
  await seedDemoContent(ctx);
  let user = await ctx.db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst();
  if (!user) {
    user = await ctx.db
      .insertInto('users')
      .values({
        email: DEMO_EMAIL,
        mobile: null,
        area_code: null,
        password_hash: await hashPassword(DEMO_PASSWORD),
        nickname: 'Demo user',
        invite_code: 'DEMO0001',
        is_demo: true,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    user ??= await ctx.db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
  }
  const userId = user.id;
  const currencies = await listCurrencies(ctx.db);
  await ctx.db.transaction().execute(async (trx) => {
    for (const b of DEMO_BALANCES) {
      const c = currencies.find((x) => x.name === b.name && x.sub_name === b.sub);
      if (!c) continue;
      const from = await ledger.systemAccount(trx, 'demo', c.id);
      const to = await ledger.userAccount(trx, userId, c.id, b.type);
      await ledger.transfer(
        trx,
        from,
        to,
        parseUnits(b.amount, c.decimals),
        {
          kind: 'demo_credit',
          refType: 'user',
          refId: String(userId),
          idempotencyKey: `demo:credit:${userId}:${c.id}:${b.type}`,
          memo: 'Demo data: starting balance',
        },
        ctx.clock.now(),
      );
    }
  });
  // Each domain's demo data (products, markets' parameters, the market-making bot's account …).
  await seedAssetsDemo(ctx);
  await seedChainDemo(ctx);
  await seedContractsDemo(ctx);
  await seedLeverDemoData(ctx);
  await seedFollowDemoData(ctx);
  await seedSpotDemo(ctx);
  await seedSavingsDemo(ctx);
}
