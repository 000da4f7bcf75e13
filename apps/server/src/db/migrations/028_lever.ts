/**
 * Leveraged trading (modules/lever, docs/product/lever.md): a product per market, positions with
 * their margin, stops and exit, and the trigger sweep's cursor per market.
 *
 * A position's margin and fees are base units of its margin currency (NUMERIC(38,0)); prices and
 * quantities exact decimals. `trigger_low`/`trigger_high` are the nearest prices below and above
 * the entry that close it (liquidation or stop-loss below a long, take-profit above …), so one
 * tick's sweep reads only the positions it triggers, through two partial indexes.
 */
export const lever: string[] = [
  `create table lever_products (
     instrument_id integer primary key references instruments(id),
     margin_currency_id integer not null references currencies(id),
     settlement text not null check (settlement in ('linear', 'quote_inverse')),
     status smallint not null default 1 check (status in (0, 1)),
     leverages jsonb not null,
     fee_rate numeric(12,8) not null check (fee_rate >= 0 and fee_rate < 1),
     min_qty numeric(38,18) not null check (min_qty > 0),
     qty_step numeric(38,18) not null check (qty_step > 0),
     max_position_qty numeric(38,18) not null check (max_position_qty >= min_qty),
     tiers jsonb not null,
     is_demo boolean not null default false,
     updated_at timestamptz not null
   )`,
  `create table lever_positions (
     id bigserial primary key,
     user_id integer not null references users(id),
     instrument_id integer not null references lever_products(instrument_id),
     account_id integer not null references accounts(id),
     settlement text not null check (settlement in ('linear', 'quote_inverse')),
     side smallint not null check (side in (1, 2)),
     leverage smallint not null check (leverage >= 1),
     qty numeric(38,18) not null check (qty > 0),
     entry_price numeric(38,18) not null check (entry_price > 0),
     entry_tick_id bigint not null,
     margin numeric(38,0) not null check (margin > 0),
     open_fee numeric(38,0) not null check (open_fee >= 0),
     fee_rate numeric(12,8) not null,
     tiers jsonb not null,
     liq_price numeric(38,18) check (liq_price > 0),
     bankrupt_price numeric(38,18) check (bankrupt_price > 0),
     tp numeric(38,18) check (tp > 0),
     sl numeric(38,18) check (sl > 0),
     stops_at timestamptz,
     trigger_low numeric(38,18),
     trigger_high numeric(38,18),
     status text not null default 'open' check (status in ('open', 'closed')),
     exit_reason text check (exit_reason in ('user', 'tp', 'sl', 'liquidation', 'lead')),
     exit_price numeric(38,18),
     exit_tick_id bigint,
     close_fee numeric(38,0) check (close_fee >= 0),
     pnl numeric(38,0),
     credited numeric(38,0) check (credited >= 0),
     insurance numeric(38,0),
     shortfall numeric(38,0) check (shortfall >= 0),
     opened_at timestamptz not null,
     closed_at timestamptz,
     client_key text,
     check ((status = 'open') = (exit_reason is null)),
     check (status = 'open' or (exit_price is not null and exit_tick_id is not null and closed_at is not null
                                and close_fee is not null and pnl is not null and credited is not null))
   )`,
  `create unique index lever_positions_client_key_idx on lever_positions(user_id, client_key) where client_key is not null`,
  `create index lever_positions_user_idx on lever_positions(user_id, status, id desc)`,
  `create index lever_positions_low_idx on lever_positions(instrument_id, trigger_low) where status = 'open'`,
  `create index lever_positions_high_idx on lever_positions(instrument_id, trigger_high) where status = 'open'`,
  `create index lever_positions_closed_idx on lever_positions(exit_reason, closed_at desc) where status = 'closed'`,
  // The insurance fund is a system account of every currency (new currencies get it from
  // ledger_system_accounts_for_currency.sql).
  `insert into accounts (system_code, currency_id, account_type, allow_negative)
     select 'lever_insurance', cur.id, 0, false from currencies cur
     on conflict (system_code, currency_id) where system_code is not null do nothing`,
  `create table lever_sweep_cursors (
     instrument_id integer primary key references lever_products(instrument_id),
     tick_id bigint not null,
     tick_at timestamptz not null
   )`,
];
