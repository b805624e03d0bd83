-- A room's next live, set by its owner (issue #20): one per room; a schedule whose time has
-- passed is no longer shown (the queries ask for starts_at in the future).
create table room_schedules (
  room_id integer primary key references rooms(id),
  title text not null default '',
  starts_at timestamptz not null,
  updated_at timestamptz not null default now()
);
create index room_schedules_starts on room_schedules (starts_at);
