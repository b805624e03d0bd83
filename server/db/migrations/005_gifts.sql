-- Gifts, gold and free-gift stock (issue #5).

-- The catalogue, in the shape of fixtures/showroom-api/gift_list.json. kind is SPEC §4's gift
-- type: 0 normal, 1 enquete (vote); gift_type is the catalogue's own display type.
create table gifts (
  id integer primary key,
  name text not null,
  kind smallint not null default 0 check (kind in (0, 1)),
  free boolean not null,
  point integer not null check (point >= 0),
  gift_type smallint not null default 1,
  color text not null default '#f0507a',
  icon smallint not null default 0,
  label smallint not null default 0,
  order_no integer not null,
  scale smallint not null default 100,
  dialog_id integer not null default 0,
  is_hidden boolean not null default false,
  is_delete_from_stage boolean not null default true
);

create table gift_groups (
  id integer primary key,
  name text not null,
  is_default boolean not null default false,
  order_no integer not null
);

create table gift_group_items (
  group_id integer not null references gift_groups(id),
  gift_id integer not null references gifts(id),
  order_no integer not null,
  primary key (group_id, gift_id)
);

-- Free gifts a user holds, per gift; never below 0 or above the cap.
create table user_free_gifts (
  user_id integer not null references users(id),
  gift_id integer not null references gifts(id),
  num integer not null check (num between 0 and 99),
  primary key (user_id, gift_id)
);

-- Every change of gold, expiring gold or free stock, written in the same transaction as the
-- balance it changes: the sum of a user's rows is their balance.
create table ledger (
  id bigserial primary key,
  user_id integer not null references users(id),
  gold_delta integer not null default 0,
  expiring_gold_delta integer not null default 0,
  gift_id integer references gifts(id),
  free_delta integer not null default 0,
  reason text not null check (reason in ('opening', 'gift', 'free_grant', 'purchase')),
  live_id integer references lives(id),
  created_at timestamptz not null default now()
);
create index ledger_user on ledger (user_id, id);

-- Gifts sent to a live: the gift log, stage rankings and fan points come from here.
create table gift_logs (
  id bigserial primary key,
  live_id integer not null references lives(id),
  user_id integer not null references users(id),
  gift_id integer not null references gifts(id),
  num integer not null check (num > 0),
  point integer not null check (point >= 0),
  created_at timestamptz not null default now()
);
create index gift_logs_live on gift_logs (live_id, id desc);

-- A viewer's points in a room, across lives: fan level and active-fan level come from these.
create table fan_points (
  room_id integer not null references rooms(id),
  user_id integer not null references users(id),
  points bigint not null default 0 check (points >= 0),
  primary key (room_id, user_id)
);

alter table users add column is_confirm_gifting_use_gold boolean not null default true;
alter table users add column free_gifts_granted_at timestamptz;
