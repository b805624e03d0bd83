-- Genres group rooms on the home page. Genre 8 is the editorial "Pick Up" list.
create table genres (
  id integer primary key,
  name text not null,
  name_en text not null,
  sort_order integer not null default 0
);

create table users (
  id serial primary key,
  account_id text not null unique,
  name text not null,
  avatar_id integer not null default 0 check (avatar_id between 0 and 7),
  -- YYYYMMDD, as SPEC.md §3 stores it; null until the user gives one.
  birthday integer check (birthday is null or birthday between 19000101 and 29991231),
  gender integer not null default 0,
  is_legal_representative_agreed boolean not null default false,
  is_organizer boolean not null default false,
  sms_auth boolean not null default false,
  gold integer not null default 0 check (gold >= 0),
  expiring_gold integer not null default 0 check (expiring_gold >= 0),
  password_hash text,
  is_demo boolean not null default false,
  created_at timestamptz not null default now()
);

create table rooms (
  id serial primary key,
  room_url_key text not null unique,
  room_name text not null,
  main_name text not null,
  sub_name text not null default '',
  description text not null default '',
  owner_user_id integer references users(id),
  genre_id integer not null references genres(id),
  color text not null default '#f0507a',
  official_lv integer not null default 0,
  is_official boolean not null default false,
  follower_num integer not null default 0,
  is_pickup boolean not null default false,
  created_at timestamptz not null default now()
);

create table lives (
  id serial primary key,
  room_id integer not null references rooms(id),
  live_type integer not null default 0,
  started_at timestamptz not null default now(),
  ended_at timestamptz,
  view_num integer not null default 0,
  -- key a viewer subscribes to on the push socket: "<hex>:<random>" as SHOWROOM does.
  bcsvr_key text not null
);
-- At most one open live per room.
create unique index lives_one_open_per_room on lives (room_id) where ended_at is null;
create index lives_open on lives (started_at desc) where ended_at is null;

-- Anonymous and logged-in sessions; the CSRF token is bound to the session.
create table sessions (
  id text primary key,
  user_id integer references users(id) on delete cascade,
  csrf_token text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sessions_expiry on sessions (expires_at);
