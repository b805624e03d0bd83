-- Web Push (issue #41): the devices a user chose to be notified on, and the notifications owed
-- to them. A subscription is one browser's push endpoint with its keys (RFC 8291); it goes when
-- its push service answers 404 or 410, or when its user removes it. `send_schedule` and
-- `send_news`: whether the device also takes schedule reminders and site news (lives started in
-- a followed room with notices on are always sent).
create table push_subscriptions (
  id bigserial primary key,
  user_id integer not null references users(id) on delete cascade,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  label text not null default '',
  send_schedule boolean not null default true,
  send_news boolean not null default false,
  created_at timestamptz not null default now(),
  last_sent_at timestamptz
);
create index push_subscriptions_user on push_subscriptions (user_id);

-- A notification owed to one device for one notice: written in the notice's own transaction (so
-- once per notice per device, whatever runs twice), claimed before it is sent and removed once
-- the push service has answered. A claim whose process died is never sent again (at most once);
-- the purge removes it after a day.
create table push_outbox (
  id bigserial primary key,
  subscription_id bigint not null references push_subscriptions(id) on delete cascade,
  notice_id bigint not null references user_notices(id) on delete cascade,
  attempts integer not null default 0,
  next_at timestamptz not null default now(),
  claimed_at timestamptz,
  created_at timestamptz not null default now(),
  unique (subscription_id, notice_id)
);
create index push_outbox_due on push_outbox (next_at) where claimed_at is null;
