/**
 * DEMO DATA: two labelled demo lead traders (approved, 10 % profit share) with 20,000 USDT in
 * their lever accounts, and a demo bot that trades for them (DemoLeadBot): every interval each
 * opens a small BTC/USDT position if it has none, or closes the one it has. Their statistics come
 * from these fills like anyone's. Nobody signs in as them.
 */
import { ACCOUNT_TYPES } from '@bourse/contract';
import { parseUnits } from '@bourse/money';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { ensureDemoUser } from '../identity';
import { ledger } from '../ledger';
import { closeNow, leverMarginCurrencyId, openPosition, openPositionsOf } from '../lever';
import { currenciesByIds, findInstrument } from '../market';
import * as repo from './repo';

export const DEMO_LEADS = [
  {
    email: 'demo-lead-1@bourse.invalid',
    nickname: 'Demo lead: Trend',
    bio: 'Demo data: a bot that follows short trends on BTC/USDT at 10×.',
  },
  {
    email: 'demo-lead-2@bourse.invalid',
    nickname: 'Demo lead: Swing',
    bio: 'Demo data: a bot that trades both ways on BTC/USDT at 5×.',
  },
] as const;

export async function seedFollowDemo(ctx: AppContext): Promise<void> {
  const currencyId = await leverMarginCurrencyId(ctx);
  const decimals = (await currenciesByIds(ctx.db, [currencyId])).get(currencyId)?.decimals ?? 6;
  for (const d of DEMO_LEADS) {
    const id = await ensureDemoUser(ctx.db, d.email, d.nickname);
    await repo.insertTrader(ctx.db, {
      user_id: id,
      status: 'approved',
      bio: d.bio,
      share_rate: '0.1',
      is_demo: true,
      applied_at: ctx.clock.now(),
      reviewed_at: ctx.clock.now(),
    });
    await ctx.db.transaction().execute(async (trx) => {
      const from = await ledger.systemAccount(trx, 'demo', currencyId);
      const to = await ledger.userAccount(trx, id, currencyId, ACCOUNT_TYPES.lever);
      await ledger.transfer(
        trx,
        from,
        to,
        parseUnits('20000', decimals),
        {
          kind: 'demo_credit',
          idempotencyKey: `demo:follow:lead:${id}`,
          memo: 'Demo data: lead trader balance',
        },
        ctx.clock.now(),
      );
    });
  }
}

/** Trades for the demo leads every `intervalMs` (demo data only). */
export class DemoLeadBot {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.step().finally(() => (this.running = null));
    }, this.intervalMs);
    this.timer.unref();
  }

  async step(): Promise<void> {
    const btc = await findInstrument(this.ctx.db, 'BTC/USDT');
    if (!btc) return;
    for (const [i, d] of DEMO_LEADS.entries()) {
      const user = { id: await ensureDemoUser(this.ctx.db, d.email, d.nickname) };
      try {
        const open = await openPositionsOf(this.ctx, user.id);
        if (open.length)
          await closeNow(
            this.ctx,
            user.id,
            open.map((p) => p.id),
          );
        else
          await openPosition(this.ctx, user.id, {
            instrument_id: btc.id,
            type: Math.random() < 0.5 ? 1 : 2,
            multiple: i === 0 ? 10 : 5,
            number: '0.01',
          });
      } catch (err) {
        if (!(err instanceof AppError)) this.ctx.log.warn({ err }, 'follow: demo lead bot step failed');
      }
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
