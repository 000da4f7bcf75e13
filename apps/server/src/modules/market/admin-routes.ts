/** Console API of the market domain under /api/admin/market: instruments and the price feed. */
import { Dec } from '@bourse/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiResponse,
  feedStatusSchema,
  idParamsSchema,
  instrumentCreateBodySchema,
  instrumentListSchema,
  instrumentSchema,
  instrumentUpdateBodySchema,
  type FeedSource,
  type InstrumentKind,
} from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { audit, currentOperator, requireOperator } from '../operators';
import { currencyAdminRoutes } from './currency-admin-routes';
import { findCurrency } from './currencies';
import { findInstrument, listInstruments, type Instrument } from './instruments';
import { feedStatus } from './service';

const plain = (v: string) => new Dec(v).toFixed();

function view(i: Instrument) {
  return {
    ...i,
    kind: i.kind as InstrumentKind,
    source: i.source as FeedSource,
    sim_price: plain(i.sim_price),
    sim_volatility: plain(i.sim_volatility),
    sim_volume: plain(i.sim_volume),
    created_at: i.created_at.toISOString(),
  };
}

export function marketAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(currencyAdminRoutes(ctx));
    const anyOperator = requireOperator(ctx);
    const adminOnly = requireOperator(ctx, ['admin']);

    app.get('/admin/market/instruments', { preValidation: anyOperator, schema: { tags: ['admin'], response: apiResponse(instrumentListSchema) } }, async () =>
      ok((await listInstruments(ctx.db)).map(view)),
    );

    app.post(
      '/admin/market/instruments',
      {
        preValidation: adminOnly,
        schema: {
          tags: ['admin'],
          body: instrumentCreateBodySchema,
          response: apiResponse(instrumentSchema),
        },
      },
      async (req) => {
        const { lang: _l, ...b } = req.body;
        const base = await findCurrency(ctx.db, b.base_currency_id);
        const quote = await findCurrency(ctx.db, b.quote_currency_id);
        if (!base || !quote) throw new AppError('currency_not_found');
        if (base.id === quote.id || base.name === quote.name) throw new AppError('field_invalid', { field: 'quote_currency_id' });
        const symbol = `${base.name}/${quote.name}`;
        const row = await ctx.db
          .insertInto('instruments')
          .values({ ...b, symbol, status: 1, source_symbol: b.source_symbol || symbol })
          .onConflict((oc) => oc.column('symbol').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) throw new AppError('instrument_exists');
        const created = (await findInstrument(ctx.db, row.id))!;
        await audit(ctx, currentOperator(req).id, 'instrument.create', `instrument:${row.id}`, undefined, view(created), req.ip);
        return ok(view(created));
      },
    );

    app.post(
      '/admin/market/instruments/:id',
      {
        preValidation: adminOnly,
        schema: {
          tags: ['admin'],
          params: idParamsSchema,
          body: instrumentUpdateBodySchema,
          response: apiResponse(instrumentSchema),
        },
      },
      async (req) => {
        const { lang: _l, ...patch } = req.body;
        const before = await findInstrument(ctx.db, req.params.id);
        if (!before) throw new AppError('instrument_not_found');
        if (Object.keys(patch).length > 0) await ctx.db.updateTable('instruments').set(patch).where('id', '=', before.id).execute();
        const after = (await findInstrument(ctx.db, before.id))!;
        const action = patch.status === 0 && before.status === 1 ? 'instrument.suspend' : patch.status === 1 && before.status === 0 ? 'instrument.resume' : 'instrument.update';
        await audit(ctx, currentOperator(req).id, action, `instrument:${before.id}`, view(before), view(after), req.ip);
        return ok(view(after));
      },
    );

    app.get('/admin/market/feed', { preValidation: anyOperator, schema: { tags: ['admin'], response: apiResponse(feedStatusSchema) } }, async () => ok(await feedStatus(ctx)));
  };
}
