-- Missions (issue #19): the catalogue is data an operator edits (README, "Missions"); progress
-- is kept per user, mission and window, in the transaction of the action it counts.

-- A limited campaign: its missions count between starts_at and ends_at, some in one of its
-- periods only.
create table mission_campaigns (
  id integer primary key,
  title text not null,
  description text not null default '',
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  check (ends_at > starts_at)
);

create table mission_campaign_periods (
  campaign_id integer not null references mission_campaigns(id),
  period_no integer not null check (period_no >= 1),
  title text not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  primary key (campaign_id, period_no),
  check (ends_at > starts_at)
);

-- genre daily: daily_period day (05:00-17:00 Tokyo) or night (17:00-05:00); monthly; limited:
-- campaign_id, and period_no (null: counts on all the campaign's days). kind single counts
-- `action` (summed, or on how many mission days with count_mode 'days'); continuous counts mission
-- days in a row; composite counts the single missions of its set cleared (action null).
create table missions (
  id integer primary key,
  genre text not null check (genre in ('daily', 'monthly', 'limited')),
  daily_period text check (daily_period in ('day', 'night')),
  campaign_id integer references mission_campaigns(id),
  period_no integer,
  kind text not null check (kind in ('single', 'continuous', 'composite')),
  action text check (action in ('comment', 'free_gift', 'paid_gift', 'watch_minutes', 'follow',
    'gacha_draw', 'live_start', 'on_air_minutes')),
  count_mode text not null default 'sum' check (count_mode in ('sum', 'days')),
  title text not null,
  order_no integer not null,
  is_hidden boolean not null default false,
  check ((genre = 'daily') = (daily_period is not null)),
  check ((genre = 'limited') = (campaign_id is not null)),
  check (period_no is null or campaign_id is not null),
  check ((kind = 'composite') = (action is null)),
  foreign key (campaign_id, period_no) references mission_campaign_periods(campaign_id, period_no)
);

-- A mission's levels: each target is higher than the one before; reward_id is the free gift
-- (gift), the gacha prize of the avatar or background (avatar, sg), 0 for gold.
create table mission_levels (
  mission_id integer not null references missions(id),
  level integer not null check (level >= 1),
  target_value integer not null check (target_value > 0),
  reward_type text not null check (reward_type in ('gift', 'gold', 'avatar', 'sg')),
  reward_id integer not null default 0,
  reward_num integer not null check (reward_num > 0),
  primary key (mission_id, level)
);

-- A user's standing on a mission in one window (window_start: the window's first instant).
-- achieved: levels whose target was reached (it never goes down, even when a streak breaks);
-- prev_achieved: achieved before the row's last change, so an update's RETURNING tells whether
-- that very action reached a level; received: levels whose reward was taken.
create table mission_progress (
  user_id integer not null references users(id),
  mission_id integer not null references missions(id),
  window_start timestamptz not null,
  value integer not null default 0 check (value >= 0),
  last_day date,
  achieved integer not null default 0,
  prev_achieved integer not null default 0,
  received integer not null default 0,
  updated_at timestamptz not null default now(),
  primary key (user_id, mission_id, window_start),
  check (received between 0 and achieved)
);

-- Each reward received, once per level of a mission's window.
create table mission_rewards (
  id bigserial primary key,
  user_id integer not null references users(id),
  mission_id integer not null references missions(id),
  window_start timestamptz not null,
  level integer not null,
  reward_type text not null,
  reward_id integer not null,
  reward_num integer not null,
  granted_num integer not null,
  received_at timestamptz not null default now(),
  unique (user_id, mission_id, window_start, level)
);

alter table ledger drop constraint ledger_reason_check;
alter table ledger add constraint ledger_reason_check
  check (reason in ('opening', 'gift', 'free_grant', 'purchase', 'gacha', 'mission'));
alter table ledger add column mission_reward_id bigint references mission_rewards(id);

-- Watching earns minutes from this instant on (each poll credits the whole minutes since).
alter table users add column watch_credited_at timestamptz;

-- Rooms a user has ever followed: a follow mission counts a room once, however often it is
-- unfollowed and followed again.
create table follows_ever (
  user_id integer not null references users(id),
  room_id integer not null references rooms(id),
  primary key (user_id, room_id)
);
