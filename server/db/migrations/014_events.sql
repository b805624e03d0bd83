-- Events (issue #17): a liver enters an event; during its period every gift to the room earns
-- event points, and rooms are ranked live.

create table events (
  id serial primary key,
  url_key text not null unique check (url_key ~ '^[a-z0-9_]{1,64}$'),
  name text not null,
  description text not null default '',
  image text not null default '',
  -- 1 a ranking event, 2 a quest (support) event whose rooms climb levels, 3 a block event whose
  -- rooms are ranked within divisions (src/domain/events.ts EVENT_TYPE).
  event_type integer not null default 1 check (event_type in (1, 2, 3)),
  organizer_user_id integer references users(id),
  started_at timestamptz not null,
  ended_at timestamptz not null check (ended_at > started_at),
  entry_starts_at timestamptz not null,
  entry_ends_at timestamptz not null check (entry_ends_at > entry_starts_at),
  -- Entry conditions: at least this many followers (0: anyone).
  min_follower_num integer not null default 0 check (min_follower_num >= 0),
  rewards text not null default '',
  -- What an owner agrees to when applying (the confirmation page), and a how-to page.
  terms text not null default '',
  tutorial_url text not null default '',
  -- Set once the ranking is frozen after ended_at (final standings, rewards recorded).
  finalized_at timestamptz,
  created_at timestamptz not null default now()
);
create index events_period on events (started_at, ended_at);
-- An organizer's events; the events still to freeze once they end (services/events/finalize.ts).
create index events_organizer on events (organizer_user_id);
create index events_unfinalized on events (ended_at) where finalized_at is null;

create table event_entries (
  event_id integer not null references events(id),
  room_id integer not null references rooms(id),
  status text not null default 'applied' check (status in ('applied', 'approved', 'refused')),
  refused_reason text not null default '',
  block_division_id integer not null default 0,
  point bigint not null default 0 check (point >= 0),
  -- When the room reached its present score: of two rooms with the same points, the one that got
  -- there first ranks higher (then the lower room id).
  point_reached_at timestamptz not null default date_trunc('milliseconds', now()),
  quest_level integer not null default 0,
  -- Bumped with every change of points, so a client drops a standing older than the one it has.
  sequence_num bigint not null default 0,
  final_rank integer,
  applied_at timestamptz not null default now(),
  primary key (event_id, room_id)
);
-- The ranking read: rooms of an event (a division) by points, then who got there first.
create index event_entries_ranking on event_entries
  (event_id, block_division_id, point desc, point_reached_at, room_id)
  where status = 'approved';
create index event_entries_room on event_entries (room_id) where status = 'approved';

-- Block events: rooms are ranked within divisions (entries' block_division_id; 0 is none).
create table event_block_divisions (
  event_id integer not null references events(id),
  id integer not null check (id > 0),
  label text not null,
  primary key (event_id, id)
);

-- What the final ranking earns: rooms ranked up to `up_to_rank` get `reward` (tiers of an event
-- do not overlap; the smallest up_to_rank that covers a rank applies).
create table event_reward_tiers (
  event_id integer not null references events(id),
  up_to_rank integer not null check (up_to_rank > 0),
  reward text not null,
  primary key (event_id, up_to_rank)
);

-- Rewards recorded when an event's ranking is frozen: once per room and event.
create table event_rewards (
  event_id integer not null references events(id),
  room_id integer not null references rooms(id),
  final_rank integer not null,
  reward text not null,
  created_at timestamptz not null default now(),
  primary key (event_id, room_id)
);

-- Each supporter's points for a room in an event (contribution ranking, support users).
create table event_contributions (
  event_id integer not null references events(id),
  room_id integer not null references rooms(id),
  user_id integer not null references users(id),
  point bigint not null default 0 check (point >= 0),
  updated_at timestamptz not null default now(),
  primary key (event_id, room_id, user_id)
);
create index event_contributions_ranking on event_contributions (event_id, room_id, point desc);
