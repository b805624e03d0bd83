-- Room grades, medals and live viewers (issue #18).

-- The grade a room holds this week, set by the last weekly aggregation; a room without a row
-- holds the first grade (src/domain/grades.ts).
create table room_grades (
  room_id integer primary key references rooms(id),
  grade_id integer not null,
  -- The Tokyo week (its Monday) from which the room holds it.
  since_week date not null,
  updated_at timestamptz not null default now()
);

-- Each aggregated week, once: the jobs of every process look here under an advisory lock.
create table grade_aggregations (
  week_starts_on date primary key,
  rooms integer not null,
  duration_ms integer not null,
  ran_at timestamptz not null default now()
);

-- What each aggregation did to each room: its grade before and after, and the week's score.
create table room_grade_history (
  room_id integer not null references rooms(id),
  week_starts_on date not null,
  grade_before integer not null,
  grade_after integer not null,
  score bigint not null,
  primary key (room_id, week_starts_on)
);

-- Medals earned (src/domain/medals.ts): once per owner, medal and ref (an event or a grade).
create table medals (
  id bigserial primary key,
  owner text not null check (owner in ('room', 'user')),
  owner_id integer not null,
  medal_id integer not null,
  ref_id integer not null default 0,
  earned_at timestamptz not null default now(),
  unique (owner, owner_id, medal_id, ref_id)
);

-- The different signed-in viewers of each live (lives.view_num counts them).
create table live_viewers (
  live_id integer not null references lives(id),
  user_id integer not null references users(id),
  primary key (live_id, user_id)
);

create index follows_room_time on follows (room_id, created_at);
create index lives_room_started on lives (room_id, started_at desc);
