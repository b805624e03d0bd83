-- Gacha lotteries and the ad-reward lottery (issue #7).

-- A lottery: kind 'free_daily' (a free draw a Tokyo day), 'paid' (gold per draw), 'limited'
-- (paid, open between starts_at and ends_at) or 'ad_reward' (drawn only for a watched ad).
create table gachas (
  id integer primary key,
  name text not null,
  description text not null,
  kind text not null check (kind in ('free_daily', 'paid', 'limited', 'ad_reward')),
  price integer not null check (price >= 0),
  -- Draws (or ad watches) a user may make per Tokyo day; null = no limit.
  daily_limit integer check (daily_limit > 0),
  starts_at timestamptz,
  ends_at timestamptz,
  color text not null,
  order_no integer not null
);

-- A gacha's prize table: the odds of a prize are its weight over the table's total weight.
create table gacha_prizes (
  id integer primary key,
  gacha_id integer not null references gachas(id),
  name text not null,
  prize_type text not null check (prize_type in ('free_gift', 'avatar', 'background', 'goods')),
  rarity text not null check (rarity in ('N', 'R', 'SR', 'SSR')),
  weight integer not null check (weight > 0),
  -- free_gift prizes: which free gift, and how many.
  gift_id integer references gifts(id),
  num integer not null default 1 check (num > 0),
  color text not null,
  order_no integer not null,
  check ((prize_type = 'free_gift') = (gift_id is not null))
);
create index gacha_prizes_gacha on gacha_prizes (gacha_id, order_no);

-- One draw call (1 or 10 prizes). Its gold is in the ledger rows that name it.
create table gacha_draws (
  id bigserial primary key,
  user_id integer not null references users(id),
  gacha_id integer not null references gachas(id),
  draw_count integer not null check (draw_count in (1, 10)),
  price_paid integer not null check (price_paid >= 0),
  source text not null check (source in ('gold', 'free', 'ad')),
  created_at timestamptz not null default now()
);
create index gacha_draws_user on gacha_draws (user_id, id desc);
create index gacha_draws_user_gacha on gacha_draws (user_id, gacha_id, created_at);

-- The prizes of a draw; granted_num is what reached the user (free gifts stop at their cap).
create table gacha_results (
  id bigserial primary key,
  draw_id bigint not null references gacha_draws(id),
  prize_id integer not null references gacha_prizes(id),
  granted_num integer not null check (granted_num >= 0)
);
create index gacha_results_draw on gacha_results (draw_id);

-- Avatars, room backgrounds and goods a user holds.
create table user_items (
  user_id integer not null references users(id),
  prize_id integer not null references gacha_prizes(id),
  num integer not null check (num >= 0),
  primary key (user_id, prize_id)
);

-- An ad watch: started when the ad starts, completed when it has played through (checked
-- against the ad's length on the server), rewarded once with one draw.
create table ad_reward_watches (
  id text primary key,
  user_id integer not null references users(id),
  gacha_id integer not null references gachas(id),
  started_at timestamptz not null default now(),
  completed_at timestamptz,
  draw_id bigint references gacha_draws(id)
);
create index ad_reward_watches_user on ad_reward_watches (user_id, started_at);

alter table ledger drop constraint ledger_reason_check;
alter table ledger add constraint ledger_reason_check
  check (reason in ('opening', 'gift', 'free_grant', 'purchase', 'gacha'));
alter table ledger add column gacha_draw_id bigint references gacha_draws(id);
