-- Room scores (issue #18): what happened in each room per Tokyo day, week (from Monday) and
-- month, kept as it happens — with each gift, comment, first visit and live end, in the same
-- transaction — so rankings read them instead of recounting history.
create table room_scores (
  room_id integer not null references rooms(id),
  period text not null check (period in ('day', 'week', 'month')),
  -- The period's first day in Tokyo (UTC+9).
  starts_on date not null,
  paid_points bigint not null default 0 check (paid_points >= 0),
  free_points bigint not null default 0 check (free_points >= 0),
  viewers integer not null default 0 check (viewers >= 0),
  comments integer not null default 0 check (comments >= 0),
  seconds_on_air integer not null default 0 check (seconds_on_air >= 0),
  -- The weights (src/domain/scores.ts and the README say the same): a paid point 3, a free point
  -- 1, a viewer 10, a comment 1, a minute on air 1.
  score bigint generated always as (
    paid_points * 3 + free_points + viewers * 10 + comments + seconds_on_air / 60
  ) stored,
  updated_at timestamptz not null default now(),
  primary key (room_id, period, starts_on)
);
create index room_scores_ranking on room_scores (period, starts_on, score desc, room_id);

-- Who has been counted as a viewer of a room in a period: each viewer once.
create table room_score_viewers (
  room_id integer not null references rooms(id),
  period text not null,
  starts_on date not null,
  user_id integer not null references users(id),
  primary key (room_id, period, starts_on, user_id)
);

-- When a restarted live came back on air: its end counts the time on air since then (since
-- started_at when it never restarted).
alter table lives add column on_air_since timestamptz;
