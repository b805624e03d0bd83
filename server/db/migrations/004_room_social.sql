-- The rest of the room (issue #4): follows, telops, welcome comments, reports, comment blocks,
-- banners and the demo bots.

-- rooms.follower_num is kept in step with this table in the same transaction.
create table follows (
  user_id integer not null references users(id) on delete cascade,
  room_id integer not null references rooms(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, room_id)
);
create index follows_room on follows (room_id);

-- The telop belongs to one live: a new live starts without one. '' = none.
alter table lives add column telop text not null default '';

-- The room's welcome (pinned) comment; '' = none. It outlives a live.
alter table rooms add column welcome_comment text not null default '';
alter table rooms add column welcome_comment_pinned boolean not null default true;
alter table rooms add column welcome_comment_at timestamptz;

-- One report per user per live (did_send_live_bad_report).
create table live_reports (
  id serial primary key,
  live_id integer not null references lives(id),
  user_id integer not null references users(id) on delete cascade,
  category_id integer not null,
  comment text not null default '',
  created_at timestamptz not null default now(),
  unique (live_id, user_id)
);

create table user_reports (
  id serial primary key,
  room_id integer not null references rooms(id),
  reporter_user_id integer not null references users(id) on delete cascade,
  reported_user_id integer not null references users(id) on delete cascade,
  category_id integer not null,
  place_id integer not null default 0,
  comment text not null default '',
  is_blocked_post boolean not null default false,
  created_at timestamptz not null default now()
);
create index user_reports_reported on user_reports (reported_user_id, created_at desc);

-- Users a room owner has stopped from commenting in that room.
create table comment_blocks (
  room_id integer not null references rooms(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (room_id, user_id)
);

-- Banners under the player; room_id null = shown in every room.
create table room_banners (
  id serial primary key,
  room_id integer references rooms(id) on delete cascade,
  title text not null,
  url text not null,
  color text not null default '#f0507a',
  sort_order integer not null default 0
);
create index room_banners_room on room_banners (room_id, sort_order);

-- Seeded demo viewers that comment by themselves (DEMO_BOTS_PER_MINUTE); they cannot log in.
alter table users add column is_bot boolean not null default false;
