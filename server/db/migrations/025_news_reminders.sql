-- Site news (issue #20): an operator publishes with one insert (README "Notices"); the notice
-- job tells every user who had an account at published_at, in batches (after_user_id: the last
-- user told), once: done_at is set when the last batch is written.
create table site_news (
  id serial primary key,
  title text not null,
  body text not null default '',
  url text not null default '',
  published_at timestamptz not null default now(),
  after_user_id integer not null default 0,
  done_at timestamptz
);
create index site_news_pending on site_news (published_at) where done_at is null;
alter table user_notices add column news_id integer references site_news(id);
create unique index user_notices_news on user_notices (user_id, news_id) where kind = 'news';

-- The day before a room's next live its followers are told, once per schedule time: a changed
-- time starts the reminder again (services/follow/schedules.ts resets the cursor).
alter table room_schedules
  add column reminder_after_user_id integer not null default 0,
  add column reminded_at timestamptz;
create index room_schedules_remind on room_schedules (starts_at) where reminded_at is null;
alter table user_notices add column schedule_at timestamptz;
create unique index user_notices_schedule on user_notices (user_id, room_id, schedule_at)
  where kind = 'schedule';
