/**
 * Copy trading (modules/follow, docs/product/follow.md): lead traders (applied, reviewed by an
 * operator), follows with their terms and profit-share state, and every mirrored order — the copy
 * position it opened or why it was skipped — plus the mirror's cursor over lead positions.
 */
export const follow: string[] = [
  `create table follow_traders (
     user_id integer primary key references users(id),
     status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'suspended')),
     bio text not null default '',
     share_rate numeric(6,4) not null default 0 check (share_rate >= 0 and share_rate <= 0.3),
     is_demo boolean not null default false,
     applied_at timestamptz not null,
     reviewed_at timestamptz,
     reviewed_by integer
   )`,
  `create table follows (
     id bigserial primary key,
     follower_id integer not null references users(id),
     trader_id integer not null references follow_traders(user_id),
     mode text not null check (mode in ('amount', 'ratio')),
     number numeric(38,18) not null check (number > 0),
     max_per_copy numeric(38,0) not null check (max_per_copy > 0),
     stop_loss numeric(38,0) check (stop_loss > 0),
     share_rate numeric(6,4) not null check (share_rate >= 0 and share_rate <= 0.3),
     status text not null default 'active' check (status in ('active', 'stopped')),
     stop_reason text,
     hwm numeric(38,0) not null default 0,
     shared numeric(38,0) not null default 0 check (shared >= 0),
     started_at timestamptz not null,
     stopped_at timestamptz,
     check (follower_id <> trader_id),
     check ((status = 'stopped') = (stopped_at is not null))
   )`,
  `create unique index follows_active_idx on follows(follower_id, trader_id) where status = 'active'`,
  `create index follows_trader_idx on follows(trader_id, status)`,
  `create table follow_copies (
     id bigserial primary key,
     follow_id bigint not null references follows(id),
     lead_position_id bigint not null references lever_positions(id),
     copy_position_id bigint references lever_positions(id),
     status text not null check (status in ('placed', 'skipped', 'closed')),
     reason text,
     created_at timestamptz not null,
     unique (follow_id, lead_position_id),
     check ((status = 'skipped') = (reason is not null)),
     check (status = 'skipped' or copy_position_id is not null)
   )`,
  `create index follow_copies_open_idx on follow_copies(follow_id) where status = 'placed'`,
  `create index follow_copies_follow_idx on follow_copies(follow_id, id desc)`,
  `create table follow_cursor (
     id smallint primary key check (id = 1),
     position_id bigint not null
   )`,
];
