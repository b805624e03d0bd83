-- Notices (issue #20): what a user is told — a followed room went live, and more kinds to come.
create table user_notices (
  id bigserial primary key,
  user_id integer not null references users(id) on delete cascade,
  kind text not null check (kind in ('live_start', 'schedule', 'mission', 'gacha', 'news')),
  title text not null,
  body text not null default '',
  url text not null default '',
  room_id integer references rooms(id),
  live_id integer references lives(id),
  created_at timestamptz not null default now(),
  read_at timestamptz
);
create index user_notices_user on user_notices (user_id, id desc);
create index user_notices_unread on user_notices (user_id) where read_at is null;
-- A follower is told of a live once, however often its fan-out runs.
create unique index user_notices_live on user_notices (user_id, live_id) where kind = 'live_start';

-- A follower may turn a room's notices off.
alter table follows add column push_send_status boolean not null default true;

-- A live's fan-out to its room's followers: written with the live, carried out in the
-- background in batches (after_user_id: the last follower told), done once done_at is set.
create table notice_fanouts (
  live_id integer primary key references lives(id),
  room_id integer not null references rooms(id),
  after_user_id integer not null default 0,
  created_at timestamptz not null default now(),
  done_at timestamptz
);
create index notice_fanouts_pending on notice_fanouts (created_at) where done_at is null;
